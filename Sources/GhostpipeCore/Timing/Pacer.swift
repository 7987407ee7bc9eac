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
    /// `--max-lag`: how far behind its input the schedule may fall (nil: as far as the pace says).
    public var lagBound: LagBound?

    private var anchor: Nanoseconds?
    private var unitsSinceAnchor: Int64 = 0
    private var context = PauseContext()

    public init(graphemesPerSecond: Double, pauses: Bool = true) {
        self.unit = 1e9 / graphemesPerSecond
        self.pauses = pauses
        (wholeUnit, exactUnits) = Self.whole(unit)
    }

    private static func whole(_ unit: Double) -> (Int64?, Int64) {
        guard unit >= 1 && unit < 1e12 && unit == unit.rounded(.down) else { return (nil, 0) }
        return (Int64(unit), (1 << 53) / Int64(unit))
    }

    /// Typing-test words per minute: a word is five keystrokes, space included.
    public static func graphemesPerSecond(wpm: Double) -> Double { wpm * 5 / 60 }

    /// The units this grapheme costs (its own plus any pause before it), and the context it leaves.
    public mutating func cost(of kind: GraphemeKind) -> Int64 { context.cost(of: kind, pauses: pauses) }

    /// Moves the schedule later by `delta` (the process was stopped: a stop is a pause).
    public mutating func shift(by delta: Nanoseconds) {
        if let anchor { self.anchor = anchor + delta }
    }

    /// The instant of the next grapheme, which is ready (arrived and laid out) at `ready`.
    public mutating func schedule(_ kind: GraphemeKind, ready: Nanoseconds) -> Nanoseconds {
        var instant: Nanoseconds = 0
        withUnsafePointer(to: kind) { schedule(UnsafeBufferPointer(start: $0, count: 1), ready: ready, into: &instant) }
        return instant
    }

    /// The instants of graphemes of `kinds`, all ready at `ready`, stored from `instants` on.
    ///
    /// The state is read into locals for the loop and stored back after it (kept in the struct, the
    /// fields might be reloaded after every instant stored: the stores may alias them).
    public mutating func schedule(_ kinds: UnsafeBufferPointer<GraphemeKind>, ready: Nanoseconds,
                                  into instants: UnsafeMutablePointer<Nanoseconds>) {
        guard !kinds.isEmpty else { return }
        var context = self.context
        let table = pauses ? PauseContext.pausing : PauseContext.steady
        let (whole, exact, unit) = (wholeUnit ?? 0, exactUnits, self.unit)  // `exactUnits` is 0 without a whole unit
        /// `anchor + units × unit`: exact integers while the product is below 2^53 (the same instant
        /// the rounded floating-point product gives there).
        @inline(__always) func duration(_ units: Int64) -> Nanoseconds {
            units < exact ? units &* whole : Nanoseconds(saturating: (Double(units) * unit).rounded())
        }
        // The first anchors the schedule at `ready` (the first of all), or re-anchors it there when
        // it comes later than its pace: an idle gap earns no credit.
        var (anchor, units) = (self.anchor ?? ready, unitsSinceAnchor + context.cost(of: kinds[0], in: table))
        if self.anchor == nil || ready > anchor + duration(units) { (anchor, units) = (ready, 0) }
        instants[0] = anchor + duration(units)
        // The rest come after it, at instants that only grow: none re-anchors.
        for k in 1..<kinds.count {
            // Most graphemes are letters in no pause's context: a unit, told by a branch (the
            // table's lookup made each grapheme wait for the last one's).
            let kind = kinds[k]
            units &+= kind == .other && context.isQuiet ? 1 : context.cost(of: kind, in: table)
            instants[k] = anchor &+ duration(units)
        }
        if let bound = lagBound?.clamp(instants, count: kinds.count, ready: ready) { (anchor, units) = (bound, 0) }
        (self.context, self.anchor, unitsSinceAnchor) = (context, anchor, units)
    }
}

/// What the graphemes before leave for the next one's pause: a line end, a sentence end not yet
/// followed by whitespace. Three bits, so that a grapheme's cost is one lookup in a table made
/// from the rule (`rule`): the rule's branches were half a grapheme's pacing.
struct PauseContext: Sendable {
    private var bits = PauseContext.afterLineEnd

    private static let afterLineEnd: UInt8 = 1, afterSentenceEnd: UInt8 = 2, afterFullSentenceEnd: UInt8 = 4

    /// No pause is due: a grapheme of kind `.other` then costs one unit and leaves the context so.
    var isQuiet: Bool { bits == 0 }

    /// The units this grapheme costs (its own plus any pause before it), and the context it leaves.
    @inline(__always)
    mutating func cost(of kind: GraphemeKind, pauses: Bool) -> Int64 {
        cost(of: kind, in: pauses ? Self.pausing : Self.steady)
    }

    /// `cost(of:pauses:)` with its table (`pausing` or `steady`) at hand.
    @inline(__always)
    mutating func cost(of kind: GraphemeKind, in table: PauseTable) -> Int64 {
        let entry = table.entries[Int(bits & 7) << 4 | Int(kind.rawValue & 15)]
        bits = entry >> 4
        return Int64(entry & 15)
    }

    /// Each context and kind's cost and the context it leaves: `units | context << 4`.
    struct PauseTable: Sendable {
        let entries: [UInt8]
        init(pauses: Bool) {
            entries = (0..<128).map { index in
                let (bits, kind) = (UInt8(index >> 4), GraphemeKind(rawValue: UInt8(index & 15)) ?? .other)
                let (units, next) = PauseContext.rule(bits, kind, pauses: pauses)
                return UInt8(units) | next << 4
            }
        }
    }
    static let pausing = PauseTable(pauses: true), steady = PauseTable(pauses: false)

    /// The rule: one unit per grapheme; with pauses, `linePauseUnits` more after a line end and
    /// `sentencePauseUnits` more for the whitespace (or line end) after a sentence end.
    private static func rule(_ bits: UInt8, _ kind: GraphemeKind, pauses: Bool) -> (units: Int, next: UInt8) {
        var units = 1
        if pauses {
            if bits & afterLineEnd != 0 { units += Int(Pacer.linePauseUnits) }
            if bits & afterFullSentenceEnd != 0 && kind != .closing && kind != .fullSentenceEnd {
                units += Int(Pacer.sentencePauseUnits)
            } else if bits & afterSentenceEnd != 0 && (kind.isBlank || kind == .newline) {
                units += Int(Pacer.sentencePauseUnits)
            }
        }
        let sentence: UInt8
        switch kind {
        case .sentenceEnd: sentence = afterSentenceEnd
        case .fullSentenceEnd: sentence = afterFullSentenceEnd
        case .closing: sentence = bits & (afterSentenceEnd | afterFullSentenceEnd)  // `"Stop." he said`
        default: sentence = 0
        }
        return (units, sentence | (kind == .newline ? afterLineEnd : 0))
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
        return Nanoseconds(saturating: (Double(units[k]) * Double(duration) / Double(total)).rounded())
    }
}
