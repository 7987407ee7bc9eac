import Testing
@testable import GhostpipeCore
import TestSupport

/// Pacing at exact instants on the virtual clock, observed through `--output json`.
@Suite struct Pacing_ {
    func times(_ run: VirtualRun) -> [Double] { run.events.map(\.time) }

    @Test func steadyRateWithoutPauses() throws {
        let run = try VirtualRun(["--cps", "10", "--no-pauses", "-o", "json"], text: "abc")
        #expect(run.events.map(\.text) == ["a", "b", "c"])
        #expect(times(run) == [0, 0.1, 0.2])
    }

    /// Every instant is the rounded product of the units since the start and the unit, at speeds
    /// whose unit is a whole number of nanoseconds (computed in integers) and others alike.
    @Test func instantsAreRoundedProductsOfTheUnit() {
        for cps in [25.0, 30, 7, 1000, 0.5, 3e-6, 1e9, 48.000001] {
            var pacer = Pacer(graphemesPerSecond: cps, pauses: false)
            let unit = 1e9 / cps
            for k in 0..<20_000 {
                let instant = pacer.schedule(.other, ready: 7)
                #expect(instant == 7 + Nanoseconds((Double(k) * unit).rounded()), "\(cps) cps, grapheme \(k)")
                if instant != 7 + Nanoseconds((Double(k) * unit).rounded()) { break }
            }
        }
    }

    @Test func wpmIsFiveKeystrokesPerWord() throws {
        // 120 wpm = 10 graphemes per second.
        let run = try VirtualRun(["--wpm", "120", "--no-pauses", "-o", "json"], text: "abcd")
        #expect(times(run) == [0, 0.1, 0.2, 0.3])
    }

    @Test func defaultIs300WordsPerMinute() throws {
        let run = try VirtualRun(["-o", "json", "--no-pauses"], text: "ab")
        #expect(times(run) == [0, 0.04])
    }

    @Test func sentenceAndLinePauses() throws {
        // 10 cps: a sentence end adds 6 units before the following space, a line end 4 before what follows.
        let run = try VirtualRun(["--cps", "10", "-o", "json"], text: "Hi. Yo\nZ")
        #expect(run.events.map(\.text) == ["H", "i", ".", " ", "Y", "o", "\n", "Z"])
        #expect(times(run) == [0, 0.1, 0.2, 0.9, 1.0, 1.1, 1.2, 1.7])
    }

    @Test func noPauseInsideNumbersButAfterClosingQuotes() throws {
        let run = try VirtualRun(["--cps", "10", "-o", "json"], text: "3.14 \"Stop.\" ok")
        // 3 . 1 4 ␠ " S t o p . " ␠(paused) o k
        #expect(times(run) == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.8, 1.9, 2.0])
    }

    @Test func fullWidthSentenceEndPausesWithoutSpace() throws {
        let run = try VirtualRun(["--cps", "10", "-o", "json"], text: "文。字")
        #expect(times(run) == [0, 0.1, 0.8])
    }

    /// The rarer contexts: a sentence end before a line end (both pauses, one after the other), and a
    /// closing bracket that keeps a full-width sentence end pending.
    @Test func pausesAfterASentenceEndBeforeALineEndAndAClosingBracket() throws {
        let line = try VirtualRun(["--cps", "10", "-o", "json"], text: "Hi.\nZ")
        // H i . then the line end (1 + 6 units), Z after it (1 + 4).
        #expect(times(line) == [0, 0.1, 0.2, 0.9, 1.4])
        let bracket = try VirtualRun(["--cps", "10", "-o", "json"], text: "文。」字")
        #expect(times(bracket) == [0, 0.1, 0.2, 0.9])
    }

    @Test func durationFitsTheWholeText() throws {
        let run = try VirtualRun(["--duration", "2s", "--no-pauses", "-o", "json"], text: "abcde")
        #expect(times(run) == [0, 0.5, 1.0, 1.5, 2.0])
        // With pauses the proportions are kept and the last grapheme still lands at the end.
        // "A. B": units 0, 1, 1+1+6, 9 → fractions 0, 1/9, 8/9, 1 of 1.3 s.
        let paused = try VirtualRun(["--duration", "1.3", "-o", "json"], text: "A. B")
        let expected = [0.0, 1.0 / 9, 8.0 / 9, 1.0].map { $0 * 1.3 }
        #expect(zip(times(paused), expected).allSatisfy { abs($0 - $1) < 1e-6 }, "\(times(paused))")
    }

    @Test func durationWaitsForTheEndOfInput() throws {
        // Input trickles in over 5 s; the fitted playback starts when it ends.
        let run = try VirtualRun(["--duration", "1", "--no-pauses", "-o", "json"],
                                 input: [(0, "ab"), (5, "c")])
        #expect(times(run) == [5.0, 5.5, 6.0])
    }

