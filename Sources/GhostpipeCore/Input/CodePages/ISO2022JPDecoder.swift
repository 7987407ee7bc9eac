/// Japanese e-mail encoding ISO-2022-JP: 7-bit, with escape sequences switching between ASCII
/// (`ESC ( B`), JIS-Roman (`ESC ( J`), halfwidth katakana (`ESC ( I`) and JIS X 0208 (`ESC $ @`,
/// `ESC $ B`), whose characters are pairs of bytes 0x21–0x7E. An escape it does not know becomes
/// U+FFFD and what follows it is read as text, so no escape sequence gets through.
struct ISO2022JPDecoder: ByteStateMachine {
    private enum Mode { case ascii, roman, katakana, jis0208 }
    private let jis0208 = CodePageTables.jis0208
    private var mode = Mode.ascii
    private var lead: UInt8 = 0
    /// Bytes of an escape sequence so far (ESC, then `(` or `$`).
    private var escape: [UInt8] = []

    var holdsPartialSequence: Bool { lead != 0 || !escape.isEmpty }

    mutating func feed(_ byte: UInt8, into out: inout [UInt8]) {
        if !escape.isEmpty { return continueEscape(byte, into: &out) }
        if byte == 0x1B {
            if lead != 0 { appendReplacement(to: &out); lead = 0 }
            escape = [byte]
            return
        }
        if byte >= 0x80 || byte == 0x0E || byte == 0x0F { return appendReplacement(to: &out) }
        switch mode {
        case .ascii:
            out.append(byte)
        case .roman:
            switch byte {
            case 0x5C: TextDecoder.appendUTF8(0xA5, to: &out)
            case 0x7E: TextDecoder.appendUTF8(0x203E, to: &out)
            default: out.append(byte)
            }
        case .katakana:
            if (0x21...0x5F).contains(byte) { TextDecoder.appendUTF8(0xFF61 + UInt32(byte - 0x21), to: &out) } else { out.append(byte) }
        case .jis0208:
            guard (0x21...0x7E).contains(byte) else {
                // Line ends and other controls pass through (a broken file may not switch back).
                if lead != 0 { appendReplacement(to: &out); lead = 0 }
                return out.append(byte)
            }
            if lead == 0 { lead = byte; return }
            let scalar = jis0208[lead | 0x80, byte | 0x80]
            lead = 0
            TextDecoder.appendUTF8(scalar, to: &out)
        }
    }

    private mutating func continueEscape(_ byte: UInt8, into out: inout [UInt8]) {
        escape.append(byte)
        let next: Mode?
        switch (escape.count, byte) {
        case (2, 0x28), (2, 0x24): return  // ESC ( or ESC $: one more byte
        case (3, 0x42) where escape[1] == 0x28: next = .ascii
        case (3, 0x4A) where escape[1] == 0x28: next = .roman
        case (3, 0x49) where escape[1] == 0x28: next = .katakana
        case (3, 0x40) where escape[1] == 0x24, (3, 0x42) where escape[1] == 0x24: next = .jis0208
        default: next = nil
        }
        let sequence = escape
        escape = []
        if let next { mode = next; return }
        // Not an escape we know: say so, and read what followed ESC as text.
        appendReplacement(to: &out)
        for again in sequence.dropFirst() { feed(again, into: &out) }
    }

    mutating func finish(into out: inout [UInt8]) {
        if lead != 0 || !escape.isEmpty { appendReplacement(to: &out) }
        lead = 0
        escape = []
        mode = .ascii
    }
}
