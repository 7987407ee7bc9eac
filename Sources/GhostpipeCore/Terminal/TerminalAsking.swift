/// What the show may ask the terminal it draws on, and how the terminal can reply. On a real
/// terminal `TerminalQuestions` asks and its answer comes later, on the event loop, as
/// `.terminalAnswered`; tests and the fuzzer answer at once.
public protocol TerminalAsking: AnyObject {
    /// Asks `question`.
    func ask(_ question: TerminalQuestion) -> TerminalReply
    /// Whether widths may still be asked at all (a terminal that never answered is asked nothing
    /// more): when not, the clusters to ask about are not even gathered.
    var asksWidths: Bool { get }
    /// Whether an answer is on its way: the terminal's replies arrive where keys do, so keys are
    /// not read meanwhile.
    var isAsking: Bool { get }
}

public enum TerminalQuestion {
    /// Where the cursor is as the show begins, with the widths of the clusters the text starts with
    /// (one round trip).
    case start(learning: [String])
    /// Where the cursor is now (after a resize or `fg`, or for the subtitle band's anchor).
    case cursor
    /// How wide the terminal draws those of `clusters` it was not asked about yet.
    case widths([String])
}

public enum TerminalReply {
    /// Nothing to ask, or it cannot be asked (not a terminal, it never answered, keys typed ahead
    /// wait in its queue): go on without the answer.
    case none
    /// Known at once: the cursor is there (0-based).
    case known(row: Int, column: Int)
    /// Asked: the answer (or its timeout) comes as `.terminalAnswered`.
    case asked
    /// Another question's answer is on its way: ask again when it came.
    case busy
}
