/// Column widths as this terminal draws them: the Unicode widths, except for the clusters terminals
/// disagree on, which are measured on the terminal itself when it can be asked.
public final class MeasuredWidths: ColumnWidths {
    public enum Policy: String, CaseIterable, Sendable {
        /// Ask the terminal about clusters terminals disagree on, when output is a terminal.
        case auto
        /// Never ask: the `wcwidth` specification's widths.
        case spec
        /// Ask the terminal about every cluster outside ASCII.
        case terminal
    }

    private let probe: TerminalProbe?
    private let policy: Policy
    private var measured: [String: Int] = [:]
    private var asked: Set<String> = []

    /// `spec`: the terminal is never asked anything (not even where its cursor is).
    public init(probe: TerminalProbe?, policy: Policy) {
        self.probe = policy == .spec ? nil : probe
        self.policy = policy
    }

    public var isProbing: Bool { probe != nil && !(probe?.gaveUp ?? true) }

    /// The clusters sent with the start question, until its answer comes.
    private var askedAtStart: [String] = []
    /// The start question was sent and its answer has not come yet.
    public private(set) var awaitsStart = false

    /// Asks where the cursor is as ghostpipe begins, in the same round trip as the widths of the
    /// clusters among `clusters` that need asking (the start of the text). The answer is read on
    /// the event loop (`ProbeAnswers`) and handed to `startAnswered`. False when not asked.
    public func askStart(learning clusters: [String]) -> Bool {
        guard let probe, !probe.gaveUp else { return false }
        let wanted = unasked(clusters)
        guard probe.send(measuring: wanted) else { forget(wanted); return false }
        askedAtStart = wanted
        awaitsStart = true
        return true
    }

    /// The start question's answer (nil: none came in time, or it was given up): the widths are
    /// learnt, and the cursor (0-based) returned.
    public func startAnswered(_ answer: TerminalProbe.Answer?) -> (row: Int, column: Int)? {
        let wanted = askedAtStart
        askedAtStart = []
        awaitsStart = false
        guard let answer else { forget(wanted); return nil }
        record(wanted, answer.widths)
        return answer.cursor
    }

    private func unasked(_ clusters: [String]) -> [String] {
        var wanted: [String] = []
        for cluster in clusters where !asked.contains(cluster) && needsAsking(cluster) {
            asked.insert(cluster)
            wanted.append(cluster)
        }
        return wanted
    }

    /// Not asked after all (keys typed ahead waited in the terminal's queue): ask again later.
    private func forget(_ clusters: [String]) {
        for cluster in clusters { asked.remove(cluster) }
    }

    private func record(_ clusters: [String], _ widths: [Int?]) {
        for (cluster, width) in zip(clusters, widths) {
            if let width { measured[cluster] = width }
        }
    }

    /// Columns of `cluster` on this terminal.
    public func width(of cluster: String) -> Int {
        measured[cluster] ?? DisplayWidth.of(cluster)
    }

    /// Measures, in one round trip, the clusters among `clusters` that need it and were not asked
    /// about before. Costs nothing when none does. Returns whether the terminal was written to (the
    /// probe drew on the cursor's row, which must then be drawn again).
    @discardableResult
    public func learn(_ clusters: [String]) -> Bool {
        guard let probe, !probe.gaveUp else { return false }
        let wanted = unasked(clusters)
        guard !wanted.isEmpty else { return false }
        guard let widths = probe.measure(wanted) else { forget(wanted); return !probe.gaveUp }
        record(wanted, widths)
        return true
    }

    func needsAsking(_ cluster: String) -> Bool {
        policy == .terminal ? !cluster.utf8.allSatisfy({ $0 < 0x80 }) : DisplayWidth.isDisputed(cluster)
    }
}
