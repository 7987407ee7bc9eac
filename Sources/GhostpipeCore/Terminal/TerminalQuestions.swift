/// The questions ghostpipe asks a real terminal as it runs — where its cursor is (as the show
/// begins, after a resize or `fg`, for the subtitle band's anchor) and how wide it draws the
/// clusters terminals disagree on — one at a time, through the probe. A question is only sent here;
/// its answer is read on the event loop (`ProbeAnswers`) and handed back through `answered`, so
/// nothing waits for the terminal except what needs its answer.
public final class TerminalQuestions: TerminalAsking {
    public let probe: TerminalProbe
    public let widths: MeasuredWidths
    /// The clusters asked about in the question on its way.
    private var measuring: [String] = []
    /// A question was sent and its answer not handed back yet.
    public private(set) var isAsking = false

    public init(probe: TerminalProbe, widths: MeasuredWidths) {
        self.probe = probe
        self.widths = widths
    }

    public var asksWidths: Bool { !probe.gaveUp }

    public func ask(_ question: TerminalQuestion) -> TerminalReply {
        guard !probe.gaveUp else { return .none }
        let wanted: [String]
        switch question {
        case .start(let clusters):
            wanted = isAsking ? [] : widths.unasked(clusters)
        case .cursor:
            wanted = []
        case .widths(let clusters):
            guard !isAsking else { return clusters.contains(where: widths.needsAsking) ? .busy : .none }
            wanted = widths.unasked(clusters)
            guard !wanted.isEmpty else { return .none }
        }
        if isAsking { return .busy }
        // Not sent (keys typed ahead wait in the terminal's queue; in the background): the Unicode
        // widths serve this time, and the clusters are asked about again later.
        guard probe.send(measuring: wanted) else { widths.forget(wanted); return .none }
        measuring = wanted
        isAsking = true
        return .asked
    }

    /// The answer to the question on its way (nil: none came in time, or it was given up): the
    /// widths are learnt, and the cursor (0-based) returned.
    public func answered(_ answer: TerminalProbe.Answer?) -> (row: Int, column: Int)? {
        let wanted = measuring
        measuring = []
        isAsking = false
        guard let answer else { widths.forget(wanted); return nil }
        widths.record(wanted, answer.widths)
        return answer.cursor
    }
}
