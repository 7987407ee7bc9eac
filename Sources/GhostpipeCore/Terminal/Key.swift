/// A key the user pressed, decoded from what the terminal sends.
public enum Key: Equatable, Sendable {
    case character(Character)
    case up, down, left, right
    case enter, escape, backspace, tab
    /// Ctrl-C when the terminal delivers it as a byte rather than a signal.
    case interrupt
    /// Any other sequence (function keys, mouse reports): still a key press.
    case other
}

extension Key {
    /// `q`: stop playing (everywhere keys are read).
    public var meansQuit: Bool { self == .character("q") || self == .character("Q") }
}

/// Decodes bytes from a terminal into keys: UTF-8 characters, arrows in both cursor-key modes
/// (`ESC [ A`, `ESC O A`), and other escape sequences as `.other`, with the emulator's escape-sequence
/// parser (`TerminalInputDecoder`). A lone ESC at the end of a read is the Escape key (terminals send
/// a whole sequence in one write).
public struct KeyDecoder: Sendable {
    public init() {}

    public func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = TerminalInputDecoder()
        let items = bytes.withUnsafeBytes { decoder.feed($0) } + decoder.finish()
        return items.map { item in
            if case .key(let key) = item { key } else { .other }  // a cursor report is no key of ours
        }
    }
}
