/// Problems of one kind said a few times, then only counted: a peer or a file that repeats a mistake
/// a million times must not flood standard error (a bad clock line each millisecond wrote 1.4 M
/// lines in 5 s). The last one said announces the silence; the end says how many were held back.
public struct RepeatedReports {
    /// How many of each kind are said.
    public let shown: Int
    private var counts: [String: Int] = [:]
    private var order: [String] = []

    public init(shown: Int = 5) { self.shown = shown }

    /// `message` as it should be said (the last one shown says that more are only counted), or nil
    /// when it is only counted. `kind` names the problem in plural (`bad clock lines`).
    public mutating func admit(_ message: String, kind: String) -> String? {
        let count = (counts[kind] ?? 0) + 1
        if count == 1 { order.append(kind) }
        counts[kind] = count
        if count < shown { return message }
        if count == shown { return message + " (more \(kind) are counted, not shown)" }
        return nil
    }

    /// `… and 1,402,113 more bad clock lines`, for each kind with any held back (then forgotten).
    public mutating func summary() -> [String] {
        defer { counts.removeAll(); order.removeAll() }
        return order.compactMap { kind in
            let held = (counts[kind] ?? 0) - shown
            return held > 0 ? "… and \(Self.grouped(held)) more \(kind)" : nil
        }
    }

    /// `1,402,113`.
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: i))
            i -= 3
        }
        return digits
    }
}
