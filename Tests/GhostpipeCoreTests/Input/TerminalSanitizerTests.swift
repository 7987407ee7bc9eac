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
                // Printable, or the motions cat makes a terminal perform: LF, tab, CR, backspace.
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) || "\n\t\r\u{8}".unicodeScalars.contains(scalar))
            }
        }
    }
}

/// Carriage return and backspace act as on a terminal; overstrike is bold and underline.
@Suite struct SanitizerMotions {
    /// Sanitizes `chunks` one after the other, then flushes (as at end of input): the text, and the
    /// style of each character that has one other than plain.
    static func run(_ chunks: [String], motions: TerminalSanitizer.Motions = .terminal) -> (text: String, styled: [String: Style]) {
        var sanitizer = TerminalSanitizer(motions: motions)
        var all: [UInt8] = []
        var changes: [(offset: Int, style: Style)] = []
        for chunk in chunks {
            var out: [UInt8] = []
            Array(chunk.utf8).withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out) }
            changes += sanitizer.styleChanges.map { (all.count + $0.offset, $0.style) }
            all += out
        }
        sanitizer.flush(into: &all)
        let text = String(decoding: all, as: UTF8.self)
        var styled: [String: Style] = [:]
        var offset = 0
        for character in text {
            let style = changes.last { $0.offset <= offset }?.style ?? .plain
            if style != .plain { styled[String(character), default: style] = style }
            offset += String(character).utf8.count
        }
        return (text, styled)
    }

    @Test func aLoneCarriageReturnIsKeptAndCarriageReturnLineFeedIsOneLineBreak() {
        #expect(Self.run(["progress 10%\rprogress 100%\r\ndone\r"]).text == "progress 10%\rprogress 100%\ndone\r")
        // Split between chunks, or with a removed sequence between them: still one line break.
        #expect(Self.run(["a\r", "\nb\r\u{1B}[0m", "\nc"]).text == "a\nb\nc")
        // Cue text: a lone CR is a line break, backspace goes.
        #expect(Self.run(["a\rb\u{8}c\r\nd"], motions: .lineBreaks).text == "a\nbc\nd")
        #expect(TerminalSanitizer.clean("one\rtwo\r") == "one\ntwo\n")
    }

    @Test func backspaceIsKeptUnlessItOverstrikes() {
        #expect(Self.run(["ab\u{8}X"]).text == "ab\u{8}X")
        #expect(Self.run(["\u{8}a\u{8}\u{8}b"]).text == "\u{8}a\u{8}\u{8}b")
        #expect(Self.run(["a\u{8}"]).text == "a\u{8}")  // held, then written at the end
    }

    @Test func overstrikeIsBoldAndUnderlineWithTheTextOnce() {
        let bold = Style(attributes: .bold), underline = Style(attributes: .underline)
        // man(1)'s bold heading and underlined argument.
        let man = Self.run(["N\u{8}NA\u{8}AM\u{8}ME\u{8}E \u{5F}\u{8}f\u{5F}\u{8}i\u{5F}\u{8}l\u{5F}\u{8}e x"])
        #expect(man.text == "NAME file x")
        #expect(man.styled == ["N": bold, "A": bold, "M": bold, "E": bold, "f": underline, "i": underline, "l": underline, "e": underline])
        // X BS _ underlines too; struck again it is bold and underlined; beyond ASCII as well.
        let more = Self.run(["a\u{8}_ \u{5F}\u{8}b\u{8}b 한\u{8}\u{8}한 é\u{8}é"])
        #expect(more.text == "a b 한 é")
        #expect(more.styled == ["a": underline, "b": Style(attributes: [.bold, .underline]), "한": bold, "é": bold])
        // The input's own colour stays under the bold.
        let red = Self.run(["\u{1B}[31mR\u{8}R\u{1B}[0m."])
        #expect(red.text == "R.")
        #expect(red.styled["R"] == Style(foreground: .palette(1), attributes: .bold))
    }

    @Test func aWideCharacterIsStruckOverOnlyAfterBackspacesOverBothColumns() {
        // One backspace goes back one column: the second 한 lands one column right, as on a terminal.
        #expect(Self.run(["한\u{8}한"]).text == "한\u{8}한")
        #expect(Self.run(["한\u{8}\u{8}\u{8}한"]).text == "한\u{8}\u{8}\u{8}한")
        #expect(Self.run(["한\u{8}\u{8}"]).text == "한\u{8}\u{8}")
    }

    @Test func anOverstrikeSplitAcrossReadsKeepsItsText() {
        // The character before the backspace was already handed on: the overstrike becomes a
        // backspace, which the layout follows (the text is right; only the bold is lost).
        let split = Self.run(["N\u{8}", "NA\u{8}A"])
        #expect(split.text == "N\u{8}NA")
        #expect(split.styled == ["A": Style(attributes: .bold)])
    }
}
