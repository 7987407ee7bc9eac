import Testing
@testable import GhostpipeCore

/// Writes down what the parser reports, one short string per action, for comparing.
struct ActionLog: EscapeSequenceHandler {
    var actions: [String] = []

    mutating func print(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        // Runs split by chunking are the same text: join adjacent ones.
        if let last = actions.last, last.hasPrefix("\"") {
            actions[actions.count - 1] = String(last.dropLast()) + text + "\""
        } else {
            actions.append("\"\(text)\"")
        }
    }

    mutating func print(scalar: UInt32) { actions.append("U+\(String(scalar, radix: 16, uppercase: true))") }
    mutating func execute(_ control: UInt8) { actions.append("x\(String(control, radix: 16))") }

    mutating func escapeDispatch(_ final: UInt8, intermediates: UInt32) {
        actions.append("ESC \(intermediates == 0 ? "" : String(intermediates, radix: 16) + " ")\(Character(Unicode.Scalar(final)))")
    }

    mutating func controlSequenceDispatch(_ final: UInt8, parameters: ControlSequenceParameters, prefix: UInt8,
                                          intermediates: UInt32) {
        var text = "CSI "
        if prefix != 0 { text += String(Character(Unicode.Scalar(prefix))) }
        text += (0..<parameters.count).map { i in
            (parameters.isSubparameter(i) ? ":" : i > 0 ? ";" : "") + (parameters.isEmpty(i) ? "" : "\(parameters.value(i, default: 0))")
        }.joined()
        if intermediates != 0 { text += " " + String(intermediates, radix: 16) }
        actions.append(text + " " + String(Character(Unicode.Scalar(final))))
    }

    mutating func operatingSystemCommand(_ body: [UInt8]) { actions.append("OSC " + String(decoding: body, as: UTF8.self)) }
}

@Suite struct EscapeSequenceParsing {
    static func parse(_ bytes: [UInt8], _ c1: EscapeSequenceParser.C1Controls = .ignored, limit: Int = 64,
                      chunk: Int? = nil) -> [String] {
        var parser = EscapeSequenceParser(c1Controls: c1, stringLimit: limit)
        var log = ActionLog()
        bytes.withUnsafeBytes { all in
            let size = chunk ?? max(1, all.count)
            var i = 0
            while i < all.count {
                parser.feed(UnsafeRawBufferPointer(rebasing: all[i..<min(all.count, i + size)]), to: &log)
                i += size
            }
        }
        return log.actions
    }

    static func parse(_ text: String, _ c1: EscapeSequenceParser.C1Controls = .ignored) -> [String] {
        parse(Array(text.utf8), c1)
    }

