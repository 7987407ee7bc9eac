/// Bytes of one encoding to UTF-8, a chunk at a time: the output is the same however the input is
/// cut (a character split across reads is held until its last byte comes). Lossy: a byte sequence
/// the encoding does not map becomes U+FFFD and decoding goes on, so the rest still plays.
///
/// The legacy decoders follow the WHATWG Encoding Standard's algorithms (what browsers do with the
/// same files); their tables are glibc's (`CodePageTables.generated.swift`).
protocol ByteDecoder {
    /// Decodes `bytes`, appending UTF-8 to `out`; an incomplete sequence at the end is held.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8])
    /// The end of the input: a held incomplete sequence becomes U+FFFD.
    mutating func finish(into out: inout [UInt8])
    /// Whether the start of a sequence is held, waiting for its end.
    var holdsPartialSequence: Bool { get }
}

/// A decoder written as a state machine that takes one byte at a time.
protocol ByteStateMachine: ByteDecoder {
    mutating func feed(_ byte: UInt8, into out: inout [UInt8])
}

extension ByteStateMachine {
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        // Most code pages' characters take at most 3 bytes of UTF-8 for each byte they take.
        out.reserveForAppending(bytes.count + bytes.count / 2)
        for byte in bytes { feed(byte, into: &out) }
    }
}

extension ByteDecoder {
    /// Decodes a whole input at once.
    mutating func decodeAll(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        decode(bytes, into: &out)
        finish(into: &out)
        return out
    }
}

/// A double-byte code page read the WHATWG way: a lead byte is held until the byte after it comes,
/// which decides what both are (CP949, Big5, Shift_JIS, EUC-JP).
protocol LeadByteDecoder: ByteStateMachine {
    /// The held lead byte (0: none).
    var lead: UInt8 { get set }
}

extension LeadByteDecoder {
    var holdsPartialSequence: Bool { lead != 0 }

    mutating func finish(into out: inout [UInt8]) {
        if lead != 0 { appendReplacement(to: &out) }
        lead = 0
    }

    /// The held lead, no longer held.
    mutating func takeLead() -> UInt8 {
        defer { lead = 0 }
        return lead
    }
}

/// A lead and the byte after it that map to nothing: U+FFFD — and an ASCII byte is not eaten by
/// the error, it is read again on its own.
@inline(__always)
func appendUnmapped(after trail: UInt8, to out: inout [UInt8]) {
    appendReplacement(to: &out)
    if trail < 0x80 { out.append(trail) }
}

/// U+FFFD, for a byte sequence that maps to nothing.
@inline(__always)
func appendReplacement(to out: inout [UInt8]) {
    out.append(0xEF); out.append(0xBF); out.append(0xBD)
}
