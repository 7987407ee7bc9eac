/// Ghost typing: graphemes appear one by one in reading order, each in its final place. With per-glyph
/// instants (streamed text, WebVTT word timing) it follows them; otherwise it spreads the block evenly
/// over its duration.
public struct Typewriter: Effect {
    public init() {}
    public var name: String { "typewriter" }
    public var summary: String { "graphemes appear one by one in their final place (default)" }
    public var streaming: StreamedReveal { .typed }

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        if let last = block.glyphs.last?.reveal { return last }
        let natural = Nanoseconds(saturating: Double(max(0, block.count - 1)) / context.graphemesPerSecond * 1e9)
        return budget.map { min($0, natural) } ?? natural
    }

    /// When glyph `k` appears.
    func instant(_ k: Int, of block: Block, duration: Nanoseconds) -> Nanoseconds {
        if let reveal = block.glyphs[k].reveal { return reveal }
        guard block.count > 1 else { return 0 }
        return Nanoseconds(saturating: (Double(k) * Double(duration) / Double(block.count - 1)).rounded())
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        for glyph in block.glyphs[..<firstHidden(block, after: elapsed, duration: duration)] {
            frame.put(glyph.text, width: glyph.width, style: glyph.style, row: row + glyph.row, column: column + glyph.column)
        }
    }

    public func settleTimes(_ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds] {
        block.glyphs.indices.map { instant($0, of: block, duration: duration) }
    }

    /// Rows up to the last glyph shown: the typewriter creates a row when it reaches it.
    public func rowsShown(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds) -> Int {
        let shown = firstHidden(block, after: elapsed, duration: duration)
        return shown == 0 ? 0 : block.glyphs[shown - 1].row + 1
    }

    /// The index of the first glyph not shown at `elapsed` (reveal instants never decrease).
    func firstHidden(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds) -> Int {
        var low = 0, high = block.count
        while low < high {
            let mid = (low + high) / 2
            if instant(mid, of: block, duration: duration) <= elapsed { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Glyphs only ever appear, in order, each in its final place. With instants of their own (all
    /// of them: `firstHidden` needs them in order) glyphs appended later cannot change what shows.
    public func appearing(_ block: Block, from: Nanoseconds, to: Nanoseconds, duration: Nanoseconds) -> Range<Int>? {
        guard from <= to, block.glyphs.first?.reveal != nil, block.glyphs.last?.reveal != nil else { return nil }
        return firstHidden(block, after: from, duration: duration)..<firstHidden(block, after: to, duration: duration)
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        let next = firstHidden(block, after: elapsed, duration: duration)
        return next < block.count ? instant(next, of: block, duration: duration) : nil
    }
}
