import Testing
@testable import GhostpipeCore

/// SCC files written for the tests: the hex of codes and text with odd parity, as a captioning
/// encoder writes them.
enum SCCText {
    /// A byte with its odd-parity bit.
    static func odd(_ byte: UInt8) -> UInt8 { byte.nonzeroBitCount & 1 == 1 ? byte : byte | 0x80 }

    static func hex(_ b1: UInt8, _ b2: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(b1 >> 4)], digits[Int(b1 & 15)], digits[Int(b2 >> 4)], digits[Int(b2 & 15)]])
    }

    /// A control code (channel 1 form; `channel2` sets bit 3 of its first byte), sent twice.
    static func code(_ b1: UInt8, _ b2: UInt8, channel2: Bool = false, once: Bool = false) -> String {
        let word = hex(odd(channel2 ? b1 | 0x08 : b1), odd(b2))
        return once ? word : word + " " + word
    }

    /// Text as pairs of standard characters (the last padded with a null).
    static func text(_ s: String) -> String {
        var bytes = Array(s.utf8)
        if bytes.count % 2 == 1 { bytes.append(0) }
        return stride(from: 0, to: bytes.count, by: 2).map { hex(odd(bytes[$0]), odd(bytes[$0 + 1])) }.joined(separator: " ")
    }

    static let RCL = code(0x14, 0x20), EOC = code(0x14, 0x2F), EDM = code(0x14, 0x2C), ENM = code(0x14, 0x2E)
    static let RU2 = code(0x14, 0x25), RU3 = code(0x14, 0x26), CR = code(0x14, 0x2D), RDC = code(0x14, 0x29)
    static let BS = code(0x14, 0x21), DER = code(0x14, 0x24), TR = code(0x14, 0x2A)

    /// The PAC for row 1–15, indent (a multiple of 4) or a colour (0 white … 6 magenta, 7 italics).
    static func pac(row: Int, indent: Int = 0, color: UInt8? = nil, underline: Bool = false) -> String {
        let rows: [(UInt8, UInt8)] = [(0x11, 0x40), (0x11, 0x60), (0x12, 0x40), (0x12, 0x60), (0x15, 0x40), (0x15, 0x60),
                                      (0x16, 0x40), (0x16, 0x60), (0x17, 0x40), (0x17, 0x60), (0x10, 0x40), (0x13, 0x40),
                                      (0x13, 0x60), (0x14, 0x40), (0x14, 0x60)]
        let (b1, base) = rows[row - 1]
        let attributes: UInt8 = color.map { $0 << 1 } ?? (0x10 | UInt8(indent / 4) << 1)
        return code(b1, base | attributes | (underline ? 1 : 0))
    }

    /// A file of `(timecode, words)` lines.
    static func file(_ lines: [(String, String)]) -> String {
        "Scenarist_SCC V1.0\n\n" + lines.map { "\($0.0)\t\($0.1)" }.joined(separator: "\n\n") + "\n"
    }
}

func scc(_ lines: [(String, String)], channel: Int = 1) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    let (cues, diagnostics) = SCCFormat().parse(Array(SCCText.file(lines).utf8), options: ParseOptions(channel: channel))
    return (Array(cues), diagnostics)
}

/// Frame `n` of a line at `seconds` (non-drop-frame, a whole number of seconds).
func frame(_ seconds: Int, _ n: Int) -> Nanoseconds { SCCFormat.time(ofFrame: seconds * 30 + n) }

/// The text a cue shows at `t` (its word timing applied).
func shown(_ cue: Cue, at t: Nanoseconds) -> String {
    cue.runs.filter { ($0.at ?? cue.start) <= t }.map(\.text).joined()
}

@Suite struct SCCDecoding {
    typealias S = SCCText

