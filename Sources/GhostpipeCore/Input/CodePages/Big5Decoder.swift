/// Traditional Chinese: Big5 with the Hong Kong Supplementary Character Set (HKSCS-2008), as
/// browsers read every `big5` label. Lead 0x81–0xFE, trail 0x40–0x7E and 0xA1–0xFE.
struct Big5Decoder: LeadByteDecoder {
    private let table = CodePageTables.big5hkscs
    var lead: UInt8 = 0

    mutating func feed(_ byte: UInt8, into out: inout [UInt8]) {
        if lead == 0 {
            switch byte {
            case ..<0x80: out.append(byte)
            case 0x81...0xFE: lead = byte
            default: appendReplacement(to: &out)
            }
            return
        }
        let first = takeLead()
        if byte >= 0x40 && byte <= 0x7E || byte >= 0xA1 && byte <= 0xFE {
            let code = UInt16(first) << 8 | UInt16(byte)
            if first == 0x88, let pair = CodePageTables.big5Pairs.first(where: { $0.bytes == code }) {
                TextDecoder.appendUTF8(pair.first, to: &out)
                return TextDecoder.appendUTF8(pair.second, to: &out)
            }
            let scalar = table[first, byte]
            if scalar != 0xFFFD { return TextDecoder.appendUTF8(scalar, to: &out) }
        }
        appendUnmapped(after: byte, to: &out)
    }
}
