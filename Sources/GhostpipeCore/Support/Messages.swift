/// Text quoted in messages (file names, file content), made safe to show on a terminal.
public enum Messages {
    /// `text` with every control character made visible: C0 controls and DEL as `\x1b`-style
    /// escapes (tab `\t`, line feed `\n`, carriage return `\r`), C1 controls as `\u{9b}`, and the
    /// bidirectional overrides and isolates (which reorder what a terminal shows) likewise, so that a
    /// file named `x\e]0;T\a.srt`, or a cue quoted in a message, can neither command the terminal nor
    /// disguise itself.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar.value {
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x00..<0x20, 0x7F: out += "\\x" + hex(scalar.value, digits: 2)
            default: out += "\\u{" + hex(scalar.value, digits: 2) + "}"
            }
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
