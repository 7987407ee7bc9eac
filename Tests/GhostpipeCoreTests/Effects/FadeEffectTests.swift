import Testing
@testable import GhostpipeCore
import TestSupport

@Suite struct FadeEffect {
    let effect = Fade()
    let duration = Time.second

    func cell(_ block: Block, at t: Nanoseconds, context: EffectContext) -> Cell {
        EffectHarness.frame(effect, block, at: t, duration: duration, context: context).rows[0][0]
    }

    @Test func defaultColouredTextFadesTowardsTheForegroundWithAnEaseOutInOKLab() {
        let block = EffectHarness.block("Hello")
        let context = EffectContext(depth: .truecolor, background: (10, 20, 30), foreground: (200, 210, 220))
        #expect(cell(block, at: 0, context: context).isBlank)
        for t in [100 * Time.millisecond, 250 * Time.millisecond, 500 * Time.millisecond, 900 * Time.millisecond] {
            let sampled = t - t % frameInterval
            let p = EffectTime.easeOut(Double(sampled) / Double(duration))
            let (r, g, b) = OKLab.mix(OKLab(10, 20, 30), OKLab(200, 210, 220), p).rgb
            #expect(cell(block, at: t, context: context) == Cell("H", style: Style(foreground: .rgb(r, g, b))))
        }
        // Ease-out: more than half way (in lightness) by a quarter of the time.
        let quarter = cell(block, at: duration / 4, context: context).style.foreground?.rgb ?? (0, 0, 0)
        #expect(OKLab(quarter.0, quarter.1, quarter.2).l > (OKLab(10, 20, 30).l + OKLab(200, 210, 220).l) / 2)
        // The end is the default style itself, not the stand-in colour.
        #expect(cell(block, at: duration, context: context) == Cell("H"))
    }

    @Test func colouredTextEndsInItsOwnColour() {
        let style = Style(foreground: .palette(3), attributes: .bold)
        let block = BlockLayout.layout(BlockLayout.graphemes("Hi", style: style), width: 40)
        let context = EffectContext(depth: .palette256)
        let mid = cell(block, at: duration / 3, context: context)
        #expect(mid.style.attributes == .bold)
        if case .palette(let i)? = mid.style.foreground { #expect(i >= 16) } else { Issue.record("not a palette colour: \(mid)") }
        #expect(cell(block, at: duration, context: context).style == style)
    }

    @Test func at256And16ColoursOnlyVisibleStepsAreFrames() {
        let block = EffectHarness.block(EffectTexts.ascii)
        let truecolor = EffectHarness.changes(effect, block, duration: duration, context: EffectContext(depth: .truecolor)).count
        let palette = EffectHarness.changes(effect, block, duration: duration, context: EffectContext(depth: .palette256)).count
        let ansi = EffectHarness.changes(effect, block, duration: duration, context: EffectContext(depth: .ansi16)).count
        #expect(truecolor > 40)
        #expect(palette < truecolor && palette <= 30)
        #expect(ansi < palette && ansi <= 5)
    }

    @Test func withoutColourItIsAShortHoldThenTheFinalTextNeverABlank() {
        let block = EffectHarness.block("Hello")
        let context = EffectContext(depth: .none)
        let instants = EffectHarness.changes(effect, block, duration: duration, context: context)
        #expect(cell(block, at: 0, context: context).isBlank)
        // Appears once, in its final style, within the first quarter, and stays.
        #expect(instants.count <= 3)
        let shown = instants[1]
        #expect(shown <= duration / 4)
        for t in stride(from: shown, through: duration + 1, by: Int(frameInterval)) {
            #expect(cell(block, at: t, context: context) == Cell("H"))
        }
    }

    @Test func throughThePipelineTheLastWriteLeavesThePlainText() throws {
        let sink = try EffectHarness.play(effect, "fade me\n", context: EffectContext(depth: .truecolor, graphemesPerSecond: 25))
        #expect(sink.writes.count > 10)
        let screen = EffectHarness.replay(sink, columns: 40, rows: 12, text: "fade me")
        #expect(screen.lines[0] == "fade me")
        #expect(screen.cells[0].allSatisfy { $0.style == .plain })
        // The frames come at most once per 1/60 s.
        let instants = sink.writes.map(\.instant)
        for (a, b) in zip(instants, instants.dropFirst()) where b != a { #expect(b - a >= frameInterval - 1) }
    }
}
