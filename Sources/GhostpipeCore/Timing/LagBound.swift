/// `--max-lag`: no grapheme appears later than this after it was ready (arrived and laid out). A
/// pacer that falls further behind than the bound catches up by revealing faster — what was due
/// later than the bound shows at it — never by dropping text; it goes on at its pace from there.
public struct LagBound: Sendable, Equatable {
    public var limit: Nanoseconds

    public init(_ limit: Nanoseconds) { self.limit = max(0, limit) }

    /// Brings the `count` instants from `instants` (in order) within the bound of `ready`. Returns
    /// the bound when it moved any: the schedule goes on from there.
    @inline(__always)
    func clamp(_ instants: UnsafeMutablePointer<Nanoseconds>, count: Int, ready: Nanoseconds) -> Nanoseconds? {
        let bound = ready.saturatingAdding(limit)
        guard count > 0, instants[count - 1] > bound else { return nil }
        for k in 0..<count where instants[k] > bound { instants[k] = bound }
        return bound
    }
}
