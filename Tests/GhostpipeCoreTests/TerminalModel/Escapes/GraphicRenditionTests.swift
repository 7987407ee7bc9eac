import Testing
@testable import GhostpipeCore

/// SGR means the same to the sanitizer (colours kept from a file, as a `Style`) and to the emulator
/// (its pen): one interpreter, xterm's semantics. The cases are those where the two used to disagree.
@Suite struct GraphicRenditionAgreement {
    /// The style of text after `ESC [ sgr m` in a file.
    static func sanitizerStyle(_ sgr: String) -> Style {
        var sanitizer = TerminalSanitizer()
        var out: [UInt8] = []
        Array("\u{1B}[\(sgr)mx".utf8).withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out) }
        return sanitizer.styleChanges.last?.style ?? .plain
    }

    /// The style of a character a program writes after `ESC [ sgr m`.
    static func emulatorStyle(_ sgr: String) -> Style {
        TerminalEmulator.fed("\u{1B}[\(sgr)mx").cell(0, 0).style
    }

    @Test(arguments: [
        // 21 is double underline in xterm, shown as underline (the sanitizer used to agree by luck).
        ("21", Style(attributes: .underline)),
        // 58 (underline colour) uses up its parameters: they are not blink and italic.
        ("58;5;3;31", Style(foreground: .palette(1))),
        ("58:2::1:2:3;32", Style(foreground: .palette(2))),
        ("58;2;1;2;3;1", Style(attributes: .bold)),
        // Colon sub-parameters: 4:0 clears the underline, 4:1–4:5 set it, anything else with them is ignored.
        ("4;4:0", Style()),
        ("4:3", Style(attributes: .underline)),
        ("4:", Style()),
        ("1:2", Style()),
        ("3;7:1", Style(attributes: .italic)),
        // Malformed 38;5 and 38;2: no colour, and the parameters claimed are used up.
        ("38;5", Style()),
        ("38;5;300", Style()),
        ("38;5;300;1", Style(attributes: .bold)),
        ("38;2;1;2;999", Style()),
        ("38;2;1;2", Style()),
        ("38;5;;1", Style(attributes: .bold)),
        ("38;;1", Style(attributes: .bold)),
        ("38:5:", Style()),
        ("38:2::1::3", Style()),
        ("38;7;1", Style(attributes: .bold)),
        ("3;38;:", Style(attributes: .italic)),
        // The colour forms xterm accepts.
        ("38;5;196", Style(foreground: .palette(196))),
        ("38:5:196", Style(foreground: .palette(196))),
        ("38;5:196", Style(foreground: .palette(196))),
        ("38;2;1;2;3", Style(foreground: .rgb(1, 2, 3))),
        ("38:2:1:2:3", Style(foreground: .rgb(1, 2, 3))),
        ("38:2::1:2:3", Style(foreground: .rgb(1, 2, 3))),
        ("38;2:0:1:2:3", Style(foreground: .rgb(1, 2, 3))),
        ("48:2:7:1:2:3;1", Style(background: .rgb(1, 2, 3), attributes: .bold)),
        // Concealed text keeps its colours (the emulator shows it as blanks; see below).
        ("8;31", Style(foreground: .palette(1))),
        ("8;28;4", Style(attributes: .underline)),
        // Bounds: 32 parameters, values saturated; private markers are not SGR.
        (Array(repeating: "1", count: 200).joined(separator: ";") + ";31", Style(attributes: .bold)),
        ("99999999999;1", Style(attributes: .bold)),
        (">4;2", Style()),
        ("1;3;", Style()),
    ] as [(String, Style)])
    func sanitizerAndEmulatorAgree(sgr: String, expected: Style) {
        #expect(Self.sanitizerStyle(sgr) == expected, "sanitizer: \(sgr)")
        #expect(Self.emulatorStyle(sgr) == expected, "emulator: \(sgr)")
    }

    @Test func concealedTextIsHiddenOnlyByTheEmulator() {
        // A program's concealed text (a password prompt echo) is blank on its screen; text from a file
        // is never hidden from its reader, ghostpipe's whole point being to show it.
        #expect(TerminalEmulator.fed("\u{1B}[8mpw\u{1B}[28mok").lines[0] == "  ok")
        #expect(TerminalSanitizer.clean("\u{1B}[8mpw\u{1B}[28mok") == "pwok")
    }

    @Test func stylesApplyFromWhereTheirSequenceWas() {
        var sanitizer = TerminalSanitizer()
        var out: [UInt8] = []
        Array("a\u{1B}[1;31mbc\u{1B}[22md\u{1B}[me".utf8).withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out) }
        #expect(out == Array("abcde".utf8))
        #expect(sanitizer.styleChanges.map(\.offset) == [1, 3, 4])
        #expect(sanitizer.styleChanges.map(\.style)
            == [Style(foreground: .palette(1), attributes: .bold), Style(foreground: .palette(1)), .plain])
    }
}
