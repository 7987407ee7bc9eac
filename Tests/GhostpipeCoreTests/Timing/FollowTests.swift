import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// `--follow`: subtitles played at a player's position, on the virtual clock (scripted playheads and
/// scripted clock lines), and the pieces that read the players.
@Suite struct Follow {
    static let film = """
    1
    00:00:01,000 --> 00:00:03,000
    First cue

    2
    00:00:05,000 --> 00:00:08,000
    Second cue

    3
    00:01:00,000 --> 00:01:04,000
    Minute cue

    """

    /// Plays `film` with `--follow` given the player's events, into json (cue, start, end in seconds).
    static func json(events: [(Double, Event)] = [], more: [any EventSource] = [], arguments: [String] = [],
                     messages: UnsafeMutablePointer<[String]>? = nil) throws -> (Outcome, [(text: String, start: Double, end: Double)]) {
        let options = try ArgumentParser.parse(["--follow", "fd:0", "-o", "json"] + arguments)
        let session = try Session(options: options, surroundings: Surroundings(stdoutIsTerminal: false, terminalSize: nil, environment: [:]))
        let sink = MemorySink()
        var said: [String] = []
        let (outcome, _) = try Playback.run(session.showSettings, output: try session.output(stdout: sink, recording: nil, origin: 0),
                                            input: ScriptedInput(film), events: events, more: more) { said.append($0) }
        messages?.pointee = said
        let cues = sink.text.split(separator: "\n").map { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return (object["text"] as! String, (object["start"] as! NSNumber).doubleValue, (object["end"] as! NSNumber).doubleValue)
        }
        return (outcome, cues)
    }

    static func at(_ seconds: Double, position: Double, paused: Bool = false, speed: Double = 1) -> (Double, Event) {
        (seconds, .followed(Playhead(instant: Time.nanoseconds(seconds: seconds), position: Time.nanoseconds(seconds: position),
                                     speed: speed, paused: paused)))
    }

    @Test func nothingPlaysUntilThePlayerSpeaksThenCuesStartAtItsPosition() throws {
        // The player starts at 10 s of our clock: the first cue is 1 s of its time later.
        let (outcome, cues) = try Self.json(events: [Self.at(10, position: 0), (30, .playerEnded(problem: nil))])
        #expect(outcome == .finished)
        #expect(cues.map(\.text) == ["First cue", "Second cue"])
        #expect(abs(cues[0].start - 11) < 0.002 && abs(cues[1].start - 15) < 0.002)
    }

    @Test func betweenReportsThePositionRunsAtThePlayersSpeed() throws {
        // One report at double speed: the cue at 5 s of media comes 2.5 s later.
        let (_, cues) = try Self.json(events: [Self.at(1, position: 2.5, speed: 2), (20, .playerEnded(problem: nil))])
        #expect(cues.first?.text == "First cue")  // active at 2.5, shown at once
        #expect(cues.count == 2 && abs(cues[1].start - 2.25) < 0.002)
        #expect(abs(cues[1].end - 3.75) < 0.002)
    }

    @Test func pauseHoldsAndResumeGoesOnFromTheReport() throws {
        let (_, cues) = try Self.json(events: [
            Self.at(0, position: 0), Self.at(2, position: 2, paused: true), Self.at(12, position: 2),
            (30, .playerEnded(problem: nil)),
        ])
        // Paused from 2 s to 12 s: the second cue (5 s) comes at 15 s, not 5 s.
        #expect(cues.map(\.text) == ["First cue", "Second cue"])
        #expect(abs(cues[1].start - 15) < 0.002)
    }

    @Test func aSeekShowsWhatPlaysThereAtOnceAndBackAgain() throws {
        let (_, cues) = try Self.json(events: [
            Self.at(0, position: 0), Self.at(2, position: 61), Self.at(3, position: 5.5),
            (5, .playerEnded(problem: nil)),
        ])
        #expect(cues.map(\.text) == ["First cue", "Minute cue", "Second cue"])
        #expect(abs(cues[1].start - 2) < 0.002 && abs(cues[2].start - 3) < 0.002)
    }

    @Test func smallCorrectionsDoNotRestartACue() throws {
        // Reports a little ahead or behind while a cue shows: it is shown once.
        let (_, cues) = try Self.json(events: [
            Self.at(0, position: 0), Self.at(1.5, position: 1.6), Self.at(2, position: 1.95), (4, .playerEnded(problem: nil)),
        ])
        #expect(cues.map(\.text) == ["First cue"])
    }

