import Foundation
import GhostpipeCore

/// Runs a show on a virtual clock: scripted input arriving at virtual instants, the one event loop,
/// and everything written kept with the instant it was written at.
public enum Playback {
    /// Plays `input` through a show with `settings` into `output`.
    @discardableResult
    public static func run(_ settings: ShowSettings, output: any Output, input: ScriptedInput, events: [(Double, Event)] = [],
                           more: [any EventSource] = [], clock: VirtualClock = VirtualClock(), widths: MeasuredWidths? = nil,
                           startAt cursor: (row: Int, column: Int)? = nil, terminal: (any TerminalAsking)? = nil,
                           report: @escaping (String) -> Void = { _ in }) throws -> (Outcome, Show) {
        let show = Show(settings: settings, output: output, widths: widths, origin: clock.now(), report: report)
        if let cursor { show.terminal = FixedTerminal(start: cursor) }
        if let terminal { show.terminal = terminal }
        let sources: [any EventSource] = [ScriptedEvents(events)] + more + [InputEvents(input, demand: show)]
        let outcome = try EventLoop(clock: clock, sources: sources).run(show)
        return (outcome, show)
    }

    /// A screen of `columns` × `rows` drawing into `sink`.
    public static func screen(_ sink: MemorySink, columns: Int, rows: Int, depth: ColorDepth = .truecolor) -> ScreenOutput {
        ScreenOutput(Screen(sink: sink, width: columns, height: rows, depth: depth), carriesTime: false)
    }

    /// Chunks at seconds as scripted input.
    public static func input(_ chunks: [(Double, String)]) -> ScriptedInput {
        ScriptedInput(chunks.map { (Time.nanoseconds(seconds: $0.0), Array($0.1.utf8)) })
    }
}

/// One run of ghostpipe in-process on a virtual clock: the command line, scripted input arriving at
/// virtual instants, and everything written with the instant it was written at.
public struct VirtualRun {
    public var output = MemorySink()
    public var outcome: Outcome = .finished
    public var session: Session
    public var messages: [String] = []

    /// `arguments` as on the command line (files are ignored; input comes from `input`).
    public init(_ arguments: [String], input: [(at: Double, text: String)], terminal: (columns: Int, rows: Int)? = nil,
                environment: [String: String] = ["TERM": "xterm-256color"]) throws {
        try self.init(arguments, bytes: input.map { ($0.at, Array($0.text.utf8)) }, terminal: terminal, environment: environment)
    }

    /// Input as raw bytes (which may be invalid UTF-8), arriving at the given seconds.
    public init(_ arguments: [String], bytes input: [(at: Double, bytes: [UInt8])], terminal: (columns: Int, rows: Int)? = nil,
                environment: [String: String] = ["TERM": "xterm-256color"], recording: MemorySink? = nil,
                events: [(Double, Event)] = [], startAt cursor: (row: Int, column: Int)? = nil) throws {
        let options = try ArgumentParser.parse(arguments)
        session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: terminal != nil, terminalSize: terminal, environment: environment))
        let out = try session.output(stdout: output, recording: recording, origin: 0)
        var collected: [String] = []
        (outcome, _) = try Playback.run(session.showSettings, output: out,
                                        input: ScriptedInput(input.map { (Time.nanoseconds(seconds: $0.at), $0.bytes) }),
                                        events: events, startAt: cursor) { collected.append($0) }
        try out.end(status: 0, at: 0)
        messages = collected
    }

    public init(_ arguments: [String], text: String, terminal: (columns: Int, rows: Int)? = nil) throws {
        try self.init(arguments, input: [(0, text)], terminal: terminal)
    }

    /// `--output json` events: (time in seconds, text).
    public var events: [(time: Double, text: String)] {
        output.text.split(separator: "\n").map { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return ((object["time"] as! NSNumber).doubleValue, object["text"] as! String)
        }
    }

    /// Replays the terminal output into a screen model.
    public func screen(columns: Int, rows: Int) -> ScreenModel {
        var model = ScreenModel(width: columns, height: rows)
        model.feed(output.bytes)
        return model
    }
}
