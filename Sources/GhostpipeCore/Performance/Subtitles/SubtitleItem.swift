/// One subtitle file in the show: its cues as they arrive (parsed by a `SubtitleStream`), and its
/// playback once its turn comes.
final class SubtitleItem {
    let queue = CueQueue()
    var playback: CuePlayback?
    /// A live recogniser's output: its finals come when their utterance is over.
    var live = false
    /// It is a stream: its partial hypotheses are shown as they come.
    var hearsPartials = false
    /// Its latest partial hypothesis, until the playback begins (which shows it from then on).
    private(set) var heard: PartialHypothesis?
    /// Cues taken from the queue by slides (`--layout slides`), which keep them as slides.
    var taken = 0
    /// Cues received in all.
    private(set) var total = 0
    /// A live recogniser's partial hypotheses received in all, shown or not (empty ones, "nothing
    /// heard yet", not counted).
    var partialsReceived = 0
    /// Counts the cues of the whole file (`SubtitleCount`; nil for a stream), with the preloaded ones.
    var countAll: (() -> Int?)?

    func receive(_ cues: [Cue], at now: Nanoseconds) throws {
        total += cues.count
        if let playback {
            try playback.receive(cues, at: now)
        } else {
            for cue in cues { _ = queue.add(cue, notBefore: 0) }
        }
    }

    /// A parsed part: sent on at once by the playback when it can (`CuePlayback.sendAhead`),
    /// otherwise built and received.
    func receive(_ part: SubtitleStream.ParsedCues, at now: Nanoseconds) throws {
        if let playback, try playback.sendAhead(part, at: now) {
            total += part.count
        } else {
            try receive(part.cues, at: now)
        }
    }

    /// Cues known before the input (`--track` files): the input is read as if they were not waiting.
    private(set) var preloaded = 0

    func preload(_ cues: [Cue]) {
        for cue in cues { _ = queue.add(cue, notBefore: 0) }
        total += cues.count
        preloaded += cues.count
    }

    /// A live recogniser's latest hypothesis (in a batch, only the last one counts).
    func hear(_ hypothesis: PartialHypothesis, at now: Nanoseconds) {
        if let playback { playback.hear(hypothesis, at: now) } else { heard = hypothesis }
    }

    func inputEnded() {
        queue.isComplete = true
    }

    /// Cues waiting to be shown (reading pauses while many do).
    var waiting: Int { (playback?.waiting ?? queue.count - taken) - preloaded }

    /// The cues known so far (to size a band before playing).
    var known: [Cue] { (queue.firstKept..<queue.count).map { queue[$0] } }
}
