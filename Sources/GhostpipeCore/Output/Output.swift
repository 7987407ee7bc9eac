/// Where a show goes: the terminal, a recording of it (cast), a pipe (plain) or another program
/// (json) — four implementations of one protocol. The show tells each what happens in meaning-level
/// events: graphemes shown, a cue shown, a frame at an instant. Screens (terminal, cast, the
/// overlay's band) take frames and ignore the rest; text outputs (plain, json) take graphemes and
/// cues and have no screen.
public protocol Output: AnyObject {
    /// Frames go here: terminal, cast and the overlay's band. Nil for text outputs.
    var screen: Screen? { get }
    /// Whether what it writes carries time (json, cast, a recording beside the terminal): then
    /// `--instant` still walks the timeline instead of showing everything at once.
    var carriesTime: Bool { get }
    /// Whether it gets the input byte for byte (plain output to a pipe): no sanitizing, no layout.
    var takesRawBytes: Bool { get }
    /// Where the input's bytes may be copied as they arrive, when nothing waits (`--instant`): an
    /// output that takes them byte for byte may offer one, and the text is then copied as `cat`
    /// copies it. Nil: the text goes through graphemes.
    var rawCopyTarget: (any RawCopyTarget)? { get }
    /// Graphemes `range` of `queue` are shown, each at `queue.instants[k]`.
    func graphemes(_ queue: GlyphQueue, _ range: Range<Int>, at stamp: Nanoseconds) throws
    /// Text shown by an effect, a grapheme at a time in reading order, each with its instant.
    func shown(_ text: [TimedGrapheme], at stamp: Nanoseconds) throws
    /// A subtitle cue starts now; `start` and `end` are its times on the clock since the show began,
    /// and so are the instants of its word timing (`runs[k].at`).
    func cue(_ cue: Cue, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws
    /// A cue that is plain text starts now: `text` is valid UTF-8 with nothing to sanitize (no
    /// control character but LF and tab, see `TerminalSanitizer.needsCleaning`), not ending in LF:
    /// text outputs write it as it is, with no `Cue` built (`--instant -o json` on a large file).
    func cue(text: UnsafeBufferPointer<UInt8>, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws
    /// A live recogniser's partial hypothesis arrived now (`--partials`): tentative text, which
    /// only json writes.
    func partial(_ hypothesis: PartialHypothesis, at stamp: Nanoseconds) throws
    /// The show is up to date: write what was gathered (text outputs write once per turn).
    func flush() throws
    /// The run is over with exit status `status`: the output may say so (asciicast v3's exit event).
    func end(status: Int32, at instant: Nanoseconds) throws
}

/// What the input's bytes can be copied into as they are (plain output to a pipe or a file).
public protocol RawCopyTarget: AnyObject {
    /// Writes `bytes`, as read, at `stamp`.
    func copy(_ bytes: [UInt8], at stamp: Nanoseconds) throws
}

/// A grapheme and the instant an effect shows it in its final look.
public struct TimedGrapheme: Sendable {
    public var text: String
    public var time: Nanoseconds
    public init(_ text: String, time: Nanoseconds) {
        self.text = text
        self.time = time
    }
}

extension Output {
    public var screen: Screen? { nil }
    public var takesRawBytes: Bool { false }
    public var rawCopyTarget: (any RawCopyTarget)? { nil }
    public func graphemes(_ queue: GlyphQueue, _ range: Range<Int>, at stamp: Nanoseconds) throws {}
    public func shown(_ text: [TimedGrapheme], at stamp: Nanoseconds) throws {}
    public func cue(_ cue: Cue, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws {}
    public func cue(text: UnsafeBufferPointer<UInt8>, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws {
        try cue(Cue(start: start, end: end, runs: [StyledRun(String(decoding: text, as: UTF8.self))]), start: start, end: end, at: stamp)
    }
    public func partial(_ hypothesis: PartialHypothesis, at stamp: Nanoseconds) throws {}
    public func flush() throws {}
    public func end(status: Int32, at instant: Nanoseconds) throws {}
}

/// The terminal, or an asciicast recording of it (`-o cast`, `--record`): frames drawn by the
/// one `Screen`.
/// `-o terminal`: the animation itself, drawn with cursor control (with `--record`, recorded too).
public struct TerminalOutputKind: OutputKind {
    public init() {}
    public var name: String { "terminal" }
    public var summary: String { "the animation, drawn with cursor control" }
    public var writes: OutputWrites { .terminal }
    public func make(_ parts: OutputParts) throws -> any Output { try parts.screen(on: parts.stdout, recorder: nil) }
}

public final class ScreenOutput: Output {
    public let screen: Screen?
    public let carriesTime: Bool

    /// What hears of the run's end, if anything does.
    private let ending: (any EndsWithStatus)?

    public init(_ screen: Screen, carriesTime: Bool, ending: (any EndsWithStatus)? = nil) {
        self.screen = screen
        self.carriesTime = carriesTime
        self.ending = ending
    }

    public func flush() throws { try screen?.flush() }
    public func end(status: Int32, at instant: Nanoseconds) throws {
        try screen?.flush()
        try ending?.end(status: status, at: instant)
    }
}
