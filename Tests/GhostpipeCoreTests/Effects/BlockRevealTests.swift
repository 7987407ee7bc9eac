import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// A trivial effect for testing the block machinery: nothing, then the whole block at half time.
struct AppearAtHalf: Effect {
    var name: String { "half" }
    var summary: String { "test" }
    func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds { budget ?? Time.second }
    func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext, into frame: inout Frame, row: Int, column: Int) {
        if elapsed * 2 >= duration { drawFinal(block, into: &frame, row: row, column: column) }
    }
    func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        elapsed * 2 < duration ? duration / 2 : nil
    }
}

/// The text a write shows, without ghostpipe's own escape sequences.
func visibleText(_ bytes: [UInt8]) -> String {
    var s = String(decoding: bytes, as: UTF8.self)
    while let r = s.range(of: "\u{1B}(\\[[0-9;?]*[A-Za-z]|[78E])", options: .regularExpression) { s.removeSubrange(r) }
    return s.trimmingCharacters(in: .whitespacesAndNewlines)
}

@Suite struct BlockReveals {
    func run(_ chunks: [(Double, String)], columns: Int = 30, rows: Int = 8, duration: Nanoseconds? = nil,
             instant: Bool = false) throws -> (MemorySink, Outcome) {
        let sink = MemorySink()
        var settings = ShowSettings()
        settings.effect = AppearAtHalf()
        settings.pacing.duration = duration
        settings.instant = instant
        settings.format = .text
        let (outcome, _) = try Playback.run(settings, output: Playback.screen(sink, columns: columns, rows: rows), input: Playback.input(chunks))
        return (sink, outcome)
    }

    @Test func paragraphsAppearOneAfterAnotherAndEndLikeCat() throws {
        let text = "First paragraph, two\nlines.\n\nSecond one.\n\n\nThird after two blank lines.\n"
        let (sink, _) = try run([(0, text)])
        var screen = ScreenModel(width: 30, height: 8)
        screen.feed(sink.bytes)
        #expect(screen.transcript == expectedWrap(text, width: 30))
        #expect(screen.row == 7 && screen.column == 0)
        // Paragraph k appears at k + 0.5 s (each takes 1 s, shown at its half).
        let instants = sink.writes.filter { !visibleText($0.bytes).isEmpty }.map(\.instant)
        #expect(instants == [500_000_000, 1_500_000_000, 2_500_000_000], "\(sink.writes.map { ($0.instant, String(decoding: $0.bytes, as: UTF8.self)) })")
    }

    @Test func aParagraphIsShownWhenCompleteOrWhenAnInteractiveStreamPauses() throws {
        let (sink, _) = try run([(0, "line one\nline"), (5, " two\n\nnext\n")])
        let first = sink.writes.first { String(decoding: $0.bytes, as: UTF8.self).contains("line one") }
        // The complete first line is shown after the 300 ms pause (at 0.3 + 0.5 s), not at 5 s.
        #expect(first?.instant == 800_000_000)
        var screen = ScreenModel(width: 30, height: 8)
        screen.feed(sink.bytes)
        #expect(screen.transcript == ["line one", "line two", "", "next"])
    }

    @Test func aBlockTallerThanTheScreenIsRevealedInSlicesLosingNothing() throws {
        let text = (1...20).map { "row \($0)" }.joined(separator: "\n") + "\n"
        let (sink, _) = try run([(0, text)], rows: 6)
        var screen = ScreenModel(width: 30, height: 6)
        screen.feed(sink.bytes)
        #expect(screen.transcript == (1...20).map { "row \($0)" })
        #expect(screen.unknown.isEmpty)
    }

    @Test func aParagraphTooLongIsCutAtTheSameLineEndHoweverItsBytesArrive() {
        // Ten lines of nine letters and a line end, no blank line; at most 35 graphemes a paragraph.
        let text = Array(String(repeating: "abcdefghi\n", count: 10).utf8)
        func paragraphs(readingAtATime size: Int) -> [Int] {
            var stream = GraphemeStream(sanitizing: true)
            var cutter = Paragraphs(maxLength: 35)
            var lengths: [Int] = []
            for start in stride(from: 0, to: text.count, by: size) {
                lengths += cutter.receive(stream.push(Array(text[start..<min(start + size, text.count)]))).map(\.text.count)
            }
            lengths += cutter.receive(stream.finish()).map(\.text.count)
            if let rest = cutter.finish() { lengths.append(rest.count) }
            return lengths
        }
        // Cut at the last line end before the limit: three lines a paragraph.
        #expect(paragraphs(readingAtATime: text.count) == [30, 30, 30, 10])
        for size in [1, 7, 16, 64] { #expect(paragraphs(readingAtATime: size) == [30, 30, 30, 10], "\(size) bytes at a time") }
    }

    @Test func durationIsSharedByLength() throws {
        let (sink, _) = try run([(0, "aaaa\n\nbbbbbbbbbbbb\n")], duration: 4 * Time.second)
        let instants = sink.writes.filter { !visibleText($0.bytes).isEmpty }.map(\.instant)
        // 4 and 12 graphemes: 1 s and 3 s; each shown at its half.
        #expect(instants == [500_000_000, 2_500_000_000])
    }

    @Test func instantShowsEverythingAtOnce() throws {
        let (sink, _) = try run([(0, "a\n\nb\n\nc\n")], instant: true)
        #expect(sink.writes.allSatisfy { $0.instant == 0 })
        var screen = ScreenModel(width: 30, height: 8)
        screen.feed(sink.bytes)
        #expect(screen.transcript == ["a", "", "b", "", "c"])
    }
}