    /// Plays `film` with `--follow` on a 40×6 terminal given the player's events: the screen at
    /// each instant asked.
    static func screens(events: [(Double, Event)], arguments: [String] = []) throws -> (Double) -> [String] {
        let options = try ArgumentParser.parse(["--follow", "fd:0", "--cps", "1000"] + arguments)
        let session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: true, terminalSize: (40, 6), environment: ["TERM": "xterm-256color"]))
        let sink = MemorySink()
        try Playback.run(session.showSettings, output: try session.output(stdout: sink, recording: nil, origin: 0),
                         input: ScriptedInput(film), events: events)
        return { seconds in
            var model = ScreenModel(width: 40, height: 6)
            for write in sink.writes where write.instant <= Time.nanoseconds(seconds: seconds) { model.feed(write.bytes) }
            return model.lines
        }
    }

    @Test func aSmallStepBackWhilePlayingLeavesAStartedCueAsItWas() throws {
        // The second cue (5 s) is on; the player says it is 0.15 s behind, before the cue's start:
        // it gets there in 0.05 s, so the cue stays rather than flicker off and on.
        let screen = try Self.screens(events: [Self.at(0, position: 0), Self.at(5.1, position: 4.95), (9, .playerEnded(problem: nil))])
        for seconds in [5.05, 5.1, 5.12, 5.15, 5.2, 7.9] {
            #expect(screen(seconds).contains { $0.contains("Second cue") }, "at \(seconds): \(screen(seconds))")
        }
        // It still ends at its end on the player's timeline (8 s of media: 8.15 s of our clock).
        #expect(screen(8.1).contains { $0.contains("Second cue") } && !screen(8.2).contains { $0.contains("Second cue") })
    }

    @Test func aStepBackOfMoreThanAQuarterSecondIsASeekThatTakesTheCueOff() throws {
        // 0.35 s back, to before the cue's start: off now, on again when the player gets there.
        let screen = try Self.screens(events: [Self.at(0, position: 0), Self.at(5.1, position: 4.75), (9, .playerEnded(problem: nil))])
        #expect(screen(5.05).contains { $0.contains("Second cue") })
        #expect(!screen(5.2).contains { $0.contains("Second cue") }, "\(screen(5.2))")
        #expect(screen(5.4).contains { $0.contains("Second cue") }, "\(screen(5.4))")
    }

    @Test func aSmallStepBackThatPausesBeforeACuesStartTakesItOff() throws {
        // The player paused a little before the second cue's start, and said so late: the cue goes
        // while it waits there, and comes on again when the player reaches its start.
        let screen = try Self.screens(events: [
            Self.at(0, position: 0), Self.at(5.1, position: 4.9, paused: true), Self.at(20, position: 4.9),
            (30, .playerEnded(problem: nil)),
        ])
        #expect(screen(5.05).contains { $0.contains("Second cue") })
        for seconds in [5.1, 6, 19.9, 20.05] {
            #expect(!screen(seconds).contains { $0.contains("Second cue") }, "at \(seconds): \(screen(seconds))")
        }
        #expect(screen(20.15).contains { $0.contains("Second cue") }, "\(screen(20.15))")
        #expect(screen(23.05).contains { $0.contains("Second cue") } && !screen(23.15).contains { $0.contains("Second cue") })
    }

    @Test func aSmallStepBackInJSONStartsACueAgainOnlyWhenThePlayerStoppedBeforeIt() throws {
        // Playing on: shown once. Paused before it: shown again when the player gets there.
        let (_, playing) = try Self.json(events: [Self.at(0, position: 0), Self.at(5.1, position: 4.95), (9, .playerEnded(problem: nil))])
        #expect(playing.map(\.text) == ["First cue", "Second cue"])
        let (_, paused) = try Self.json(events: [
            Self.at(0, position: 0), Self.at(5.1, position: 4.9, paused: true), Self.at(20, position: 4.9), (30, .playerEnded(problem: nil)),
        ])
        #expect(paused.map(\.text) == ["First cue", "Second cue", "Second cue"])
        #expect(abs(paused[2].start - 20.1) < 0.002)
    }

    @Test func offsetStillShifts() throws {
        let (_, cues) = try Self.json(events: [Self.at(0, position: 0), (10, .playerEnded(problem: nil))], arguments: ["--offset", "2"])
        #expect(abs(cues[0].start - 3) < 0.002)
    }

    @Test func theSubtitlesDoNotEndWhileThePlayerMaySeekBack() throws {
        let (outcome, cues) = try Self.json(events: [
            Self.at(0, position: 70), Self.at(100, position: 0.5), (102, .playerEnded(problem: nil)),
        ])
        #expect(outcome == .finished)
        #expect(cues.map(\.text) == ["First cue"])
        #expect(abs(cues[0].start - 100.5) < 0.002)
    }

    @Test func aPlayerThatNeverCameIsAnError() throws {
        var messages: [String] = []
        let (outcome, _) = try Self.json(events: [(1, .playerEnded(problem: "mpv:/x: no mpv answered within 30s"))], messages: &messages)
        #expect(outcome == .finished)
        #expect(messages == ["mpv:/x: no mpv answered within 30s"])
    }

    @Test func clockLinesAsTheyArriveDriveTheSubtitles() throws {
        // The plain clock, scripted: bytes at virtual instants, split mid-line, one bad line.
        let chunks: [(Double, String)] = [(5, "0\n"), (7, "2.5 pau"), (7.5, "sed\n"), (9, "two\n"), (17, "2.5 playing speed=2\n"), (30, "61\n")]
        let input = ScriptedInput(chunks.map { (Time.nanoseconds(seconds: $0.0), Array($0.1.utf8)) })
        var messages: [String] = []
        let clock = PlayerClockEvents(input, name: "clock", report: { messages.append($0) })
        let (outcome, cues) = try Self.json(more: [clock])
        #expect(outcome == .finished)
        #expect(messages == ["clock:3: bad position 'two' (want seconds, like 12.5)"])
        #expect(cues.map(\.text) == ["First cue", "Second cue", "Minute cue"])
        #expect(abs(cues[0].start - 6) < 0.002)
        // Paused at 2.5 from 7.5 s to 17 s, then at double speed: 5 s of media comes 1.25 s later.
        #expect(abs(cues[1].start - 18.25) < 0.002 && abs(cues[1].end - 19.75) < 0.002)
        #expect(abs(cues[2].start - 30) < 0.002)
    }

    @Test func aLineThatNeverEndsIsCutOffNotKept() throws {
        let endless = String(repeating: "9", count: 5000) + "\n1\n"
        let input = ScriptedInput([(0, Array(endless.utf8))])
        var messages: [String] = []
        let clock = PlayerClockEvents(input, name: "clock", report: { messages.append($0) })
        let (_, cues) = try Self.json(more: [clock])
        #expect(messages == ["clock:1: line longer than 200 bytes; skipped"])
        #expect(cues.first?.text == "First cue")  // the line after it counts
    }

    // MARK: - The pieces

    @Test func clockLines() {
        #expect(PlayerClockLine.parse("12.5") == .success(PlayerClockLine(position: 12_500_000_000)))
        #expect(PlayerClockLine.parse(" 3 paused\r") == .success(PlayerClockLine(position: 3 * Time.second, paused: true)))
        #expect(PlayerClockLine.parse("0 PLAYING speed=1.5") == .success(PlayerClockLine(position: 0, speed: 1.5)))
        #expect(PlayerClockLine.parse("-1.5") == .success(PlayerClockLine(position: -1_500_000_000)))
        #expect(PlayerClockLine.parse("") == nil)
        #expect(PlayerClockLine.parse("   ") == nil)
        for bad in ["nan", "inf", "1e400", "0x10", "1:30", "12 stopped", "1 speed=0", "1 speed=-2", "1 speed=x"] {
            #expect(PlayerClockLine.parse(Substring(bad))?.isFailure == true, "\(bad)")
        }
    }

    @Test func followTargets() {
        #expect(FollowTarget("fd:3") == .descriptor(3))
        #expect(FollowTarget("mpv:/tmp/s") == .mpv("/tmp/s"))
        #expect(FollowTarget("/tmp/clock") == .file("/tmp/clock"))
        #expect(FollowTarget("fd:x") == nil && FollowTarget("fd:-1") == nil && FollowTarget("mpv:") == nil && FollowTarget("") == nil)
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--follow", "fd:"]) }
        let options = try? ArgumentParser.parse(["--follow", "mpv:s", "-i"])
        #expect(throws: UsageError.self) {
            try Session(options: options!, surroundings: Surroundings(stdoutIsTerminal: false, terminalSize: nil, environment: [:]))
        }
    }

    @Test func mpvMessagesMakeAPlayhead() {
        var mpv = MPVState()
        func take(_ text: String, at seconds: Double) -> MPVState.Effect {
            mpv.take(JSONValue.parse(Array(text.utf8))!, at: Time.nanoseconds(seconds: seconds))
        }
        func position(at seconds: Double) -> Double { Double(mpv.playhead.position(at: Time.nanoseconds(seconds: seconds))) / 1e9 }
        #expect(take(#"{"request_id":0,"error":"success"}"#, at: 0) == .nothing)
        #expect(mpv.playhead.isPaused)  // nothing known yet
        #expect(take(#"{"event":"property-change","id":2,"name":"pause","data":false}"#, at: 0) == .changed)
        #expect(take(#"{"event":"property-change","id":1,"name":"time-pos","data":10.0}"#, at: 1) == .changed)
        #expect(abs(position(at: 3) - 12) < 1e-6)
        #expect(take(#"{"event":"property-change","id":3,"name":"speed","data":2}"#, at: 2) == .changed)
        #expect(abs(position(at: 3) - 13) < 1e-6)  // 11 at 2 s, then twice as fast
        #expect(take(#"{"event":"property-change","id":2,"name":"pause","data":true}"#, at: 3) == .changed)
        #expect(abs(position(at: 9) - 13) < 1e-6)
        #expect(take(#"{"event":"property-change","id":2,"name":"pause","data":false}"#, at: 9) == .changed)
        #expect(take(#"{"event":"seek","id":0}"#, at: 10) == .changed)
        #expect(abs(position(at: 11) - 15) < 1e-6)  // frozen while seeking
        #expect(take(#"{"event":"property-change","id":1,"name":"time-pos","data":40.0}"#, at: 10.2) == .changed)
        #expect(take(#"{"event":"playback-restart"}"#, at: 10.3) == .changed)
        #expect(abs(position(at: 11.3) - 42) < 1e-6)
        #expect(take(#"{"event":"property-change","id":1,"name":"time-pos"}"#, at: 12) == .changed)  // no file
        #expect(mpv.playhead.isPaused)
        #expect(take(#"{"request_id":0,"error":"property not found"}"#, at: 12) == .failed("property not found"))
        #expect(take(#"{"event":"end-file","reason":"eof"}"#, at: 12) == .nothing)
        #expect(take(#"{"event":"shutdown"}"#, at: 12) == .quit)
    }

    @Test func jsonValues() {
        func parse(_ text: String) -> JSONValue? { JSONValue.parse(Array(text.utf8)) }
        #expect(parse(#" {"a": [1, -2.5e1, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]} "#)
                == .object(["a": .array([.number(1), .number(-25), .bool(true), .bool(false), .null, .string("x\"\\/\u{8}\u{C}\n\r\t\u{E9}😀")])]))
        #expect(parse(#""\ud800x""#) == .string("\u{FFFD}x"))
        #expect(parse(#""한국어""#) == .string("한국어"))
        #expect(parse("0") == .number(0) && parse("-0.5") == .number(-0.5) && parse("{}") == .object([:]) && parse("[]") == .array([]))
        for bad in ["", " ", "{", "}", "[1,]", "{\"a\"}", "{\"a\":}", "{a:1}", "01", "1.", ".5", "-", "1e", "+1", "tru", "nul",
                    "\"abc", "\"\\x\"", "\"\\u12\"", "\"a\u{1}\"", "1 2", "[1 2]", "{\"a\":1,}", "1e999", "NaN"] {
            #expect(parse(bad) == nil, "\(bad)")
        }
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(parse(deep) == nil)
        let fine = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(parse(fine) != nil)
    }

    /// The reader agrees with Foundation's on valid messages, and never crashes on random or mutated bytes.
    @Test func jsonReaderAgainstFoundationAndNoise() throws {
        var random = SplitMix64(seed: 15)
        let samples = [
            #"{"event":"property-change","id":1,"name":"time-pos","data":12.345678}"#,
            #"{"data":{"a":[1,2,{"b":null}],"c":"d\u0041"},"request_id":7,"error":"success"}"#,
            #"{"event":"end-file","reason":"quit","playlist_entry_id":1}"#,
        ]
        for sample in samples {
            let ours = JSONValue.parse(Array(sample.utf8))
            let theirs = try JSONSerialization.jsonObject(with: Data(sample.utf8))
            #expect(ours != nil)
            #expect(Self.same(ours!, theirs), "\(sample)")
        }
        let alphabet = Array(#"{}[]":,.-+eE0123456789tfnrulsa\ "#.utf8) + [0, 0x0A, 0xFF, 0xC3, 0xA9]
        for round in 0..<20_000 {
            var bytes = Array(samples[round % samples.count].utf8)
            for _ in 0..<Int(random.next() % 4 + 1) {
                let i = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[i] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: i)
                }
                if bytes.isEmpty { break }
            }
            let ours = JSONValue.parse(bytes)
            // Where Foundation reads an object, so do we, and the same one.
            if let theirs = try? JSONSerialization.jsonObject(with: Data(bytes)), theirs is [String: Any] {
                if let ours { #expect(Self.same(ours, theirs)) }
            }
        }
    }

    static func same(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null: return theirs is NSNull
        case .bool(let b): return (theirs as? NSNumber)?.boolValue == b
        case .number(let n): return (theirs as? NSNumber).map { $0.doubleValue == n } ?? false
        case .string(let s): return (theirs as? String) == s
        case .array(let a):
            guard let t = theirs as? [Any], t.count == a.count else { return false }
            return zip(a, t).allSatisfy { same($0, $1) }
        case .object(let o):
            guard let t = theirs as? [String: Any], t.count == o.count else { return false }
            return o.allSatisfy { key, value in t[key].map { same(value, $0) } ?? false }
        }
    }
}

extension Result {
    var isFailure: Bool { if case .failure = self { return true }; return false }
}
