/// The Sneakers effect: every cell of the block churns through random glyphs of its own width (wide
/// cells through Hangul and CJK ideographs, narrow ones through ASCII), then settles on the real
/// text, roughly left to right with seeded jitter, with a brief highlight that fades into the text's
/// own colour.
///
/// Everything is a pure function of (seed, glyph index, time step): a cell's churn glyph changes every
/// 2–4 frames (its own seeded period and phase, so the block shimmers rather than flips), and glyph
/// k settles at `(0.2 + 0.8·(0.6·k/(n−1) + 0.4·u_k))·(T − flash)` with u_k seeded in [0, 1).
public struct Decrypt: Effect {
    public init() {}
    public var name: String { "decrypt" }
    public var summary: String { "random glyphs churn in every cell, then settle on the text" }

    /// Colour of churning cipher text, and of the highlight a settling glyph flashes.
    static let cipher: (UInt8, UInt8, UInt8) = (64, 160, 96)
    static let highlight: (UInt8, UInt8, UInt8) = (150, 255, 180)

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        EffectTime.fit(budget, natural: EffectTime.natural(count: block.count, pace: context.graphemesPerSecond,
                                                           lead: 25, speedup: 4, bounds: 1...4))
    }

    /// How long a settled glyph keeps its highlight.
    static func flash(_ duration: Nanoseconds) -> Nanoseconds { min(150 * Time.millisecond, duration / 5) }

    /// Seeded randomness for (seed, glyph, salt): one SplitMix64 output, no state kept.
    static func hash(_ seed: UInt64, _ k: Int, _ salt: UInt64) -> UInt64 {
        var random = SplitMix64(seed: seed ^ 0x4445_4352_5950_5421 ^ (UInt64(truncatingIfNeeded: k) &* 0x9E37_79B9_7F4A_7C15) ^ (salt &* 0xD6E8_FEB8_6659_FD93))
        return random.next()
    }

    /// When glyph `k` of `n` settles.
    static func settle(_ k: Int, of n: Int, duration: Nanoseconds, seed: UInt64) -> Nanoseconds {
        let position = n > 1 ? Double(k) / Double(n - 1) : 0
        let jitter = Double(hash(seed, k, 1) >> 11) / Double(1 << 53)
        let share = 0.2 + 0.8 * (0.6 * position + 0.4 * jitter)
        return Nanoseconds(share * Double(duration - flash(duration)))
    }

    /// Glyph `k`'s churn period and phase, in frames.
    static func churn(_ k: Int, seed: UInt64) -> (period: Int64, phase: Int64) {
        let h = hash(seed, k, 2)
        let period = Int64(2 + h % 3)
        return (period, Int64((h >> 8) % UInt64(period)))
    }

    /// The random glyph cell `k` shows in churn step `step`, of the same width as the real one.
    static func cipherText(_ k: Int, step: Int64, wide: Bool, seed: UInt64) -> String {
        let h = hash(seed, k, 3 &+ UInt64(bitPattern: step) &* 0x1000_0001)
        let scalar: UInt32
        if wide {
            // Hangul syllables and CJK ideographs: two columns everywhere, tmux included.
            scalar = h & 1 == 0 ? 0xAC00 + UInt32((h >> 1) % 11172) : 0x4E00 + UInt32((h >> 1) % 0x5100)
        } else {
            scalar = 0x21 + UInt32(h % 94)  // printable ASCII
        }
        return Unicode.Scalar(scalar).map { String(Character($0)) } ?? "?"
    }

    /// What glyph `k` shows at grid instant `t`: its text and style.
    private func look(_ glyph: Glyph, _ k: Int, of n: Int, at t: Nanoseconds, duration: Nanoseconds,
                      context: EffectContext, fading: Fading) -> (text: String, style: Style) {
        if t >= duration { return (glyph.text, glyph.style) }
        let settled = Decrypt.settle(k, of: n, duration: duration, seed: context.seed)
        if t >= settled {
            let flash = Decrypt.flash(duration)
            let p = flash > 0 ? EffectTime.easeOut(Double(t - settled) / Double(flash)) : 1
            return (glyph.text, fading.style(glyph.style, from: Decrypt.highlight, at: p))
        }
        let (period, phase) = Decrypt.churn(k, seed: context.seed)
        let step = (t / frameInterval + phase) / period
        return (Decrypt.cipherText(k, step: step, wide: glyph.width == 2, seed: context.seed),
                fading.style(glyph.style, tinted: Decrypt.cipher))
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        if elapsed >= duration { return drawFinal(block, into: &frame, row: row, column: column) }
        let t = EffectTime.sample(elapsed, duration: duration)
        let fading = Fading(context)
        let n = block.count
        for (k, glyph) in block.glyphs.enumerated() {
            let (text, style) = look(glyph, k, of: n, at: t, duration: duration, context: context, fading: fading)
            frame.put(text, width: glyph.width, style: style, row: row + glyph.row, column: column + glyph.column)
        }
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        guard elapsed < duration else { return nil }
        let t = EffectTime.sample(elapsed, duration: duration)
        let n = block.count
        let fading = Fading(context)
        let flash = Decrypt.flash(duration)
        var next = duration
        for (k, glyph) in block.glyphs.enumerated() {
            let settled = Decrypt.settle(k, of: n, duration: duration, seed: context.seed)
            if t < settled {
                // Still churning: its next churn step, or settling, whichever is first.
                let (period, phase) = Decrypt.churn(k, seed: context.seed)
                let frame = t / frameInterval + phase
                let churnStep = (frame / period + 1) * period - phase
                next = min(next, churnStep * frameInterval, EffectTime.gridCeiling(settled))
            } else if t < settled + flash {
                // Flashing: the next frame its quantized colour changes.
                let now = look(glyph, k, of: n, at: t, duration: duration, context: context, fading: fading).style
                var u = t + frameInterval
                while u < min(next, duration) {
                    if look(glyph, k, of: n, at: u, duration: duration, context: context, fading: fading).style != now { break }
                    u += frameInterval
                }
                next = min(next, u)
            }
        }
        return min(next, duration)
    }
}
