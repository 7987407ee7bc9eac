import Testing
@testable import GhostpipeCore

/// The word-at-a-time scans (`ByteWords`) say what a byte-by-byte look says, on random words and
/// texts built from the bytes they look for, at every alignment.
@Suite struct ByteScanning {
    /// Bytes the scans look for, their neighbours, and text around them.
    static let interesting: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x26, 0x3B, 0x3C, 0x3D, 0x5C,
                                       0x7B, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xC2, 0xC3, 0xEA, 0xFF, 0x61, 0x62]

    static func randomBytes(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in Int.random(in: 0..<4, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random)
                                                                         : interesting.randomElement(using: &random)! }
    }

    @Test func yesNoTestsAgreeWithTheBytes() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<20_000 {
            // Mostly words with few matches, where borrows between bytes would show.
            let bytes = Self.randomBytes(8, &random).map { Int.random(in: 0..<3, using: &random) == 0 ? $0 : 0x61 }
            let w = bytes.withUnsafeBufferPointer { ByteWords.load($0.baseAddress!) }
            #expect((ByteWords.anyZero(w) != 0) == bytes.contains(0), "\(bytes)")
            #expect((ByteWords.anyControl(w) != 0) == bytes.contains { $0 < 0x20 }, "\(bytes)")
            for byte in Self.interesting {
                #expect((ByteWords.anyEqual(w, byte) != 0) == bytes.contains(byte), "\(bytes) \(byte)")
            }
        }
    }

    @Test func needsCleaningAgreesWithTheBytes() {
        var random = SplitMix64(seed: 6)
        for _ in 0..<5_000 {
            let bytes = Self.randomBytes(Int.random(in: 0..<40, using: &random), &random).map { Int.random(in: 0..<8, using: &random) == 0 ? $0 : 0x61 }
            let expected = bytes.indices.contains { i in
                let b = bytes[i]
                return b < 0x20 && b != 0x0A && b != 0x09 || b == 0x7F || b == 0xC2 && i + 1 < bytes.count && bytes[i + 1] < 0xA0
            }
            #expect(bytes.withUnsafeBufferPointer(TerminalSanitizer.needsCleaning) == expected, "\(bytes)")
        }
    }

    /// JSON strings, written a word at a time, are escaped as a byte-by-byte reading of RFC 8259 (and
    /// of the DEL and C1 rule) escapes them; text with nothing to sanitize likewise by
    /// `sanitizedString`.
    @Test func jsonStringsAreEscapedAsByteByByte() {
        func reference(_ bytes: [UInt8]) -> [UInt8] {
            func hex(_ b: UInt8) -> [UInt8] { Array(("\\u00" + (b < 16 ? "0" : "") + String(b, radix: 16)).utf8) }
            var out: [UInt8] = [0x22]
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                switch b {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, 0x6E]
                case 0x0D: out += [0x5C, 0x72]
                case 0x09: out += [0x5C, 0x74]
                case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]): out += hex(bytes[i + 1]); i += 1
                case ..<0x20, 0x7F: out += hex(b)
                default: out.append(b)
                }
                i += 1
            }
            return out + [0x22]
        }
        func written(_ bytes: [UInt8], sanitized: Bool) -> [UInt8] {
            var out: [UInt8] = []
            bytes.withUnsafeBufferPointer { text in
                out.append(upTo: JSONWriter.stringBound(text.count)) { sanitized ? $0.sanitizedString(utf8: text) : $0.string(utf8: text) }
            }
            return out
        }
        var random = SplitMix64(seed: 7)
        var sanitizedChecked = 0
        for _ in 0..<5_000 {
            // Mostly plain letters (words with nothing to escape), at every length and alignment.
            let bytes = Array(String(decoding: Self.randomBytes(Int.random(in: 0..<60, using: &random), &random)
                .map { Int.random(in: 0..<6, using: &random) == 0 ? $0 : 0x61 }, as: UTF8.self).utf8)
            #expect(written(bytes, sanitized: false) == reference(bytes), "\(bytes)")
            guard !bytes.withUnsafeBufferPointer(TerminalSanitizer.needsCleaning) else { continue }
            sanitizedChecked += 1
            #expect(written(bytes, sanitized: true) == reference(bytes), "\(bytes)")
        }
        #expect(sanitizedChecked > 500)
    }
}
