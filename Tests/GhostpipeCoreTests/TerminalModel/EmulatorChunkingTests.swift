import Testing
@testable import GhostpipeCore

/// Output arrives in arbitrary pieces: a sequence or a character split anywhere must give the same
/// terminal as the whole.
@Suite struct EmulatorChunking {
    static let corpus: [String] = [
        "plain text that wraps around the edge\r\nand more",
        "\(csi)1;31;48;5;17mcolour\(csi)38:2::1:2:3mrgb\(csi)0m\(csi)K",
        "\(csi)2;4r\(csi)?6h\(csi)2;3Hregion\(csi)L\(csi)2M\(csi)?6l\(csi)r",
        "\(csi)?1049h\(csi)Halt\(csi)?25l\(csi)?1000;1006h\(csi)?1049l",
        "\(esc)(0lqk\(esc)(B\(esc))0\u{0E}x\u{0F}\(esc)7\(csi)5;5H\(esc)8",
        "é中😀👨\u{200D}👩\u{200D}👧🇰🇷e\u{301}\u{302}❤\u{FE0F}한\u{1100}\u{1161}",
        "\(esc)]2;a title with é\u{7}\(esc)]52;c;Zm9v\(esc)\\\(esc)P+q544e\(esc)\\after",
        "\(csi)6n\(csi)5n\(csi)>c\(csi)?2004$p\u{FF}\u{C3}x\u{E4}\u{B8}",
        "tab\tstop\(csi)3g\(esc)H\(csi)2I\(csi)Z\(csi)20h\nnl\(csi)20l\(csi)4hins\(csi)4l",
        "0123456789012345678901234567890123456789\u{8}\(csi)3@\(csi)2P\(csi)4X\(csi)2S\(csi)T\(esc)M\(esc)D\(esc)E",
    ]

    static func bytes(_ text: String) -> [UInt8] {
        // \u{FF} etc. above stand for raw bytes: map U+0080–U+00FF written that way back to single bytes.
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            if (0xC3...0xFF).contains(scalar.value) && ["\u{FF}", "\u{C3}", "\u{E4}", "\u{B8}"].contains(Character(scalar)) {
                out.append(UInt8(scalar.value))
            } else {
                out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    static func whole(_ bytes: [UInt8]) -> TerminalEmulator {
        let t = TerminalEmulator(rows: 6, columns: 12)
        t.feed(bytes)
        return t
    }

    @Test(arguments: 0..<corpus.count)
    func everySplitPointGivesTheSameTerminal(index: Int) {
        let bytes = Self.bytes(Self.corpus[index])
        let expected = Self.whole(bytes)
        let expectedResponses = expected.takeResponses()
        for k in 0...bytes.count {
            let t = TerminalEmulator(rows: 6, columns: 12)
            t.feed(Array(bytes[..<k]))
            t.feed(Array(bytes[k...]))
            #expect(t.snapshot == expected.snapshot, "split at \(k)")
            #expect(t.takeResponses() == expectedResponses)
        }
    }

    @Test func byteByByteGivesTheSameTerminal() {
        let bytes = Self.corpus.flatMap(Self.bytes)
        let expected = Self.whole(bytes)
        let t = TerminalEmulator(rows: 6, columns: 12)
        for b in bytes { t.feed([b]) }
        #expect(t.snapshot == expected.snapshot)
        #expect(t.takeScrolledOff() == expected.takeScrolledOff())
    }

    @Test func randomChunksGiveTheSameTerminal() {
        let bytes = Self.corpus.flatMap(Self.bytes)
        let expected = Self.whole(bytes)
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let t = TerminalEmulator(rows: 6, columns: 12)
            var i = 0
            while i < bytes.count {
                let n = Int.random(in: 1...9, using: &random)
                t.feed(Array(bytes[i..<min(bytes.count, i + n)]))
                i += n
            }
            #expect(t.snapshot == expected.snapshot)
        }
    }
}
