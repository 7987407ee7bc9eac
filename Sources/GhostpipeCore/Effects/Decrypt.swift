/// The Sneakers effect: every cell of the block churns through random glyphs of its own width (wide
/// cells through Hangul and CJK ideographs, narrow ones through ASCII, wider ones — a terminal may
/// draw an emoji sequence 3 or 4 columns wide — through as many of those as fill its columns), then
/// settles on the real text, roughly left to right with seeded jitter, with a brief highlight before
/// its own colour.
///
/// Everything is a pure function of (seed, glyph index, tick), on ticks of three frames (20 a
/// second: churn reads as churn at that rate, and it keeps the output small): a cell's glyph changes
/// every 1–2 ticks (its own seeded period and phase, so the block shimmers rather than flips), and
/// glyph k of n settles at the tick after `(0.2 + 0.8·(0.6·k/(n−1) + 0.4·u_k))·(T − flash)`, with
/// u_k seeded in [0, 1), then shows the highlight for `flash` (two ticks).
///
/// Cipher text is the terminal's own green, dimmed, and the highlight its bright green: palette
/// colours follow the user's theme and cost 7 bytes to select, not 20. Without colour the cipher
/// churns in the text's own style.
public struct Decrypt: Effect {
    public init() {}
    public var name: String { "decrypt" }
    public var summary: String { "random glyphs churn in every cell, then settle on the text" }

