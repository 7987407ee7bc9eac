import Testing
@testable import GhostpipeCore
import TestSupport

@Suite struct LettersEffect {
    let effect = Letters()
    let duration = 2 * Time.second

    /// For each grapheme of the block, the first frame instant at which it shows at all, and at which
    /// it shows in its final style.
    func appearances(_ block: Block, context: EffectContext) -> (first: [String: Nanoseconds], final: [String: Nanoseconds]) {
        var first: [String: Nanoseconds] = [:], final: [String: Nanoseconds] = [:]
        for t in EffectHarness.changes(effect, block, duration: duration, context: context) {
            let frame = EffectHarness.frame(effect, block, at: t, duration: duration, context: context)
            for g in block.glyphs {
                let cell = frame.rows[g.row][g.column]
                if cell.text == g.text && first[g.text] == nil { first[g.text] = t }
                if cell.text == g.text && cell.style == g.style && final[g.text] == nil { final[g.text] = t }
            }
        }
        return (first, final)
    }

    @Test func everyOccurrenceOfAGraphemeLooksTheSameAtEveryInstant() {
        for text in EffectTexts.all {
            let block = EffectHarness.block(text + "한 한 👍🏽👍🏽 ❤️ ❤️")
            let context = EffectContext(depth: .truecolor, seed: 5)
            for t in EffectHarness.changes(effect, block, duration: duration, context: context) {
                let frame = EffectHarness.frame(effect, block, at: t, duration: duration, context: context)
                // By bytes: `é` and `e` + U+0301 are different graphemes to draw (String keys merge them).
                var look: [[UInt8]: Cell] = [:]
                for g in block.glyphs {
                    // A hidden glyph's cell may hold a bridged space (GapBridging): still nothing shown.
                    let drawn = frame.rows[g.row][g.column]
                    let cell = drawn.text == " " ? Cell.blank : drawn
                    let key = Array(g.text.utf8)
                    if let seen = look[key] { #expect(seen == cell, "\(g.text) differs at \(t)") } else { look[key] = cell }
                }
            }
        }
    }

    @Test func groupsComeInASeededShuffledOrderAndStepsSpeedUp() {
        let block = EffectHarness.block("abcdefghijklmnop qrstuvwxyz")
        let a = appearances(block, context: EffectContext(seed: 1)).first
        let b = appearances(block, context: EffectContext(seed: 1)).first
        let c = appearances(block, context: EffectContext(seed: 2)).first
        #expect(a == b)
        func order(_ d: [String: Nanoseconds]) -> [String] { d.sorted { $0.value < $1.value }.map(\.key) }
        #expect(order(a) != order(c))
        #expect(order(a) != block.glyphs.map(\.text), "not shuffled")
        // Each step starts sooner after the previous one than that one did (factor 0.9, on a 1/60 s grid).
        let starts = a.values.sorted()
        #expect(starts.count == 26)
        let gaps = zip(starts, starts.dropFirst()).map { $1 - $0 }
        #expect(gaps[0] > gaps[gaps.count / 2] && gaps[gaps.count / 2] > gaps[gaps.count - 1])
        for (x, y) in zip(gaps, gaps.dropFirst()) { #expect(y <= x + frameInterval) }
        // The plan itself is exactly geometric.
        let plan = Letters.Plan(block, duration: duration, context: EffectContext(seed: 1))
        for k in 1..<(plan.start.count - 1) {
            let ratio = (plan.start[k + 1] - plan.start[k]) / (plan.start[k] - plan.start[k - 1])
            #expect(abs(ratio - 0.9) < 1e-9)
            #expect(abs(plan.length[k] / plan.length[k - 1] - 0.9) < 1e-9)
        }
        #expect(abs(plan.start.last! + plan.length.last! - Double(duration)) < 1)
    }

    @Test func accelerationComesFromTheContext() {
        let block = EffectHarness.block("abcdefghij")
        func context(accel: Double) -> EffectContext {
            var settings = EffectSettings()
            settings[Letters.Acceleration.self] = accel
            return EffectContext(settings: settings)
        }
        let slow = Letters.Plan(block, duration: duration, context: context(accel: 1))
        let fast = Letters.Plan(block, duration: duration, context: context(accel: 0.5))
        let evenGaps = zip(slow.start, slow.start.dropFirst()).map { $1 - $0 }
        #expect(evenGaps.allSatisfy { abs($0 - evenGaps[0]) < 1 })
        #expect(abs((fast.start[2] - fast.start[1]) / (fast.start[1] - fast.start[0]) - 0.5) < 1e-9)
    }

    @Test func hangulAndEmojiClustersFormGroupsToo() {
        let block = EffectHarness.block("한 x 한 y 👍🏽 z 👍🏽 👍")
        let plan = Letters.Plan(block, duration: duration, context: EffectContext(seed: 3))
        let steps = Dictionary(grouping: zip(block.glyphs.map(\.text), plan.step), by: \.0).mapValues { Set($0.map(\.1)) }
        #expect(steps["한"]?.count == 1)
        #expect(steps["👍🏽"]?.count == 1)
        #expect(steps["👍"] != steps["👍🏽"], "👍 and 👍🏽 are different graphemes")
        #expect(Set(plan.step).count == 6)
    }

    @Test func aGroupFadesInThroughEvenOKLabStepsAndEndsInItsOwnStyle() {
        let red = Style(foreground: .rgb(220, 40, 40))
        let block = BlockLayout.layout(BlockLayout.graphemes("aaa", style: red), width: 40)
        let context = EffectContext(depth: .truecolor, background: (0, 0, 0))
        let seen = EffectHarness.changes(effect, block, duration: duration, context: context).map {
            EffectHarness.frame(effect, block, at: $0, duration: duration, context: context).rows[0][0].style
        }
        let target = OKLab(220, 40, 40), black = OKLab(0, 0, 0)
        let expected = [0.25, 0.5, 0.75].map { p -> Style in
            let (r, g, b) = OKLab.mix(black, target, p).rgb
            return Style(foreground: .rgb(r, g, b))
        }
        #expect(Array(seen.prefix(3)) == expected, "\(seen)")
        #expect(seen.last == red)
    }

    @Test func withoutColourAGroupAppearsWholeMidwayThroughItsFade() {
        let block = EffectHarness.block("ab")
        let context = EffectContext(depth: .none, seed: 9)
        let plan = Letters.Plan(block, duration: duration, context: context)
        for t in EffectHarness.changes(effect, block, duration: duration, context: context) {
            let frame = EffectHarness.frame(effect, block, at: t, duration: duration, context: context)
            #expect(frame.rows.joined().allSatisfy { $0.style == .plain })
        }
        // Level 3 of 4 (half way and more) shows; the text never goes blank once shown.
        let k = plan.step[0]
        let shownAt = EffectTime.gridCeiling(Nanoseconds(plan.instant(ofLevel: 2, step: k).rounded(.up)))
        #expect(EffectHarness.frame(effect, block, at: shownAt - 1, duration: duration, context: context).rows[0][0].isBlank)
        #expect(EffectHarness.frame(effect, block, at: shownAt, duration: duration, context: context).rows[0][0].text == "a")
    }

    @Test func atSixteenColoursItSkipsTheFramesThatLookTheSame() {
        let block = EffectHarness.block(EffectTexts.ascii)
        let truecolor = EffectHarness.changes(effect, block, duration: duration, context: EffectContext(depth: .truecolor))
        let ansi = EffectHarness.changes(effect, block, duration: duration, context: EffectContext(depth: .ansi16))
        #expect(ansi.count < truecolor.count)
    }
}