    @Test func popOnIsBuiltOffScreenShownOnEndOfCaptionAndErasedByEDM() {
        // Words go out one a frame from the timecode: EOC is the 7th pair (after RCL, RCL, PAC, PAC,
        // two pairs of text), the line at 1 s.
        let (cues, diagnostics) = scc([
            ("00:00:01:00", [S.RCL, S.pac(row: 15), S.text("Hello"), S.EOC].joined(separator: " ")),
            ("00:00:03:00", S.EDM),
        ])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["Hello"])
        #expect(cues.first?.start == frame(1, 7))
        #expect(cues.first?.end == frame(3, 0))
        #expect(cues.first?.styleName == "pop-on")
        #expect(cues.first?.runs.allSatisfy { $0.at == nil } == true, "pop-on shows at once")
        #expect(cues.first?.placement.vertical == .bottom)
    }

    @Test func aControlCodeSentTwiceActsOnceAndAThirdActsAgain() {
        // EOC, its copy (padding between does not matter), then EOC again: shown, then swapped away.
        let eoc = S.code(0x14, 0x2F, once: true)
        let (cues, _) = scc([
            ("00:00:01:00", [S.RCL, S.pac(row: 15), S.text("Once"), eoc, "8080", eoc].joined(separator: " ")),
            ("00:00:02:00", eoc),
        ])
        #expect(cues.map(\.plainText) == ["Once"])
        #expect(cues.first?.end == frame(2, 0))
    }

    @Test func rollUpTypesOnTheBaseRowAndCarriageReturnScrollsTheRowsUp() throws {
        let (cues, diagnostics) = scc([
            ("00:00:01:00", [S.RU2, S.CR, S.pac(row: 15), S.text("ONE")].joined(separator: " ")),
            ("00:00:02:00", [S.RU2, S.CR, S.pac(row: 15), S.text("TWO")].joined(separator: " ")),
            ("00:00:03:00", [S.RU2, S.CR, S.pac(row: 15), S.text("THREE")].joined(separator: " ")),
            ("00:00:05:00", S.EDM),
        ])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["ONE", "ONE\nTWO", "TWO\nTHREE"])
        // Each CR (the 4th pair of its line: RU2 RU2 CR) begins the next; the rows rolled up show at
        // once, the new row types out pair by pair at the broadcast's instants.
        #expect(cues.map(\.start) == [frame(1, 6), frame(2, 2), frame(3, 2)])
        #expect(cues.map(\.end) == [frame(2, 2), frame(3, 2), frame(5, 0)])
        let second = cues[1]
        #expect(shown(second, at: frame(2, 2)) == "ONE\n")
        #expect(shown(second, at: frame(2, 6)) == "ONE\nTW")
        #expect(shown(second, at: frame(2, 7)) == "ONE\nTWO")
        #expect(cues.allSatisfy { $0.styleName == "roll-up" && $0.placement.vertical == .bottom })
    }

    @Test func rollUpWithThreeRowsKeepsThree() {
        let lines = ["A", "B", "C", "D"].enumerated().map { (k, word) in
            ("00:00:0\(k + 1):00", [S.RU3, S.CR, S.pac(row: 15), S.text(word)].joined(separator: " "))
        }
        #expect(scc(lines).cues.map(\.plainText) == ["A", "A\nB", "A\nB\nC", "B\nC\nD"])
    }

    @Test func aPACForAnotherRowMovesTheRollUpWindowThere() throws {
        let (cues, _) = scc([
            ("00:00:01:00", [S.RU2, S.CR, S.pac(row: 15), S.text("LOW")].joined(separator: " ")),
            ("00:00:02:00", [S.RU2, S.CR, S.pac(row: 2), S.text("HIGH")].joined(separator: " ")),
        ])
        // After the CR the same word shows a row higher: the cue before goes on (nothing to see changed).
        #expect(cues.map(\.plainText) == ["LOW", "LOW\nHIGH"])
        #expect(cues.map(\.placement.vertical) == [.bottom, .top])
    }

    @Test func paintOnShowsEachCharacterAsItsPairArrives() throws {
        let (cues, diagnostics) = scc([
            ("00:00:01:00", [S.RDC, S.pac(row: 1, indent: 4), S.text("Hi there")].joined(separator: " ")),
            ("00:00:03:00", S.BS),
            ("00:00:04:00", S.EDM),
        ])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["Hi there", "Hi ther"])
        let first = cues[0]
        #expect(first.start == frame(1, 4) && first.end == frame(3, 0))
        #expect(first.styleName == "paint-on" && first.placement.vertical == .top)
        // One pair a frame: "Hi", " t", "he", "re".
        #expect(shown(first, at: frame(1, 4)) == "Hi")
        #expect(shown(first, at: frame(1, 5)) == "Hi t")
        #expect(shown(first, at: frame(1, 7)) == "Hi there")
        // BS erased a character shown: the next cue shows what is left, at once.
        #expect(cues[1].start == frame(3, 0) && cues[1].runs.allSatisfy { $0.at == nil })
    }

    @Test func deleteToEndOfRowErasesFromTheCursor() {
        let (cues, _) = scc([
            ("00:00:01:00", [S.RDC, S.pac(row: 15), S.text("Hello world")].joined(separator: " ")),
            ("00:00:02:00", [S.pac(row: 15, indent: 4), S.DER].joined(separator: " ")),
        ])
        #expect(cues.map(\.plainText) == ["Hello world", "Hell"])
    }

    @Test func textModeIsNotCaptions() {
        let (cues, _) = scc([
            ("00:00:01:00", [S.TR, S.text("weather data"), S.RCL, S.pac(row: 15), S.text("Caption"), S.EOC].joined(separator: " ")),
        ])
        #expect(cues.map(\.plainText) == ["Caption"])
    }

    @Test func preambleAndMidRowCodesGiveColourItalicsAndUnderline() throws {
        let midRowItalics = S.code(0x11, 0x2E), midRowRedUnderline = S.code(0x11, 0x29)
        let (cues, _) = scc([
            ("00:00:01:00", [S.RCL, S.pac(row: 14, color: 1), S.text("green"), midRowItalics, S.text("slanted"),
                             midRowRedUnderline, S.text("red"), S.pac(row: 15, color: 7, underline: true), S.text("both"), S.EOC]
                .joined(separator: " ")),
        ])
        let cue = try #require(cues.first)
        #expect(cue.plainText == "green slanted red\nboth")
        let look = { (word: String) in cue.runs.first { $0.text.contains(word) }?.style }
        #expect(look("green") == Style(foreground: .rgb(0, 255, 0)))
        // The italics code keeps the colour; a colour code ends italics.
        #expect(look("slanted") == Style(foreground: .rgb(0, 255, 0), attributes: .italic))
        #expect(look("red") == Style(foreground: .rgb(255, 0, 0), attributes: .underline))
        #expect(look("both") == Style(attributes: [.italic, .underline]))
    }

    @Test func backgroundAndForegroundBlackCodesTakeNoCell() throws {
        let blueBackground = S.code(0x10, 0x24), foregroundBlack = S.code(0x17, 0x2E)
        let (cues, _) = scc([("00:00:01:00", [S.RCL, S.pac(row: 15), S.text("a"), blueBackground, S.text("b"),
                                               foregroundBlack, S.text("c"), S.EOC].joined(separator: " "))])
        let cue = try #require(cues.first)
        #expect(cue.plainText == "abc")
        #expect(cue.runs.last?.style == Style(foreground: .rgb(0, 0, 0), background: .rgb(0, 0, 255)))
    }

    @Test func specialAndExtendedCharacters() {
        // ♪ is a special character; É and ß are extended ones, each sent after a standard fallback
        // that it replaces.
        let note = S.code(0x11, 0x37), eAcute = S.code(0x12, 0x21), sharpS = S.code(0x13, 0x34)
        let (cues, _) = scc([("00:00:01:00", [S.RCL, S.pac(row: 15), note, S.text(" CAFE"), eAcute,
                                               S.text(" Stras"), sharpS, S.text("e"), S.EOC].joined(separator: " "))])
        #expect(cues.map(\.plainText) == ["♪ CAFÉ Straße"])
    }

    @Test func tabOffsetsMoveTheCursorRight() {
        let to2 = S.code(0x17, 0x22)
        let (cues, _) = scc([("00:00:01:00", [S.RCL, S.pac(row: 14), S.text("ab"), to2, S.text("cd"), S.pac(row: 15), S.text("x"), S.EOC]
            .joined(separator: " "))])
        #expect(cues.map(\.plainText) == ["ab  cd\nx"])
    }

    @Test func rowsApartOnScreenAreCuesApart() {
        let (cues, _) = scc([("00:00:01:00", [S.RCL, S.pac(row: 1), S.text("top"), S.pac(row: 15), S.text("bottom"), S.EOC]
            .joined(separator: " "))])
        #expect(cues.map(\.plainText) == ["top", "bottom"])
        #expect(cues.map(\.placement.vertical) == [.top, .bottom])
        #expect(cues[0].start == cues[1].start && cues[0].end == cues[1].end)
    }

    @Test func rowsIndentedKeepTheirShapeAndTheBlockSitsWhereTheScreenHasIt() throws {
        let (cues, _) = scc([("00:00:01:00", [S.RCL, S.pac(row: 14, indent: 4), S.text("left side"), S.pac(row: 15, indent: 8),
                                               S.text("more"), S.EOC].joined(separator: " "))])
        let cue = try #require(cues.first)
        #expect(cue.plainText == "left side\n    more")
        #expect(cue.placement.block == .left)
    }

    @Test func channelTwoIsReadWithChannelTwoAndTheEmptyChannelIsSaid() {
        let lines = [
            ("00:00:01:00", [S.RCL, S.pac(row: 15), S.text("one"), S.EOC].joined(separator: " ")),
            ("00:00:02:00", [S.code(0x14, 0x20, channel2: true), S.code(0x14, 0x70, channel2: true), S.text("two"),
                             S.code(0x14, 0x2F, channel2: true)].joined(separator: " ")),
        ]
        #expect(scc(lines).cues.map(\.plainText) == ["one"])
        #expect(scc(lines, channel: 2).cues.map(\.plainText) == ["two"])
        let third = scc(lines, channel: 3)
        #expect(third.cues.isEmpty)
        #expect(third.diagnostics.map(\.message) == ["no captions on channel 3; the file has them on channel 1, 2 (--channel 1)"])
    }

    @Test func fieldTwoControlCodesAreChannelThree() {
        let lines = [("00:00:01:00", [S.code(0x15, 0x20), S.pac(row: 15), S.text("tres"), S.code(0x15, 0x2F)].joined(separator: " "))]
        #expect(scc(lines, channel: 3).cues.map(\.plainText) == ["tres"])
        #expect(scc(lines).cues.isEmpty)
    }

    @Test(arguments: [
        // Non-drop-frame: frames counted at 30, each 1.001/30 s long.
        ("00:00:01:00", 30), ("00:01:00:00", 1800), ("01:00:00:00", 108_000),
        // Drop-frame: frames 0 and 1 of each minute skipped but every tenth.
        ("00:01:00;02", 1800), ("00:10:00;00", 17_982), ("01:00:00;00", 107_892), ("00:00:59;29", 1799),
    ] as [(String, Int)])
    func timecodes(_ text: String, _ frames: Int) throws {
        let bytes = Array(text.utf8)
        let read = bytes.withUnsafeBufferPointer { SCCFormat.timecode($0.baseAddress!, 0, $0.count) }
        #expect(read?.frames == frames)
    }

    @Test func timeIsFramesAt2997() {
        // An hour of non-drop-frame timecode is 3603.6 s of media; an hour of drop-frame is 3600 s
        // (less the 3.6 ms drop-frame leaves an hour).
        #expect(SCCFormat.time(ofFrame: 108_000) == 3_603_600 * Time.millisecond)
        #expect(abs(SCCFormat.time(ofFrame: 107_892) - 3600 * Time.second) < 4 * Time.millisecond)
    }

    @Test func aLineThatComesTooSoonWaitsForThePairsBeforeIt() {
        let (cues, diagnostics) = scc([
            ("00:00:01:00", [S.RCL, S.pac(row: 15), S.text("x"), S.EOC].joined(separator: " ")),
            ("00:00:01:02", S.EDM),
        ])
        // The EOC goes out at frame 5 (its copy at 6); the EDM line, stamped frame 2, waits: frame 7.
        #expect(cues.first?.start == frame(1, 5) && cues.first?.end == frame(1, 7))
        #expect(diagnostics.isEmpty)
    }

    @Test func badLinesAreSaidWithTheirLineAndSkipped() {
        let text = "Scenarist_SCC V1.0\n\n00:00:0x:00\t9420\n\n00:00:01:00\t9420 zz12 9470 c8e9 942f\n"
        let (cues, diagnostics) = SCCFormat().parse(text)
        #expect(Array(cues).map(\.plainText) == ["Hi"])
        #expect(diagnostics.map(\.description) == [
            "3: bad timecode '00:00:0x:00' (HH:MM:SS:FF or HH:MM:SS;FF); line skipped",
            "5: 'zz12' is not a byte pair of four hex digits; skipped",
        ])
    }

    @Test func pairsWithoutParityAreReadAndCounted() {
        let text = "Scenarist_SCC V1.0\n\n00:00:01:00\t9420 9470 4869 942f\n"
        let (cues, diagnostics) = SCCFormat().parse(text)
        #expect(Array(cues).map(\.plainText) == ["Hi"])
        #expect(diagnostics.map(\.description) == ["3: 1 byte pairs without odd parity, read as if they had it"])
    }

    @Test func detectedByItsFirstLineOrItsExtension() {
        let file = SCCText.file([("00:00:01:00", "9420")])
        #expect(SubtitleFormat.detect(fileName: "captions.txt", prefix: file).name == "scc")
        #expect(SubtitleFormat.detect(fileName: "captions.scc", prefix: "00:00:01:00\t9420\n").name == "scc")
        #expect(SubtitleFormat.sniff(Array(file.utf8), fileName: nil, atEnd: false)?.name == "scc")
        #expect(!SubtitleFormat.cannotBeSubtitles(Array("Scenarist_S".utf8)))
        #expect(SubtitleFormat(named: "scc")?.name == "scc")
    }

    @Test func theChannelOptionReachesTheParser() throws {
        let lines = [("00:00:02:00", [S.code(0x14, 0x20, channel2: true), S.code(0x14, 0x70, channel2: true), S.text("two"),
                                      S.code(0x14, 0x2F, channel2: true)].joined(separator: " "))]
        let stream = SubtitleStream(format: SubtitleFormat(named: "scc")!, name: "x.scc", encoding: nil, isFile: true,
                                    options: ParseOptions(channel: 2))
        var batch = Array(SCCText.file(lines).utf8).withUnsafeBufferPointer { stream.push($0) }
        let last = stream.finish()
        batch.cues += last.cues
        #expect(batch.cues.map(\.plainText) == ["two"])
    }
}
