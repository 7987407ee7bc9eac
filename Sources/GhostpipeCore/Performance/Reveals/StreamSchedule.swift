/// A terminal stream's operations on the pacer's timeline, as the typewriter reveals them: each
/// printed cluster and line feed takes its time; motion, erase and style changes take none (they act
/// when the reveal reaches them). Timeless (`--instant`, a key that skipped the animation), every
/// operation is due when it arrives.
struct StreamSchedule {
    /// Operations read, not yet taken (from `taken`), and their instants.
    private var operations: [TerminalOperation] = []
    private var instants: [Nanoseconds] = []
    private var taken = 0
    private var pacer: Pacer
    var timeless: Bool

    init(pacing: Pacing, timeless: Bool) {
        pacer = Pacer(graphemesPerSecond: pacing.graphemesPerSecond, pauses: pacing.pauses)
        self.timeless = timeless
    }

    /// Operations waiting for their instant.
    var waiting: Int { operations.count - taken }
    /// The instant the next operation is due, if one waits.
    var nextInstant: Nanoseconds? { taken < operations.count ? instants[taken] : nil }

    /// Schedules `new`, read at `now`, after what waits.
    mutating func add(_ new: [TerminalOperation], at now: Nanoseconds) {
        var last = max(now, instants.last ?? now)
        for operation in new {
            if timeless {
                last = now
            } else {
                switch operation {
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
