import GhostpipeCore

/// A terminal that answers the show's questions at once: its cursor is at `start` as the show
/// begins and at `cursor` whenever asked later (nil: it cannot be asked that); widths are Unicode's.
public final class FixedTerminal: TerminalAsking {
    let start: (row: Int, column: Int)?
    let cursor: (row: Int, column: Int)?
    /// The questions asked, in order.
    public private(set) var asked: [String] = []

    public init(start: (row: Int, column: Int)? = nil, cursor: (row: Int, column: Int)? = nil) {
        self.start = start
        self.cursor = cursor
    }

    public func ask(_ question: TerminalQuestion) -> TerminalReply {
        switch question {
        case .start:
            asked.append("start")
            return start.map { .known(row: $0.row, column: $0.column) } ?? .none
        case .cursor:
            asked.append("cursor")
            return cursor.map { .known(row: $0.row, column: $0.column) } ?? .none
        case .widths:
            return .none
        }
    }

    public var asksWidths: Bool { false }
    public var isAsking: Bool { false }
}
