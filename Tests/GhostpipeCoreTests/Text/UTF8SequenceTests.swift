import Testing
@testable import GhostpipeCore

/// The one UTF-8 table, read whole (`UTF8Sequence.check`, through `UTF8Cleaner`) and byte by byte
/// (`UTF8Sequence.Decoder`, through the escape-sequence parser), agrees with Swift's own decoder.
@Suite struct UTF8SequenceTable {
    /// Scalars as the parser decodes them: a byte below 0x80 cuts a sequence short.
    static func decodeByteByByte(_ bytes: [UInt8]) -> [UInt32] {
        var decoder = UTF8Sequence.Decoder()
        var scalars: [UInt32] = []
        for byte in bytes {
            if byte < 0x80 {
                if !decoder.isIdle {
                    decoder.reset()
                    scalars.append(UTF8Sequence.Decoder.replacement)
                }
                scalars.append(UInt32(byte))
                continue
            }
            var result = decoder.feed(byte)
            if result == UTF8Sequence.Decoder.brokenBefore {
                scalars.append(UTF8Sequence.Decoder.replacement)
                result = decoder.feed(byte)
            }
            if result != UTF8Sequence.Decoder.incomplete { scalars.append(result) }
        }
        if !decoder.isIdle { scalars.append(UTF8Sequence.Decoder.replacement) }
        return scalars
    }

    static func cleanWhole(_ bytes: [UInt8]) -> [UInt8] {
        var cleaner = UTF8Cleaner()
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { cleaner.clean($0, into: &out) }
        cleaner.finish(into: &out)
        return out
    }

    /// Every lead byte with every combination of the bytes at the edges of Table 3-7's ranges.
    @Test func bothReadingsMatchSwiftOnEveryEdgeOfTheTable() {
        let edges: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xF4]
        for lead in UInt8(0x80)...0xFF {
            for a in edges {
                for b in edges {
                    for c in edges {
                        let bytes = [lead, a, b, c]
                        let swift = String(decoding: bytes, as: UTF8.self)
                        #expect(Self.decodeByteByByte(bytes) == swift.unicodeScalars.map(\.value), "\(bytes)")
                        #expect(Self.cleanWhole(bytes) == Array(swift.utf8), "\(bytes)")
                    }
                }
            }
        }
    }

    @Test func checkNamesTheMaximalSubpart() {
        func check(_ bytes: [UInt8]) -> UTF8Sequence.Check {
            bytes.withUnsafeBufferPointer { UTF8Sequence.check($0.baseAddress!, available: $0.count) }
        }
        #expect(check([0xE2, 0x82, 0xAC]) == .valid(3))
        #expect(check([0xF0, 0x9F, 0x98]) == .truncated)
        #expect(check([0xF0, 0x9F, 0x41]) == .invalid(2))
        #expect(check([0xE0, 0x80, 0x80]) == .invalid(1))  // overlong: the second byte is already wrong
        #expect(check([0xED, 0xA0, 0x80]) == .invalid(1))  // a surrogate
        #expect(check([0xC1, 0xBF]) == .invalid(1))
        #expect(check([0xBF]) == .invalid(1))
    }
}
