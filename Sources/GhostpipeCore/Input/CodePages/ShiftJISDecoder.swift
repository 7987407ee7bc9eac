/// Japanese: Shift_JIS as Windows writes it (CP932, with the NEC and IBM extensions), as browsers read
/// every `shift_jis` label. Halfwidth katakana are single bytes 0xA1–0xDF; leads 0x81–0x9F and
/// 0xE0–0xFC, trails 0x40–0x7E and 0x80–0xFC.
struct ShiftJISDecoder: LeadByteDecoder {
    private let table = CodePageTables.cp932
    var lead: UInt8 = 0

    mutating func feed(_ byte: UInt8, into out: inout [UInt8]) {
        if lead == 0 {
            switch byte {
            case ..<0x80: out.append(byte)
            case 0xA1...0xDF: TextDecoder.appendUTF8(0xFF61 + UInt32(byte - 0xA1), to: &out)
            case 0x81...0x9F, 0xE0...0xFC: lead = byte
            default: appendReplacement(to: &out)
            }
            return
        }
        let first = takeLead()
        let scalar = byte == 0x7F ? 0xFFFD : table[first, byte]
        if scalar != 0xFFFD { return TextDecoder.appendUTF8(scalar, to: &out) }
        appendUnmapped(after: byte, to: &out)
    }
}
