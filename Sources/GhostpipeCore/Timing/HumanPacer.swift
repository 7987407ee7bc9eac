#if canImport(Glibc)
import Glibc
#endif

/// `--typing human`: the typewriter's schedule as a person types it. Each grapheme gets an interval
/// of its own: a factor for its context (`TypingHabits`: quick inside common letter pairs and
/// common words, slow at the start of a long word, after punctuation, on shifted keys, digits and
/// symbols) times seeded log-normal noise, plus the even pacer's pauses (varied too).
///
/// The schedule keeps the requested pace: each interval is pulled towards the even one by a small
/// share (`pull`) of how far the typist is behind or ahead of the even schedule, so over any text
/// the mean interval is the requested one (no drift, whatever the text's mix of contexts), the
/// typist is never more than a few keystrokes off, and the spread stays a person's (a coefficient
/// of variation about 0.45). A typo (`TypoPlanter`) costs time on top: the wrong key is typed when
/// the right one was due, then noticed and taken back, then the right key is typed again.
///
/// Instants are `anchor + units × unit` as for `Pacer`; a grapheme is never scheduled before it is
/// ready, and an idle gap earns no credit (the schedule re-anchors at a late arrival). The same
/// seed and text give the same instants, however the text arrives: every grapheme draws the same
/// random numbers.
public struct HumanPacer: Sendable {
    /// Nanoseconds per unit (1e9 / graphemes per second): the mean interval.
    public var unit: Double
    public var pauses: Bool
    /// `--max-lag`: how far behind its input the typist may fall.
    public var lagBound: LagBound?

    /// Share of the lead (units behind the even schedule) taken off each interval.
    static let pull = 0.05
    /// No interval is shorter than this many units (fingers take time), nor a grapheme's own
    /// part longer than `longest`.
    static let shortest = 0.25, longest = 8.0
    /// Spread of the noise on each interval and on each pause (log-normal σ).
    static let spread = 0.36, pauseSpread = 0.25
    /// A typo: units to notice the wrong key (then the backspace), and to type the right one again.
    static let noticing = 3.0, retyping = 1.2

    private var random: SplitMix64
    private var anchor: Nanoseconds?
    /// Units since the anchor, and how many of them the typist is behind the even schedule.
    private var elapsed = 0.0
    private var lead = 0.0
    private var context = PauseContext()
    /// What the last grapheme typed was, and the word it is in.
    private var previous = TypingHabits.Stroke.newline
    private var previousLetter: UInt8 = 0
    private var inCommonWord = false
    /// The right key of a typo was already timed (its wrong key took its place): it is typed again.
    private var retype = false

    public init(graphemesPerSecond: Double, pauses: Bool = true, seed: UInt64) {
        unit = 1e9 / graphemesPerSecond
        self.pauses = pauses
        random = SplitMix64(seed: seed ^ 0x4855_4D41_4E4B_4559)  // "HUMANKEY"
    }

    /// Moves the schedule later by `delta` (the process was stopped: a stop is a pause).
    public mutating func shift(by delta: Nanoseconds) {
        if let anchor { self.anchor = anchor + delta }
    }

    /// The instants of graphemes `range` of `keys`, all ready at `ready`, stored from `instants`
    /// on. Graphemes after the range (up to `keys.count`) are looked at, not scheduled: the length
    /// of the word ahead.
    public mutating func schedule(_ keys: Keystrokes, _ range: Range<Int>, ready: Nanoseconds,
                                  into instants: UnsafeMutablePointer<Nanoseconds>) {
        for k in range {
            let units = interval(keys, k)
            var due = (anchor ?? ready) + Nanoseconds(saturating: ((elapsed + units) * unit).rounded())
            if anchor == nil || (k == range.lowerBound && ready > due) {
                // The first anchors the schedule; one that comes later than its pace re-anchors it.
                (anchor, elapsed, lead, due) = (ready, 0, 0, ready)
            } else {
                elapsed += units
            }
            instants[k - range.lowerBound] = due
        }
        if let bound = lagBound?.clamp(instants, count: range.count, ready: ready) { (anchor, elapsed, lead) = (bound, 0, 0) }
    }

