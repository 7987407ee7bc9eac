import Testing
@testable import GhostpipeCore

/// Inputs the libFuzzer targets in Scripts/fuzz/ found (run them with `Scripts/fuzz.sh`), kept as
/// byte arrays, with the behaviour that is right for them. One test per crash or failed property.
@Suite struct FuzzRegressions {

    static func sanitize(_ bytes: [UInt8]) -> [UInt8] {
        var sanitizer = TerminalSanitizer()
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out) }
        return out
    }

    // MARK: decode target

    /// decode: ESC followed by a non-ASCII character. The sanitizer's escape state dropped the
    /// character's lead byte only, so its continuation bytes reached the terminal on their own
    /// (invalid UTF-8). Found through ISO-2022-JP, whose decoder passes an unknown `ESC [` through.
    @Test func escapeBeforeNonASCIIKeepsTheCharacterWhole() throws {
        let found: [UInt8] = [0x0C, 0x1B, 0x24, 0x42, 0x1B, 0x5B, 0x6D, 0x24, 0x22, 0x24, 0x24, 0x1B, 0x28, 0x42, 0x78]
        let text = try TextDecoder.decode(Array(found.dropFirst()), encoding: "iso-2022-jp").text
        let out = Self.sanitize(Array(text.utf8))
        #expect(String(validating: out, as: UTF8.self) != nil, "\(out)")
        #expect(!out.contains(0x1B))

        // Minimized: the ESC goes, the character stays whole (two-, three- and four-byte ones).
        #expect(Self.sanitize([0x1B, 0xC3, 0xA9]) == Array("é".utf8))
        #expect(Self.sanitize([0x61, 0x1B, 0xE6, 0xAA, 0xAE, 0x62]) == Array("a檮b".utf8))
        #expect(Self.sanitize([0x1B, 0xF0, 0x9F, 0x91, 0x8B]) == Array("👋".utf8))
        // ESC then a C1 control written as UTF-8 (CSI): the CSI is still recognised and removed.
        #expect(Self.sanitize([0x1B, 0xC2, 0x9B, 0x32, 0x4A, 0x78]) == [0x78])
        // Split across two calls, as a stream delivers it.
        var sanitizer = TerminalSanitizer()
        var out2: [UInt8] = []
        [0x1B] .withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out2) }
        [0xC3, 0xA9].withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out2) }
        #expect(out2 == Array("é".utf8))
    }
}
