/// The Unicode encoding forms as `ByteDecoder`s: UTF-8 (the cleaner: invalid sequences become
/// U+FFFD), UTF-16 and UTF-32 in either byte order (an unpaired surrogate, a value past U+10FFFF or a
/// dangling odd byte becomes U+FFFD).

struct UTF8Decoder: ByteDecoder {
    private var cleaner = UTF8Cleaner()
    var holdsPartialSequence: Bool { cleaner.holdsPartialSequence }
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) { cleaner.clean(bytes, into: &out) }
    mutating func finish(into out: inout [UInt8]) { cleaner.finish(into: &out) }
}

struct UTF16Decoder: ByteStateMachine {
    let bigEndian: Bool
    /// The first byte of a code unit.
    private var firstByte: UInt8?
    /// A high surrogate waiting for its low one.
    private var highSurrogate: UInt32?

    init(bigEndian: Bool) { self.bigEndian = bigEndian }

    var holdsPartialSequence: Bool { firstByte != nil || highSurrogate != nil }

    mutating func feed(_ byte: UInt8, into out: inout [UInt8]) {
        guard let first = firstByte else { firstByte = byte; return }
        firstByte = nil
        let unit = bigEndian ? UInt32(first) << 8 | UInt32(byte) : UInt32(byte) << 8 | UInt32(first)
        if let high = highSurrogate {
            highSurrogate = nil
            if unit & 0xFC00 == 0xDC00 {
                TextDecoder.appendUTF8(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00), to: &out)
                return
            }
            appendReplacement(to: &out)
        }
        switch unit & 0xFC00 {
        case 0xD800: highSurrogate = unit
        case 0xDC00: appendReplacement(to: &out)
        default: TextDecoder.appendUTF8(unit, to: &out)
        }
    }

    mutating func finish(into out: inout [UInt8]) {
        if highSurrogate != nil { appendReplacement(to: &out) }
        if firstByte != nil { appendReplacement(to: &out) }
        highSurrogate = nil
        firstByte = nil
    }
}

struct UTF32Decoder: ByteStateMachine {
    let bigEndian: Bool
    private var value: UInt32 = 0
    private var count = 0

    init(bigEndian: Bool) { self.bigEndian = bigEndian }

    var holdsPartialSequence: Bool { count != 0 }

    mutating func feed(_ byte: UInt8, into out: inout [UInt8]) {
        value = bigEndian ? value << 8 | UInt32(byte) : value | UInt32(byte) << (8 * UInt32(count))
        count += 1
        guard count == 4 else { return }
        TextDecoder.appendUTF8(value > 0x10FFFF || value & 0xFFFF_F800 == 0xD800 ? 0xFFFD : value, to: &out)
        value = 0
        count = 0
    }

    mutating func finish(into out: inout [UInt8]) {
        if count != 0 { appendReplacement(to: &out) }
        value = 0
        count = 0
    }
}