    /// The units before grapheme `k` (its own and any pause before it); moves the typist on.
    private mutating func interval(_ keys: Keystrokes, _ k: Int) -> Double {
        if keys.isTypoMark(k) {
            // The wrong key is noticed and taken back: time on top of the pace.
            return Self.noticing * noise(Self.pauseSpread)
        }
        if retype {
            retype = false
            return Self.retyping * noise(Self.spread)
        }
        // A wrong key is typed when the right one is due: it takes the right key's interval.
        let typed = k + 2 < keys.count && keys.isTypoMark(k + 1) ? k + 2 : k
        retype = typed != k
        let key = TypingHabits.Stroke(keys.kinds[typed], ascii: keys.ascii(typed))
        var factor = TypingHabits.factor(key, after: previous)
        if key == .letter || key == .capital, let ascii = keys.ascii(typed) {
            let lower = ascii | 0x20
            if previous == .letter || previous == .capital {
                if TypingHabits.isCommonPair(previousLetter, lower) { factor *= TypingHabits.commonPair }
                if inCommonWord { factor *= TypingHabits.commonWord }
            } else {
                // A word starts: longer words take a moment more; common ones go quicker.
                let word = keys.word(at: typed)
                factor *= TypingHabits.wordStart(length: word.length)
                inCommonWord = word.isCommon
            }
            previousLetter = lower
        } else if key == .letter || key == .capital {
            previousLetter = 0  // a letter beyond ASCII: no pairs known
        }
        if key != .letter && key != .capital { inCommonWord = false }
        previous = key
        let pause = Double(context.cost(of: keys.kinds[typed], pauses: pauses) - 1)
        let own = min(Self.longest, factor * noise(Self.spread))
        let nominal = 1 + pause
        let units = max(Self.shortest, own + pause * noise(Self.pauseSpread) - Self.pull * lead)
        lead += units - nominal
        return units
    }

    /// A log-normal factor of mean 1 and spread σ (two draws, always: the same sequence however
    /// the text arrives).
    private mutating func noise(_ sigma: Double) -> Double {
        let u1 = Double((random.next() >> 11) + 1) * 0x1p-53  // (0, 1]
        let u2 = Double(random.next() >> 11) * 0x1p-53
        let z = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return exp(sigma * z - sigma * sigma / 2)
    }
}

/// The graphemes a typist types, read in place: kinds, and the byte of one-byte graphemes.
public struct Keystrokes {
    public let kinds: UnsafeBufferPointer<GraphemeKind>
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>

    public init(kinds: UnsafeBufferPointer<GraphemeKind>, bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>) {
        self.kinds = kinds
        self.bytes = bytes
        self.ends = ends
    }

    /// Graphemes known (arrived), scheduled or not.
    public var count: Int { min(kinds.count, ends.count) }

    /// The byte of grapheme `k` when it is one ASCII byte.
    @inline(__always) func ascii(_ k: Int) -> UInt8? {
        let start = k == 0 ? 0 : ends[k - 1]
        guard ends[k] == start + 1, bytes[start] < 0x80 else { return nil }
        return bytes[start]
    }

    /// Whether grapheme `k` is a typo's backspace (`TypoPlanter.mark`).
    @inline(__always) func isTypoMark(_ k: Int) -> Bool {
        kinds[k] == .other && ascii(k) == TypoPlanter.mark
    }

    /// The word starting at grapheme `k`: its length (letters, up to 16 looked at), and whether it
    /// is one of the commonest English words.
    func word(at k: Int) -> (length: Int, isCommon: Bool) {
        var (length, packed, ascii) = (0, UInt64(0), true)
        var i = k
        while i < count && length < 16 {
            if i + 1 < count && isTypoMark(i + 1) { i += 2; continue }  // a typo's wrong key and backspace
            let key = TypingHabits.Stroke(kinds[i], ascii: self.ascii(i))
            guard key == .letter || key == .capital else { break }
            if let byte = self.ascii(i), length < 8 { packed = packed << 8 | UInt64(byte | 0x20) } else { ascii = false }
            length += 1
            i += 1
        }
        return (length, ascii && TypingHabits.isCommonWord(packed))
    }
}
