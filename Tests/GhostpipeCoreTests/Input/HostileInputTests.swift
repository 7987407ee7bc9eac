import Testing
@testable import GhostpipeCore
import TestSupport

@Suite struct HostileInput {
    /// What a malicious file might hold: each line tries to talk to the terminal.
    static let corpus: [(String, [UInt8])] = [
        ("window title (OSC 0/2, BEL and ST)", Array("a\u{1B}]0;pwned\u{7}b\u{1B}]2;pwned\u{1B}\\c".utf8)),
        ("clipboard write (OSC 52)", Array("d\u{1B}]52;c;cm0gLXJmIH4K\u{7}e".utf8)),
        ("hyperlink (OSC 8)", Array("\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\".utf8)),
        ("cursor position report query (DSR)", Array("f\u{1B}[6ng\u{1B}[5n".utf8)),
        ("device attributes queries (DA1, DA2, DA3)", Array("h\u{1B}[c\u{1B}[>c\u{1B}[=ci".utf8)),
        ("full reset (RIS)", Array("j\u{1B}ck".utf8)),
        ("scroll region (DECSTBM) and origin mode", Array("l\u{1B}[5;10r\u{1B}[?6hm".utf8)),
        ("alternate screen", Array("n\u{1B}[?1049h\u{1B}[?47ho\u{1B}[?1049l".utf8)),
        ("bracketed paste tricks", Array("p\u{1B}[200~rm -rf ~\u{1B}[201~q".utf8)),
        ("clear screen, erase, insert lines", Array("r\u{1B}[2J\u{1B}[3J\u{1B}[H\u{1B}[10Ls".utf8)),
        ("C1 controls as UTF-8 (CSI, OSC, DCS, APC, PM, SOS)", Array("t\u{9B}2Ju\u{9D}0;x\u{9C}v\u{90}q\u{9C}w\u{9F}x\u{9C}\u{9E}y\u{9C}\u{98}z\u{9C}".utf8)),
        ("C1 controls as raw bytes", [0x41, 0x9B, 0x32, 0x4A, 0x42, 0x9D, 0x30, 0x3B, 0x78, 0x07, 0x43]),
        ("DCS and APC strings", Array("A\u{1B}P1$r0m\u{1B}\\B\u{1B}_kitty\u{1B}\\C".utf8)),
        ("keypad and charset switches", Array("D\u{1B}=\u{1B}>\u{1B}(0lqk\u{1B}(B\u{0E}\u{0F}E".utf8)),
        ("mouse and focus reporting", Array("F\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?1004hG".utf8)),
        ("window manipulation and title stack", Array("H\u{1B}[8;100;300t\u{1B}[22;0tI".utf8)),
        ("bell, backspace, form feed, vertical tab, DEL", Array("J\u{7}\u{8}\u{C}\u{B}\u{7F}K".utf8)),
        ("SGR colours (kept, re-emitted)", Array("\u{1B}[1;38;2;255;0;0mred\u{1B}[0m \u{1B}[38:5:200mpink\u{1B}[m".utf8)),
        ("truncated sequences at the end", Array("L\u{1B}[12;".utf8)),
    ]

    @Test(arguments: 0..<corpus.count)
    func nothingOutsideGhostpipesVocabularyReachesTheTerminal(_ index: Int) throws {
        let (name, bytes) = Self.corpus[index]
        for arguments in [["--instant"], ["--cps", "500"], ["--instant", "--input-colors", "strip"], ["--effect", "typewriter", "--instant", "--colors", "16"]] {
            let run = try VirtualRun(arguments, bytes: [(0, bytes)], terminal: (40, 10))
            #expect(outsideVocabulary(run.output.bytes).isEmpty, "\(name) \(arguments): \(outsideVocabulary(run.output.bytes))")
        }
    }

    @Test func theWholeCorpusAtOnceInEveryChunking() throws {
        let all = Self.corpus.flatMap(\.1)
        for size in [1, 2, 3, 7, 64] {
            // The bytes as they are (raw C1 included), cut anywhere, sequences split across reads.
            let chunks = stride(from: 0, to: all.count, by: size).map { (at: 0.0, bytes: Array(all[$0..<min(all.count, $0 + size)])) }
            let run = try VirtualRun(["--instant"], bytes: chunks, terminal: (60, 20))
            #expect(outsideVocabulary(run.output.bytes).isEmpty, "chunks of \(size)")
            let text = run.screen(columns: 60, rows: 20).transcript.joined()
            for leaked in ["pwned", "cm0g", "evil", "1049", "200~", "kitty"] { #expect(!text.contains(leaked), "\(leaked) shown") }
        }
    }

    @Test func keptColoursAreReEmittedAndStrippedOnRequest() throws {
        let text = "\u{1B}[1;38;2;255;0;0mred\u{1B}[0m plain \u{1B}[38:5:200mpink\u{1B}[m"
        let kept = try VirtualRun(["--instant", "--colors", "truecolor"], text: text, terminal: (40, 5))
        let screen = kept.screen(columns: 40, rows: 5)
        #expect(screen.lines[0] == "red plain pink")
        #expect(screen.cells[0][0].style == Style(foreground: .rgb(255, 0, 0), attributes: .bold))
        #expect(screen.cells[0][4].style == .plain)
        #expect(screen.cells[0][10].style.foreground == .palette(200))
        #expect(screen.style == .plain)  // nothing leaks past the text
        let stripped = try VirtualRun(["--instant", "--input-colors", "strip"], text: text, terminal: (40, 5))
        #expect(stripped.screen(columns: 40, rows: 5).cells[0].allSatisfy { $0.style == .plain })
    }

    @Test func nulAndInvalidUTF8ShowAsReplacementCharacters() throws {
        let run = try VirtualRun(["--instant"], input: [(0, "a\u{0}b, in a line of text")], terminal: (30, 3))
        #expect(run.screen(columns: 30, rows: 3).lines[0] == "a\u{FFFD}b, in a line of text")
        var model = ScreenModel(width: 20, height: 3)
        let source = ScriptedInput([(0, [0x61, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x62])])  // overlong, surrogate
        let output = MemorySink()
        let session = try Session(options: try ArgumentParser.parse(["--instant"]),
                                  surroundings: Surroundings(stdoutIsTerminal: true, terminalSize: (20, 3), environment: [:]))
        try Playback.run(session.showSettings, output: try session.output(stdout: output, recording: nil, origin: 0), input: source)
        model.feed(output.bytes)
        #expect(model.lines[0] == "a\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}b")
    }
}

@Suite struct KeyDecoding {
    @Test func arrowsInBothModesCharactersAndControls() {
        let keys = KeyDecoder().decode(Array("\u{1B}[A\u{1B}OB\u{1B}[C\u{1B}[Dq한 \u{3}\u{1B}\u{1B}[15~\r".utf8))
        #expect(keys == [.up, .down, .right, .left, .character("q"), .character("한"), .character(" "), .interrupt, .escape, .other, .enter])
        #expect(KeyDecoder().decode([0x1B]) == [.escape])
    }
}

@Suite struct PlainToATerminal {
    @Test func plainOutputToATerminalIsSanitizedAndToAPipeByteForByte() throws {
        let text = "title\u{1B}]0;pwned\u{7} reset\u{1B}c query\u{1B}[6n \u{1B}[31mred\u{1B}[0m\n"
        let terminal = try VirtualRun(["--instant", "-o", "plain"], text: text, terminal: (40, 5))
        #expect(terminal.output.text == "title reset query red\n")
        let pipe = try VirtualRun(["--instant", "-o", "plain"], text: text)
        #expect(pipe.output.text == text)
    }
}

@Suite struct MistakenInput {
    @Test func aBinaryFileIsSkippedOnAScreenWithAWordAndPipedByteForByte() throws {
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array(repeating: 0, count: 40) + Array("text".utf8)
        let screen = try VirtualRun(["--instant"], bytes: [(0, elf)], terminal: (40, 5))
        #expect(screen.messages == ["standard input: binary content; not shown (--force shows it anyway)"])
        #expect(!screen.output.text.contains("text"))
        let forced = try VirtualRun(["--instant", "--force"], bytes: [(0, elf)], terminal: (40, 5))
        #expect(forced.screen(columns: 40, rows: 5).transcript.joined().contains("text"))
        let piped = try VirtualRun(["--instant"], bytes: [(0, elf)])
        #expect(piped.output.bytes == elf && piped.messages.isEmpty)
        // Text is text, in a legacy code page too.
        #expect(!BinaryContent.looksBinary(Array("caf\u{E9} au lait\n".utf8)) && !BinaryContent.looksBinary([0x63, 0x61, 0x66, 0xE9, 0x0A]))
        #expect(!BinaryContent.looksBinary([0xFF, 0xFE, 0x41, 0x00]))  // UTF-16 with its byte order mark
    }

    @Test func speedPlaysTextFasterAndOptionsForSubtitlesSaySo() throws {
        let run = try VirtualRun(["--instant", "-o", "json", "--cps", "10", "--no-pauses", "--speed", "2", "--start", "5"], text: "abc\n")
        #expect(run.events.map(\.time) == [0, 0.05, 0.1, 0.15])
        #expect(run.messages == ["--start and --offset apply to subtitles; text starts at its beginning"])
        let cues = try VirtualRun(["--instant", "-o", "json", "--duration", "3"], text: "1\n00:00:01,000 --> 00:00:02,000\nHi\n")
        #expect(cues.messages == ["--duration applies to text; subtitles keep their times (--speed changes them)"])
    }

    @Test func anEncodingNamedForAUTF8FileIsNotUsedAndThatIsSaid() throws {
        let decoded = try TextDecoder.decode(Array("1\n00:00:01,000 --> 00:00:02,000\n한국어\n".utf8), encoding: "cp949")
        #expect(decoded.text.contains("한국어"))
        #expect(decoded.warning == "valid UTF-8, so read as UTF-8 (--encoding CP949 not used)")
    }
}
