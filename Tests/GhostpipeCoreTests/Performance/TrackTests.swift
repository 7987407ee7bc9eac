import Foundation
import TestSupport
import Testing
@testable import GhostpipeCore

/// `--track FILE`: another subtitle file as another track, in rows of its own above the input's.
@Suite struct Tracks {
    static let korean = """
    1
    00:00:01,000 --> 00:00:03,000
    첫 번째 자막

    2
    00:00:05,000 --> 00:00:08,000
    두 번째 자막

    """
    static let english = """
    WEBVTT

    00:00:01.500 --> 00:00:04.000
    <i>The first line</i>

    00:00:05.000 --> 00:00:06.000
    The second line

    """

    /// Plays the Korean input with the English file as a track (loaded as the executable does).
    static func run(_ arguments: [String], events: [(Double, Event)] = [], terminal: (columns: Int, rows: Int)? = (40, 6))
        throws -> (sink: MemorySink, settings: ShowSettings, messages: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gp-tracks-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = directory.appendingPathComponent("film.en.vtt").path
        try english.write(toFile: track, atomically: true, encoding: .utf8)
        let options = try ArgumentParser.parse(arguments + ["--track", track])
        let session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: terminal != nil, terminalSize: terminal, environment: ["TERM": "xterm-256color"]))
        var settings = session.showSettings
        var messages: [String] = []
        settings.trackCues = try #require(SubtitleTracks.load(options.tracks, settings: settings) { messages.append($0) })
        settings.trackCount = options.tracks.count
        let sink = MemorySink()
        try Playback.run(settings, output: try session.output(stdout: sink, recording: nil, origin: 0),
                         input: ScriptedInput(korean), events: events) { messages.append($0) }
        return (sink, settings, messages)
    }

    static func screen(_ sink: MemorySink, at seconds: Double) -> [String] {
        var model = ScreenModel(width: 40, height: 6)
        for write in sink.writes where write.instant <= Time.nanoseconds(seconds: seconds) { model.feed(write.bytes) }
        return model.lines
    }

    static func json(_ sink: MemorySink) -> [(text: String, start: Double, track: String)] {
        sink.text.split(separator: "\n").map { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return (object["text"] as! String, (object["start"] as! NSNumber).doubleValue, object["track"] as! String)
        }
    }

    @Test func eachCueCarriesItsTrackInJSON() throws {
        let (sink, _, messages) = try Self.run(["-o", "json"], terminal: nil)
        #expect(messages.isEmpty)
        let cues = Self.json(sink)
        // In start order (at the same instant, the track's cue came first: it was known first).
        #expect(cues.map(\.text) == ["첫 번째 자막", "The first line", "The second line", "두 번째 자막"])
        #expect(cues.map(\.track) == ["stdin", "film.en.vtt", "film.en.vtt", "stdin"])
        #expect(cues.map(\.start) == [1, 1.5, 5, 5])
    }

    @Test func theTrackSitsInItsOwnRowsAboveTheInputsAndNeitherMoves() throws {
        let (sink, _, _) = try Self.run([])
        let both = Self.screen(sink, at: 2)
        let english = try #require(both.firstIndex { $0.contains("The first line") })
        let korean = try #require(both.firstIndex { $0.contains("첫 번째 자막") })
        #expect(english == korean - 1, "\(both)")
        // The Korean line ends at 3 s: the English one stays where it was.
        let after = Self.screen(sink, at: 3.5)
        #expect(after.firstIndex { $0.contains("The first line") } == english, "\(after)")
        #expect(!after.contains { $0.contains("첫 번째") })
        // The second Korean line takes the bottom row again, not the English one's.
        let later = Self.screen(sink, at: 5.5)
        #expect(later.firstIndex { $0.contains("두 번째 자막") } == korean && later.firstIndex { $0.contains("The second line") } == english, "\(later)")
    }

    @Test func aTrackGetsAColourOfItsOwnWhereItSetNone() throws {
        let (_, settings, _) = try Self.run([], terminal: nil)
        #expect(settings.trackCues.allSatisfy { $0.runs.allSatisfy { $0.style.foreground == SubtitleTracks.colors[0] } })
        #expect(settings.trackCues.first?.runs.first?.style.attributes.contains(.italic) == true)  // its own markup kept
    }

    @Test func tSelectsATrackAndTheBracketsNudgeOnlyThatOne() throws {
        // t: the input's track, t: the English one; ] five times: the English track 0.5 s later.
        let keys: [(Double, Event)] = [(0.1, .key(.character("t"))), (0.1, .key(.character("t")))]
            + (0..<5).map { _ in (0.2, .key(.character("]"))) }
        let (sink, _, _) = try Self.run(["-o", "json"], events: keys, terminal: nil)
        let cues = Self.json(sink)
        #expect(cues.first { $0.text == "The first line" }?.start == 2)
        #expect(cues.first { $0.text == "첫 번째 자막" }?.start == 1)
        #expect(cues.first { $0.text == "두 번째 자막" }?.start == 5)
    }

    @Test func aTrackNudgedBeforeAnotherTracksCueStillStartsOnTime() throws {
        // The English line (1.5 s) nudged 0.6 s earlier comes before the Korean one (1 s), at 0.9 s.
        let keys: [(Double, Event)] = [(0.1, .key(.character("t"))), (0.1, .key(.character("t")))]
            + (0..<6).map { _ in (0.2, .key(.character("["))) }
        let (sink, _, _) = try Self.run(["-o", "json"], events: keys, terminal: nil)
        let cues = Self.json(sink)
        #expect(cues.prefix(2).map(\.text) == ["The first line", "첫 번째 자막"])
        #expect(abs(cues[0].start - 0.9) < 1e-6 && cues[1].start == 1)
    }

    @Test func aFollowedPlayerMovesEveryTrack() throws {
        let events: [(Double, Event)] = [
            (0, .followed(Playhead(instant: 0, position: 4 * Time.second))), (10, .playerEnded(problem: nil)),
        ]
        let (sink, _, _) = try Self.run(["-o", "json", "--follow", "fd:0"], events: events, terminal: nil)
        #expect(Self.json(sink).map(\.start) == [1, 1], "both second cues, 1 s after 4 s")
    }

    @Test func aLongTrackFileIsParsedAsItIsReadWithEveryCue() throws {
        // 300 KiB of Korean cues: read 64 KiB at a time, cues cut across the reads come out whole.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gp-long-track-\(getpid()).srt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let count = 3000
        func line(_ i: Int) -> String { "자막 번호 \(i + 1) 🌊 바다가 보여요, 정말 아름답네요" }
        var text = ""
        for i in 0..<count {
            let time = String(format: "00:%02d:%02d", i / 60, i % 60)
            text += "\(i + 1)\n\(time),000 --> \(time),900\n\(line(i))\n\n"
        }
        #expect(text.utf8.count > 4 << 16)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var messages: [String] = []
        let cues = try #require(SubtitleTracks.load([path], settings: ShowSettings()) { messages.append($0) })
        #expect(messages.isEmpty, "\(messages)")
        #expect(cues.count == count)
        #expect(cues.enumerated().allSatisfy { i, cue in cue.plainText == line(i) && cue.start == Nanoseconds(i) * Time.second })
    }

    @Test func aTrackInALegacyCodePageIsDetectedFromItsStart() throws {
        let path = Paths.sample("korean-cp949.srt")
        var messages: [String] = []
        let cues = try #require(SubtitleTracks.load([path], settings: ShowSettings()) { messages.append($0) })
        #expect(cues.first?.plainText == "새벽 네 시, 등대 통신실.")
        // One message, in lines that fit 80 columns after `ghostpipe: ` (but the one with the path).
        #expect(messages == Messages.fitted("\(path): not UTF-8; read as CP949 (Korean); --encoding NAME to choose"), "\(messages)")
    }

    @Test func aTrackThatCannotBeReadIsAnError() throws {
        var messages: [String] = []
        #expect(SubtitleTracks.load(["/nonexistent/x.srt"], settings: ShowSettings()) { messages.append($0) } == nil)
        #expect(messages == ["/nonexistent/x.srt: No such file or directory"])
    }
}
