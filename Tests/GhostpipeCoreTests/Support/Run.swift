import Foundation
@testable import GhostpipeCore

/// One run of ghostpipe in-process on a virtual clock: the command line, scripted input arriving at
/// virtual instants, and everything written with the instant it was written at.
struct VirtualRun {
    var output = MemorySink()
    var outcome: Player.Outcome = .finished
    var session: Session

    /// `arguments` as on the command line (files are ignored; input comes from `input`).
    init(_ arguments: [String], input: [(at: Double, text: String)], terminal: (columns: Int, rows: Int)? = nil,
         environment: [String: String] = ["TERM": "xterm-256color"]) throws {
        try self.init(arguments, bytes: input.map { ($0.at, Array($0.text.utf8)) }, terminal: terminal, environment: environment)
    }

    /// Input as raw bytes (which may be invalid UTF-8), arriving at the given seconds.
    init(_ arguments: [String], bytes input: [(at: Double, bytes: [UInt8])], terminal: (columns: Int, rows: Int)? = nil,
         environment: [String: String] = ["TERM": "xterm-256color"]) throws {
        let options = try ArgumentParser.parse(arguments)
        session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: terminal != nil, terminalSize: terminal, environment: environment))
        let clock = VirtualClock()
        let performance = try session.textPerformance(stdout: output, recording: nil, origin: 0)
        let source = ScriptedInput(input.map { (Time.nanoseconds(seconds: $0.at), $0.bytes) })
        outcome = try Player(performance: performance, input: source, clock: clock).run()
    }

    init(_ arguments: [String], text: String, terminal: (columns: Int, rows: Int)? = nil) throws {
        try self.init(arguments, input: [(0, text)], terminal: terminal)
    }

    /// `--output json` events: (time in seconds, text).
    var events: [(time: Double, text: String)] {
        output.text.split(separator: "\n").map { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return ((object["time"] as! NSNumber).doubleValue, object["text"] as! String)
        }
    }

    /// Replays the terminal output into a screen model.
    func screen(columns: Int, rows: Int) -> ScreenModel {
        var model = ScreenModel(width: columns, height: rows)
        model.feed(output.bytes)
        return model
    }
}
