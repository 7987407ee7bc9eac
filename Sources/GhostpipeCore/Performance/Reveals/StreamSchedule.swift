/// A terminal stream's operations on the pacer's timeline, as the typewriter reveals them: each
/// printed cluster and line feed takes its time; motion, erase and style changes take none (they act
/// when the reveal reaches them). Timeless (`--instant`, a key that skipped the animation), every
/// operation is due when it arrives.
///
/// A stream that rewrites its text (writes over it or erases it after a carriage return, backspace
/// or a cursor move: a progress line, a speech recogniser's hypothesis; see `StreamRewrites`) is
/// live: from then on it keeps within the live lag bound (`--max-lag`, or a tenth of a second), as
/// any stream does with `--max-lag`.
struct StreamSchedule {
    /// Operations read, not yet taken (from `taken`), and their instants.
    private var operations: [TerminalOperation] = []
    private var instants: [Nanoseconds] = []
    private var taken = 0
    private var pacer: Pacer
    var timeless: Bool
    /// The bound a live stream keeps within; whether this one is live (it rewrote its line).
    private let liveBound: LagBound
    private(set) var isLive = false

    init(pacing: Pacing, timeless: Bool, liveLag: Nanoseconds = ShowSettings.defaultLiveLag) {
        pacer = Pacer(graphemesPerSecond: pacing.graphemesPerSecond, pauses: pacing.pauses)
        pacer.lagBound = pacing.lagBound
        liveBound = pacing.lagBound ?? LagBound(liveLag)
        self.timeless = timeless
    }

    /// Operations waiting for their instant.
    var waiting: Int { operations.count - taken }
    /// The instant the next operation is due, if one waits.
    var nextInstant: Nanoseconds? { taken < operations.count ? instants[taken] : nil }

    /// Schedules `new`, read at `now`, after what waits. `retyped` (if given) says which of them
    /// write back what the screen shows there: they take no time; `rewrote`, that they rewrote text
    /// (see `StreamRewrites`).
    mutating func add(_ new: [TerminalOperation], at now: Nanoseconds, retyped: [Bool]? = nil, rewrote: Bool = false) {
        var last = max(now, instants.last ?? now)
        if rewrote, !isLive {
            isLive = true
            pacer.lagBound = liveBound
            // What waits comes within the bound too.
            let bound = now.saturatingAdding(liveBound.limit)
            for k in taken..<instants.count where instants[k] > bound { instants[k] = bound }
            last = min(last, max(now, bound))
        }
        for (k, operation) in new.enumerated() {
            if timeless {
                last = now
            } else {
                switch operation {
                case .text where retyped?[k] == true:
                    break  // on the screen already: it comes with what comes before it
                case .text(let cluster):
                    var cluster = cluster
                    let kind = cluster.withUTF8 { GraphemeKind.of($0) }
                    last = pacer.schedule(kind, ready: now)
                case .control(0x0A):
                    last = pacer.schedule(.newline, ready: now)
                default:
                    break  // at once, where the reveal reaches it
                }
            }
            operations.append(operation)
            instants.append(last)
        }
    }

    /// Hands the operations due at `now` to `body` in order, with their instants. Returns whether
    /// there were any.
    mutating func takeDue(at now: Nanoseconds, _ body: (TerminalOperation, Nanoseconds) -> Void) -> Bool {
        var k = taken
        while k < operations.count && (timeless || instants[k] <= now) {
            body(operations[k], instants[k])
            k += 1
        }
        guard k > taken else { return false }
        taken = k
        if taken > 4096 && taken * 2 > operations.count {
            operations.removeSubrange(..<taken)
            instants.removeSubrange(..<taken)
            taken = 0
        }
        return true
    }

    /// The show paused for `pause`: what waits moves on by as much.
    mutating func shift(by pause: Nanoseconds) {
        for k in taken..<instants.count { instants[k] += pause }
        pacer.shift(by: pause)
    }
}
