/// Simplified Chinese: GB18030, whose two-byte part is GBK (and GB2312); four-byte sequences reach
/// the rest of Unicode. Browsers read `gbk` and `gb2312` labels with this decoder, and so do we.
struct GB18030Decoder: ByteStateMachine {
    private let table = CodePageTables.gb18030
    private var first: UInt8 = 0, second: UInt8 = 0, third: UInt8 = 0

    var holdsPartialSequence: Bool { first != 0 }

    mutating func feed(_ byte: UInt8, into out: inout [UInt8]) {
        if third != 0 {
            let (a, b, c) = (first, second, third)
            first = 0; second = 0; third = 0
            guard (0x30...0x39).contains(byte) else {
                appendReplacement(to: &out)
                for again in [b, c, byte] { feed(again, into: &out) }
                return
            }
            let pointer = ((UInt32(a) - 0x81) * 10 + UInt32(b) - 0x30) * 1260 + (UInt32(c) - 0x81) * 10 + UInt32(byte) - 0x30
            return TextDecoder.appendUTF8(Self.fourByte(pointer), to: &out)
        }
        if second != 0 {
            if (0x81...0xFE).contains(byte) { third = byte; return }
            let b = second
            first = 0; second = 0
            appendReplacement(to: &out)
            feed(b, into: &out)
            feed(byte, into: &out)
            return
        }
        if first != 0 {
            if (0x30...0x39).contains(byte) { second = byte; return }
            let lead = first
            first = 0
            let scalar = byte == 0x7F ? 0xFFFD : table[lead, byte]
            if scalar != 0xFFFD { return TextDecoder.appendUTF8(scalar, to: &out) }
            appendReplacement(to: &out)
            if byte < 0x80 { out.append(byte) }
            return
        }
        switch byte {
        case ..<0x80: out.append(byte)
        case 0x80: TextDecoder.appendUTF8(0x20AC, to: &out)  // GBK's euro sign (CP936)
        case 0x81...0xFE: first = byte
        default: appendReplacement(to: &out)
        }
    }

    mutating func finish(into out: inout [UInt8]) {
        if first != 0 { appendReplacement(to: &out) }
        first = 0; second = 0; third = 0
    }

    /// The code point of a four-byte sequence's pointer: the BMP by the generated ranges, the
    /// supplementary planes in order from pointer 189000.
    static func fourByte(_ pointer: UInt32) -> UInt32 {
        if pointer >= 189_000 {
            return pointer <= 189_000 + 0xFFFFF ? 0x10000 + pointer - 189_000 : 0xFFFD
        }
        guard pointer <= CodePageTables.gb18030LastBMPPointer else { return 0xFFFD }
        let ranges = CodePageTables.gb18030Ranges
        var low = 0, high = ranges.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if ranges[mid].pointer <= pointer { low = mid } else { high = mid - 1 }
        }
        let range = ranges[low]
        return range.codePoint == 0 ? 0xFFFD : range.codePoint + pointer - range.pointer
    }
}
