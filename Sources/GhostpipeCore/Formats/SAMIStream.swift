/// SAMI read as it arrives (see ``OpenEndedParts``): each part is a run of complete syncs, read
/// after the file's header (its `<STYLE>` declares the classes). A class keeps one track number for
/// the whole file, whatever part it first appears in.
final class SAMIStream: OpenEndedReader {
    var unit: String { "sync" }
    var lastEnd: Nanoseconds? { nil }
    /// The file's classes, in the order met; the number of a track is its place here plus one.
    private var tracks: [CueTrack] = []
    private var numbers: [String: UInt32] = [:]
    /// A hostile file may name a new class at every sync: past this many, they share the last.
    static let trackLimit = 256
    private var sawSync = false

    func read(_ part: [UInt8], lineShift: Int) -> (changes: [OpenEndedWindow.Arrival], diagnostics: [Diagnostic]) {
        part.withUnsafeBufferPointer { bytes in
            guard let scan = SAMIParser.scan(bytes: bytes, inOrder: false) else { return ([], []) }
            sawSync = sawSync || scan.sawSync
            // The part's track numbers as the file's.
            let local = scan.tracks.map(number(for:))
            let document = SAMIDocument(tracks: tracks)
            var arrivals: [OpenEndedWindow.Arrival] = []
            arrivals.reserveCapacity(scan.changes.changes.count)
            for change in scan.changes.changes {
                let track = change.track == 0 ? 0 : local[Int(change.track) - 1]
                var cue: Cue?
                if let text = change.text {
                    let detail = change.detail == 0 ? 0 : local[Int(change.detail) - 1]
                    let record = CueRecord(start: change.start, end: .max, textStart: UInt32(text.lowerBound),
                                           textEnd: UInt32(text.upperBound), idStart: 0, idEnd: 0,
                                           line: UInt32(truncatingIfNeeded: change.line), detail: detail)
                    cue = document.cue(record, in: bytes)
                    cue?.sourceLine += lineShift
                }
                arrivals.append(.init(start: change.start, track: track, end: change.end, cue: cue, line: change.line + lineShift))
            }
            return (arrivals, scan.diagnostics)
        }
    }

    /// The file's number for a class of a part (its language learnt when first said).
    private func number(for track: CueTrack) -> UInt32 {
        let key = track.name.lowercased()
        if let number = numbers[key] {
            let k = Int(number) - 1
            if tracks[k].language == nil, let language = track.language { tracks[k].language = language }
            return number
        }
        guard tracks.count < Self.trackLimit else { return UInt32(tracks.count) }
        tracks.append(CueTrack(index: tracks.count, name: track.name, language: track.language))
        numbers[key] = UInt32(tracks.count)
        return UInt32(tracks.count)
    }

    func finish(changes: Int) -> [Diagnostic] {
        sawSync ? [] : [Diagnostic(line: 1, message: "no SAMI cues found (no <SYNC> tags)")]
    }
}
