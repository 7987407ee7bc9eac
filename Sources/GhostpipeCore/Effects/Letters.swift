/// The Birdman credits reveal: every occurrence of one grapheme appears at once, group after group in a
/// seeded shuffled order, each group fading in, each step starting sooner and lasting shorter than the
/// one before (by `--accel`, its option).
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
    public var summary: String { "all copies of a letter appear at once, group by group, ever faster" }

    public static let options = [
        EffectOption("accel", .number("F"), sets: Acceleration.self,
                     help: "each step of a stepped reveal lasts F times the one before (default 0.9)") { text throws(InvalidValue) in
            guard let f = Double(text), f > 0, f <= 1 else { throw InvalidValue("'\(text)' is not a factor above 0 and at most 1") }
            return f
        },
    ]

    /// `--accel`: each step lasts this factor of the one before (0 < F ≤ 1).
    public enum Acceleration: EffectSetting {
        public static let defaultValue = 0.9
    }

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
            // Groups by the grapheme itself, in order of first appearance, then shuffled. ASCII
            // graphemes are looked up by their byte (this runs for every frame; hashing every
            // String was most of the effect's CPU time).
            var ascii = [Int](repeating: -1, count: 128)
            var groupOf: [String: Int] = [:]
            var count = 0
            var group: [Int] = []
            group.reserveCapacity(block.count)
            for glyph in block.glyphs {
                let utf8 = glyph.text.utf8
                if utf8.count == 1, let byte = utf8.first, byte < 128 {
                    if ascii[Int(byte)] < 0 { ascii[Int(byte)] = count; count += 1 }
                    group.append(ascii[Int(byte)])
                } else if let g = groupOf[glyph.text] {
                    group.append(g)
                } else {
                    groupOf[glyph.text] = count
                    group.append(count)
                    count += 1
                }
            }
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
            let given = context.settings[Acceleration.self]
            let a = given.isFinite ? min(1, max(0.01, given)) : 0.9
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

    /// What a glyph of each style shows at each fade level (nil: hidden), and for each level the first
    /// level that looks the same (at 16 colours the first levels may all be hidden).
    private func looks(_ styles: StyleIndex, context: EffectContext) -> (table: [[Style?]], canonical: [Int]) {
        let fading = Fading(context)
        let table = (0...Letters.fadeLevels).map { level in
            styles.styles.map { fading.style($0, at: Double(level) / Double(Letters.fadeLevels)) }
        }
        let canonical = table.indices.map { level in table.firstIndex { $0 == table[level] } ?? level }
        return (table, canonical)
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        if elapsed >= duration { return drawFinal(block, into: &frame, row: row, column: column) }
        let plan = Plan(block, duration: duration, context: context)
        let styles = StyleIndex(block)
        let table = looks(styles, context: context).table
        let t = EffectTime.sample(elapsed, duration: duration)
        let levels = (0..<plan.start.count).map { plan.level($0, at: t) }
        for (i, glyph) in block.glyphs.enumerated() {
            if let look = table[levels[plan.step[i]]][styles.index[i]] {
                frame.put(glyph.text, width: glyph.width, style: look, row: row + glyph.row, column: column + glyph.column)
            }
        }
        GapBridging.bridge(&frame, rows: row..<(row + block.rows))
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        guard elapsed < duration else { return nil }
        let plan = Plan(block, duration: duration, context: context)
        let canonical = looks(StyleIndex(block), context: context).canonical
        let stepCount = plan.start.count
        // The drawing is determined by each step's level, up to levels that look the same.
        return EffectTime.nextChange(after: elapsed, duration: duration, state: { t -> [Int] in
            t >= duration ? [] : (0..<stepCount).map { canonical[plan.level($0, at: t)] }
        }, quietUntil: { t in
            // Nothing moves until the next level boundary of any step.
            var next = Double.infinity
            for k in 0..<stepCount {
                let level = plan.level(k, at: t)
                if level < Letters.fadeLevels { next = min(next, plan.instant(ofLevel: level + 1, step: k)) }
            }
            // A microsecond early, so rounding never skips the grid instant a level changes on.
            return next.isFinite ? Nanoseconds(saturating: next.rounded(.down)) - 1000 : duration
        })
    }
}

extension Letters {
    /// Each glyph settles when its group's fade ends.
    public func settleTimes(_ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds] {
        let plan = Plan(block, duration: duration, context: context)
        return plan.step.map { min(duration, Nanoseconds(saturating: (plan.start[$0] + plan.length[$0]).rounded(.up))) }
    }
}
