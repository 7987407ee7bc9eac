/// An effect played backwards: what `base` draws at `duration − elapsed`. A slide show stepping back
/// plays the transition it came through in reverse, from wherever it stands, so the picture never
/// jumps when the direction changes.
struct Reversed: Effect {
    let base: any Effect
    var name: String { base.name }
    var summary: String { base.summary }

    func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        base.duration(of: block, budget: budget, context: context)
    }

    func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
              into frame: inout Frame, row: Int, column: Int) {
        base.draw(block, elapsed: max(0, duration - elapsed), duration: duration, context: context, into: &frame, row: row, column: column)
    }

    /// Every frame until the start is reached (the base's changes are known forwards only); the
    /// renderer writes only what differs.
    func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        elapsed < duration ? min(duration, EffectTime.gridCeiling(elapsed + 1)) : nil
    }
}
