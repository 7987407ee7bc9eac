/// When a final utterance plays. The protocol's own times come first (whisper's segment times,
/// Vosk's word times). Without them, in a stream, the arrival times say: the utterance began when
/// the first non-empty partial since it heard nothing arrived (the recogniser was hearing it) or, without one, when the
/// final did, and ended when the final arrived. A file has no arrival times: its untimed
/// utterances follow each other, each shown `untimedLength`.
struct LiveTiming {
    static let untimedLength: Nanoseconds = OpenEndedCues.openEnded

    /// When the first non-empty partial of the utterance being heard arrived.
    private var heardSince: Nanoseconds?
    /// Where the last cue ended (untimed utterances of a file follow it).
    private var lastEnd: Nanoseconds = 0

    /// A partial arrived (`at`: its arrival, nil in a file).
    mutating func heard(_ partial: PartialHypothesis, at arrival: Nanoseconds?) {
        // An empty hypothesis (silence) means nothing is being heard yet.
        if partial.text.isEmpty { heardSince = nil } else if heardSince == nil { heardSince = arrival }
    }

    /// The cue of a final utterance arrived `at` (nil in a file).
    mutating func cue(for utterance: LiveUtterance, at arrival: Nanoseconds?) -> Cue {
        defer { heardSince = nil }
        let start: Nanoseconds, end: Nanoseconds
        if let given = utterance.start {
            start = given
            end = max(given, utterance.end ?? given + Self.untimedLength)
        } else if let arrival {
            start = min(heardSince ?? arrival, arrival)
            end = arrival
        } else {
            start = lastEnd
            end = start + Self.untimedLength
        }
        lastEnd = max(lastEnd, end)
        return Cue(start: start, end: end, runs: utterance.runs, sourceLine: utterance.line)
    }
}
