/// The cues of a format that gives only where they begin (LRC, SAMI; see ``OpenEndedCues``) as they
/// arrive, sorted within a bounded window: a cue leaves, in start order, once a later change of its
/// track shows where it ends and more than `size` changes wait behind it (or the input pauses: a
/// live writer writes in order). Memory stays bounded whatever the file holds (read whole, a 10 MB
/// LRC file held 388 MB, and an endless one never played); a change later than the window can sort
/// is said and skipped, and a cue that nothing ends within twice the window shows `openEnded`.
final class OpenEndedWindow {
    /// A change as it arrived: its cue built (nil for a clear), its times and track.
    struct Arrival {
        var start: Nanoseconds
        /// Changes of one track end each other's cues; track 0 ends every track's (see ``OpenEndedCues``).
        var track: UInt32
        /// An end the file gives (SAMI's `End=`).
        var end: Nanoseconds?
        var cue: Cue?
        var line: Int
    }

    /// Changes held to sort them; a cue nothing ends is let go at twice as many.
    static let size = 4096
    /// How far past a change its end is looked for before it waits (most are ended by the next).
    private static let reach = 256
    /// What a change is called in messages (`line`, `sync`).
    let unit: String
    private let size: Int
    /// Sorted by start (stably); those before `head` have left.
    private var held: [Arrival] = []
    private var head = 0
    /// The start of the last cue that left: nothing earlier can be sorted in any more.
    private var frontier: Nanoseconds = .min
    /// Messages, with the (absolute) line they are about.
    private(set) var notes: [Diagnostic] = []
    /// Cues that left; taken by `take()`.
    private var out: [Cue] = []
    private(set) var released = 0

    init(unit: String, size: Int = OpenEndedWindow.size) {
        self.unit = unit
        self.size = max(1, size)
    }

    var count: Int { held.count - head }

    /// Sorts `arrival` in among the changes held; says and skips one that comes too late.
    func add(_ arrival: Arrival) {
        guard arrival.start >= frontier else {
            notes.append(Diagnostic(line: arrival.line, message:
                "\(unit) out of order further than \(Self.describe(size)) \(unit)s are held to sort them; skipped "
                + "(\(Time.format(arrival.start)) is before \(Time.format(frontier)), already shown)"))
            return
        }
        if let last = held.last, head < held.count, last.start > arrival.start {
            var low = head, high = held.count
            while low < high {
                let mid = (low + high) / 2
                if held[mid].start <= arrival.start { low = mid + 1 } else { high = mid }
            }
            held.insert(arrival, at: low)
        } else {
            held.append(arrival)
        }
        release(paused: false)
    }

    /// Lets go of the cues whose end is known: those with more than `size` changes behind them, or
    /// all of them when the input paused.
    func release(paused: Bool) {
        while head < held.count {
            let waiting = held.count - head
            guard paused || waiting > size else { break }
            var end = end(of: head, reach: Self.reach)
            if end == nil {
                guard waiting > 2 * size else { break }
                end = held[head].start &+ OpenEndedCues.openEnded
                notes.append(Diagnostic(line: held[head].line, message:
                    "nothing ends this \(unit) within the next \(Self.describe(2 * size)) \(unit)s; shown for 5 s"))
            }
            leave(end: end!)
        }
        compact()
    }

    /// The input ended: every cue leaves, the last of each track lasting until `lastEnd` (when
    /// after its start) or `openEnded`.
    func finish(lastEnd: Nanoseconds?) {
        while head < held.count {
            let start = held[head].start
            let end = end(of: head, reach: .max) ?? lastEnd.flatMap { $0 > start ? $0 : nil } ?? start &+ OpenEndedCues.openEnded
            leave(end: end)
        }
        compact()
    }

    /// Whether a pause would let a cue go.
    var holdsEnded: Bool { head < held.count && end(of: head, reach: Self.reach) != nil }

    /// The cues that left since last asked, in start order, and the messages.
    func take() -> (cues: [Cue], notes: [Diagnostic]) {
        defer { out = []; notes = [] }
        return (out, notes)
    }

    /// The start of the first later change that ends the cue at `index` (one at the same instant
    /// does not: both show), looked for among the next `reach` changes.
    private func end(of index: Int, reach: Int) -> Nanoseconds? {
        let change = held[index]
        var k = index + 1
        let limit = reach >= held.count ? held.count : min(held.count, index + 1 + reach)
        while k < limit {
            let later = held[k]
            if later.start > change.start, change.track == 0 || later.track == 0 || later.track == change.track {
                return later.start
            }
            k += 1
        }
        return nil
    }

    private func leave(end found: Nanoseconds) {
        let change = held[head]
        head += 1
        frontier = change.start
        guard var cue = change.cue else { return }
        var end = found
        if let given = change.end, given >= change.start { end = min(end, given) }
        cue.start = change.start
        cue.end = end
        out.append(cue)
        released += 1
    }

    /// Changes that left are dropped in bulk.
    private func compact() {
        if head == held.count {
            held.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= size {
            held.removeFirst(head)
            head = 0
        }
    }

    /// `4,096`.
    private static func describe(_ n: Int) -> String { RepeatedReports.grouped(n) }
}
