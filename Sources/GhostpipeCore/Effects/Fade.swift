/// The whole block fades in from the background to its final colours with an ease-out curve,
/// interpolated in OKLab and brought down to the terminal's depth. Frames are only drawn when what
/// the terminal shows changes: every frame in truecolor, a few steps at 256 or 16 colours. Without
/// colour it is a short hold (the first fifth of the duration, where the eased fade is half way),
/// then the final text.
public struct Fade: Effect {
    public init() {}
    public var name: String { "fade" }
    public var summary: String { "the block fades in from the background (OKLab, ease-out)" }

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        EffectTime.fit(budget, natural: EffectTime.natural(count: block.count, pace: context.graphemesPerSecond,
                                                           lead: 60, speedup: 4, bounds: 0.5...2))
    }

    /// What each distinct style shows at grid instant `t` (nil: hidden).
    private func looks(_ distinct: [Style], at t: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> [Style?] {
        guard t < duration else { return distinct }
        let p = EffectTime.easeOut(EffectTime.progress(t, start: 0, length: Double(duration)))
        let fading = Fading(context)
        return distinct.map { fading.style($0, at: p) }
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        if elapsed >= duration { return drawFinal(block, into: &frame, row: row, column: column) }
        let styles = StyleIndex(block)
        let looks = looks(styles.styles, at: EffectTime.sample(elapsed, duration: duration), duration: duration, context: context)
        for (glyph, k) in zip(block.glyphs, styles.index) {
            if let look = looks[k] { frame.put(glyph.text, width: glyph.width, style: look, row: row + glyph.row, column: column + glyph.column) }
        }
        GapBridging.bridge(&frame, rows: row..<(row + block.rows))
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        let distinct = StyleIndex(block).styles
        return EffectTime.nextChange(after: elapsed, duration: duration) { t in
            looks(distinct, at: t, duration: duration, context: context)
        }
    }
}
