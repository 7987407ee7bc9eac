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
}
