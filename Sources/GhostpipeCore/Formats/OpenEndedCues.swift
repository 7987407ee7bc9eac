/// Cues whose file gives only where they begin (SAMI's `<SYNC Start=…>`, LRC's `[mm:ss.xx]`): each
/// lasts until the next change of its track, a later cue or a clear (SAMI's `&nbsp;`, an empty LRC
/// line); the last one of a track until `lastEnd` or, without one, `openEnded` after its start.
/// Track 0 is text for every track (SAMI text outside a class): its changes end every track's cue,
/// and every change ends its cues.
enum OpenEndedCues {
    /// How long a last cue without an end shows.
    static let openEnded: Nanoseconds = 5 * Time.second

    /// Where a cue (or a clear) begins. Stored compactly (40 bytes; a file has one per line or
    /// sync): byte offsets fit in 32 bits (parsers take files below 4 GiB), and "none" is a value.
    struct Change {
        var start: Nanoseconds
        private var givenEnd: Nanoseconds
        private var textStart: UInt32
        private var textEnd: UInt32
        private var sourceLine: UInt32
        /// Changes of one track end each other's cues; other tracks are left alone.
        var track: UInt32
        /// Kept in the record (see `CueRecord.detail`).
        var detail: UInt32
        private var hasText: Bool
        private var hasEnd: Bool

        init(start: Nanoseconds, track: UInt32, text: Range<Int>?, line: Int, end: Nanoseconds? = nil, detail: UInt32 = 0) {
            self.start = start
            self.track = track
            textStart = UInt32(text?.lowerBound ?? 0)
            textEnd = UInt32(text?.upperBound ?? 0)
            hasText = text != nil
            sourceLine = UInt32(truncatingIfNeeded: line)
            givenEnd = end ?? 0
            hasEnd = end != nil
            self.detail = detail
        }

        /// The cue's text, or nil for a clear.
        var text: Range<Int>? { hasText ? Int(textStart)..<Int(textEnd) : nil }
        var line: Int { Int(sourceLine) }
        /// An end the file gives (SAMI's `End=`), if it comes first.
        var end: Nanoseconds? { hasEnd ? givenEnd : nil }
    }

    /// The records of `changes` (in any order), sorted by start, clears left out.
    static func records(_ changes: [Change], lastEnd: Nanoseconds? = nil) -> [CueRecord] {
        // Files list their changes in time order, nearly always: sorted (stably) only when not.
        var sorted = changes
        if !isSortedByStart(changes.lazy.map(\.start)) {
            sorted = changes.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        }
        // Walking back from the end: the latest start seen, and the start after it, of each track
        // (by number: tracks are numbered from 0 up) and of all of them.
        typealias Later = (start: Nanoseconds, after: Nanoseconds?)
        var tracks: UInt32 = 0
        for change in sorted where change.track > tracks { tracks = change.track }
        var later = [Later?](repeating: nil, count: Int(tracks) + 1)
        var anyLater: Later?
        /// The first start after `start` that `state` knows of.
        func next(_ state: Later?, after start: Nanoseconds) -> Nanoseconds? {
            guard let state else { return nil }
            return state.start > start ? state.start : state.after
        }
        func seen(_ state: Later?, _ start: Nanoseconds) -> Later {
            guard let state else { return (start, nil) }
            return state.start == start ? state : (start, state.start)
        }
        func earlier(_ a: Nanoseconds?, _ b: Nanoseconds?) -> Nanoseconds? {
            guard let a else { return b }
            guard let b else { return a }
            return min(a, b)
        }
        // The records come out last first, and are turned round at the end.
        var records: [CueRecord] = []
        records.reserveCapacity(sorted.count)
        for k in sorted.indices.reversed() {
            let change = sorted[k]
            let track = Int(change.track)
            // A change at the same instant does not end a cue: both show (a duet, two speakers).
            let next = track == 0 ? next(anyLater, after: change.start)
                                  : earlier(next(later[track], after: change.start), next(later[0], after: change.start))
            var end = next ?? lastEnd.flatMap { $0 > change.start ? $0 : nil } ?? change.start + openEnded
            if let given = change.end, given >= change.start { end = min(end, given) }
            later[track] = seen(later[track], change.start)
            anyLater = seen(anyLater, change.start)
            guard let text = change.text else { continue }
            records.append(CueRecord(start: change.start, end: end, textStart: UInt32(text.lowerBound),
                                     textEnd: UInt32(text.upperBound), idStart: 0, idEnd: 0,
                                     line: UInt32(truncatingIfNeeded: change.line), detail: change.detail))
        }
        records.reverse()
        return records
    }

    /// What a parser hands its changes to. Files list them in time order nearly always: then each
    /// record is written as its change comes and ended by the next ones (``InOrder``), with no list
    /// of changes (40 bytes a line or sync, clears included) and no second pass. The first start
    /// that goes back gives up: ``records(lastEnd:)`` is then nil and the parser reads the file
    /// again collecting its changes (`inOrder: false`), for ``records(_:lastEnd:)``.
    struct Collector {
        /// Optional rather than a flag beside it: measured, the parsers' loops come out shorter.
        private var writer: InOrder?
        /// Every change, when not in order.
        var changes: [Change] = []
        /// How many changes were added.
        private(set) var count = 0

