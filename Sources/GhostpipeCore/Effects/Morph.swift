/// The scrolling-letters title transition: a wave sweeps the block's columns left to right, one column
/// range at a time; in each range the graphemes of the previous text (`context.previous`) drop out
/// one row down and those of the new text drop in from the row above, then settle in place.
///
/// - With a previous block (consecutive cues in one band) it is drawn from the same top-left as the
///   new one; a caller that wants it elsewhere shifts its glyphs (rows may be negative). It is only
///   drawn on rows the frame already covers, so it never grows the frame.
/// - Without one (streamed paragraphs, appended below each other) the new text drops into blank space.
/// - Nothing is drawn outside the blocks' own rows (the row above a block may be someone else's text):
///   a grapheme with no row above it to drop from, or none below to drop to, shows half faded in
///   place instead for that moment (with no colour, as itself).
///
/// Timing, for W columns in R ranges and duration T: a range's motion lasts
/// `h = clamp(T/6, 2 frames, 200 ms)`; range i starts moving at `i·(T − h)/(R − 1)`.
public struct Morph: Effect {
    public init() {}
    public var name: String { "morph" }
    public var summary: String { "old text drops out, new text drops in, one column range at a time" }

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        let columns = max(Morph.extent(block), context.previous.map(Morph.extent) ?? 0)
        return EffectTime.fit(budget, natural: EffectTime.natural(count: columns, pace: context.graphemesPerSecond,
                                                                  lead: 15, speedup: 2, bounds: 0.5...2.5))
    }

    /// Columns a block's glyphs reach.
    static func extent(_ block: Block) -> Int {
        block.glyphs.reduce(0) { max($0, $1.column + $1.width) }
    }

    /// Where the sweep is at each range.
    struct Plan {
        var rangeWidth: Int
        var ranges: Int
        var motion: Double
        var spacing: Double

        init(_ block: Block, duration: Nanoseconds, context: EffectContext) {
            let columns = max(1, max(Morph.extent(block), context.previous.map(Morph.extent) ?? 0))
            // Ranges at least two columns wide (wide graphemes move as one), at most ~24 of them.
            rangeWidth = max(2, (columns + 23) / 24)
            ranges = (columns + rangeWidth - 1) / rangeWidth
            motion = min(Double(duration), max(Double(2 * frameInterval), min(Double(duration) / 6, 0.2e9)))
            spacing = ranges > 1 ? (Double(duration) - motion) / Double(ranges - 1) : 0
        }

        func range(_ column: Int) -> Int { min(ranges - 1, max(0, column / rangeWidth)) }
        func start(_ range: Int) -> Double { Double(range) * spacing }

        /// 0: not yet reached, 1: moving, 2: settled.
        func phase(_ column: Int, at t: Nanoseconds) -> Int {
            let s = start(range(column))
            let x = Double(t)
            return x < s ? 0 : x < s + motion ? 1 : 2
        }
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        if elapsed >= duration { return drawFinal(block, into: &frame, row: row, column: column) }
        let plan = Plan(block, duration: duration, context: context)
        let t = EffectTime.sample(elapsed, duration: duration)
        let fading = Fading(context)
        func put(_ glyph: Glyph, _ style: Style?, rowShift: Int) {
            guard let style else { return }
            let r = row + glyph.row + rowShift
            guard r >= frame.origin, r < frame.end else { return }
            frame.put(glyph.text, width: glyph.width, style: style, row: r, column: column + glyph.column)
        }
        // The old text first, so the new one wins where they meet; in each, what moves is drawn over
        // what stays in place.
        if let previous = context.previous {
            for glyph in previous.glyphs {
                switch plan.phase(glyph.column, at: t) {
                case 0: put(glyph, glyph.style, rowShift: 0)
                case 1 where glyph.row + 1 >= previous.rows: put(glyph, fading.style(glyph.style, at: 0.5), rowShift: 0)
                default: break
                }
            }
            for glyph in previous.glyphs where glyph.row + 1 < previous.rows && plan.phase(glyph.column, at: t) == 1 {
                put(glyph, glyph.style, rowShift: 1)
            }
        }
        // Settled glyphs and in-place arrivals, then those dropping from the row above on top.
        for glyph in block.glyphs {
            switch plan.phase(glyph.column, at: t) {
            case 2: put(glyph, glyph.style, rowShift: 0)
            case 1 where glyph.row == 0: put(glyph, fading.style(glyph.style, at: 0.5), rowShift: 0)
            default: break
            }
        }
        for glyph in block.glyphs where glyph.row > 0 && plan.phase(glyph.column, at: t) == 1 {
            put(glyph, glyph.style, rowShift: -1)
        }
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        guard elapsed < duration else { return nil }
        let plan = Plan(block, duration: duration, context: context)
        let t = EffectTime.sample(elapsed, duration: duration)
        var next = duration
        for range in 0..<plan.ranges {
            // Phases change at the first grid instant at or after each boundary.
            for boundary in [plan.start(range), plan.start(range) + plan.motion] {
                let instant = EffectTime.gridCeiling(Nanoseconds(saturating: boundary.rounded(.up)))
                if instant > t { next = min(next, instant) }
            }
        }
        return next
    }
}

extension Morph {
    /// Each glyph settles when the sweep's motion over its column range ends.
    public func settleTimes(_ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds] {
        let plan = Plan(block, duration: duration, context: context)
        return block.glyphs.map { glyph in
            min(duration, EffectTime.gridCeiling(Nanoseconds(saturating: (plan.start(plan.range(glyph.column)) + plan.motion).rounded(.up))))
        }
    }
}
