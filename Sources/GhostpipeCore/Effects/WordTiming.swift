/// Word and syllable timing (WebVTT `<00:00:01.500>`, ASS karaoke `{\k50}`, enhanced LRC
/// `<00:01.50>`) on top of any effect. The effect reveals the block as it reveals any block; the
/// timing then decides, glyph by glyph, what of it shows at each instant:
///
/// - **Highlighting** (karaoke with colour on: glyphs that have a `before` look): every glyph is on
///   show from the start in its `before` look (not sung yet) and takes its own look at its instant.
/// - **Revealing** (no `before` look, or no colour to tell the looks apart): a glyph stays hidden
///   until its instant.
///
/// The typewriter follows reveal instants itself (it types each glyph at its instant), so a block
/// that only reveals is left to it. A key that shows everything at once clears the instants
/// (`Scene.finishReveal`) and cuts the duration: the effect's reveal ends then too.
public struct WordTiming: Effect {
    let inner: any Effect
    /// The effect's own duration for the block (its reveal), without the timing.
    let innerDuration: Nanoseconds

    public var name: String { inner.name }
    public var summary: String { inner.summary }
    public var streaming: StreamedReveal { inner.streaming }

    /// `effect` for `block` with its word timing, given the reveal's `budget`; `effect` itself when
    /// the block has no timing, or when the typewriter reveals it by itself.
    public static func wrapping(_ effect: any Effect, for block: Block, budget: Nanoseconds?,
                                context: EffectContext) -> any Effect {
        guard block.glyphs.contains(where: { $0.reveal != nil }) else { return effect }
        let highlights = context.depth != .none && block.glyphs.contains { $0.before != nil && $0.reveal != nil }
        if !highlights && effect.streaming == .typed { return effect }
        let inner = effect.duration(of: untimed(block, at: 0, highlighting: highlights), budget: budget, context: context)
        return WordTiming(inner: effect, innerDuration: inner)
    }

    /// `block` as the effect sees it at `elapsed`: no instants, and glyphs not reached yet in their
    /// `before` look when highlighting.
    static func untimed(_ block: Block, at elapsed: Nanoseconds, highlighting: Bool) -> Block {
        var shown = block
        for k in shown.glyphs.indices {
            if highlighting, let reveal = shown.glyphs[k].reveal, reveal > elapsed, let before = shown.glyphs[k].before {
                shown.glyphs[k].style = before
            }
            shown.glyphs[k].reveal = nil
            shown.glyphs[k].before = nil
        }
        return shown
    }

    private func highlighting(_ context: EffectContext) -> Bool { context.depth != .none }

    /// The last instant of the timing.
    private static func lastInstant(_ block: Block) -> Nanoseconds {
        block.glyphs.lazy.compactMap(\.reveal).max() ?? 0
    }

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        max(innerDuration, Self.lastInstant(block))
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        let highlighting = highlighting(context)
        inner.draw(Self.untimed(block, at: elapsed, highlighting: highlighting), elapsed: elapsed,
                   duration: min(innerDuration, duration), context: context, into: &frame, row: row, column: column)
        for glyph in block.glyphs {
            guard let reveal = glyph.reveal, reveal > elapsed, !(highlighting && glyph.before != nil) else { continue }
            frame.erase(row: row + glyph.row, column: column + glyph.column, columns: glyph.width)
        }
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        var next = inner.nextChange(Self.untimed(block, at: elapsed, highlighting: highlighting(context)), after: elapsed,
                                    duration: min(innerDuration, duration), context: context)
        for glyph in block.glyphs {
            if let reveal = glyph.reveal, reveal > elapsed { next = min(next ?? reveal, reveal) }
        }
        return next
    }

    public func settleTimes(_ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds] {
        let settled = inner.settleTimes(Self.untimed(block, at: .max, highlighting: false), duration: min(innerDuration, duration),
                                        context: context)
        return zip(block.glyphs, settled).map { max($0.reveal ?? 0, $1) }
    }

    public func rowsShown(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds) -> Int {
        inner.rowsShown(Self.untimed(block, at: elapsed, highlighting: false), elapsed: elapsed, duration: min(innerDuration, duration))
    }
}