    /// One churn step.
    static let tick: Nanoseconds = 3 * frameInterval

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        EffectTime.fit(budget, natural: EffectTime.natural(count: block.count, pace: context.graphemesPerSecond,
                                                           lead: 25, speedup: 4, bounds: 1...4))
    }

    /// How long a settled glyph keeps its highlight: two ticks, less in a very short reveal.
    static func flash(_ duration: Nanoseconds) -> Nanoseconds {
        duration >= 10 * tick ? 2 * tick : duration >= 4 * tick ? tick : 0
    }

    /// Seeded randomness for (seed, glyph, salt): one SplitMix64 output, no state kept.
    static func hash(_ seed: UInt64, _ k: Int, _ salt: UInt64) -> UInt64 {
        var random = SplitMix64(seed: seed ^ 0x4445_4352_5950_5421 ^ (UInt64(truncatingIfNeeded: k) &* 0x9E37_79B9_7F4A_7C15) ^ (salt &* 0xD6E8_FEB8_6659_FD93))
        return random.next()
    }

    /// The first tick instant at or after `instant`.
    static func tickCeiling(_ instant: Nanoseconds) -> Nanoseconds {
        guard instant > 0 else { return 0 }
        let rest = instant % tick
        return rest == 0 ? instant : instant - rest + tick
    }

    /// When glyph `k` of `n` settles (a tick instant).
    static func settle(_ k: Int, of n: Int, duration: Nanoseconds, seed: UInt64) -> Nanoseconds {
        let position = n > 1 ? Double(k) / Double(n - 1) : 0
        let jitter = Double(hash(seed, k, 1) >> 11) / Double(1 << 53)
        let share = 0.2 + 0.8 * (0.6 * position + 0.4 * jitter)
        return tickCeiling(Nanoseconds(saturating: share * Double(duration - flash(duration))))
    }

    /// Glyph `k`'s churn period and phase, in ticks.
    static func churn(_ k: Int, seed: UInt64) -> (period: Int64, phase: Int64) {
        let h = hash(seed, k, 2)
        let period = Int64(1 + h % 2)
        return (period, Int64((h >> 8) % UInt64(period)))
    }

    /// The random text cell `k` shows in churn step `step`: as many columns as the real glyph takes
    /// on this terminal (`width`, measured there when terminals disagree: tmux draws `👍🏽` 4 wide),
    /// made only of characters every terminal draws at the same width: `width / 2` Hangul syllables
    /// or CJK ideographs (two columns each, tmux included), then one printable ASCII character if
    /// `width` is odd. Nothing for a width of 0. The renderer moves the cursor by the cell's width, so
    /// text of any other width would leave every later move on the row off by the difference.
    static func cipherText(_ k: Int, step: Int64, width: Int, seed: UInt64) -> String {
        guard width > 0 else { return "" }
        var text = ""
        text.unicodeScalars.reserveCapacity(width / 2 + width % 2)
        for part in 0..<(width / 2 + width % 2) {
            // Part 0 keeps the salt a one- or two-column cell always had (same seed, same churn).
            let h = hash(seed, k, 3 &+ UInt64(bitPattern: step) &* 0x1000_0001 &+ UInt64(part) &* 0x9E37_79B9)
            let scalar: UInt32
            if 2 * part + 1 < width {
                scalar = h & 1 == 0 ? 0xAC00 + UInt32((h >> 1) % 11172) : 0x4E00 + UInt32((h >> 1) % 0x5100)
            } else {
                scalar = 0x21 + UInt32(h % 94)  // printable ASCII
            }
            text.unicodeScalars.append(Unicode.Scalar(scalar) ?? "?")
        }
        return text
    }

    /// Churning cipher text and the settling highlight, in the glyph's cell.
    static func cipherStyle(_ style: Style, depth: ColorDepth) -> Style {
        depth == .none ? style : Style(foreground: .palette(2), background: style.background, attributes: .dim)
    }

    static func highlightStyle(_ style: Style, depth: ColorDepth) -> Style {
        depth == .none ? style : Style(foreground: .palette(10), background: style.background)
    }

    /// What glyph `k` shows at tick instant `t`: its text and style.
    private func look(_ glyph: Glyph, _ k: Int, of n: Int, at t: Nanoseconds, duration: Nanoseconds,
                      context: EffectContext) -> (text: String, style: Style) {
        if t >= duration { return (glyph.text, glyph.style) }
        let settled = Decrypt.settle(k, of: n, duration: duration, seed: context.seed)
        if t >= settled {
            return (glyph.text, t < settled + Decrypt.flash(duration) ? Decrypt.highlightStyle(glyph.style, depth: context.depth) : glyph.style)
        }
        let (period, phase) = Decrypt.churn(k, seed: context.seed)
        return (Decrypt.cipherText(k, step: (t / Decrypt.tick + phase) / period, width: glyph.width, seed: context.seed),
                Decrypt.cipherStyle(glyph.style, depth: context.depth))
    }

    /// The tick instant `elapsed` is drawn as.
    static func sample(_ elapsed: Nanoseconds, duration: Nanoseconds) -> Nanoseconds {
        elapsed >= duration ? duration : max(0, elapsed - elapsed % tick)
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        if elapsed >= duration { return drawFinal(block, into: &frame, row: row, column: column) }
        let t = Decrypt.sample(elapsed, duration: duration)
        let n = block.count
        for (k, glyph) in block.glyphs.enumerated() {
            let (text, style) = look(glyph, k, of: n, at: t, duration: duration, context: context)
            frame.put(text, width: glyph.width, style: style, row: row + glyph.row, column: column + glyph.column)
        }
        GapBridging.bridge(&frame, rows: row..<(row + block.rows))
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        guard elapsed < duration else { return nil }
        let t = Decrypt.sample(elapsed, duration: duration)
        let n = block.count
        let flash = Decrypt.flash(duration)
        var next = duration
        for k in 0..<n {
            let settled = Decrypt.settle(k, of: n, duration: duration, seed: context.seed)
            if t < settled {
                // Still churning: its next churn step, or settling, whichever is first.
                let (period, phase) = Decrypt.churn(k, seed: context.seed)
                let step = t / Decrypt.tick + phase
                next = min(next, ((step / period + 1) * period - phase) * Decrypt.tick, settled)
            } else if t < settled + flash {
                next = min(next, settled + flash)
            }
        }
        return max(next, elapsed + 1)
    }
}

extension Decrypt {
    /// Each glyph settles on its text after its highlight.
    public func settleTimes(_ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds] {
        let flash = Decrypt.flash(duration)
        return block.glyphs.indices.map { min(duration, Decrypt.settle($0, of: block.count, duration: duration, seed: context.seed) + flash) }
    }
}
