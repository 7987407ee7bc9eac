/// The cues of one subtitle item, in start order, as they arrive: those still to play, and a window
/// of those played (to seek back into). Indices are absolute: they stay the same as old cues leave.
final class CueQueue {
    private var cues: [Cue] = []
    /// The absolute index of `cues[0]`.
    private(set) var firstKept = 0
    /// All cues have arrived (the input ended).
    var isComplete = false
    /// The longest cue so far (to find cues still on show behind a seek position).
    private(set) var longest: Nanoseconds = 0
    /// The latest start of the cues passed on without being kept (`pass`).
    private var passedStart: Nanoseconds?
    /// The start of the last cue (in start order) known.
    var lastStart: Nanoseconds? { cues.last?.start ?? passedStart }
    /// Played cues kept to seek back into.
    static let window = 4096

    init(_ cues: [Cue] = [], complete: Bool = false) {
        isComplete = complete
        for cue in cues { _ = add(cue, notBefore: 0) }
    }

    /// One past the last index.
    var count: Int { firstKept + cues.count }
    subscript(i: Int) -> Cue { cues[i - firstKept] }
    func times(at i: Int) -> (start: Nanoseconds, end: Nanoseconds) { (cues[i - firstKept].start, cues[i - firstKept].end) }
    func start(at i: Int) -> Nanoseconds { cues[i - firstKept].start }

    /// Inserts `cue` in start order among the cues from `notBefore` on (stably: after those that start
    /// with it). Returns false, and keeps nothing, when it would go before them (it came late).
    func add(_ cue: Cue, notBefore: Int) -> Bool {
        longest = max(longest, cue.end - cue.start)
        if cues.isEmpty, let passedStart, passedStart > cue.start { return false }
        if let last = cues.last, last.start > cue.start {
            var low = max(notBefore, firstKept) - firstKept, high = cues.count
            while low < high {
                let mid = (low + high) / 2
                if cues[mid].start <= cue.start { low = mid + 1 } else { high = mid }
            }
            if low == max(notBefore, firstKept) - firstKept, low > 0, cues[low - 1].start > cue.start { return false }
            cues.insert(cue, at: low)
            return true
        }
        cues.append(cue)
        return true
    }

    /// Moves the cues `which` picks by `delta` (their word timing too), kept in start order: a track
    /// nudged on its own (`--track`, `t` then `[`/`]`).
    func shift(by delta: Nanoseconds, where which: (Cue) -> Bool) {
        for i in cues.indices where which(cues[i]) { cues[i].shift(by: delta) }
        // Stable: cues that start together keep their order.
        cues = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// `count` cues after all those here were played without being kept (`CuePlayback.sendAhead`):
    /// indices count them, and nothing before them can be sought back to.
    func pass(_ count: Int, lastStart: Nanoseconds, longest: Nanoseconds) {
        firstKept += cues.count + count
        cues.removeAll()
        passedStart = lastStart
        self.longest = max(self.longest, longest)
    }

    /// Played cues before `index` beyond the window leave.
    func forget(before index: Int) {
        let drop = min(cues.count, index - Self.window - firstKept)
        guard drop > 4096 else { return }  // in bulk
        cues.removeFirst(drop)
        firstKept += drop
    }
}
