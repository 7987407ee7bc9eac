import Testing
@testable import GhostpipeCore
import TestSupport

@Suite struct MorphEffect {
    let effect = Morph()
    let duration = Time.second

    func lines(_ block: Block, at t: Nanoseconds, context: EffectContext, rows: Int? = nil) -> [String] {
        var frame = Frame(width: 40, origin: 0, rowCount: rows ?? block.rows)
        effect.draw(block, elapsed: t, duration: duration, context: context, into: &frame, row: 0, column: 0)
        return EffectHarness.lines(frame)
    }

    @Test func betweenCuesTheOldTextGivesWayToTheNewOneColumnRangeAtATime() {
        let old = EffectHarness.block("aaaaaaaaaaaaaaaaaaaaaaaa\nbbbbbbbbbbbbbbbbbbbbbbbb")
        let new = EffectHarness.block("xxxxxxxxxxxxxxxxxxxxxxxx\nyyyyyyyyyyyy")
        let context = EffectContext(depth: .truecolor, previous: old)
        // At once the first range moves: the new row 1 drops to row 0 from above, the old row 0 drops to row 1.
        #expect(lines(new, at: 0, context: context) == ["yy" + String(repeating: "a", count: 22), "aa" + String(repeating: "b", count: 22)])
        // Half way: new text on the left, old on the right, a moving range between.
        let mid = lines(new, at: duration / 2, context: context)
        #expect(mid[0].hasPrefix("xxxxxxxx") && mid[0].hasSuffix("aaaaaa"), "\(mid)")
        #expect(mid[1].hasPrefix("yyyyyyyy") && mid[1].hasSuffix("bbbbbb"), "\(mid)")
        // The end: only the new text (the old one's longer row is gone).
        #expect(lines(new, at: duration, context: context) == ["xxxxxxxxxxxxxxxxxxxxxxxx", "yyyyyyyyyyyy"])
    }

    @Test func inMotionTheOldDropsOutAndTheNewDropsInFromTheRowAbove() {
        let old = EffectHarness.block("ab\ncd\nef")
        let new = EffectHarness.block("AB\nCD\nEF")
        let context = EffectContext(depth: .none, previous: old)
        // One range (2 columns), moving from 0 to its motion time.
        #expect(lines(new, at: 0, context: context) == ["CD", "EF", "cd"])
        #expect(lines(new, at: duration, context: context) == ["AB", "CD", "EF"])
    }

    @Test func withoutAPreviousBlockTheNewTextDropsIntoBlankSpace() {
        let new = EffectHarness.block("AB\nCD")
        let context = EffectContext(depth: .truecolor)
        let start = lines(new, at: 0, context: context)
        #expect(start == ["CD", ""], "\(start)")  // row 1 one row up; row 0 arrives half faded under it
        var frame = Frame(width: 40, origin: 0, rowCount: 2)
        let one = EffectHarness.block("AB")
        effect.draw(one, elapsed: 0, duration: duration, context: context, into: &frame, row: 0, column: 0)
        #expect(frame.rows[0][0].text == "A" && frame.rows[0][0].style.foreground != nil, "half faded in place")
        #expect(lines(new, at: duration, context: context) == ["AB", "CD"])
    }

    @Test func itNeverDrawsOutsideTheRowsItWasGiven() {
        let tall = EffectHarness.block("1\n2\n3\n4\n5")
        let short = EffectHarness.block("x")
        var frame = Frame(width: 40, origin: 10, rowCount: 1)
        for t in stride(from: Nanoseconds(0), through: duration, by: Int(frameInterval)) {
            effect.draw(short, elapsed: t, duration: duration, context: EffectContext(previous: tall), into: &frame, row: 10, column: 0)
            #expect(frame.rows.count == 1 && frame.origin == 10)
        }
    }

    @Test func wideGlyphsMoveWhole() throws {
        let context = EffectContext(depth: .truecolor, graphemesPerSecond: 50)
        let text = "한글 a한 b👍🏽c 日本語\n가나다라마바사 xyz\n"
        let sink = try EffectHarness.play(effect, text, context: context)
        let screen = EffectHarness.replay(sink, columns: 40, rows: 12, text: text)
        #expect(screen.transcript == expectedWrap(text, width: 40))
    }
}
