/// Korean: CP949 (Unified Hangul Code), the Windows superset of EUC-KR that browsers read every
/// `euc-kr` label as. Lead 0x81–0xFE, trail 0x41–0xFE.
struct EUCKRDecoder: LeadByteDecoder {
    private static let table = CodePageTables.cp949
    private let table = EUCKRDecoder.table
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
        let scalar = table[first, byte]
        if scalar != 0xFFFD { return TextDecoder.appendUTF8(scalar, to: &out) }
        appendUnmapped(after: byte, to: &out)
    }
}