    @Test func streamingInputIsShownAsItArrivesWithNoCreditForIdleGaps() throws {
        let run = try VirtualRun(["--cps", "10", "--no-pauses", "-o", "json"],
                                 input: [(0, "ab\n"), (5, "cd\n"), (5.25, "e\n")])
        // c arrives long after its paced instant: shown on arrival, then d at the pace, not in a
        // burst. e arrives (5.25) before its paced instant (5.3): paced.
        #expect(times(run) == [0, 0.1, 0.2, 5.0, 5.1, 5.2, 5.3, 5.4])
    }

    @Test func outputBeginsBeforeEndOfInput() throws {
        let run = try VirtualRun(["--cps", "10", "--no-pauses", "-o", "plain"],
                                 input: [(0, "first\n"), (60, "second\n")])
        let firstWrite = run.output.writes.first { String(decoding: $0.bytes, as: UTF8.self).contains("f") }
        #expect(firstWrite?.instant == 0)
        #expect(run.output.text == "first\nsecond\n")
    }

    @Test func noDriftOverAHundredThousandGraphemes() throws {
        let text = String(repeating: "x", count: 100_000)
        let run = try VirtualRun(["--cps", "7", "--no-pauses", "-o", "json"], text: text)
        let t = times(run)
        #expect(t.count == 100_000)
        // Every instant is exactly k/7 s (to the microsecond JSON keeps): no accumulated rounding.
        for k in stride(from: 0, to: t.count, by: 997) {
            #expect(abs(t[k] - Double(k) / 7) < 1e-6, "grapheme \(k)")
        }
        #expect(abs(t.last! - 99_999.0 / 7) < 1e-6)
    }

    @Test func aHeldClusterWaitsAcrossAPauseWhenItEndsInAJoiner() throws {
        let run = try VirtualRun(["--cps", "10", "--no-pauses", "-o", "json"],
                                 input: [(0, "x👨\u{200D}"), (2, "👩 y")])
        #expect(run.events.map(\.text) == ["x", "👨\u{200D}👩", " ", "y"])
        #expect(times(run) == [0, 2.0, 2.1, 2.2])
    }

    @Test func aChunkEndingMidWordHoldsItsLastGraphemeUntilMoreComesOrAPause() throws {
        // "b" could still take a combining mark: it waits for the next read (or a 300 ms pause).
        let run = try VirtualRun(["--cps", "10", "--no-pauses", "-o", "json"],
                                 input: [(0, "ab"), (0.1, "\u{301}c\n")])
        #expect(run.events.map(\.text) == ["a", "b\u{301}", "c", "\n"])
        #expect(times(run) == [0, 0.1, 0.2, 0.3])
    }

    @Test func anInteractivePauseFlushesAHeldCluster() throws {
        // "hi" then nothing for 2 s: the held "i" (it could still take a combining mark) is shown
        // after the 300 ms pause, not when the next input comes.
        let run = try VirtualRun(["--cps", "10", "--no-pauses", "-o", "json"],
                                 input: [(0, "hi"), (2, "!\n")])
        #expect(run.events.map(\.text) == ["h", "i", "!", "\n"])
        #expect(times(run) == [0, 0.3, 2.0, 2.1])
    }

    @Test func aLineWithoutItsEndIsShownAsItArrivesInEveryOutput() throws {
        // Detected as text at once (its first bytes cannot start subtitles), typed as it comes; the
        // space held back (a mark could still follow it) shows after the 300 ms pause.
        let json = try VirtualRun(["--cps", "1000", "--no-pauses", "-o", "json"], input: [(0, "one two "), (6, "three\n")])
        let times = Dictionary(json.events.enumerated().map { ($0.offset, $0.element.time) }, uniquingKeysWith: { a, _ in a })
        #expect(times[0] == 0 && times[6]! < 0.01, "\(json.events)")
        #expect(abs(times[7]! - 0.3) < 0.001 && times[8]! >= 6, "\(json.events)")
        let plain = try VirtualRun(["--cps", "1000", "--no-pauses", "-o", "plain"], input: [(0, "Loading"), (1, "."), (2, "."), (3, "done\n")])
        #expect(plain.output.writes.first?.instant == 0)
        // The dot could still take a mark: it shows after the pause at most.
        #expect(plain.output.writes.contains { $0.instant == 1300 * Time.millisecond && String(decoding: $0.bytes, as: UTF8.self) == "." })
        let screen = try VirtualRun(["--cps", "1000", "--no-pauses"], input: [(0, "Loading"), (1, "."), (2, "."), (3, "done\n")], terminal: (30, 5))
        var model = ScreenModel(width: 30, height: 5)
        for write in screen.output.writes where write.instant < Time.second { model.feed(write.bytes) }
        #expect(model.lines[0] == "Loading", "shown after the pause, not after the line's end")
        for write in screen.output.writes where write.instant >= Time.second && write.instant <= 1300 * Time.millisecond { model.feed(write.bytes) }
        #expect(model.lines[0] == "Loading.")
    }
}
