/// A SAMI file's tracks (its classes); builds each cue's text (see ``SAMIText``).
struct SAMIDocument: CueBuilder {
    var tracks: [CueTrack]

    func cue(_ r: CueRecord, in source: UnsafeBufferPointer<UInt8>) -> Cue {
        guard let base = source.baseAddress else { return Cue(start: r.start, end: r.end, runs: [], sourceLine: Int(r.line)) }
        let text = UnsafeBufferPointer(start: base + Int(r.textStart), count: Int(r.textEnd) - Int(r.textStart))
        let track = r.detail > 0 && Int(r.detail) <= tracks.count ? tracks[Int(r.detail) - 1] : nil
        return Cue(start: r.start, end: r.end, runs: SAMIText.runs(text), sourceLine: Int(r.line), track: track)
    }
}
