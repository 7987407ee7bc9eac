import GhostpipeCore
import Foundation
import TestSupport
import Testing

/// A live recogniser's final comes once its utterance is over (timed by its arrival, or by the
/// recogniser's own clock): in the band it shows from when it comes, for as long as it was said,
/// rather than being skipped as over.
@Suite struct LiveCaptionsInTheBand {
    @Test func aFinalThatComesOverAlreadyShowsWhenItComes() throws {
        let input: [(at: Double, text: String)] = [
            (0.2, "{\"partial\": \"the weather\"}\n"), (1.0, "{\"partial\": \"the weather today\"}\n"),
            (2.0, "{\"text\": \"the weather today\"}\n"), (9.0, "{\"partial\": \"\"}\n"),
        ]
        let run = try VirtualRun(["--format", "vosk"], input: input, terminal: (40, 8))
        var screen = ScreenModel(width: 40, height: 8)
        for write in run.output.writes where write.instant <= 3_500 * Time.millisecond { screen.feed(write.bytes) }
        #expect(screen.transcript.contains { $0.contains("the weather today") }, "\(screen.transcript)")
    }

    /// Detected or named, the format's final stays a moment to read after it comes (it came a few
    /// microseconds before its arrival time once: shown and erased in the same frame).
    @Test(arguments: [[String](), ["--format", "vosk"], ["--offset", "0.005"]])
    func aFinalStaysAMomentToReadAfterItComes(_ format: [String]) throws {
        let input: [(at: Double, text: String)] = [
            (0.5, "{\"partial\": \"\"}\n"), (0.7, "{\"partial\": \"the weather\"}\n"),
            (2.0, "{\"text\": \"the weather today\"}\n"), (9.0, "{\"partial\": \"\"}\n"),
        ]
        let run = try VirtualRun(format, input: input, terminal: (40, 8))
        var screen = ScreenModel(width: 40, height: 8)
        for write in run.output.writes where write.instant <= 3_000 * Time.millisecond { screen.feed(write.bytes) }
        #expect(screen.lines.contains { $0.contains("the weather today") }, "\(screen.lines)")
    }

    /// A recorded session, detected: each final is on the screen a second after it came.
    @Test func aRecordedSessionsFinalsShowWhenTheyCome() throws {
        let lines = try String(contentsOf: Paths.repository.appendingPathComponent("Tests/Data/live/pocketsphinx-weather.tsv"), encoding: .utf8)
            .split(separator: "\n").map { line -> (at: Double, text: String) in
                let parts = line.split(separator: "\t", maxSplits: 1)
                return (Double(parts[0])! / 1000, String(parts[1]) + "\n")
            }
        let run = try VirtualRun([], input: lines, terminal: (80, 12))
        for final in lines where final.text.hasPrefix("{\"text\"") {
            let text = final.text.split(separator: "\"")[3]
            var screen = ScreenModel(width: 80, height: 12)
            for write in run.output.writes where write.instant <= Time.nanoseconds(seconds: final.at + 1) { screen.feed(write.bytes) }
            #expect(screen.lines.contains { $0.contains(text) }, "\(text) at \(final.at + 1) s: \(screen.lines)")
        }
    }
}

/// A recogniser's partial hypotheses on a terminal: one tentative line, dim, below the finals,
/// revised in place as a diff; a final takes its place in the normal style; all within the lag bound.
@Suite struct TentativeLines {
    static func vosk(_ lines: [(Double, String)]) -> [(at: Double, text: String)] {
        lines.map { ($0.0, $0.1.hasPrefix("=") ? "{\"text\": \"\($0.1.dropFirst())\"}\n" : "{\"partial\": \"\($0.1)\"}\n") }
    }

    /// The screen when the writes up to `seconds` have been drawn.
    static func screen(_ run: VirtualRun, at seconds: Double, _ size: (Int, Int)) -> ScreenModel {
        var screen = ScreenModel(width: size.0, height: size.1)
        for write in run.output.writes where write.instant <= Time.nanoseconds(seconds: seconds) { screen.feed(write.bytes) }
        return screen
    }

    /// The bytes written between two instants, as text.
    static func written(_ run: VirtualRun, from: Double, to: Double) -> String {
        String(decoding: run.output.writes.filter {
            $0.instant > Time.nanoseconds(seconds: from) && $0.instant <= Time.nanoseconds(seconds: to)
        }.flatMap(\.bytes), as: UTF8.self)
    }

    @Test func aHypothesisIsRevisedInPlaceAndItsFinalTakesItsPlace() throws {
        let input = Self.vosk([(0.5, "the weather"), (1.0, "the weather today is"), (2.0, "=the weather today is cold"), (9.0, "")])
        let run = try VirtualRun([], input: input, terminal: (40, 8))
        let first = Self.screen(run, at: 0.7, (40, 8))
        #expect(first.lines[0] == "the weather")
        #expect(first.cells[0][0].style.attributes.contains(.dim))
        // The revision writes only its new tail: what shows in place is not written again.
        let revision = Self.written(run, from: 0.9, to: 1.5)
        #expect(revision.contains("today") && !revision.contains("weather"), "\(revision.debugDescription)")
        #expect(Self.screen(run, at: 1.15, (40, 8)).lines[0] == "the weather today is")
        // The final, within the lag bound, in the normal style, where the tentative line was.
        let final = Self.screen(run, at: 2.15, (40, 8))
        #expect(final.lines[0] == "the weather today is cold")
        #expect(!final.cells[0][0].style.attributes.contains(.dim) && !final.cells[0][22].style.attributes.contains(.dim))
        #expect(final.lines.dropFirst().allSatisfy { $0.isEmpty })
    }

