/// Korean: CP949 (Unified Hangul Code), the Windows superset of EUC-KR that browsers read every
/// `euc-kr` label as. Lead 0x81–0xFE, trail 0x41–0xFE.
struct EUCKRDecoder: ByteStateMachine {
    private static let table = CodePageTables.cp949
    private let table = EUCKRDecoder.table
    private var lead: UInt8 = 0

    var holdsPartialSequence: Bool { lead != 0 }

    mutating func feed(_ byte: UInt8, into out: inout [UInt8]) {
        if lead == 0 {
            switch byte {
            case ..<0x80: out.append(byte)
            case 0x81...0xFE: lead = byte
            default: appendReplacement(to: &out)
            }
            return
        }
        let first = lead
        lead = 0
        let scalar = table[first, byte]
        if scalar != 0xFFFD { return TextDecoder.appendUTF8(scalar, to: &out) }
        appendReplacement(to: &out)
        // An ASCII byte after a lead is not eaten by the error: it is read again on its own.
        if byte < 0x80 { out.append(byte) }
    }

    mutating func finish(into out: inout [UInt8]) {
        if lead != 0 { appendReplacement(to: &out) }
        lead = 0
    }
}
