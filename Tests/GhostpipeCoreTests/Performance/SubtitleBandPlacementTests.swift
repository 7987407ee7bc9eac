import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// Where the subtitle band sits on a terminal: at its last rows, as a player shows subtitles, when
/// the terminal says where its cursor is; under the prompt with `--place inline`.
@Suite struct SubtitleBandPlacement {
    static let two = SubtitlePlayback().two

    /// Plays `two` on a 40 × 10 terminal whose cursor is on `promptRows` (rows above are the
    /// prompt's), the terminal answering where its cursor is; returns the screen at `seconds`.
    static func play(_ arguments: [String] = [], promptRows: Int = 2, answers: Bool = true,
                     events: [(Double, Event)] = []) throws -> (MemorySink, (Double) -> ScreenModel) {
        let output = MemorySink()
        let session = try Session(options: try ArgumentParser.parse(arguments), surroundings: Surroundings(
            stdoutIsTerminal: true, terminalSize: (40, 10), environment: ["TERM": "xterm-256color"]))
        var settings = session.showSettings
        settings.format = .srt
        let out = try session.output(stdout: output, recording: nil, origin: 0)
        try Playback.run(settings, output: out, input: ScriptedInput(two), events: events,
                         terminal: answers ? FixedTerminal(cursor: (row: promptRows, column: 0)) : nil)
        return (output, { seconds in
            var model = ScreenModel(width: 40, height: 10)
            model.feed(Array(String(repeating: "$ prompt\r\n", count: promptRows).utf8))
            for write in output.writes where write.instant <= Time.nanoseconds(seconds: seconds) { model.feed(write.bytes) }
            return model
        })
    }

    @Test func cuesSitAtTheTerminalsLastRowsAndTheCursorEndsBelowThem() throws {
        let (_, screen) = try Self.play()
        let first = screen(2)
        // The band (two rows, as the tallest cue) is rows 7–8; row 9 is left for the status line.
        #expect(first.lines[8].contains("Hello there."), "\(first.lines)")
        #expect(first.lines[0] == "$ prompt" && first.lines[1] == "$ prompt" && first.scrollback.isEmpty)
        let second = screen(5)
        #expect(second.lines[7].contains("Second cue,") && second.lines[8].contains("two lines."), "\(second.lines)")
        let end = screen(100)
        #expect(end.lines.dropFirst(2).allSatisfy { $0.isEmpty } && end.scrollback.isEmpty)
        #expect(end.row == 9 && end.column == 0 && end.cursorVisible)
    }

    @Test func placeBottomIsTheDefault() throws {
        let (plain, _) = try Self.play()
        let (bottom, _) = try Self.play(["--place", "bottom"])
        #expect(plain.bytes == bottom.bytes)
    }

    @Test func placeInlineKeepsTheBandUnderThePrompt() throws {
        let (_, screen) = try Self.play(["--place", "inline"])
        #expect(screen(2).lines[3].contains("Hello there."), "\(screen(2).lines)")
        #expect(screen(100).row == 2)
    }

    @Test func aTerminalThatDoesNotSayWhereItsCursorIsGetsTheBandUnderThePrompt() throws {
        let (_, screen) = try Self.play(answers: false)
        #expect(screen(2).lines[3].contains("Hello there."), "\(screen(2).lines)")
    }

    @Test func theStatusLineIsTheLastRow() throws {
        let (_, screen) = try Self.play(events: [(1.5, .key(.character("i")))])
        let shown = screen(2)
        #expect(shown.lines[9].contains("cue 1/2"), "\(shown.lines)")
        #expect(shown.lines[8].contains("Hello there.") && shown.scrollback.isEmpty)
    }

    @Test func placeTopTakesTheTerminalsTopRows() throws {
        let (_, screen) = try Self.play(["--place", "top"])
        let shown = screen(2)
        // The band takes the screen less a row, from under the command (the rest scrolled up).
        #expect(shown.lines[0] == "$ prompt" && shown.lines[1].contains("Hello there."), "\(shown.lines)")
        #expect(screen(100).row == 1)
    }
}
