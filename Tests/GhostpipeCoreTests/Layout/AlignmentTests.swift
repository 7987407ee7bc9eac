import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// `--align` and `--place`: blocks moved as a whole by their longest line, and stacked at the top,
/// middle or bottom of a screenful or of the band.
@Suite struct BlockAlignment {
    func run(_ text: String, alignment: RowAlignment? = nil, place: BlockPlace? = nil, effect: any Effect = AppearAtHalf(),
             columns: Int = 30, rows: Int = 10, chunks: [(Double, String)]? = nil) throws -> ScreenModel {
        let sink = MemorySink()
        var settings = ShowSettings()
        settings.effect = effect
        settings.alignment = alignment
        settings.place = place
        settings.format = .text
        _ = try Playback.run(settings, output: Playback.screen(sink, columns: columns, rows: rows),
                             input: Playback.input(chunks ?? [(0, text)]))
        var screen = ScreenModel(width: columns, height: rows)
        screen.feed(sink.bytes)
        #expect(screen.unknown.isEmpty)
        return screen
    }

    @Test func aBlockMovesAsAWholeByItsLongestLine() {
        let block = EffectHarness.block("ab\n  한국 👍🏽\nxyz", width: 20)
        let centred = block.placed(.center, in: 20)
        let right = block.placed(.right, in: 20)
        // The widest row is "  한국 👍🏽": 2 + 4 + 1 + 2 = 9 columns.
        #expect(block.widest == 9)
        #expect(centred.glyphs.map(\.column) == block.glyphs.map { $0.column + 5 })
        #expect(right.glyphs.map(\.column) == block.glyphs.map { $0.column + 11 })
        #expect(block.placed(.left, in: 20) == block)
        // Wider than the width: nothing moves.
        #expect(block.placed(.right, in: 5) == block)
    }

    @Test func placeGivesTheFirstRow() {
        #expect(BlockPlace.top.top(height: 3, in: 11) == 0)
        #expect(BlockPlace.middle.top(height: 3, in: 11) == 4)
        #expect(BlockPlace.bottom.top(height: 3, in: 11) == 8)
        #expect(BlockPlace.bottom.top(height: 13, in: 11) == 0)
    }

    @Test(arguments: [RowAlignment.center, .right])
    func paragraphsKeepTheirShapeUnderEveryEffect(alignment: RowAlignment) throws {
        let text = "Title\n  indented 한국어\nend 👍🏽\n\nSecond\n"
        for effect in [AppearAtHalf(), Typewriter(), Fade()] as [any Effect] {
            let screen = try run(text, alignment: alignment, effect: effect)
            let shown = screen.transcript
            let expected = ["Title", "  indented 한국어", "end 👍🏽", "", "Second"]
            #expect(shown.count == expected.count, "\(effect.name): \(shown)")
            // Each paragraph: every line shifted by the same amount, the widest against its place.
            func shift(_ i: Int) -> Int { shown[i].count - expected[i].count }
            for i in expected.indices {
                #expect(shown[i].hasSuffix(expected[i]) && shown[i].dropLast(expected[i].count).allSatisfy { $0 == " " },
                        "\(effect.name): \(shown[i].debugDescription)")
            }
            #expect(shift(0) == shift(1) && shift(1) == shift(2), "\(effect.name): \(shown)")
            // The widest line is 17 columns wide (Hangul is 2 each); "Second" is 6.
            #expect(shift(1) == (alignment == .center ? 6 : 13), "\(effect.name): \(shown)")
            #expect(shift(4) == (alignment == .center ? 12 : 24), "\(effect.name): \(shown)")
        }
    }

    @Test(arguments: [BlockPlace.middle, .bottom])
    func paragraphsStackInTheMiddleOrAtTheBottomOfAScreenful(place: BlockPlace) throws {
        // The stack moves up as each paragraph arrives (the second comes after the first is shown).
        let screen = try run("", place: place, rows: 10, chunks: [(0, "one\ntwo\n\n"), (3, "three\n")])
        // A screenful of 9 rows (the cursor keeps the 10th): 4 rows of text.
        let top = place == .middle ? 2 : 5
        #expect(screen.transcript == Array(repeating: "", count: top) + ["one", "two", "", "three"], "\(screen.lines)")
        #expect(screen.scrollback.count + screen.row == top + 4 && screen.column == 0, "\(screen.row),\(screen.column)")
    }

    @Test func aStackTallerThanTheScreenfulFlowsOnBelow() throws {
        let paragraphs = (1...6).map { "para \($0)\n" }.joined(separator: "\n")
        let screen = try run("", place: .middle, rows: 6, chunks: [(0, paragraphs)])
        // Nothing is lost: every paragraph in order, as cat would leave them once they overflow.
        let words = screen.transcript.filter { !$0.isEmpty }
        #expect(words == (1...6).map { "para \($0)" }, "\(screen.transcript)")
    }

    @Test func withoutTheOptionsTextIsWhereCatLeavesIt() throws {
        let text = "Title\n  indented\n\nSecond\n"
        #expect(try run(text, alignment: .left, place: .top).transcript == ["Title", "  indented", "", "Second"])
    }

    @Test func cuesKeepTheirLinesShapeInABlockPlacedByTheOption() {
        let cue = Cue(start: 0, end: Time.second, runs: [StyledRun("Hi\nlonger line 한")])
        let placement = cue.placement.defaulted(alignment: .right, place: .top)
        #expect(placement.block == .right && placement.vertical == .top)
        var placed = cue
        placed.placement = placement
        let (block, column) = CueLayout.block(for: placed, width: 30)
        #expect(column == 0)
        // "longer line 한" is 14 columns: flush right in 30, both lines from column 16.
        #expect(block.glyphs.first { $0.text == "H" }?.column == 16)
        #expect(block.glyphs.first { $0.text == "l" }?.column == 16)
        // A cue the file placed keeps its place.
        var top = cue
        top.placement = CuePlacement(vertical: .top, alignment: .left)
        #expect(top.placement.defaulted(alignment: .center, place: .bottom) == top.placement)
    }
}
