import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// `--layout slides`: one paragraph or cue at a time in the same place, replaced through the effect,
/// on the pace's or the cues' timeline; ← and → scrub through the transitions; `--loop` starts again.
@Suite struct Slides {
    static let text = "First title\n\n두 번째 제목 🎉\nwith a second line\n\nThird 👍🏽\n"

    func run(_ input: String = Slides.text, format: SubtitleFormat = .text, keys: [(Double, Key)] = [], loop: Bool = false,
             quitAt: Double? = nil) throws -> (sink: MemorySink, outcome: Outcome) {
        let sink = MemorySink()
        var settings = ShowSettings()
        settings.effect = Morph()
        settings.subtitleLayout = .slides
        settings.loop = loop
        settings.format = format
        settings.place = .middle
        var events: [(Double, Event)] = keys.map { ($0.0, Event.key($0.1)) }
        if let quitAt { events.append((quitAt, .key(.character("q")))) }
        let (outcome, _) = try Playback.run(settings, output: Playback.screen(sink, columns: 33, rows: 8),
                                            input: Playback.input([(0, input)]), events: events)
        return (sink, outcome)
    }

    /// The screen's non-blank rows as they stood at `seconds` (writes at that instant included).
    func shown(_ sink: MemorySink, at seconds: Double) -> [String] {
        var screen = ScreenModel(width: 33, height: 8)
        for write in sink.writes where write.instant <= Time.nanoseconds(seconds: seconds) { screen.feed(write.bytes) }
        #expect(screen.unknown.isEmpty)
        return screen.transcript.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The instants, every 10 ms up to `seconds`, at which the screen shows exactly `rows`.
    func instants(_ sink: MemorySink, showing rows: [String], upTo seconds: Double) -> [Double] {
        var screen = ScreenModel(width: 33, height: 8)
        var fed = 0
        return stride(from: 0.0, through: seconds, by: 0.01).filter { t in
            while fed < sink.writes.count && sink.writes[fed].instant <= Time.nanoseconds(seconds: t) {
                screen.feed(sink.writes[fed].bytes)
                fed += 1
            }
            return screen.transcript.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } == rows
        }
    }

    static let first = ["First title"]
    static let second = ["두 번째 제목 🎉", "with a second line"]
    static let third = ["Third 👍🏽"]

    @Test func oneSlideAtATimeInTheSamePlaceEachStayingItsReadingTime() throws {
        let (sink, outcome) = try run()
        #expect(outcome == .finished)
        #expect(shown(sink, at: 1000) == Self.third)
        // Each comes on whole, alone, in order; the first at once, the others after a hold of at
        // least 1.5 s (the reading time of so short a text).
        let first = instants(sink, showing: Self.first, upTo: 12), second = instants(sink, showing: Self.second, upTo: 12)
        let third = instants(sink, showing: Self.third, upTo: 12)
        #expect(!first.isEmpty && !second.isEmpty && !third.isEmpty)
        if let a = first.last, let b = second.first, let c = second.last, let d = third.first {
            #expect(a < b && c < d)
            #expect(first.count >= 140 && second.count >= 140, "\(first.count) \(second.count)")
        }
        // Centred in the screenful (7 rows): the one-row slides on its middle row.
        var screen = ScreenModel(width: 33, height: 8)
        screen.feed(sink.bytes)
        #expect(screen.lines[3].hasPrefix("Third"), "\(screen.lines)")
    }

    @Test func rightMovesOnAndLeftTurnsTheTransitionRoundWhereItStandsWithoutAJump() throws {
        // → at 1 s (the first slide shown), ← 0.3 s later, mid-way through the morph.
        let (sink, _) = try run(keys: [(1, .right), (1.3, .left)], quitAt: 6)
        let before = shown(sink, at: 1.2999), after = shown(sink, at: 1.3)
        #expect(before != Self.first && before != Self.second, "mid-way: \(before)")
        #expect(before == after, "the picture jumped: \(before) → \(after)")
        // Back on the first slide, which then stays: after a key the slides wait for keys.
        #expect(shown(sink, at: 2.5) == Self.first)
        #expect(shown(sink, at: 5.9) == Self.first)
    }

    @Test func keysInARowScrubThroughSeveralSlidesAndRightOnTheLastEnds() throws {
        let (sink, outcome) = try run(keys: [(1, .right), (1.05, .right), (6, .right)], quitAt: 20)
        // Through the second to the third, without waiting for the holds.
        #expect(instants(sink, showing: Self.second, upTo: 6).count < 60)
        #expect(shown(sink, at: 5.9) == Self.third)
        #expect(outcome == .finished)
        #expect(sink.writes.last.map { $0.instant <= Time.nanoseconds(seconds: 6) } == true)
    }

    @Test func loopStartsAgainUntilQuit() throws {
        let (sink, outcome) = try run(loop: true, quitAt: 30)
        #expect(outcome == .quit)
        let firsts = instants(sink, showing: Self.first, upTo: 30)
        // The first slide comes back after the third.
        let third = instants(sink, showing: Self.third, upTo: 30)
        #expect(firsts.contains { t in third.contains { $0 < t } }, "\(firsts.first ?? -1) \(third.first ?? -1)")
        #expect(shown(sink, at: 30).count > 0)
    }

    @Test func cuesComeOnAtTheirStartsOneAtATime() throws {
        let srt = """
        1
        00:00:01,000 --> 00:00:03,500
        새벽 네 시.

        2
        00:00:04,000 --> 00:00:06,800
        마라, 이 소리 들려?
        바늘이 멈추지 않아.

        """
        let (sink, outcome) = try run(srt, format: .srt)
        #expect(outcome == .finished)
        let one = instants(sink, showing: ["새벽 네 시."], upTo: 12), two = instants(sink, showing: ["마라, 이 소리 들려?", "바늘이 멈추지 않아."], upTo: 12)
        // Nothing before the first cue; each comes on through the morph from its start.
        #expect(shown(sink, at: 0.99).isEmpty)
        #expect(one.first.map { $0 > 1 && $0 < 3.5 } == true, "\(one.first ?? -1)")
        #expect(one.last.map { $0 < 4.01 } == true && two.first.map { $0 > 4 } == true, "\(one.last ?? -1) \(two.first ?? -1)")
        #expect(shown(sink, at: 1000) == ["마라, 이 소리 들려?", "바늘이 멈추지 않아."])
    }

    @Test func theCommandLineMorphsUnlessAnEffectIsChosen() throws {
        func settings(_ arguments: [String]) throws -> ShowSettings {
            let options = try ArgumentParser.parse(arguments)
            return try Session(options: options, surroundings: Surroundings(stdoutIsTerminal: true, terminalSize: (80, 24),
                                                                            environment: ["TERM": "xterm"])).showSettings
        }
        #expect(try settings(["--layout", "slides"]).effect is Morph)
        #expect(try settings(["--layout", "slides", "--effect", "fade"]).effect is Fade)
        #expect(try settings(["--layout", "slides", "--loop"]).loop)
        #expect(try settings([]).effect is Typewriter)
    }
}
