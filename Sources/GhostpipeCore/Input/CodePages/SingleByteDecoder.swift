/// A single-byte code page whose lower half is ASCII (CP125x, ISO-8859-x, KOI8, CP866, CP874).
struct SingleByteDecoder: ByteDecoder {
    let table: SingleByteTable
    var holdsPartialSequence: Bool { false }

    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.reserveForAppending(bytes.count * 2)
        for byte in bytes {
            if byte < 0x80 { out.append(byte) } else { TextDecoder.appendUTF8(table[byte], to: &out) }
        }
    }

    mutating func finish(into out: inout [UInt8]) {}
}
