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
/// (`ESC [ A`, `ESC O A`), and other escape sequences as `.other`. A lone ESC at the end of a read
/// is the Escape key (terminals send a whole sequence in one write).
public struct KeyDecoder: Sendable {
    public init() {}

    public func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x1B:
                guard i + 1 < bytes.count else { keys.append(.escape); i += 1; continue }
                let introducer = bytes[i + 1]
                if introducer == 0x1B {
                    keys.append(.escape)  // Escape pressed, then another sequence
                    i += 1
                } else if introducer == 0x5B || introducer == 0x4F {  // CSI or SS3
                    var j = i + 2
                    while j < bytes.count && !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                    let final = j < bytes.count ? bytes[j] : 0
                    switch final {
                    case 0x41: keys.append(.up)
                    case 0x42: keys.append(.down)
                    case 0x43: keys.append(.right)
                    case 0x44: keys.append(.left)
                    default: keys.append(.other)
                    }
                    i = min(bytes.count, j + 1)
                } else {
                    keys.append(.other)  // Alt+key
                    i += 2
                }
            case 0x0D, 0x0A: keys.append(.enter); i += 1
            case 0x7F, 0x08: keys.append(.backspace); i += 1
            case 0x09: keys.append(.tab); i += 1
            case 0x03: keys.append(.interrupt); i += 1
            case 0x00..<0x20: keys.append(.other); i += 1
            default:
                // One UTF-8 character.
                let length = max(1, UTF8Sequence.lead(b).length)
                let end = min(bytes.count, i + length)
                let text = String(decoding: bytes[i..<end], as: UTF8.self)
                keys.append(text.first.map { .character($0) } ?? .other)
                i = end
            }
        }
        return keys
    }
}
