import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// `--track-order`: the tracks' rows in the band as the user chooses (up, down, a list), for
/// `--track` files and a SAMI file's classes alike, at the bottom of the band and placed at the top.
@Suite struct TrackOrderTests {
    /// One SubRip file: `text` from 1 s to `end` s.
    static func srt(_ text: String, end: Int = 8) -> String { "1\n00:00:01,000 --> 00:00:0\(end),000\n\(text)\n\n" }

    static let korean = srt("안녕하세요 🌊", end: 4)
    static let english = srt("Hello there")
    static let french = srt("Bonjour")

    /// Plays `input` with `tracks` as `--track` files (loaded as the executable does) on a 40×8
    /// terminal; the screen at `seconds`.
    static func run(_ input: String, tracks: [String], arguments: [String] = []) throws -> SubtitleScreens {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gp-order-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (i, track) in tracks.enumerated() {
            paths.append(directory.appendingPathComponent("track\(i + 2).srt").path)
            try track.write(toFile: paths[i], atomically: true, encoding: .utf8)
        }
        let options = try ArgumentParser.parse(arguments + paths.flatMap { ["--track", $0] })
        let session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: true, terminalSize: (40, 8), environment: ["TERM": "xterm-256color"]))
        var settings = session.showSettings
        settings.trackCues = try #require(SubtitleTracks.load(options.tracks, settings: settings) { Issue.record("\($0)") })
        settings.trackCount = options.tracks.count
        let sink = MemorySink()
        try Playback.run(settings, output: try session.output(stdout: sink, recording: nil, origin: 0), input: ScriptedInput(input))
        return SubtitleScreens(sink: sink)
    }

    struct SubtitleScreens {
        let sink: MemorySink
        /// The screen's lines at `seconds`, without the blank ones: the band's rows as they stack.
        func rows(at seconds: Double) -> [String] {
            var model = ScreenModel(width: 40, height: 8)
            for write in sink.writes where write.instant <= Time.nanoseconds(seconds: seconds) { model.feed(write.bytes) }
            return model.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        /// The row each text is on at `seconds` (nil: not shown).
        func row(of text: String, at seconds: Double) -> Int? {
            var model = ScreenModel(width: 40, height: 8)
            for write in sink.writes where write.instant <= Time.nanoseconds(seconds: seconds) { model.feed(write.bytes) }
            return model.lines.firstIndex { $0.contains(text) }
        }
    }

    @Test func twoTracks() throws {
        let up = try Self.run(Self.korean, tracks: [Self.english])
        #expect(up.rows(at: 2) == ["Hello there", "안녕하세요 🌊"])
        let down = try Self.run(Self.korean, tracks: [Self.english], arguments: ["--track-order", "down"])
        #expect(down.rows(at: 2) == ["안녕하세요 🌊", "Hello there"])
        let list = try Self.run(Self.korean, tracks: [Self.english], arguments: ["--track-order", "1,2"])
        #expect(list.rows(at: 2) == ["안녕하세요 🌊", "Hello there"])
        // The first track on top ends: the second keeps its row below the empty one.
        let english = try #require(down.row(of: "Hello there", at: 2))
        #expect(down.row(of: "Hello there", at: 5) == english && down.rows(at: 5) == ["Hello there"])
    }

    @Test func threeTracks() throws {
        let tracks = [Self.english, Self.french]
        #expect(try Self.run(Self.korean, tracks: tracks).rows(at: 2) == ["Bonjour", "Hello there", "안녕하세요 🌊"])
        #expect(try Self.run(Self.korean, tracks: tracks, arguments: ["--track-order", "down"]).rows(at: 2)
                == ["안녕하세요 🌊", "Hello there", "Bonjour"])
        let list = try Self.run(Self.korean, tracks: tracks, arguments: ["--track-order", "3, 1,2"])
        #expect(list.rows(at: 2) == ["Bonjour", "안녕하세요 🌊", "Hello there"])
        // The middle one ends: neither of the others moves.
        let (french, english) = (list.row(of: "Bonjour", at: 2), list.row(of: "Hello there", at: 2))
        #expect(list.row(of: "Bonjour", at: 5) == french && list.row(of: "Hello there", at: 5) == english)
        #expect(try #require(english) - #require(french) == 2)
    }

    @Test func aBandTooSmallForEveryTrackLeavesOutTheRowsFarthestFromItsEdge() throws {
        // Three one-row tracks in two rows: the two nearest the bottom show, whole; none overlaps.
        let down = try Self.run(Self.korean, tracks: [Self.english, Self.french], arguments: ["--band-rows", "2", "--track-order", "down"])
        #expect(down.rows(at: 2) == ["Hello there", "Bonjour"])
        // The Korean line ends: still two rows, the same two.
        #expect(down.rows(at: 5) == ["Hello there", "Bonjour"])
        let top = try Self.run(Self.korean, tracks: [Self.english, Self.french], arguments: ["--band-rows", "2", "--place", "top"])
        #expect(top.rows(at: 2) == ["Bonjour", "Hello there"])
        #expect(top.rows(at: 5) == ["Bonjour", "Hello there"])
        // A cue taller than the band still shows, from the band's top.
        let tall = try Self.run(Self.srt("First line\nSecond line"), tracks: [], arguments: ["--band-rows", "1"])
        #expect(tall.rows(at: 2).first == "First line")
    }

    static let bilingual = """
    <SAMI><HEAD><STYLE><!--
    .KRCC { lang: ko-KR; } .ENCC { lang: en-US; }
    --></STYLE></HEAD><BODY>
    <SYNC Start=1000><P Class=KRCC>안녕하세요 🌊<P Class=ENCC>Hello there
    <SYNC Start=4000><P Class=KRCC>&nbsp;<P Class=ENCC>&nbsp;
    """

    @Test func samiClassesStackAsTracksDo() throws {
        // (Each input's format is detected from its content.)
        #expect(try Self.run(Self.bilingual, tracks: []).rows(at: 2) == ["Hello there", "안녕하세요 🌊"])
        #expect(try Self.run(Self.bilingual, tracks: [], arguments: ["--track-order", "down"]).rows(at: 2)
                == ["안녕하세요 🌊", "Hello there"])
        // A SAMI input beside a --track file: its number stands for both its classes, first on top.
        let list = try Self.run(Self.bilingual, tracks: [Self.french], arguments: ["--track-order", "2,1"])
        #expect(list.rows(at: 2) == ["Bonjour", "안녕하세요 🌊", "Hello there"])
    }

    @Test func cuesPlacedAtTheTopStackInTheSameOrderAndKeepTheirRows() throws {
        // --place top places the track file's cues too (they leave their place open).
        let up = try Self.run(Self.korean, tracks: [Self.english], arguments: ["--place", "top"])
        #expect(up.row(of: "Hello there", at: 2) == 0 && up.row(of: "안녕하세요", at: 2) == 1)
        let down = try Self.run(Self.korean, tracks: [Self.english], arguments: ["--place", "top", "--track-order", "down"])
        #expect(down.row(of: "안녕하세요", at: 2) == 0 && down.row(of: "Hello there", at: 2) == 1)
        // The Korean line on top ends: the English one stays in its row.
        #expect(down.row(of: "Hello there", at: 5) == 1)
    }

    @Test func aBadOrderIsAUsageErrorNamingTheOptionAndTheValue() throws {
        func error(_ arguments: [String]) -> String? {
            do {
                let options = try ArgumentParser.parse(arguments)
                _ = try Session(options: options, surroundings: Surroundings(stdoutIsTerminal: false, terminalSize: nil, environment: [:]))
                return nil
            } catch { return error.message }
        }
        #expect(error(["--track", "b.srt", "--track-order", "4,1"]) == "--track-order: '4,1' names track 4, but there are 2 tracks (1 is the input's)")
        #expect(error(["--track-order", "2,1"]) == "--track-order: '2,1' names track 2, but there is 1 track (the input's; --track adds more)")
        #expect(error(["--track", "b.srt", "--track-order", "2,2"]) == "--track-order: '2,2' names track 2 twice")
        #expect(error(["--track", "b.srt", "--track", "c.srt", "--track-order", "3,1"])
                == "--track-order: '3,1' leaves out track 2; name each of the 3 tracks once")
        #expect(error(["--track", "b.srt", "--track-order", "0,1"]) == "--track-order: '0,1' names track 0, but there are 2 tracks (1 is the input's)")
        for bad in ["sideways", "", "1,,2", "1;2", "one"] {
            #expect(error(["--track-order", bad]) == "--track-order: '\(bad)' is not up, down or a list of track numbers like 2,1", "\(bad)")
        }
        #expect(error(["--track", "b.srt", "--track-order", "DOWN"]) == nil)
        #expect(error(["--track", "b.srt", "--track-order=2,1"]) == nil)
    }
}
