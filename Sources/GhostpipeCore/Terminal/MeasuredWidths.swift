/// Column widths as this terminal draws them: the Unicode widths, except for the clusters terminals
/// disagree on, which are measured on the terminal itself when it can be asked (`TerminalQuestions`
/// asks, on the event loop, and records the answers here).
public final class MeasuredWidths: ColumnWidths {
    public enum Policy: String, CaseIterable, Sendable {
        /// Ask the terminal about clusters terminals disagree on, when output is a terminal.
        case auto
        /// Never ask: the `wcwidth` specification's widths.
        case spec
        /// Ask the terminal about every cluster outside ASCII.
        case terminal
    }

    private let policy: Policy
    private var measured: [String: Int] = [:]
    private var asked: Set<String> = []

    public init(policy: Policy) {
        self.policy = policy
    }

    /// Columns of `cluster` on this terminal.
    public func width(of cluster: String) -> Int {
        measured[cluster] ?? DisplayWidth.of(cluster)
    }

    public func measuredWidth(of cluster: String) -> Int? {
        measured[cluster]
    }

    /// The clusters among `clusters` that need asking and were not asked before, now counted as asked.
    func unasked(_ clusters: [String]) -> [String] {
        var wanted: [String] = []
        for cluster in clusters where !asked.contains(cluster) && needsAsking(cluster) {
            asked.insert(cluster)
            wanted.append(cluster)
        }
        return wanted
    }

    /// Not asked after all, or not answered: ask again later.
    func forget(_ clusters: [String]) {
        for cluster in clusters { asked.remove(cluster) }
    }

    /// What the terminal measured (nil: a cluster it could not measure keeps the Unicode width).
    func record(_ clusters: [String], _ widths: [Int?]) {
        for (cluster, width) in zip(clusters, widths) {
            if let width { measured[cluster] = width }
        }
    }

    func needsAsking(_ cluster: String) -> Bool {
        policy == .terminal ? !cluster.utf8.allSatisfy({ $0 < 0x80 }) : DisplayWidth.isDisputed(cluster)
    }
}
