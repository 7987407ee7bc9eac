import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// Subtitles played on a virtual clock; the output replayed into a screen model at chosen instants.
struct SubtitleRun {
    let output = MemorySink()
    let columns: Int
    let rows: Int

    init(_ file: String, format: SubtitleFormat = .srt, arguments: [String] = [], terminal: (columns: Int, rows: Int)? = (40, 6)) throws {
        let options = try ArgumentParser.parse(arguments)
        let session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: terminal != nil, terminalSize: terminal, environment: ["TERM": "xterm-256color"]))
        columns = session.columns
        rows = session.rows
        var settings = session.showSettings
        settings.format = format
        try Playback.run(settings, output: try session.output(stdout: output, recording: nil, origin: 0), input: ScriptedInput(file))
    }

    /// The screen after everything written up to `seconds`.
    func screen(at seconds: Double) -> ScreenModel {
        var model = ScreenModel(width: columns, height: rows)
        for write in output.writes where write.instant <= Time.nanoseconds(seconds: seconds) { model.feed(write.bytes) }
        return model
    }

    var lines: [String] { output.text.split(separator: "\n").map(String.init) }
}

@Suite struct SubtitlePlayback {
    let two = """
    1
    00:00:01,000 --> 00:00:03,000
    Hello there.

    2
    00:00:04,000 --> 00:00:06,500
    Second cue,
    two lines.

    """

    @Test func aCueAppearsAtItsStartAndIsClearedAtItsEnd() throws {
        let run = try SubtitleRun(two)
        #expect(run.screen(at: 0.999).lines.allSatisfy { $0.isEmpty })
        let first = run.output.writes.first { !visibleText($0.bytes).isEmpty }
        #expect(first?.instant == Time.second)
        #expect(run.screen(at: 2.999).lines.contains { $0.contains("Hello there.") })
        #expect(run.screen(at: 3.0).lines.allSatisfy { $0.isEmpty })
        let screen = run.screen(at: 6.0)
        #expect(screen.lines.contains { $0.contains("Second cue,") } && screen.lines.contains { $0.contains("two lines.") })
        #expect(run.screen(at: 7).lines.allSatisfy { $0.isEmpty })
    }

    @Test func linesAreCentredAtTheBottomOfTheBand() throws {
        let run = try SubtitleRun(two)
        // The band is as tall as the tallest cue (2 rows); the cursor started on row 0.
        let screen = run.screen(at: 6)
        #expect(screen.lines[0] == String(repeating: " ", count: 14) + "Second cue,")
        #expect(screen.lines[1] == String(repeating: " ", count: 15) + "two lines.")
        let one = run.screen(at: 2.9)
        #expect(one.lines[1] == String(repeating: " ", count: 14) + "Hello there.")
        #expect(one.lines[0].isEmpty)
    }

    @Test func theTypewriterFinishesWithinAThirdOfTheCueAndNoSlowerThanTheCPS() throws {
        // 11 graphemes over a 3 s cue at 1000 cps: done in 10 ms (drawn at most 60 times a second, so
        // on screen by the next frame). At 2 cps: a third of 3 s = 1 s.
        let file = "1\n00:00:01,000 --> 00:00:04,000\nHello there.\n"
        let fast = try SubtitleRun(file, arguments: ["--cps", "1000"])
        #expect(fast.screen(at: 1.017).lines.contains { $0.hasSuffix("Hello there.") })
        let slow = try SubtitleRun(file, arguments: ["--cps", "2"])
        #expect(!slow.screen(at: 1.5).lines.contains { $0.hasSuffix("Hello there.") })
        #expect(slow.screen(at: 2.0).lines.contains { $0.hasSuffix("Hello there.") })
    }

    @Test func overlappingCuesShareTheBandLaterOnesLower() throws {
        let file = """
        1
        00:00:01,000 --> 00:00:05,000
        First speaker

        2
        00:00:02,000 --> 00:00:04,000
        Second speaker

        """
        let run = try SubtitleRun(file)
        let both = run.screen(at: 3).lines
        #expect(both[0].contains("First speaker") && both[1].contains("Second speaker"))
        let after = run.screen(at: 4.5).lines
        #expect(after[1].contains("First speaker") && after[0].isEmpty)
    }

