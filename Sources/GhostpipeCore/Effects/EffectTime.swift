/// Time as the animated effects see it: natural durations, easing, and the frame grid.
///
/// Animated effects sample time on a grid of `frameInterval` steps: what they draw at `elapsed` is
/// what they draw at the last grid instant at or before it (and the final text from `duration` on).
/// So a drawing is constant between grid instants, and `nextChange` can name the exact next instant
/// the drawing differs, skipping every frame in which nothing the terminal shows would change.
enum EffectTime {
    /// The grid instant `elapsed` is drawn as (`duration` once the reveal is over).
    static func sample(_ elapsed: Nanoseconds, duration: Nanoseconds) -> Nanoseconds {
        elapsed >= duration ? duration : max(0, elapsed - elapsed % frameInterval)
    }

    /// The first grid instant at or after `instant`.
    static func gridCeiling(_ instant: Nanoseconds) -> Nanoseconds {
        guard instant > 0 else { return 0 }
        let rest = instant % frameInterval
        return rest == 0 ? instant : instant - rest + frameInterval
    }

    /// The longest an animation lasts, whatever time it is given: an hour is 216,000 frames, more
    /// than any fade or scramble can show apart, and finding the next change scans frames (a fade
    /// given 1,000 hours scanned for ever, deaf to signals).
    static let longest: Nanoseconds = 3600 * Time.second

    /// The budget when there is one (the reveal fills the time it is given, up to `longest`), else
    /// the natural length.
    static func fit(_ budget: Nanoseconds?, natural: Nanoseconds) -> Nanoseconds {
        budget.map { min(longest, max(0, $0)) } ?? natural
    }

    /// A natural duration scaled by text length: `(lead + count) / (speedup × pace)` seconds, kept
    /// within `bounds` seconds, so a word stays short and a page stays bounded.
    static func natural(count: Int, pace graphemesPerSecond: Double, lead: Double, speedup: Double,
                        bounds: ClosedRange<Double>) -> Nanoseconds {
        let pace = graphemesPerSecond.isFinite && graphemesPerSecond > 0 ? graphemesPerSecond : 25
        let seconds = (lead + Double(count)) / (speedup * pace)
        return Time.nanoseconds(seconds: min(bounds.upperBound, max(bounds.lowerBound, seconds)))
    }

    /// Ease-out (cubic): fast at first, settling gently, like a light coming up.
    static func easeOut(_ x: Double) -> Double {
        let t = min(1, max(0, x))
        let u = 1 - t
        return 1 - u * u * u
    }

    /// `elapsed`'s share of `length` after `start`, 0...1.
    static func progress(_ t: Nanoseconds, start: Double, length: Double) -> Double {
        guard length > 0 else { return Double(t) >= start ? 1 : 0 }
        return min(1, max(0, (Double(t) - start) / length))
    }

    /// The first grid instant after `elapsed` at which `state` differs from the state drawn at
    /// `elapsed` (the reveal's end counts as one), or nil if it never will. `quietUntil(t)` may name
    /// a later instant before which nothing can change after `t` (skips idle stretches); it returns
    /// nil or anything at or before `t` when it does not know.
    static func nextChange<State: Equatable>(after elapsed: Nanoseconds, duration: Nanoseconds,
                                             state: (Nanoseconds) -> State,
                                             quietUntil: (Nanoseconds) -> Nanoseconds? = { _ in nil }) -> Nanoseconds? {
        guard elapsed < duration else { return nil }
        let current = state(sample(elapsed, duration: duration))
        var t = sample(elapsed, duration: duration) + frameInterval
        while t < duration {
            if state(t) != current { return t }
            var next = t + frameInterval
            if let quiet = quietUntil(t), quiet > next { next = gridCeiling(quiet) }
            t = next
        }
        return state(duration) != current ? duration : nil
    }
}
