/// A film's end credits: rows roll upward at a steady rate. Streamed text on a terminal rolls through
/// a viewport (`CreditsPerformance`); this is the same roll for one block in its own box (a subtitle
/// cue): its rows come up from the bottom of the box one at a time, each step `T/R` for R rows, and
/// stop in their final place.
public struct Credits: Effect {
    public init() {}
    public var name: String { "credits" }
    public var summary: String { "centred lines roll up at a steady rate, like a film's end credits" }
    public var streaming: StreamedReveal { .rolled }

    /// The default roll rate for a pace: one row for every eight graphemes a second (about three rows
    /// a second at the default 300 words a minute), never slower than one row every two seconds.
    public static func rowsPerSecond(pace graphemesPerSecond: Double) -> Double {
        let pace = graphemesPerSecond.isFinite && graphemesPerSecond > 0 ? graphemesPerSecond : 25
        return max(0.5, pace / 8)
    }

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        let natural = Time.nanoseconds(seconds: Double(max(0, block.rows - 1)) / Credits.rowsPerSecond(pace: context.graphemesPerSecond))
        return EffectTime.fit(budget, natural: natural)
    }

    /// Rows of the block already rolled in at `elapsed` (1 at the start, all of them at the end).
    func rolled(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds) -> Int {
        guard block.rows > 1, elapsed < duration else { return block.rows }
        guard duration > 0 else { return block.rows }
        return min(block.rows, 1 + Int(Double(elapsed) / Double(duration) * Double(block.rows - 1)))
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        let k = rolled(block, elapsed: elapsed, duration: duration)
        let shift = block.rows - k
        for glyph in block.glyphs where glyph.row < k {
            frame.put(glyph.text, width: glyph.width, style: glyph.style, row: row + glyph.row + shift, column: column + glyph.column)
        }
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        let k = rolled(block, elapsed: elapsed, duration: duration)
        guard k < block.rows else { return nil }
        // Step k + 1 comes at the first instant with elapsed·(R−1)/T ≥ k.
        var instant = max(elapsed + 1, min(duration, Nanoseconds(saturating: (Double(k) * Double(duration) / Double(block.rows - 1)).rounded(.down))))
        while rolled(block, elapsed: instant, duration: duration) <= k { instant += 1 }  // a few ns of rounding at most
        return instant
    }
}
