import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// The subtitles' status line (`i`): fitted to the width, least useful parts dropped first, `q quit`
/// always last; under `--follow` only the keys that act there; the cue counter right from the start.
@Suite struct StatusLineFitting {
    static func parts(follows: Bool = false, tracks: Bool = false) -> [StatusLine.Part] {
        StatusLine.parts(paused: false, position: "00:01:23.400", cue: 84, of: 1443, totalKnown: true, speed: 1.0,
                         track: tracks ? "all tracks" : nil, offset: 0.5, follows: follows, tracks: tracks)
    }

    @Test(arguments: [20, 33, 40, 60, 80, 100, 200])
    func theLineFitsTheWidthWithQuitLast(width: Int) {
        let line = StatusLine.fit(Self.parts(tracks: true), width: width)
        #expect(StatusLine.columns(line) <= width, "\(line)")
        #expect(line.trimmingCharacters(in: .whitespaces).hasSuffix("q quit"), "\(line)")
        #expect(line.contains("▶"), "the state is never dropped: \(line)")
    }

    @Test func atEightyColumnsTheRareKeysGoFirst() {
        let line = StatusLine.fit(Self.parts(), width: 80)
        #expect(line.contains("cue 84/1443") && line.contains("offset +0.5s") && line.contains("space pause"), "\(line)")
        #expect(!line.contains("↑↓"), "\(line)")
        let wide = StatusLine.fit(Self.parts(), width: 200)
        #expect(wide.contains("↑↓ 60s") && wide.contains("+- speed") && wide.contains("[] offset"))
    }

    @Test func tooNarrowForAnythingButTheStateStillShowsQuit() {
        let line = StatusLine.fit(Self.parts(), width: 12)
        #expect(line.hasSuffix("q quit") && StatusLine.columns(line) <= 12, "\(line)")
        #expect(StatusLine.fit(Self.parts(), width: 4) == "q qu")
    }

    @Test func followingAPlayerOnlyTheKeysThatActThere() {
        let line = StatusLine.fit(Self.parts(follows: true, tracks: true), width: 200)
        #expect(!line.contains("space") && !line.contains("←→") && !line.contains("↑↓") && !line.contains("+-"), "\(line)")
        #expect(line.contains("[] offset") && line.contains("t track") && line.hasSuffix("q quit "))
    }

    @Test func theCounterIsRightFromTheStartForAFile() throws {
        // More cues than the playback reads ahead: the counter is the file's whole count at once.
        var srt = ""
        for i in 0..<3000 { srt += "\(i + 1)\n\(Time.format(Nanoseconds(i + 1) * Time.second).replacingOccurrences(of: ".", with: ",")) --> \(Time.format(Nanoseconds(i + 1) * Time.second + 500 * Time.millisecond).replacingOccurrences(of: ".", with: ","))\nCue \(i + 1).\n\n" }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-count-\(getpid()).srt").path
        try srt.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var settings = ShowSettings()
        #expect(SubtitleCount.of(file: path, format: .srt, settings: settings) == 3000)
        settings.format = .srt
        let output = MemorySink()
        let session = try Session(options: try ArgumentParser.parse([]), surroundings: Surroundings(
            stdoutIsTerminal: true, terminalSize: (100, 6), environment: ["TERM": "xterm-256color"]))
        var show = session.showSettings
        show.format = .srt
        let clock = VirtualClock()
        let player = Show(settings: show, output: try session.output(stdout: output, recording: nil, origin: 0), widths: nil,
                          origin: clock.now(), report: { _ in })
        let input = InputFiles(names: [path]) { _ in }
        let events: [(Double, Event)] = [(1.2, .key(.character("i"))), (1.5, .key(.character("q")))]
        _ = try EventLoop(clock: clock, sources: [ScriptedEvents(events), InputEvents(input, demand: player)]).run(player)
        var screen = ScreenModel(width: 100, height: 6)
        for write in output.writes where write.instant <= Time.nanoseconds(seconds: 1.4) { screen.feed(write.bytes) }
        #expect(screen.lines.contains { $0.contains("cue 1/3000 ") }, "\(screen.lines)")
    }
}
