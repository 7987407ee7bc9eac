/// The Birdman credits reveal: every occurrence of one grapheme appears at once, group after group in a
/// seeded shuffled order, each group fading in, each step starting sooner and lasting shorter than the
/// one before (by `context.acceleration`, `--accel`).
///
/// Timing, for G groups, acceleration a and the reveal's duration T: step k starts at
/// `d·(1 + a + … + a^(k−1))` and fades in over `r·d·a^k` (r = `fadeRatio`, so consecutive fades
/// overlap), with `d` chosen so the last fade ends exactly at T. A fade is shown in `fadeLevels`
/// perceptually even steps (25, 50, 75, 100 % of the way in OKLab), evenly spaced over the fade:
/// a terminal shows that as a fade, and it keeps the output small — each glyph is written a handful
/// of times, not once a frame. Without colour a group appears when its fade is half done.
public struct Letters: Effect {
    public init() {}
    public var name: String { "letters" }
    public var summary: String { "every occurrence of a letter at once, group after group, faster and faster" }

    /// Each fade lasts this many step intervals.
    static let fadeRatio = 2.0
    /// Visible steps of a group's fade (the last is the final look).
    static let fadeLevels = 4

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        EffectTime.fit(budget, natural: EffectTime.natural(count: block.count, pace: context.graphemesPerSecond,
                                                           lead: 20, speedup: 2, bounds: 0.6...6))
    }

    /// The groups in their seeded order and when each fades in.
    struct Plan {
        /// For each glyph, its group's position in the order.
        var step: [Int]
        /// For each step: when its fade starts and how long it lasts (nanoseconds, as Double).
        var start: [Double]
        var length: [Double]

        init(_ block: Block, duration: Nanoseconds, context: EffectContext) {
            // Groups by the grapheme itself, in order of first appearance, then shuffled.
            var groupOf: [String: Int] = [:]
            var group: [Int] = []
            group.reserveCapacity(block.count)
            for glyph in block.glyphs {
                if let g = groupOf[glyph.text] {
                    group.append(g)
                } else {
                    groupOf[glyph.text] = groupOf.count
                    group.append(groupOf.count - 1)
                }
            }
            let count = groupOf.count
            // Fisher–Yates with SplitMix64 (not `shuffle(using:)`, whose algorithm may change between
            // Swift versions: `--seed` promises the same order everywhere).
            var order = Array(0..<count)
            var random = SplitMix64(seed: context.seed ^ 0x4C45_5454_4552_5321)  // "LETTERS!"
            if count > 1 {
                for i in stride(from: count - 1, to: 0, by: -1) {
                    let j = Int(random.next() % UInt64(i + 1))
                    order.swapAt(i, j)
                }
            }
            var stepOfGroup = Array(repeating: 0, count: count)
            for (position, g) in order.enumerated() { stepOfGroup[g] = position }
            step = group.map { stepOfGroup[$0] }

            // Geometric steps fitted to the duration: sum of intervals before the last step, plus its fade.
            let a = context.acceleration.isFinite ? min(1, max(0.01, context.acceleration)) : 0.9
            var starts: [Double] = []
            var lengths: [Double] = []
            starts.reserveCapacity(count)
            lengths.reserveCapacity(count)
            var offset = 0.0, scale = 1.0
            for _ in 0..<count {
                starts.append(offset)
                lengths.append(Letters.fadeRatio * scale)
                offset += scale
                scale *= a
            }
            let units = (starts.last ?? 0) + (lengths.last ?? 1)
            let d = Double(duration) / max(units, 1e-9)
            start = starts.map { $0 * d }
            length = lengths.map { $0 * d }
        }

        /// How far step `k`'s fade has come at `t`, in whole levels (0: not begun, `fadeLevels`: done).
        /// Level 1 shows at the step's start, the last at the end of its fade.
        func level(_ k: Int, at t: Nanoseconds) -> Int {
            let x = Double(t) - start[k]
            guard x >= 0 else { return 0 }
            guard length[k] > 0 else { return Letters.fadeLevels }
            return min(Letters.fadeLevels, 1 + Int((x / length[k] * Double(Letters.fadeLevels - 1)).rounded(.down)))
        }

        /// The instant step `k` reaches `level` (≥ 1).
        func instant(ofLevel level: Int, step k: Int) -> Double {
            start[k] + Double(level - 1) / Double(Letters.fadeLevels - 1) * length[k]
        }
    }

    /// What each glyph shows at grid instant `t`: its style, or nil while hidden.
    private func looks(_ block: Block, plan: Plan, at t: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> [Style?] {
        let fading = Fading(context)
        var looks: [Style?] = []
        looks.reserveCapacity(block.count)
        for (i, glyph) in block.glyphs.enumerated() {
            if t >= duration { looks.append(glyph.style); continue }
            let level = plan.level(plan.step[i], at: t)
            looks.append(fading.style(glyph.style, at: Double(level) / Double(Letters.fadeLevels)))
        }
        return looks
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        if elapsed >= duration { return drawFinal(block, into: &frame, row: row, column: column) }
        let plan = Plan(block, duration: duration, context: context)
        let t = EffectTime.sample(elapsed, duration: duration)
        for (glyph, look) in zip(block.glyphs, looks(block, plan: plan, at: t, duration: duration, context: context)) {
            if let look { frame.put(glyph.text, width: glyph.width, style: look, row: row + glyph.row, column: column + glyph.column) }
        }
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        guard elapsed < duration else { return nil }
        let plan = Plan(block, duration: duration, context: context)
        // Only level changes can change the drawing: look at those instants alone.
        let stepCount = plan.start.count
        return EffectTime.nextChange(after: elapsed, duration: duration, state: { t -> [Style?] in
            looks(block, plan: plan, at: t, duration: duration, context: context)
        }, quietUntil: { t in
            // Nothing moves until the next level boundary of any step.
            var next = Double.infinity
            for k in 0..<stepCount {
                let level = plan.level(k, at: t)
                if level < Letters.fadeLevels { next = min(next, plan.instant(ofLevel: level + 1, step: k)) }
            }
            // A microsecond early, so rounding never skips the grid instant a level changes on.
            return next.isFinite ? Nanoseconds(next.rounded(.down)) - 1000 : duration
        })
    }
}
