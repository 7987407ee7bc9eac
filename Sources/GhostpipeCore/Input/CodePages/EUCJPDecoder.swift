/// Japanese: EUC-JP. JIS X 0208 as two bytes 0xA1–0xFE; halfwidth katakana after 0x8E; JIS X 0212
/// after 0x8F.
struct EUCJPDecoder: LeadByteDecoder {
    private let jis0208 = CodePageTables.jis0208
    var lead: UInt8 = 0
    /// The 0x8F prefix came: the next two bytes are JIS X 0212.
    private var jis0212 = false

    mutating func feed(_ byte: UInt8, into out: inout [UInt8]) {
        if lead == 0 {
            switch byte {
            case ..<0x80: out.append(byte)
            case 0x8E, 0x8F, 0xA1...0xFE: lead = byte
            default: appendReplacement(to: &out)
            }
            return
        }
        let first = takeLead()
        if first == 0x8E, (0xA1...0xDF).contains(byte) {
            return TextDecoder.appendUTF8(0xFF61 + UInt32(byte - 0xA1), to: &out)
        }
        if first == 0x8F, (0xA1...0xFE).contains(byte) {
            jis0212 = true
            lead = byte
            return
        }
        let supplementary = jis0212
        jis0212 = false
        let scalar = supplementary ? CodePageTables.jis0212[first, byte] : jis0208[first, byte]
        if scalar != 0xFFFD { return TextDecoder.appendUTF8(scalar, to: &out) }
        appendUnmapped(after: byte, to: &out)
    }

    mutating func finish(into out: inout [UInt8]) {
        if lead != 0 { appendReplacement(to: &out) }
        lead = 0
        jis0212 = false
    }
}
