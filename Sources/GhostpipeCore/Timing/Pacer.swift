/// Decides when each grapheme of a text stream appears: the typewriter's schedule.
///
/// Every grapheme costs one unit of time (1/cps seconds); natural pauses add units before the
/// grapheme that follows a sentence end (when whitespace follows it) or a line end. Instants are
/// computed from an anchor as `anchor + units × unit`, never by adding up rounded steps, so nothing
/// drifts however long the text. A grapheme is never scheduled before it is ready (arrived and laid
/// out); when input comes later than the pace, the schedule re-anchors at its arrival: an idle gap
/// earns no credit, so there is no burst afterwards.
public struct Pacer: Sendable {
    /// Extra units before the whitespace that follows a sentence end.
    public static let sentencePauseUnits: Int64 = 6
    /// Extra units before the grapheme that follows a line end.
    public static let linePauseUnits: Int64 = 4

    /// Nanoseconds per unit (1e9 / graphemes per second).
    public var unit: Double {
        didSet { (wholeUnit, exactUnits) = Self.whole(unit) }
    }

    /// `unit` when it is a whole number of nanoseconds (most speeds: 25 cps is 40 ms): instants are
    /// then exact integer products, the same as the rounded floating-point ones below 2^53 ns.
    private var wholeUnit: Int64?
    /// Below this many units, products are below 2^53: exact in `Double` too, so both ways give the
    /// same instant.
    private var exactUnits: Int64 = 0
    public var pauses: Bool

    private var anchor: Nanoseconds?
    private var unitsSinceAnchor: Int64 = 0
    private var previous: GraphemeKind = .newline
    private var afterSentenceEnd = false
    private var afterFullSentenceEnd = false

    public init(graphemesPerSecond: Double, pauses: Bool = true) {
        self.unit = 1e9 / graphemesPerSecond
        self.pauses = pauses
        (wholeUnit, exactUnits) = Self.whole(unit)
    }

    private static func whole(_ unit: Double) -> (Int64?, Int64) {
        guard unit >= 1 && unit < 1e12 && unit == unit.rounded(.down) else { return (nil, 0) }
        return (Int64(unit), (1 << 53) / Int64(unit))
    }

    /// `units` of time, in nanoseconds.
    @inline(__always) private func duration(_ units: Int64) -> Nanoseconds {
        if let wholeUnit, units < exactUnits { return units &* wholeUnit }
        return Nanoseconds((Double(units) * unit).rounded())
    }

    /// Typing-test words per minute: a word is five keystrokes, space included.
    public static func graphemesPerSecond(wpm: Double) -> Double { wpm * 5 / 60 }

    /// The units this grapheme costs (its own plus any pause before it), and the context it leaves.
    public mutating func cost(of kind: GraphemeKind) -> Int64 {
        var units: Int64 = 1
        if pauses {
            if previous == .newline { units += Self.linePauseUnits }
            if afterFullSentenceEnd && kind != .closing && kind != .fullSentenceEnd {
                units += Self.sentencePauseUnits
            } else if afterSentenceEnd && (kind.isBlank || kind == .newline) {
                units += Self.sentencePauseUnits
            }
        }
        switch kind {
        case .sentenceEnd: afterSentenceEnd = true; afterFullSentenceEnd = false
        case .fullSentenceEnd: afterFullSentenceEnd = true; afterSentenceEnd = false
        case .closing: break  // keeps the sentence end pending: `"Stop." he said`
        default: afterSentenceEnd = false; afterFullSentenceEnd = false
        }
        previous = kind
        return units
    }

    /// Moves the schedule later by `delta` (the process was stopped: a stop is a pause).
    public mutating func shift(by delta: Nanoseconds) {
        if let anchor { self.anchor = anchor + delta }
    }

    /// The instant of the next grapheme, which is ready (arrived and laid out) at `ready`.
    public mutating func schedule(_ kind: GraphemeKind, ready: Nanoseconds) -> Nanoseconds {
        let units = cost(of: kind)
        guard let anchor else {
            self.anchor = ready
            unitsSinceAnchor = 0
            return ready
        }
        let next = unitsSinceAnchor + units
        let due = anchor + duration(next)
        if ready > due {
            self.anchor = ready
            unitsSinceAnchor = 0
            return ready
        }
        unitsSinceAnchor = next
        return due
    }
}

/// `--duration`: the whole text, read to its end first, spread over a fixed time. The first grapheme
/// appears at 0 and the last exactly at `duration`; pauses keep their proportions.
public struct FittedSchedule {
    public private(set) var units: [Int64] = []
    private var pacer: Pacer
    private var total: Int64 = 0

    public init(pauses: Bool) {
        pacer = Pacer(graphemesPerSecond: 1, pauses: pauses)
    }

    /// Records the next grapheme.
    public mutating func add(_ kind: GraphemeKind) {
        let cost = pacer.cost(of: kind)
        if !units.isEmpty { total += cost }
        units.append(total)
    }

    /// The offset from the start of grapheme `k`.
    public func offset(_ k: Int, duration: Nanoseconds) -> Nanoseconds {
        guard total > 0 else { return 0 }
        return Nanoseconds((Double(units[k]) * Double(duration) / Double(total)).rounded())
    }
}
