import Testing
@testable import GhostpipeCore

@Suite struct WebVTTParsing {
    @Test(arguments: [
        "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n",
        "WEBVTT \n\n00:01.000 --> 00:02.000\nHi\n",
        "WEBVTT - A title\n\n00:01.000 --> 00:02.000\nHi\n",
        "WEBVTT\tfile\n\n00:01.000 --> 00:02.000\nHi\n",
        "\u{FEFF}WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n",
        "WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n",
        "WEBVTT\r\r00:01.000 --> 00:02.000\rHi",
    ])
    func acceptsSignatureVariants(_ text: String) {
        let (cues, diagnostics) = vtt(text)
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.plainText) == ["Hi"])
    }

    @Test(arguments: ["", "WEBVT", "WEBVTTX\n\n00:01.000 --> 00:02.000\nHi", "webvtt\n", "\nWEBVTT\n", " WEBVTT\n",
                      "1\n00:00:01,000 --> 00:00:02,000\nHi"])
    func rejectsAnythingElse(_ text: String) {
        let (cues, diagnostics) = vtt(text)
        #expect(cues.isEmpty)
        #expect(diagnostics == [Diagnostic(line: 1, message: "not a WebVTT file: it does not start with 'WEBVTT'")])
    }

    @Test func aSignatureAloneHasNoCues() {
        #expect(vtt("WEBVTT").cues.isEmpty && vtt("WEBVTT").diagnostics.isEmpty)
        #expect(vtt("WEBVTT\n").cues.isEmpty)
    }

    @Test func skipsHeaderNoteStyleAndRegionBlocks() {
        let text = """
        WEBVTT
        Kind: captions
        Language: en

        REGION
        id:fred width:40%

        NOTE This is a comment
        spanning two lines

        STYLE
        ::cue(.warn) { color: orange }

        NOTE
        another one

        intro
        00:00:01.000 --> 00:00:02.000
        First

        00:00:03.000 --> 00:00:04.000 region:fred
        Second
        """
        let (cues, diagnostics) = vtt(text)
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.plainText) == ["First", "Second"])
        #expect(cues.map(\.identifier) == ["intro", nil])
        #expect(cues.map(\.sourceLine) == [18, 21])
    }

    @Test func aCueRightAfterTheHeaderLine() {
        // The header block ends at a line with "-->" (it is not part of the header).
        let (cues, _) = vtt("WEBVTT\n00:01.000 --> 00:02.000\nImmediately\n")
        #expect(cues.map(\.plainText) == ["Immediately"])
        let (withHeader, _) = vtt("WEBVTT\nKind: captions\n00:01.000 --> 00:02.000\nAfter header\n")
        #expect(withHeader.map(\.plainText) == ["After header"])
    }

    @Test(arguments: [
        ("00:01.000", 1000), ("59:59.999", 3_599_999), ("01:00:00.000", 3_600_000), ("1:00:00.000", 3_600_000),
        ("100:00:00.000", 360_000_000), ("00:00:00.001", 1), ("60:00:00.000", 216_000_000),
    ] as [(String, Int64)])
    func readsTimestamps(_ timestamp: String, _ expected: Int64) {
        let (cues, diagnostics) = vtt("WEBVTT\n\n\(timestamp) --> 999:00:00.000\nx\n")
        #expect(diagnostics.isEmpty)
        #expect(cues.first?.start == ms(expected))
    }

    @Test(arguments: ["00:00:01,000", "0:01.000", "00:60.000", "00:00:60.000", "00:01.",
                      "00:0a.000", "a0:01.000", "60:00.000", "00:01:02:03.000", "00:01.000.000"])
    func rejectsMalformedTimestamps(_ timestamp: String) {
        let text = "WEBVTT\n\n\(timestamp) --> 00:05.000\nbad\n\n00:06.000 --> 00:07.000\ngood\n"
        let (cues, diagnostics) = vtt(text)
        #expect(cues.map(\.plainText) == ["good"])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == 3)
    }

    /// Timings without a fraction, or with other than three digits, are read as FFmpeg and other
    /// lenient readers do, with one note for the file.
    @Test func timingsWithoutAFractionAreReadWithANote() {
        let (cues, diagnostics) = vtt("""
        WEBVTT

        00:01:39 --> 00:01:41.04
        one

        00:01:42.000 --> 00:01:44
        two

        01:45.5 --> 01:46.0000
        three

        """)
        #expect(cues.map(\.plainText) == ["one", "two", "three"])
        #expect(cues.map(\.start) == [ms(99_000), ms(102_000), ms(105_500)])
        #expect(cues.map(\.end) == [ms(101_040), ms(104_000), ms(106_000)])
        #expect(diagnostics == [Diagnostic(line: 3, message:
            "time '00:01:39' without three fraction digits; read as FFmpeg does (so are any others in this file)")])
    }

    @Test func reportsTheBadTimestamp() {
        let (_, diagnostics) = vtt("WEBVTT\n\n00:00:01.000 --> 00:0x:02.000\nbad\n")
        #expect(diagnostics == [Diagnostic(line: 3, message: "bad timestamp '00:0x:02.000'")])
        let (_, arrow) = vtt("WEBVTT\n\n00:00:01.000 - 00:00:02.000 -->\nbad\n")
        #expect(arrow.first?.message.hasPrefix("expected '-->'") == true)
    }

    @Test func skipsACueThatEndsBeforeItStarts() {
        let (cues, diagnostics) = vtt("WEBVTT\n\n00:05.000 --> 00:01.000\nback\n\n00:06.000 --> 00:07.000\nok\n")
        #expect(cues.map(\.plainText) == ["ok"])
        #expect(diagnostics.map(\.line) == [3])
    }

    @Test func anArrowLineEndsTheCueText() {
        let text = "WEBVTT\n\n00:01.000 --> 00:02.000\nfirst\n00:03.000 --> 00:04.000\nsecond\nnot --> a cue\nlost\n\n00:05.000 --> 00:06.000\nthird\n"
        let (cues, diagnostics) = vtt(text)
        #expect(cues.map(\.plainText) == ["first", "second", "third"])
        // "not --> a cue" starts a block of its own whose timing cannot be read.
        #expect(diagnostics.map(\.line) == [7])
    }

    @Test func anIdentifierFollowedByABadTimingDropsTheBlock() {
        let (cues, diagnostics) = vtt("WEBVTT\n\nid\nxx --> yy\ntext\n\n00:01.000 --> 00:02.000\nok\n")
        #expect(cues.map(\.plainText) == ["ok"])
        #expect(diagnostics.map(\.line) == [4])
    }

    @Test func aNoteWithAnArrowOnItsSecondLineIsACue() {
        // What the spec's algorithm does (and why comments must not contain "-->").
        let (cues, _) = vtt("WEBVTT\n\nNOTE\n00:01.000 --> 00:02.000\ntext\n")
        #expect(cues.map(\.identifier) == ["NOTE"])
    }

    @Test func keepsMultiLineTextAndWhitespaceOnlyLines() {
        let (cues, _) = vtt("WEBVTT\n\n00:01.000 --> 00:02.000\none\n  \ntwo\n\n")
        #expect(cues.map(\.plainText) == ["one\n  \ntwo"])
    }

    @Test func emptyCueText() {
        let (cues, _) = vtt("WEBVTT\n\n00:01.000 --> 00:02.000\n\n00:03.000 --> 00:04.000\nx")
        #expect(cues.map(\.plainText) == ["", "x"])
    }

    @Test func replacesNUL() {
        let (cues, _) = vtt("WEBVTT\n\nid\u{0}x\n00:01.000 --> 00:02.000\na\u{0}b\n")
        #expect(cues.first?.plainText == "a\u{FFFD}b")
        #expect(cues.first?.identifier == "id\u{FFFD}x")
    }

    @Test func sortsByStartTime() {
        let (cues, _) = vtt("WEBVTT\n\n00:05.000 --> 00:06.000\nlate\n\n00:01.000 --> 00:02.000\nearly\n")
        #expect(cues.map(\.plainText) == ["early", "late"])
    }

    @Test func styleBlocksAfterTheFirstCueAreIgnored() {
        let text = "WEBVTT\n\n00:01.000 --> 00:02.000\n<c.x>a</c>\n\nSTYLE\n::cue(.x) { color: red }\n\n00:03.000 --> 00:04.000\n<c.x>b</c>\n"
        let (cues, _) = vtt(text)
        #expect(cues.map(\.runs) == [[StyledRun("a")], [StyledRun("b")]])
    }
}

