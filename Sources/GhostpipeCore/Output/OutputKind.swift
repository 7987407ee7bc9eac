/// One way of writing a run, what `--output NAME` chooses: its names, a line for `--help`, what it
/// writes, and how it is built. A new output is one file with a type conforming to this and one
/// line in `OutputCatalog.kinds`; `--output`, `--help`, the man page and the completions follow.
public protocol OutputKind: Sendable {
    var name: String { get }
    var aliases: [String] { get }
    /// Its line in the man page and the completions.
    var summary: String { get }
    var writes: OutputWrites { get }
    /// The output on `parts.stdout` (with the `--record` recording beside it, for a terminal).
    func make(_ parts: OutputParts) throws -> any Output
}

extension OutputKind {
    public var aliases: [String] { [] }
}

/// What an output writes, which decides what may go with it.
public enum OutputWrites: Sendable {
    /// The animation on the terminal itself (cursor control): keys, signals, `--record`.
    case terminal
    /// A recording of what a terminal would show: every effect, colours at full depth (the player
    /// decides how to show them).
    case recording
    /// Text for programs and files (plain, json): no effects drawn, no `--record`.
    case text
}

/// What an output is built from.
public struct OutputParts {
    public var stdout: any ByteSink
    /// `--record FILE`, opened.
    public var recording: (any ByteSink)?
    public var stdoutIsTerminal: Bool
    public var columns: Int
    public var rows: Int
    public var depth: ColorDepth
    /// What a recording's header says of the terminal (TERM, SHELL).
    public var environment: [String: String]
    /// The instant the show begins.
    public var origin: Nanoseconds

    public init(stdout: any ByteSink, recording: (any ByteSink)?, stdoutIsTerminal: Bool, columns: Int, rows: Int,
                depth: ColorDepth, environment: [String: String], origin: Nanoseconds) {
        self.stdout = stdout
        self.recording = recording
        self.stdoutIsTerminal = stdoutIsTerminal
        self.columns = columns
        self.rows = rows
        self.depth = depth
        self.environment = environment
        self.origin = origin
    }

    /// An asciicast v2 recording on `sink`, of this size.
    func castRecorder(_ sink: any ByteSink) throws -> CastRecorder {
        try CastRecorder(sink: sink, width: columns, height: rows, origin: origin, environment: environment)
    }

    /// A screen on `sink` that records (its resizes too) with `recorder`, and the `--record` file beside it.
    func screen(on sink: any ByteSink, recorder: (any RecordsResizes)?, ending: (any EndsWithStatus)? = nil) throws -> ScreenOutput {
        var sinks: [any ByteSink] = [sink]
        if let recording { sinks.append(try castRecorder(recording)) }
        // A recording alone starts on a blank screen, at its top.
        let screen = Screen(sink: sinks.count == 1 ? sinks[0] : TeeSink(sinks), width: columns, height: rows, depth: depth,
                            recorder: recorder, startRow: stdoutIsTerminal ? nil : 0)
        return ScreenOutput(screen, carriesTime: recorder != nil || recording != nil, ending: ending)
    }
}

/// A recording told of the terminal's new size (asciicast's `r` event).
public protocol RecordsResizes: AnyObject {
    func resize(columns: Int, rows: Int, at instant: Nanoseconds) throws
}

/// A sink that ends with an event of its own (asciicast v3's exit event).
public protocol EndsWithStatus: AnyObject {
    func end(status: Int32, at instant: Nanoseconds) throws
}

/// Every output, in the order `--help` lists them.
public enum OutputCatalog {
    public static let kinds: [any OutputKind] = [
        TerminalOutputKind(),
        PlainOutput.Kind(),
        CastRecorder.Kind(),
        CastV3Recorder.Kind(),
        JSONOutput.Kind(),
    ]

    public static func kind(named name: String) -> (any OutputKind)? {
        let lower = name.lowercased()
        return kinds.first { $0.name == lower || $0.aliases.contains(lower) }
    }
}

/// `--output`'s value: `auto` (decided by where stdout goes) or an output of the catalogue. It holds
/// its kind itself: the usual run (auto: terminal or plain) never builds the catalogue.
public struct OutputMode: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// The output it names (nil for `auto`).
    public let kind: (any OutputKind)?

    init(_ kind: any OutputKind) {
        name = kind.name
        self.kind = kind
    }

    private init(auto: ()) {
        name = "auto"
        kind = nil
    }

    public static var auto: OutputMode { OutputMode(auto: ()) }
    public static var terminal: OutputMode { OutputMode(TerminalOutputKind()) }
    public static var plain: OutputMode { OutputMode(PlainOutput.Kind()) }
    public static var cast: OutputMode { OutputMode(CastRecorder.Kind()) }
    public static var json: OutputMode { OutputMode(JSONOutput.Kind()) }

    /// A catalogue output by name or alias (case-insensitive), or `auto`.
    public init?(named name: String) {
        if name.lowercased() == "auto" { self = .auto; return }
        guard let kind = OutputCatalog.kind(named: name) else { return nil }
        self.init(kind)
    }

    /// What it writes (`auto` is decided before anything is written).
    public var writes: OutputWrites? { kind?.writes }
    public var description: String { name }
    public static func == (a: OutputMode, b: OutputMode) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    /// Every value, `auto` first.
    public static var all: [OutputMode] { [.auto] + OutputCatalog.kinds.map { OutputMode($0) } }
    public static let autoSummary = "terminal when standard output is a terminal and TERM is not dumb, else plain"
}
