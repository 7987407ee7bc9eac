import Testing
@testable import GhostpipeCore

/// The sanitizer finds sequences with the emulator's parser: it removes exactly what a terminal would
/// act on and leaves the text a terminal would show.
@Suite struct SanitizerParsing {
    static func sanitize(_ bytes: [UInt8]) -> [UInt8] {
        var sanitizer = TerminalSanitizer()
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out) }
        return out
    }

    static func sanitize(_ text: String) -> String {
        String(decoding: sanitize(Array(text.utf8)), as: UTF8.self)
    }

    @Test func controlsInsideASequenceStillAct() {
        #expect(Self.sanitize("a\u{1B}[1\n2mb") == "a\nb")
        #expect(Self.sanitize("a\u{1B}(\tBb") == "a\tb")
    }

    @Test func escapeEndsAnyStringAndBellOnlyAnOperatingSystemCommand() {
        #expect(Self.sanitize("\u{1B}]0;title\u{1B}Mshown") == "shown")
        #expect(Self.sanitize("\u{1B}]0;title\u{7}shown") == "shown")
        #expect(Self.sanitize("\u{1B}_apc\u{7}hidden\u{1B}\\shown") == "shown")
        #expect(Self.sanitize("\u{1B}P1$r\u{7}hidden\u{1B}\\shown") == "shown")
        #expect(Self.sanitize("\u{90}dcs\u{9C}shown\u{9F}apc\u{1B}\\too") == "showntoo")
    }

    @Test func aRemovedSequenceBetweenCarriageReturnAndLineFeedKeepsThemOneLineBreak() {
        #expect(Self.sanitize("a\r\u{1B}[0m\nb\r\n\nc") == "a\nb\n\nc")
    }

    @Test func c1ControlsAreRecognisedAsUTF8AndRawC1BytesAreDamage() {
        #expect(Self.sanitize("a\u{9B}31mb\u{85}c") == "abc")
        #expect(Self.sanitize([0x61, 0x9B, 0x32, 0x4A]) == [0x61, 0xEF, 0xBF, 0xBD, 0x32, 0x4A])
    }

    @Test func c1ControlsOfALegacyCodePageAreRemovedOnceDecoded() throws {
        // ISO 8859-2 keeps 0x80–0x9F as C1 controls: decoded they are U+0080–U+009F, then removed.
        let decoded = try TextDecoder.decode([0x41, 0x9B, 0x33, 0x31, 0x6D, 0x42, 0x9D, 0x30, 0x3B, 0x78, 0x07, 0x43],
                                             encoding: "iso-8859-2").text
        #expect(decoded.unicodeScalars.contains("\u{9B}"))
        #expect(TerminalSanitizer.clean(decoded) == "ABC")
    }

    @Test func anyBytesComeOutAsPrintableUTF8() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 1...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let out = Self.sanitize(bytes)
            let text = String(validating: out, as: UTF8.self)
            #expect(text != nil)
            for scalar in text?.unicodeScalars ?? "".unicodeScalars {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) || scalar == "\n" || scalar == "\t")
            }
        }
    }
}