@Suite struct WebVTTSettings {
    func placement(_ settings: String) -> CuePlacement? {
        vtt("WEBVTT\n\n00:01.000 --> 00:02.000 \(settings)\nx\n").cues.first?.placement
    }

    @Test func noSettings() {
        #expect(placement("") == CuePlacement())
    }

    @Test(arguments: [
        ("line:0", CuePlacement.Vertical.line(0)), ("line:3", .line(3)), ("line:-1", .line(-1)),
        ("line:50%", .percent(50)), ("line:12.5%", .percent(12.5)), ("line:1.6", .line(2)),
    ] as [(String, CuePlacement.Vertical)])
    func line(_ setting: String, _ vertical: CuePlacement.Vertical) {
        #expect(placement(setting)?.vertical == vertical)
    }

    @Test func lineAlignment() {
        #expect(placement("line:0,end") == CuePlacement(vertical: .line(0), lineAlignment: .end))
        #expect(placement("line:10%,center") == CuePlacement(vertical: .percent(10), lineAlignment: .center))
        #expect(placement("line:0,bogus") == CuePlacement())
    }

    @Test(arguments: ["line:abc", "line:", "line:1-2", "line:--1", "line:1..2", "line:.5", "line:101%", "line:-5%", ":0", "line"])
    func ignoresBadLineValues(_ setting: String) {
        #expect(placement(setting) == CuePlacement())
    }

    @Test func positionSizeAndAlign() {
        #expect(placement("position:10%,line-left size:50% align:start")
                == CuePlacement(alignment: .start, position: 10, size: 50, positionAlignment: .lineLeft))
        #expect(placement("position:90%,line-right")?.positionAlignment == .lineRight)
        #expect(placement("position:50%,center")?.positionAlignment == .center)
        #expect(placement("position:120%") == CuePlacement())
        #expect(placement("position:50") == CuePlacement())
        #expect(placement("size:100.5%") == CuePlacement())
        for (value, alignment) in [("start", CuePlacement.Alignment.start), ("center", .center), ("end", .end),
                                   ("left", .left), ("right", .right)] {
            #expect(placement("align:\(value)")?.alignment == alignment)
        }
        #expect(placement("align:middle")?.alignment == .center)
    }

    @Test func laterSettingsWinAndUnknownOnesAreIgnored() {
        #expect(placement("line:1 vertical:rl region:r1 foo:bar line:2")?.vertical == .line(2))
    }

    @Test func settingsWithoutSpaceAfterTheTimestamp() {
        // The remainder after the end time is the settings string, space or not.
        #expect(vtt("WEBVTT\n\n00:01.000 --> 00:02.000line:0\nx\n").cues.first?.placement.vertical == .line(0))
    }

    @Test func tabsAroundTheArrow() {
        #expect(vtt("WEBVTT\n\n00:01.000\t-->\t00:02.000\tline:0\nx\n").cues.first?.placement.vertical == .line(0))
    }
}
