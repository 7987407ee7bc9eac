import Testing
@testable import GhostpipeCore
import TestSupport

@Suite struct CreditsRoll {
    func roll(_ chunks: [(Double, String)], columns: Int = 30, rows: Int = 6, pace: Double = 24,
              duration: Nanoseconds? = nil, instant: Bool = false) throws -> MemorySink {
        let sink = MemorySink()
        var settings = ShowSettings()
        settings.effect = Credits()
        settings.context = EffectContext(graphemesPerSecond: pace)
        settings.pacing.duration = duration
        settings.instant = instant
        settings.format = .text
        let (outcome, _) = try Playback.run(settings, output: Playback.screen(sink, columns: columns, rows: rows), input: Playback.input(chunks))
        #expect(outcome == .finished)
        return sink
    }

    func screen(_ sink: MemorySink, columns: Int = 30, rows: Int = 6, text: String) -> ScreenModel {
        EffectHarness.replay(sink, columns: columns, rows: rows, text: text)
    }

    /// The screen at each write, with the instant.
    func screens(_ sink: MemorySink, columns: Int = 30, rows: Int = 6) -> [(Nanoseconds, [String])] {
        var model = ScreenModel(width: columns, height: rows)
        return sink.writes.map { model.feed($0.bytes); return ($0.instant, model.lines) }
    }

    @Test func aShortTextRollsUpUntilItsFirstLineIsOnTheTopRowCentred() throws {
        let text = "Directed by\nA. Ghost\n"
        let sink = try roll([(0, text)])
        let screen = screen(sink, text: text)
        #expect(screen.lines == ["         Directed by", "           A. Ghost", "", "", "", ""])
        // Without the centring it is cat's screen, and the cursor is where cat leaves it.
        #expect(screen.lines.map { String($0.drop { $0 == " " }) } == ["Directed by", "A. Ghost", "", "", "", ""])
        #expect(screen.row == 2 && screen.column == 0 && screen.cursorVisible)
    }