        init(inOrder: Bool, reserve: Int) {
            if inOrder { writer = InOrder(reserve: reserve) } else { changes.reserveCapacity(reserve) }
        }

        var isInOrder: Bool { writer != nil }
        /// Changes came out of order: the parser may stop reading and start again.
        var gaveUp: Bool { writer?.disordered == true }

        mutating func add(_ change: Change) {
            count += 1
            if writer != nil { writer!.add(change) } else { changes.append(change) }
        }

        /// Gives up writing in order (a parser that learns something that changes earlier starts).
        mutating func abandonOrder() { writer?.disordered = true }

        /// The records, sorted by start, clears left out; nil when the changes did not come in order.
        mutating func records(lastEnd: Nanoseconds? = nil) -> [CueRecord]? {
            guard writer != nil else { return OpenEndedCues.records(changes, lastEnd: lastEnd) }
            return writer!.finish(lastEnd: lastEnd)
        }
    }

    /// ``records(_:lastEnd:)`` for changes that come in time order, written as they come: a record
    /// waits until a later start of its track or of track 0 ends it (a start at the same instant
    /// does not). Records start in order, so the ones a start ends come before every record at
    /// that start: each track keeps a cursor that passes each record once, and so does track 0's
    /// sweep. More than `trackLimit` tracks give up (the general rule takes them).
    struct InOrder {
        static let trackLimit = 8   // `cursors` holds one more
        /// A waiting record holds its track in `idStart`, this in `idEnd` (both 0 once ended: the
        /// formats here have no identifiers) and its given end, or `.max`, in `end`.
        private static let waiting = UInt32.max
        private var records: [CueRecord] = []
        /// By track: no record of the track before it waits. In place (no array to check for
        /// sharing at each change): tracks 0..<`tracks` have one.
        private var cursors = InlineArray<9, Int>(repeating: 0)
        private var tracks = 1
        /// No record before it waits (track 0's changes end every track's cues).
        private var sweep = 0
        private var lastStart: Nanoseconds = .min
        /// A start went back: the records are not written.
        var disordered = false

        init(reserve: Int) { records.reserveCapacity(reserve) }

        mutating func add(_ change: Change) {
            let start = change.start, track = Int(change.track)
            guard !disordered, start >= lastStart, track <= Self.trackLimit else { disordered = true; return }
            lastStart = start
            if track == 0 {
                sweep = end(from: sweep, track: nil, at: start)
            } else {
                if track < tracks, cursors[track] == cursors[0] {
                    // Both cursors stop at the same record: one walk ends the two tracks' records
                    // (nearly always so with one class or a class beside track 0).
                    cursors[0] = end(from: cursors[0], track: UInt32(track), or: 0, at: start)
                    cursors[track] = cursors[0]
                } else {
                    if track < tracks { cursors[track] = end(from: cursors[track], track: UInt32(track), at: start) }
                    cursors[0] = end(from: cursors[0], track: 0, at: start)
                }
            }
            guard let text = change.text else { return }
            while tracks <= track { cursors[tracks] = records.count; tracks += 1 }
            records.append(CueRecord(start: start, end: change.end.flatMap { $0 >= start ? $0 : nil } ?? .max,
                                     textStart: UInt32(text.lowerBound), textEnd: UInt32(text.upperBound),
                                     idStart: UInt32(track), idEnd: Self.waiting,
                                     line: UInt32(truncatingIfNeeded: change.line), detail: change.detail))
        }

        /// Ends the waiting records of `track` and `other` (of every track when `track` is nil) from
        /// `cursor` on that start before `start`; the cursor for next time (the first record at `start`, or the end).
        private mutating func end(from cursor: Int, track: UInt32?, or other: UInt32? = nil, at start: Nanoseconds) -> Int {
            var k = cursor
            let count = records.count
            // `other` as a number that is no track when there is none.
            let otherTrack = other ?? UInt32.max
            while k < count, records[k].start < start {
                if records[k].idEnd == Self.waiting, track == nil || records[k].idStart == track || records[k].idStart == otherTrack {
                    records[k].end = min(start, records[k].end)
                    records[k].idStart = 0
                    records[k].idEnd = 0
                }
                k += 1
            }
            return k
        }

        /// The records, once the last ones are ended; nil when a start went back.
        mutating func finish(lastEnd: Nanoseconds?) -> [CueRecord]? {
            guard !disordered else { return nil }
            var first = records.count
            for t in 0..<tracks { first = min(first, cursors[t]) }
            for k in first..<records.count where records[k].idEnd == Self.waiting {
                let start = records[k].start
                let end = lastEnd.flatMap { $0 > start ? $0 : nil } ?? start + openEnded
                records[k].end = min(end, records[k].end)
                records[k].idStart = 0
                records[k].idEnd = 0
            }
            return records
        }
    }
}