    @Test func aHypothesisThatWrappedAndShrankLeavesNothingBehind() throws {
        let input = Self.vosk([(0.5, "one two three four five six"), (1.0, "one two"), (2.0, "=one two seven"), (9.0, "")])
        let run = try VirtualRun([], input: input, terminal: (20, 6))
        let wrapped = Self.screen(run, at: 0.9, (20, 6))
        #expect(wrapped.lines[0].hasPrefix("one two three") && wrapped.lines[1].contains("six"), "\(wrapped.lines)")
        let shrunk = Self.screen(run, at: 1.15, (20, 6))
        #expect(shrunk.lines[0] == "one two" && shrunk.lines[1].isEmpty, "\(shrunk.lines)")
        #expect(Self.screen(run, at: 2.15, (20, 6)).lines.prefix(2) == ["one two seven", ""])
    }

    @Test func finalsStayAsATranscriptAndTheNextHypothesisGoesBelow() throws {
        let input = Self.vosk([(0.5, "hello"), (1.0, "=hello world"), (1.5, "how"), (2.0, "how are"), (3.0, "=how are you"), (4.0, "fine"), (9.0, "")])
        let run = try VirtualRun([], input: input, terminal: (40, 8))
        let screen = Self.screen(run, at: 4.15, (40, 8))
        #expect(Array(screen.lines.prefix(3)) == ["hello world", "how are you", "fine"], "\(screen.lines)")
        #expect(screen.cells[2][0].style.attributes.contains(.dim) && !screen.cells[1][0].style.attributes.contains(.dim))
        // The input ends with a hypothesis never made final: it leaves the screen, the finals stay.
        let end = Self.screen(run, at: 100, (40, 8))
        #expect(Array(end.lines.prefix(3)) == ["hello world", "how are you", ""], "\(end.lines)")
    }

    @Test func withoutColourTheTentativeLineIsPlainAndStillRevised() throws {
        let input = Self.vosk([(0.5, "the weather"), (1.0, "the weather today"), (9.0, "")])
        let run = try VirtualRun(["--color", "never"], input: input, terminal: (40, 8))
        let screen = Self.screen(run, at: 1.2, (40, 8))
        #expect(screen.lines[0] == "the weather today")
        #expect(screen.cells[0][0].style == .plain)
    }

    @Test func inABandTheTentativeLineIsBelowTheFinals() throws {
        let input = Self.vosk([(0.5, "hello"), (1.0, "=hello world"), (1.5, "how are"), (9.0, "")])
        let run = try VirtualRun(["--layout", "band"], input: input, terminal: (40, 8))
        let screen = Self.screen(run, at: 1.7, (40, 8))
        let rows = screen.lines.enumerated().filter { !$0.element.isEmpty }
        #expect(rows.map(\.element) == ["hello world", "how are"], "\(screen.lines)")
        #expect(rows.count == 2 && rows[1].offset == rows[0].offset + 1)
    }

    @Test func aBandRollsUpAsRollUpCaptionsDo() throws {
        let input = Self.vosk([(0.5, "=one"), (1.0, "=two"), (1.5, "=three"), (2.0, "four"), (2.5, "=four"), (3.0, "five"), (5.0, "")])
        let run = try VirtualRun(["--layout", "band"], input: input, terminal: (40, 10))
        let rows = { (t: Double) in Self.screen(run, at: t, (40, 10)).lines.filter { !$0.isEmpty } }
        #expect(rows(1.7) == ["one", "two", "three"])
        // Three rows: the oldest line leaves as the tentative one comes below the finals.
        #expect(rows(2.2) == ["two", "three", "four"])
        #expect(rows(3.2) == ["three", "four", "five"])
        // The input ends: the lines stay a moment to read, then the band is left empty.
        #expect(rows(5.5) == ["three", "four"])
        #expect(rows(100).isEmpty)
        #expect(run.outcome == .finished)
    }

    /// A recording gets the finals only (as a pipe and json do), unless --partials asks.
    @Test func aRecordingGetsTheFinalsOnly() throws {
        let input = Self.vosk([(0.5, "the weathr"), (1.0, "=the weather"), (3.0, "")])
        /// The screen the recording leaves, and every row it ever showed.
        func played(_ run: VirtualRun) -> [String] {
            var screen = ScreenModel(width: 80, height: 24)
            var rows: [String] = []
            for line in run.output.text.split(separator: "\n").dropFirst() {
                guard let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], let data = event[2] as? String else { continue }
                screen.feed(data)
                rows += screen.lines.filter { !$0.isEmpty }
            }
            return rows
        }
        let cast = played(try VirtualRun(["-o", "cast"], input: input, terminal: nil))
        #expect(cast.contains("the weather") && !cast.contains { $0.contains("weathr") }, "\(cast)")
        let withPartials = played(try VirtualRun(["-o", "cast", "--partials"], input: input, terminal: nil))
        #expect(withPartials.contains("the weathr"), "\(withPartials)")
    }

    /// `--instant`: the finals are written whole at once, as any transcript.
    @Test func instantlyTheFinalsAreWrittenWhole() throws {
        let input = Self.vosk([(0, "one"), (0, "=one two three"), (0, "four"), (0, "=four five six")])
        let run = try VirtualRun(["--instant"], input: input, terminal: (40, 8))
        #expect(run.screen(columns: 40, rows: 8).lines.prefix(2) == ["one two three", "four five six"])
    }
}
