/// LRC read as it arrives (see ``OpenEndedParts``): each part's lines are read after what the
/// earlier parts said (`[offset:]`, the title card's tags, `[length:]`), and their cues built at once.
final class LRCStream: OpenEndedReader {
    var unit: String { "line" }
    private var lyrics = LRCLyrics()
    private(set) var lastEnd: Nanoseconds?
    private var untagged: (first: Int, count: Int)?

    func read(_ part: [UInt8], lineShift: Int) -> (changes: [OpenEndedWindow.Arrival], diagnostics: [Diagnostic]) {
        part.withUnsafeBufferPointer { bytes in
            var given = lyrics
            given.firstTimes = [:]   // by line number within a part
            guard let scan = LRCParser.scan(bytes: bytes, inOrder: false, lyrics: given) else { return ([], []) }
            lyrics = scan.lyrics
            lastEnd = scan.length ?? lastEnd
            if let part = scan.untagged {
                untagged = untagged.map { ($0.first, $0.count + part.count) } ?? (part.first + lineShift, part.count)
            }
            var arrivals: [OpenEndedWindow.Arrival] = []
            arrivals.reserveCapacity(scan.changes.changes.count)
            for change in scan.changes.changes {
                var cue: Cue?
                if let text = change.text {
                    let record = CueRecord(start: change.start, end: .max, textStart: UInt32(text.lowerBound),
                                           textEnd: UInt32(text.upperBound), idStart: 0, idEnd: 0,
                                           line: UInt32(truncatingIfNeeded: change.line), detail: 0)
                    cue = lyrics.cue(record, in: bytes)
                    cue?.sourceLine += lineShift
                }
                arrivals.append(.init(start: change.start, track: 0, end: nil, cue: cue, line: change.line + lineShift))
            }
            return (arrivals, scan.diagnostics)
        }
    }

    func opening(before first: Cue) -> Cue? {
        guard first.start >= Time.second else { return nil }
        let record = CueRecord(start: first.start, end: first.start, textStart: 0, textEnd: 0, idStart: 0, idEnd: 0,
                               line: UInt32(truncatingIfNeeded: first.sourceLine), detail: 0)
        return lyrics.titleCardRecord(before: record).map { lyrics.cue($0, in: UnsafeBufferPointer(start: nil, count: 0)) }
    }

    func finish(changes: Int) -> [Diagnostic] {
        var messages = untagged.map { [LRCParser.untaggedDiagnostic($0)] } ?? []
        if changes == 0 { messages.append(Diagnostic(line: 1, message: "no LRC time tags found")) }
        return messages
    }
}
