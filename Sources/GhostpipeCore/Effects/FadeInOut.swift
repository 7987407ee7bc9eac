/// A cue that fades in from its start and out before its end (ASS `\fad(in,out)`), on top of its
/// effect: whatever the effect draws is brought towards the background, linearly as the ASS alpha
/// moves. Without colour there is nothing to fade, and the text shows as the effect draws it.
public struct FadeInOut: Effect {
    let inner: any Effect
    let fadeIn: Nanoseconds
    let fadeOut: Nanoseconds
    /// The cue's length: the fade out ends there.
    let length: Nanoseconds

    public var name: String { inner.name }
    public var summary: String { inner.summary }

    /// `effect` with the cue's fades, or `effect` itself when it has none (or there is no colour).
    public static func wrapping(_ effect: any Effect, fadeIn: Nanoseconds, fadeOut: Nanoseconds, length: Nanoseconds,
                                context: EffectContext) -> any Effect {
        guard context.depth != .none, fadeIn > 0 || fadeOut > 0, length > 0 else { return effect }
        // A fade longer than its cue is the cue's length (and no fade lasts past EffectTime.longest):
        // nothing more could be shown, and the next change is found by scanning its frames.
        let most = min(length, EffectTime.longest)
        return FadeInOut(inner: effect, fadeIn: min(most, max(0, fadeIn)), fadeOut: min(most, max(0, fadeOut)), length: length)
    }

    /// How far in the text is at `t` (0 gone, 1 fully there), sampled on the frame grid.
    func presence(at t: Nanoseconds) -> Double {
        let t = max(0, t - t % frameInterval)
        var p = 1.0
        if fadeIn > 0, t < fadeIn { p = Double(t) / Double(fadeIn) }
        if fadeOut > 0, t > length - fadeOut { p = min(p, Double(max(0, length - t)) / Double(fadeOut)) }
        return p
    }

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        inner.duration(of: block, budget: budget, context: context)
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        inner.draw(block, elapsed: elapsed, duration: duration, context: context, into: &frame, row: row, column: column)
        let p = presence(at: elapsed)
        guard p < 1 else { return }
        let fading = Fading(context)
        for glyph in block.glyphs {
            let r = row + glyph.row - frame.origin, c = column + glyph.column
            guard r >= 0, r < frame.rows.count, c >= 0, c < frame.width, frame.rows[r][c].text == glyph.text else { continue }
            if let look = fading.style(frame.rows[r][c].style, at: p) {
                frame.rows[r][c].style = look
            } else {
                frame.erase(row: row + glyph.row, column: c, columns: glyph.width)
            }
        }
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        let inner = inner.nextChange(block, after: elapsed, duration: duration, context: context)
        let fade = nextFadeChange(block, after: elapsed, context: context)
        guard let fade else { return inner }
        return min(inner ?? fade, fade)
    }

    /// The next grid instant at which the fade shows differently on this terminal (colours that
    /// quantize alike are skipped), or where the fade out begins.
    private func nextFadeChange(_ block: Block, after elapsed: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        let fading = Fading(context)
        let styles = StyleIndex(block).styles
        func looks(_ t: Nanoseconds) -> [Style?] {
            let p = presence(at: t)
            return styles.map { p >= 1 ? $0 : fading.style($0, at: p) }
        }
        let windowEnd: Nanoseconds
        if fadeIn > 0, elapsed < fadeIn {
            windowEnd = fadeIn + frameInterval
        } else if fadeOut > 0, elapsed < length {
            if elapsed < length - fadeOut { return length - fadeOut }
            windowEnd = length
        } else {
            return nil
        }
        let current = looks(elapsed)
        var t = elapsed - elapsed % frameInterval + frameInterval
        while t < windowEnd {
            if looks(t) != current { return t }
            t += frameInterval
        }
        return windowEnd < length ? windowEnd : nil
    }

    public func settleTimes(_ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds] {
        inner.settleTimes(block, duration: duration, context: context).map { max($0, fadeIn) }
    }

    public func rowsShown(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds) -> Int {
        inner.rowsShown(block, elapsed: elapsed, duration: duration)
    }
}