    @Test func itRollsOneRowAtASteadyRate() throws {
        // 24 graphemes a second: 3 rows a second.
        let sink = try roll([(0, "one\ntwo\nthree\n")])
        let shots = screens(sink)
        let steps = Set(shots.map(\.0).filter { $0 > 0 }).sorted()
        let gaps = zip([0] + steps, steps).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - Time.second / 3) <= 1 }, "\(gaps)")
        // Line one enters on the bottom row of the viewport (5 rows), then climbs.
        #expect(shots[0].1[4].trimmingCharacters() == "one")
        #expect(shots[1].1[3].trimmingCharacters() == "one" && shots[1].1[4].trimmingCharacters() == "two")
        // Rest: "one" on the top row after 5 steps.
        #expect(steps.count == 4 && shots.last?.1[0].trimmingCharacters() == "one")
    }

    @Test func aLongTextEndsOnItsLastScreenfulLikeCat() throws {
        let lines = (1...20).map { "credit line \($0)" }
        let text = lines.joined(separator: "\n") + "\n"
        let sink = try roll([(0, text)], pace: 2400)
        let screen = screen(sink, text: text)
        // cat leaves the last 5 lines above the cursor's empty row.
        #expect(screen.lines.map { String($0.drop { $0 == " " }) } == Array(lines.suffix(5)) + [""])
        #expect(screen.row == 5 && screen.column == 0)
        // And, as with cat, the lines before them are in the scrollback, in order.
        #expect(screen.transcript.map { String($0.drop { $0 == " " }) } == lines)
    }

    @Test func inputColoursAreKeptAndArtKeepsItsShape() throws {
        let text = "\u{1B}[31mRed Name\u{1B}[0m\nPlain Name\n\n  /\\_/\\\n ( o.o )\n  > ^ <\n"
        let sink = try roll([(0, text)], rows: 10, pace: 2400)
        let screen = EffectHarness.replay(sink, columns: 30, rows: 10, text: "Red Name\nPlain Name\n\n  /\\_/\\\n ( o.o )\n  > ^ <\n")
        let red = screen.cells.first { $0.contains { $0.text == "R" } }?.first { $0.text == "R" }
        #expect(red?.style.foreground == .palette(1))
        // A list of names: each line centred. The cat: centred as a block, its lines as they were.
        #expect(screen.lines[0] == "           Red Name" && screen.lines[1] == "          Plain Name")
        let art = screen.lines[3...5].map { String($0.dropFirst(11)) }
        #expect(art == ["  /\\_/\\", " ( o.o )", "  > ^ <"], "\(screen.lines)")
    }

    @Test func theRollWaitsForSlowInputAndGoesOnWhenItArrives() throws {
        let sink = try roll([(0, "first\n"), (10, "second\n")])
        let shots = screens(sink)
        // "first" reaches the bottom row at 0 and waits there until "second" arrives at 10 s.
        let beforeSecond = shots.filter { $0.0 < 10 * Time.second }
        #expect(beforeSecond.count == 1 && beforeSecond[0].1[4].trimmingCharacters() == "first")
        let next = shots.first { $0.0 >= 10 * Time.second }
        #expect(next?.0 == 10 * Time.second)
        #expect(next?.1[3].trimmingCharacters() == "first" && next?.1[4].trimmingCharacters() == "second")
    }

    @Test func durationSpreadsTheWholeRollOverIt() throws {
        let sink = try roll([(0, "a\nb\nc\n")], duration: 5 * Time.second)
        // 5 steps (to the rest position) in 5 s: one a second, the last exactly at 5 s.
        #expect(Set(sink.writes.map(\.instant)) == Set([1, 2, 3, 4, 5].map { Nanoseconds($0) * Time.second }))
    }

    @Test func wideTextAndLongLinesAreCentredAndWrapped() throws {
        let text = "한국어 자막 크레딧\nA line that is much longer than the thirty columns\n"
        let sink = try roll([(0, text)], pace: 2400)
        let screen = screen(sink, text: text)
        #expect(screen.lines.map { String($0.drop { $0 == " " }) } == ["한국어 자막 크레딧", "A line that is much longer", "than the thirty columns", "", "", ""])
        #expect(screen.lines[0].hasPrefix("      한"))
    }

    @Test func instantShowsTheRestPositionAtOnce() throws {
        let sink = try roll([(0, "x\ny\n")], instant: true)
        #expect(sink.writes.allSatisfy { $0.instant == 0 })
        #expect(screen(sink, text: "x\ny\n").lines.map { $0.trimmingCharacters() } == ["x", "y", "", "", "", ""])
    }

    @Test func emptyInputWritesNothingVisible() throws {
        let sink = try roll([(0, "")])
        let screen = EffectHarness.replay(sink, columns: 30, rows: 6, text: "")
        #expect(screen.lines.allSatisfy { $0.isEmpty })
        #expect(!sink.text.contains("\r\n"))
    }

    @Test func theCommandLineRollsCreditsOnATerminalAndPlainTextInAPipe() throws {
        let run = try VirtualRun(["--effect", "credits", "--cps", "1000"], text: "The End\n", terminal: (40, 10))
        #expect(run.screen(columns: 40, rows: 10).lines[0] == "                The End")
        let piped = try VirtualRun(["--effect", "credits", "--instant"], text: "The End\n")
        #expect(piped.output.text == "The End\n")
    }

    @Test func theBlockEffectRollsRowsUpIntoTheirPlace() {
        let block = EffectHarness.block("1\n2\n3")
        let effect = Credits()
        let d = 2 * Time.second
        #expect(EffectHarness.lines(EffectHarness.frame(effect, block, at: 0, duration: d)) == ["", "", "1"])
        #expect(EffectHarness.lines(EffectHarness.frame(effect, block, at: Time.second, duration: d)) == ["", "1", "2"])
        #expect(EffectHarness.lines(EffectHarness.frame(effect, block, at: d, duration: d)) == ["1", "2", "3"])
        #expect(effect.duration(of: block, budget: nil, context: EffectContext(graphemesPerSecond: 16)) == Time.second)
    }
}

extension String {
    /// Without leading and trailing spaces (test helper).
    func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