    @Test func textControlsAndSequences() {
        #expect(Self.parse("ab\r\n\u{1B}7\u{1B}(0\u{1B}[1;2H\u{1B}[?25l\u{1B}[>c\u{1B}[!p\u{1B}]2;t\u{7}z")
            == ["\"ab\"", "xd", "xa", "ESC 7", "ESC 28 0", "CSI 1;2 H", "CSI ?25 l", "CSI > c", "CSI  21 p", "OSC 2;t", "\"z\""])
    }

    @Test func utf8IsDecodedAndDamageIsReplacedPerMaximalSubpart() {
        #expect(Self.parse("é한😀") == ["U+E9", "U+D55C", "U+1F600"])
        // Stray continuation, overlong, surrogate, above U+10FFFF, a sequence cut by ASCII and by ESC.
        #expect(Self.parse([0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80, 0xE4, 0xB8, 0x61, 0xC3, 0x1B, 0x37])
            == Array(repeating: "U+FFFD", count: 11) + ["\"a\"", "U+FFFD", "ESC 7"])
    }

    @Test func controlsActInsideSequencesAndCancelAndSubstituteAbortThem() {
        #expect(Self.parse("\u{1B}[1\r;3H") == ["xd", "CSI 1;3 H"])
        #expect(Self.parse("\u{1B}(\n0") == ["xa", "ESC 28 0"])
        #expect(Self.parse("\u{1B}[12\u{18}3m\u{1B}]0;x\u{1A}y\u{1B}P1\u{18}z") == ["x18", "\"3m\"", "x1a", "\"y\"", "x18", "\"z\""])
    }

    @Test func escapeEndsEveryStringAndBellOnlyAnOperatingSystemCommand() {
        #expect(Self.parse("\u{1B}]0;a\u{1B}\\b") == ["OSC 0;a", "ESC \\", "\"b\""])
        #expect(Self.parse("\u{1B}]0;a\u{1B}Mb") == ["OSC 0;a", "ESC M", "\"b\""])
        #expect(Self.parse("\u{1B}P1$r\u{7}x\u{1B}\\y") == ["ESC \\", "\"y\""])
        #expect(Self.parse("\u{1B}_apc\u{7}x\u{1B}\\y\u{1B}^pm\u{1B}\\\u{1B}Xsos\u{1B}\\z") == ["ESC \\", "\"y\"", "ESC \\", "ESC \\", "\"z\""])
    }

    @Test func malformedControlSequencesAreConsumedAndDropped() {
        // A private marker not first, a digit after an intermediate, a byte beyond ASCII.
        #expect(Self.parse("\u{1B}[1?hA\u{1B}[ 1qB\u{1B}[1éhC") == ["\"ABC\""])
        // An escape sequence cut by a character beyond ASCII keeps the character whole.
        #expect(Self.parse("\u{1B}é\u{1B}(한") == ["U+E9", "U+D55C"])
        // DEL is ignored everywhere.
        #expect(Self.parse("a\u{7F}b\u{1B}[\u{7F}2J") == ["\"ab\"", "CSI 2 J"])
    }

    @Test func parametersAndIntermediatesAreBounded() {
        let many = Array(repeating: "7", count: 40).joined(separator: ";")
        let actions = Self.parse("\u{1B}[\(many);99999999m")
        #expect(actions == ["CSI " + Array(repeating: "7", count: 32).joined(separator: ";") + " m"])
        #expect(Self.parse("\u{1B}[38:2::1:2:3m\u{1B}[65536m") == ["CSI 38:2::1:2:3 m", "CSI 65535 m"])
        #expect(Self.parse("\u{1B}[1$p\u{1B}[$!\"p\u{1B}#8") == ["CSI 1 24 p", "CSI  ffffffff p", "ESC 23 8"])
        #expect(Self.parse("\u{1B}]2;" + String(repeating: "t", count: 100) + "\u{7}") == ["OSC 2;" + String(repeating: "t", count: 62)])
    }

    @Test func c1ControlsWrittenAsUTF8AreControlsOnlyWhenRecognised() {
        let input = "a\u{9B}2Jb\u{9D}0;t\u{9C}c\u{90}q\u{9C}d\u{85}e\u{1B}]0;u\u{9C}v\u{1B}\\"
        #expect(Self.parse(input, .recognised)
            == ["\"a\"", "CSI 2 J", "\"b\"", "OSC 0;t", "\"cd\"", "x85", "\"e\"", "OSC 0;u", "\"v\"", "ESC \\"])
        // Ignored (the emulator, as tmux): they vanish, what follows is text, and C2 9C is string content.
        #expect(Self.parse(input, .ignored)
            == ["\"a2Jb0;tcqde\"", "OSC 0;u\u{9C}v", "ESC \\"])
        // Raw bytes 0x80–0x9F are malformed UTF-8 either way, never controls.
        #expect(Self.parse([0x9B, 0x32, 0x4A], .recognised) == ["U+FFFD", "\"2J\""])
        // ESC then a C1 control as UTF-8: the C1 control still acts; C2 not followed by 9C stays content.
        #expect(Self.parse("\u{1B}\u{9B}1m\u{1B}]0;é\u{A0}\u{7}", .recognised) == ["CSI 1 m", "OSC 0;é\u{A0}"])
    }

    @Test func everySplitPointGivesTheSameActions() {
        let inputs: [[UInt8]] = [
            Array("ab\u{1B}[1;38:2::1:2:3mé한\u{1B}]2;tï\u{7}\u{1B}P$q\u{1B}\\😀\u{1B}(0x\r\n\u{9B}5n\u{9D}0;x\u{9C}z".utf8),
            [0x61, 0xE4, 0xB8, 0x1B, 0x5B, 0x31, 0x6D, 0xF0, 0x9F, 0x98, 0x41, 0xC2, 0x9C, 0x1B, 0x5D, 0x31, 0xC2, 0xC2, 0x9C, 0x62],
        ]
        for input in inputs {
            for c1 in [EscapeSequenceParser.C1Controls.ignored, .recognised] {
                let whole = Self.parse(input, c1)
                for k in 0...input.count {
                    var parser = EscapeSequenceParser(c1Controls: c1, stringLimit: 64)
                    var log = ActionLog()
                    input.withUnsafeBytes { all in
                        parser.feed(UnsafeRawBufferPointer(rebasing: all[..<k]), to: &log)
                        parser.feed(UnsafeRawBufferPointer(rebasing: all[k...]), to: &log)
                    }
                    #expect(log.actions == whole, "split at \(k)")
                }
                #expect(Self.parse(input, c1, chunk: 1) == whole)
            }
        }
    }
}
