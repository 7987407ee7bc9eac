import Testing
@testable import GhostpipeCore
import TestSupport

@Suite struct SubRipParsing {
    static let basic = """
    1
    00:00:01,000 --> 00:00:04,500
    Hello there.

    2
    00:00:05,250 --> 00:00:07,000
    General Kenobi?
    Second line.

    """

    @Test func readsABasicFile() {
        let (cues, diagnostics) = srt(Self.basic)
        #expect(diagnostics.isEmpty)
        #expect(cues.count == 2)
        #expect(cues[0].start == ms(1000) && cues[0].end == ms(4500))
        #expect(cues[0].plainText == "Hello there.")
        #expect(cues[0].identifier == "1")
        #expect(cues[0].sourceLine == 2)
        #expect(cues[1].start == ms(5250) && cues[1].end == ms(7000))
        #expect(cues[1].plainText == "General Kenobi?\nSecond line.")
        #expect(cues[1].sourceLine == 6)
        #expect(cues[1].runs == [StyledRun("General Kenobi?\nSecond line.")])
        #expect(cues[0].placement == CuePlacement())
    }

    @Test(arguments: ["\r\n", "\r"])
    func readsCRLFAndBareCR(_ newline: String) {
        let text = Self.basic.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: newline)
        let (cues, diagnostics) = srt(text)
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.plainText) == ["Hello there.", "General Kenobi?\nSecond line."])
        #expect(cues.map(\.sourceLine) == [2, 6])
    }

    @Test func readsMixedLineEndings() {
        let text = "1\r\n00:00:01,000 --> 00:00:02,000\rone\ntwo\r\n\r2\n00:00:03,000 --> 00:00:04,000\r\nthree"
        let (cues, diagnostics) = srt(text)
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.plainText) == ["one\ntwo", "three"])
        #expect(cues.map(\.sourceLine) == [2, 7])
    }

    @Test func skipsLeadingAndRepeatedBlankLines() {
        let text = "\n\n  \n1\n00:00:01,000 --> 00:00:02,000\nA\n\n\n\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n\n\n"
        let (cues, diagnostics) = srt(text)
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.plainText) == ["A", "B"])
        #expect(cues.map(\.sourceLine) == [5, 12])
    }

    @Test func acceptsMissingRepeatedAndNonNumericIndices() {
        let text = """
        00:00:01,000 --> 00:00:02,000
        no index

        7
        00:00:03,000 --> 00:00:04,000
        seven

        7
        00:00:05,000 --> 00:00:06,000
        seven again

        intro
        00:00:07,000 --> 00:00:08,000
        named
        """
        let (cues, diagnostics) = srt(text)
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.plainText) == ["no index", "seven", "seven again", "named"])
        #expect(cues.map(\.identifier) == [nil, "7", "7", "intro"])
    }

    @Test func aBlankLineInsideACueDoesNotEndIt() {
        let text = "1\n00:00:01,000 --> 00:00:02,000\nfirst\n\nsecond\n\n2\n00:00:03,000 --> 00:00:04,000\nnext\n"
        let (cues, _) = srt(text)
        // ffmpeg (and so mpv) keeps the text and drops the blank line.
        #expect(cues.map(\.plainText) == ["first\nsecond", "next"])
    }

    @Test func anIndexWithoutBlankLineBeforeItStartsTheNextCue() {
        let text = "1\n00:00:01,000 --> 00:00:02,000\nHello\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n"
        let (cues, _) = srt(text)
        #expect(cues.map(\.plainText) == ["Hello", "World"])
        #expect(cues[1].identifier == "2")
    }

    @Test func aTimingLineDirectlyAfterTextStartsANewCue() {
        let text = "00:00:01,000 --> 00:00:02,000\nHello\nworld\n00:00:03,000 --> 00:00:04,000\nagain\n"
        let (cues, _) = srt(text)
        // "world" is neither a number nor after a blank line: it stays text of the first cue.
        #expect(cues.map(\.plainText) == ["Hello\nworld", "again"])
        #expect(cues[1].identifier == nil)
    }

    @Test func aNumberOnTheLastLineStaysText() {
        let (cues, _) = srt("1\n00:00:01,000 --> 00:00:02,000\nThe year was\n1984\n")
        #expect(cues.map(\.plainText) == ["The year was\n1984"])
    }

    @Test func aLineStartingWithADigitIsText() {
        let (cues, diagnostics) = srt("1\n00:00:01,000 --> 00:00:02,000\n12:30 at the station\n3 o'clock -> late\n")
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.plainText) == ["12:30 at the station\n3 o'clock -> late"])
    }

    @Test(arguments: [
        ("00:00:01,5", 1500), ("00:00:01,04", 1040), ("00:00:01,1239", 1123), ("00:00:01.250", 1250),
        ("00:00:01", 1000), ("00:00:01,", 1000), ("0:0:7,560", 7560), ("00:00:013,567", 13567),
        ("100:00:00,000", 360_000_000), ("01:02,500", 62500), ("1:2", 62000), ("00:61:00,000", 3_660_000),
        ("00:00:99,000", 99000), ("123456:00:00,000", 444_441_600_000),
    ] as [(String, Int64)])
    func readsLenientTimestamps(_ timestamp: String, _ expected: Int64) {
        let (cues, diagnostics) = srt("\(timestamp) --> 999999:00:00,000\ntext\n")
        #expect(diagnostics.isEmpty)
        #expect(cues.first?.start == ms(expected))
        let (late, _) = srt("00:00:00,000 --> \(timestamp)\ntext\n")
        #expect(late.first?.end == ms(expected))
    }

    @Test(arguments: [
        "00:00:01,000 --> 00:00:02,000", "00:00:01,000-->00:00:02,000", "00:00:01,000 -> 00:00:02,000",
        "00:00:01,000->00:00:02,000", "00:00:01,000 - > 00:00:02,000", "00:00:01,000 -- > 00:00:02,000",
        "00:00:01,000 ---> 00:00:02,000", "  00:00:01,000\t-->\t00:00:02,000  ",
        "00:00:01,000 --> 00:00:02,000 X1:100 X2:600 Y1:20 Y2:50",
    ])
    func readsArrowVariantsAndIgnoresCoordinates(_ timing: String) {
        let (cues, diagnostics) = srt("1\n\(timing)\ntext\n")
        #expect(diagnostics.isEmpty)
        #expect(cues.count == 1)
        #expect(cues.first?.start == ms(1000) && cues.first?.end == ms(2000))
        #expect(cues.first?.plainText == "text")
    }

    @Test func keepsEmptyCues() {
        let text = "1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n\n3\n00:00:05,000 --> 00:00:06,000\n"
        let (cues, diagnostics) = srt(text)
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.plainText) == ["", "B", ""])
        #expect(cues[0].runs.isEmpty)
        #expect(cues.map(\.identifier) == ["1", "2", "3"])
    }

    @Test func readsATruncatedLastBlock() {
        #expect(srt("1\n00:00:01,000 --> 00:00:02,000").cues.map(\.plainText) == [""])
        #expect(srt("1\n00:00:01,000 --> 00:00:02,000\nlast words").cues.map(\.plainText) == ["last words"])
        #expect(srt("1\n00:00:01,000 --> 00:00:02,000\r\nlast\r").cues.map(\.plainText) == ["last"])
    }

    @Test func sortsCuesStablyAndKeepsOverlaps() {
        let text = """
        1
        00:00:05,000 --> 00:00:06,000
        third

        2
        00:00:01,000 --> 00:00:09,000
        first

        3
        00:00:05,000 --> 00:00:07,000
        fourth

        4
        00:00:02,000 --> 00:00:03,000
        second
        """
        let (cues, _) = srt(text)
        #expect(cues.map(\.plainText) == ["first", "second", "third", "fourth"])
        #expect(cues.map(\.sourceLine) == [6, 14, 2, 10])
    }

    @Test func skipsAnUnreadableTimingLineWithADiagnostic() {
        let text = """
        1
        00:00:01,000 --> 00:00:02,000
        good one

        2
        00:0a:00,000 --> 00:00:05,000
        lost

        3
        00:00:06,000 --> 00:00:0x,000
        lost too

        4
        00:00:08,000 --> 00:00:09,000
        still plays
        """
        let (cues, diagnostics) = srt(text)
        #expect(cues.map(\.plainText) == ["good one", "still plays"])
        #expect(diagnostics == [
            Diagnostic(line: 6, message: "bad timestamp '00:0a:00,000'"),
            Diagnostic(line: 10, message: "bad timestamp '00:00:0x,000'"),
        ])
    }

    @Test func skipsACueThatEndsBeforeItStarts() {
        let text = "1\n00:00:05,000 --> 00:00:01,000\nbackwards\n\n2\n00:00:06,000 --> 00:00:07,000\nfine\n"
        let (cues, diagnostics) = srt(text)
        #expect(cues.map(\.plainText) == ["fine"])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == 2)
        #expect(diagnostics.first?.message.hasPrefix("cue ends before it starts") == true)
    }

    @Test func keepsAZeroLengthCue() {
        #expect(srt("00:00:05,000 --> 00:00:05,000\nflash\n").cues.map(\.plainText) == ["flash"])
    }

    @Test func reportsTextBeforeTheFirstCue() {
        let text = "Subtitles by someone\nwww.example.org\n\n1\n00:00:01,000 --> 00:00:02,000\nHi\n"
        let (cues, diagnostics) = srt(text)
        #expect(cues.map(\.plainText) == ["Hi"])
        #expect(diagnostics == [Diagnostic(line: 1, message: "ignored text before the first cue")])
    }

    @Test func reportsAFileWithoutCues() {
        let (cues, diagnostics) = srt("just some text\nand more\n")
        #expect(cues.isEmpty)
        #expect(diagnostics == [Diagnostic(line: 1, message: "no SubRip cues found")])
        #expect(srt("").diagnostics.isEmpty)
        #expect(srt("\n\n").diagnostics.isEmpty)
    }

    @Test func skipsAByteOrderMark() {
        let (cues, diagnostics) = srt("\u{FEFF}1\n00:00:01,000 --> 00:00:02,000\nHi\n")
        #expect(diagnostics.isEmpty)
        #expect(cues.first?.identifier == "1")
    }

    @Test func readsBytesWithInvalidUTF8() {
        let bytes: [UInt8] = Array("1\n00:00:01,000 --> 00:00:02,000\nbad ".utf8) + [0xFF, 0xC3] + Array(" end\n".utf8)
        let (cues, _) = SubRipParser.parse(utf8: bytes)
        #expect(cues.first?.plainText == "bad \u{FFFD}\u{FFFD} end")
    }

    @Test func timesAreAvailableWithoutBuildingCues() {
        let (cues, _) = SubRipParser.parse(Self.basic)
        #expect(cues.start(at: 1) == ms(5250))
        #expect(cues.end(at: 0) == ms(4500))
        #expect(cues.times(at: 1).end == ms(7000))
    }
}