    @Test func offsetSpeedAndStartMapTimesExactly() throws {
        let json = try SubtitleRun(two, arguments: ["--instant", "-o", "json", "--offset", "0.5", "--speed", "2"], terminal: nil)
        #expect(json.lines == [
            #"{"start":0.750,"end":1.750,"text":"Hello there."}"#,
            #"{"start":2.250,"end":3.500,"text":"Second cue,\ntwo lines."}"#,
        ])
        // Real-time plain output: each cue's text at its start on the clock.
        let plain = try SubtitleRun(two, arguments: ["-o", "plain", "--offset=-0.5", "--speed", "2"], terminal: nil)
        #expect(plain.output.writes.map(\.instant) == [250_000_000, 1_750_000_000])
        #expect(plain.output.text == "Hello there.\nSecond cue,\ntwo lines.\n")
        // --start 2: the first cue (ended at 3 s) is active at 2 s and shows at once; the second at 2 s later.
        let started = try SubtitleRun(two, arguments: ["-o", "plain", "--start", "2"], terminal: nil)
        #expect(started.output.writes.map(\.instant) == [0, 2 * Time.second])
        let skipped = try SubtitleRun(two, arguments: ["-o", "plain", "--start", "3.5"], terminal: nil)
        #expect(skipped.output.text == "Second cue,\ntwo lines.\n")
    }

    @Test func startingInsideACueShowsItAtOnce() throws {
        let run = try SubtitleRun(two, arguments: ["--start", "2", "--cps", "1"])
        // At 1 cps the reveal would take a full second; a cue already under way is shown as it would be.
        #expect(run.screen(at: 0).lines.contains { $0.contains("Hello there.") })
    }

    @Test func topPlacedCuesGoToTheTopOfAFullHeightBand() throws {
        let file = "1\n00:00:01,000 --> 00:00:02,000\n{\\an8}On top\n\n2\n00:00:01,000 --> 00:00:02,000\nAt the bottom\n"
        let run = try SubtitleRun(file, terminal: (30, 8))
        let screen = run.screen(at: 1.5).lines
        #expect(screen[0].contains("On top"))
        #expect(screen[6].contains("At the bottom"))  // the band is the screen minus one row
    }

    @Test func webVTTWordTimingRevealsEachSegmentAtItsInstant() throws {
        let file = "WEBVTT\n\n00:00:01.000 --> 00:00:05.000\nLow <00:00:02.000>tide, <00:00:03.000>home\n"
        let run = try SubtitleRun(file, format: .vtt, arguments: ["--cps", "1000"])
        #expect(run.screen(at: 1.5).lines.joined().contains("Low") && !run.screen(at: 1.5).lines.joined().contains("tide"))
        #expect(run.screen(at: 2.5).lines.joined().contains("tide,") && !run.screen(at: 2.5).lines.joined().contains("home"))
        #expect(run.screen(at: 3.0).lines.joined().contains("Low tide, home"))
    }

    @Test func webVTTLineZeroIsTheTopRow() throws {
        let file = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000 line:0\nTitle\n"
        let run = try SubtitleRun(file, format: .vtt, terminal: (30, 8))
        #expect(run.screen(at: 1.5).lines[0].contains("Title"))
    }

    @Test func markupBecomesAttributesAndEscapesInCueTextNeverReachTheTerminal() throws {
        let file = "1\n00:00:01,000 --> 00:00:02,000\n<i>slanted</i> <font color=\"#ff0000\">red</font> \u{1B}]0;pwned\u{7}x\u{1B}[2J\n"
        let run = try SubtitleRun(file, arguments: ["--colors", "truecolor"])
        let screen = run.screen(at: 1.9)
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        #expect(screen.lines.joined().contains("slanted red x"))
        let row = screen.cells.first { $0.contains { $0.text == "s" } }!
        #expect(row.first { $0.text == "s" }?.style.attributes.contains(.italic) == true)
        let r = try #require(row.firstIndex { $0.text == "r" })
        #expect(row[r + 2].text == "d" && row[r + 2].style.foreground == .rgb(255, 0, 0))
        #expect(!run.output.text.contains("pwned"))
    }

    @Test func scrollLayoutKeepsATranscript() throws {
        let run = try SubtitleRun(two, arguments: ["--layout", "scroll"])
        let screen = run.screen(at: 10)
        #expect(screen.transcript == ["Hello there.", "Second cue,", "two lines."])
    }

    @Test func theBandIsEmptyAndTheCursorBackAtItsTopWhenDone() throws {
        let run = try SubtitleRun(two)
        let screen = run.screen(at: 100)
        #expect(screen.lines.allSatisfy { $0.isEmpty })
        #expect(screen.row == 0 && screen.column == 0)
        #expect(screen.cursorVisible)
    }
}

@Suite struct SubtitleKeys {
    static let two = SubtitlePlayback().two

    @Test func quittingEmptiesTheBandAndTheStatusLineAndStaysPut() throws {
        let output = MemorySink()
        let session = try Session(options: try ArgumentParser.parse([]), surroundings: Surroundings(
            stdoutIsTerminal: true, terminalSize: (40, 6), environment: ["TERM": "xterm-256color"]))
        var settings = session.showSettings
        settings.format = .srt
        let (outcome, _) = try Playback.run(settings, output: try session.output(stdout: output, recording: nil, origin: 0),
                                            input: ScriptedInput(Self.two),
                                            events: [(1.5, .key(.character("i"))), (2.0, .key(.character("q")))])
        #expect(outcome == .quit)
        var screen = ScreenModel(width: 40, height: 6)
        for write in output.writes where write.instant <= 1_900_000_000 { screen.feed(write.bytes) }
        #expect(screen.lines.contains { $0.contains("cue 1/2") } && screen.lines.contains { $0.contains("Hello there.") })
        screen.feed(output.writes.filter { $0.instant > 1_900_000_000 }.flatMap(\.bytes))
        #expect(screen.lines.allSatisfy { $0.isEmpty }, "\(screen.lines)")
        // Back at the band's top, nothing scrolled.
        #expect(screen.row == 0 && screen.column == 0 && screen.scrollback.isEmpty && screen.cursorVisible)
    }
}