@Suite struct EveryCueAccountedFor {
    @Test func aNegativeStartIsReportedAndSkippedNotSwallowedIntoTheCueBefore() {
        let (cues, diagnostics) = SubRipParser.parse("1\n00:00:01,000 --> 00:00:02,000\nfirst\n\n2\n-00:00:03,000 --> 00:00:04,000\nnegative\n\n3\n00:00:05,000 --> 00:00:06,000\nthird\n")
        #expect(cues.map(\.plainText) == ["first", "third"])
        #expect(diagnostics == [Diagnostic(line: 6, message: "negative time '-00:00:03,000 --> 00:00:04,000'; skipped")])
    }

    @Test func aCueThatLastsNoTimeIsKeptWhereverItIsAndSaid() throws {
        let file = "1\n00:00:00,000 --> 00:00:00,000\nat zero\n\n2\n00:00:04,500 --> 00:00:04,500\nlater\n"
        let (cues, diagnostics) = SubRipParser.parse(file)
        #expect(cues.count == 2 && diagnostics.map(\.line) == [2, 6])
        // Both are listed, the one at 0 s too (one rule).
        let run = try VirtualRun(["--instant", "-o", "json", "-f", "srt"], text: file)
        #expect(run.output.text.split(separator: "\n").count == 2, "\(run.output.text)")
    }

    @Test func microDVDTagsAreHidden() {
        let (cues, _) = SubRipParser.parse("1\n00:00:01,000 --> 00:00:02,000\n{Y:i}{c:$0000ff}Hidden {y:b}tags {F:Arial}{S:12} stay {not a tag}\n")
        #expect(cues.first?.plainText == "Hidden tags  stay {not a tag}")
    }
}
