import Testing
@testable import GhostpipeCore

/// Parses `text` as the catalogue format `name`, with `--fps` when given.
func film(_ name: String, _ text: String, fps: Double? = nil) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    film(name, Array(text.utf8), fps: fps)
}

func film(_ name: String, _ bytes: [UInt8], fps: Double? = nil) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    guard let parser = FormatCatalog.parser(named: name) else { return ([], [Diagnostic(line: 0, message: "no format \(name)")]) }
    let (cues, diagnostics) = parser.parse(bytes, options: ParseOptions(frameRate: fps))
    return (Array(cues), diagnostics)
}

@Suite struct MicroDVDParsing {
    @Test func framesCountAtTheRateTheFirstLineStatesElse23976AndFpsOverBoth() {
        let stated = film("microdvd", "{1}{1}25\n{25}{50}One second in\n")
        #expect(stated.cues.map(\.start) == [ms(1000)] && stated.cues.map(\.end) == [ms(2000)])
        #expect(stated.cues.map(\.plainText) == ["One second in"], "the rate line does not show")
        let unstated = film("microdvd", "{24}{48}At 23.976\n")
        #expect(unstated.cues.map(\.start) == [Time.nanoseconds(seconds: 24 / 23.976)])
        let given = film("microdvd", "{1}{1}25\n{30}{60}At thirty\n", fps: 30)
        #expect(given.cues.map(\.start) == [ms(1000)] && given.cues.map(\.end) == [ms(2000)])
    }

    /// SubEdit writes a note after the rate (`{1}{1}25.000 movie info: XVID …`, GStreamer's subparse
    /// test): the rate is the number, as FFmpeg and GStreamer read it, and the line does not show.
    @Test func theRateLineMayCarryANoteAfterTheRate() {
        let (cues, diagnostics) = film("microdvd", """
        {1}{1}25.000 movie info: XVID  608x256 25.0fps 699.0 MB|/SubEdit b.4060(http://subedit.com.pl)/
        {100}{200}/italics/|not italics
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.start) == [ms(4000)] && cues.map(\.end) == [ms(8000)])
        #expect(cues.map(\.plainText) == ["italics/\nnot italics"])
        #expect(film("microdvd", "{1}{1}12,500\n{100}{200}- Hi, Eddie.\n").cues.map(\.start) == [ms(8000)])
    }

    @Test func controlCodesStyleTheirLineOrEveryLineAndPipesBreakLines() {
        let (cues, diagnostics) = film("microdvd", """
        {1}{1}25
        {25}{50}{Y:i}Both|lines
        {50}{75}{y:b}First|second
        {75}{100}{c:$0000FF}Red{y:u}
        {100}{125}/Slashed|plain
        {125}{150}{f:Arial}{s:20}{P:1}Left alone
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues[0].runs == [StyledRun("Both", style: italic), StyledRun("\n"), StyledRun("lines", style: italic)])
        #expect(cues[1].runs == [StyledRun("First", style: bold), StyledRun("\nsecond")])
        // Only codes at the start of a line are codes: `{y:u}` after the text is text.
        #expect(cues[2].runs == [StyledRun("Red{y:u}", style: fg(255, 0, 0))])
        #expect(cues[3].runs == [StyledRun("Slashed", style: italic), StyledRun("\nplain")])
        #expect(cues[4].plainText == "Left alone")
    }

    @Test func anEmptyEndLastsUntilTheNextLineAndABadLineIsSaidWithItsNumber() {
        let (cues, diagnostics) = film("microdvd", "{1}{1}25\n{25}{}Open\n{75}{100}Next\nnot a line\n{125}{}Last\n")
        #expect(cues.map(\.end) == [ms(3000), ms(4000), ms(5000) + FilmCues.openEnded])
        #expect(diagnostics == [Diagnostic(line: 4, message: "not a MicroDVD line 'not a line'")])
        #expect(cues.map(\.sourceLine) == [2, 3, 5])
    }

    /// gaupol's sample begins at negative frames (a shifted file): a line that ends before 0:00 is
    /// left out, one that ends after starts at 0:00.
    @Test func linesBeforeZeroAreLeftOrStartAtZero() {
        let (cues, diagnostics) = film("microdvd", "{-164}{-68}Gone\n{-35}{23}Cut\n{23}{81}Whole\n")
        #expect(cues.map(\.plainText) == ["Cut", "Whole"])
        #expect(cues.first?.start == 0)
        #expect(diagnostics == [Diagnostic(line: 1, message: "a line that ends before 0:00 skipped")])
    }

    /// Two lines that both start before 0:00 both start at 0:00, and then in file order (the
    /// microdvd fuzz target found them the other way round: sorted by their times before 0:00).
    @Test func linesClampedToZeroKeepFileOrder() {
        let (cues, _) = film("microdvd", "{-10}{100}First\n{0}{100}Second\n{-20}{100}Third\n{5}{100}Fourth\n")
        #expect(cues.map(\.plainText) == ["First", "Second", "Third", "Fourth"])
        #expect(cues.map(\.start) == [0, 0, 0, FrameRate.film.time(frames: 5)!])
    }
}

@Suite struct MPL2Parsing {
    @Test func tenthsOfASecondAndLineMarkers() {
        let (cues, diagnostics) = film("mpl2", "[10][35]Plain|two\n[40][62]/Italic|plain\n[70][95]\\Bold|_Under\n[100][]Open\n")
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.start) == [ms(1000), ms(4000), ms(7000), ms(10_000)])
        #expect(cues.map(\.end) == [ms(3500), ms(6200), ms(9500), ms(10_000) + FilmCues.openEnded])
        #expect(cues[1].runs == [StyledRun("Italic", style: italic), StyledRun("\nplain")])
        #expect(cues[2].runs == [StyledRun("Bold", style: bold), StyledRun("\n"), StyledRun("Under", style: Style(attributes: .underline))])
    }

    /// A space between the time and a marker (`[12345][27890] /Italic|Normal`, GStreamer's subparse
    /// test) leaves the marker a marker, as FFmpeg and GStreamer read it.
    @Test func markersAfterSpacesAreMarkers() {
        let (cues, _) = film("mpl2", "[12345][27890] /Italic|Normal\n[42345][47890] Normal|  \\Bold\n")
        #expect(cues.map(\.plainText) == ["Italic\nNormal", "Normal\nBold"])
        #expect(cues[0].runs == [StyledRun("Italic", style: italic), StyledRun("\nNormal")])
        #expect(cues[1].runs == [StyledRun("Normal\n"), StyledRun("Bold", style: bold)])
    }
}

@Suite struct SubViewerParsing {
    @Test func subViewer2HeaderIsLeftAndBrBreaksLines() {
        let (cues, diagnostics) = film("subviewer", """
        [INFORMATION]
        [TITLE]Film
        [AUTHOR]
        [END INFORMATION]
        [SUBTITLE]
        [COLF]&HFFFFFF,[STYLE]bd,[SIZE]18,[FONT]Sans

        00:00:01.50,00:00:04.00
        First[br]<i>second</i>

        00:01:02.5,00:01:03.250
        Fractions of any length
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.start) == [ms(1500), ms(62_500)])
        #expect(cues.map(\.end) == [ms(4000), ms(63_250)])
        #expect(cues[0].runs == [StyledRun("First\n"), StyledRun("second", style: italic)])
        #expect(cues.map(\.sourceLine) == [8, 11])
    }

    @Test func subViewer1TimesShowUntilTheNextAndAnEmptyTextClears() {
        let (cues, diagnostics) = film("subviewer", """
        [TITLE]
        A Test
        [BEGIN]
        ******** START SCRIPT ********
        [00:00:01]
        Hello|there
        [00:00:03]

        [00:00:04]
        Again
        [END]
        ******** END SCRIPT ********
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["Hello\nthere", "Again"])
        #expect(cues.map(\.start) == [ms(1000), ms(4000)])
        #expect(cues.map(\.end) == [ms(3000), ms(4000) + FilmCues.openEnded])
    }
}

@Suite struct TMPlayerParsing {
    @Test func aLineLastsUntilTheNextOrItsReadingTime() {
        let (cues, diagnostics) = film("tmplayer", "00:00:01:Short\n00:00:02:Cut by the next\n0:00:30=Equals and one-digit hours\n00:01:00:\n")
        #expect(diagnostics.isEmpty)
        #expect(cues.map(\.start) == [ms(1000), ms(2000), ms(30_000)])
        // pysubs2's rule: half a second and 67 ms per character of the line (its end included).
        #expect(cues.map(\.end) == [ms(2000), ms(2000 + 500 + 67 * 25), ms(30_000 + 500 + 67 * 35)])
    }

    @Test func numberedLinesOfOneTimeMakeOneSubtitleAndAnEmptyTextClears() {
        let (cues, _) = film("tmplayer", "00:00:20,1=Line one\n00:00:20,2=Line two\n00:00:21:\n00:00:25:After\n")
        #expect(cues.map(\.plainText) == ["Line one\nLine two", "After"])
        #expect(cues.first?.end == ms(21_000))
    }
}

@Suite struct SpruceSTLParsing {
    @Test func timecodesEndInFramesAt25OrTheStatedRate() {
        let pal = film("spruce", "00:00:01:12 , 00:00:02:00 , Text\n")
        #expect(pal.cues.map(\.start) == [ms(1480)])
        let stated = film("spruce", "$FrameRate = 30\n00:00:01:15 , 00:00:02:00 , Text\n")
        #expect(stated.cues.map(\.start) == [ms(1500)])
        let given = film("spruce", "$FrameRate = 30\n00:00:01:12 , 00:00:02:00 , Text\n", fps: 24)
        #expect(given.cues.map(\.start) == [ms(1500)])
    }

    @Test func directivesAndCaretsStyleAndPlaceTheText() {
        let (cues, diagnostics) = film("spruce", """
        //Font select and font size
        $FontName       = Arial
        $Italic         = TRUE
        $VertAlign      = Top
        $HorzAlign      = Left
        00:00:01:00 , 00:00:02:00 , All ^Iitalic^I but^B bold^B|second, with a comma
        $Italic = FALSE
        00:00:03:00\t,\t00:00:04:00\t,\tPlain
        junk
        """)
        #expect(diagnostics == [Diagnostic(line: 9, message: "not a Spruce STL line 'junk'")])
        #expect(cues[0].runs == [StyledRun("All ", style: italic), StyledRun("italic"), StyledRun(" but", style: italic),
                                 StyledRun(" bold", style: Style(attributes: [.italic, .bold])), StyledRun("\n"),
                                 StyledRun("second, with a comma", style: italic)])
        #expect(cues[0].placement.vertical == .top && cues[0].placement.alignment == .left)
        #expect(cues[1].runs == [StyledRun("Plain")])
    }
}

/// EBU STL files built byte by byte: a GSI block and TTI blocks.
enum EBUSTLFile {
    struct TTI {
        var number: UInt16
        var extensionNumber: UInt8 = 0xFF
        var cumulative: UInt8 = 0
        var timeIn: [UInt8]
        var timeOut: [UInt8]
        var row: UInt8 = 20
        var justification: UInt8 = 2
        var comment: UInt8 = 0
        var text: [UInt8]
    }

    static func gsi(rate: String = "25", teletext: Bool = true, table: String = "00", startTimecode: String = "00000000", rows: String = "23") -> [UInt8] {
        var block = [UInt8](repeating: 0x20, count: 1024)
        func put(_ text: String, at offset: Int) { for (k, b) in text.utf8.enumerated() { block[offset + k] = b } }
        put("850STL\(rate).01", at: 0)
        put(teletext ? "1" : "0", at: 11)
        put(table, at: 12)
        put(rows, at: 253)
        put(startTimecode, at: 256)
        return block
    }

    static func tti(_ t: TTI) -> [UInt8] {
        var block: [UInt8] = [0, UInt8(t.number & 0xFF), UInt8(t.number >> 8), t.extensionNumber, t.cumulative]
        block += t.timeIn + t.timeOut + [t.row, t.justification, t.comment]
        block += t.text.prefix(112)
        block += [UInt8](repeating: 0x8F, count: 128 - block.count)
        return block
    }

    static func file(_ gsi: [UInt8], _ blocks: [TTI]) -> [UInt8] { gsi + blocks.flatMap(tti) }
}

@Suite struct EBUSTLParsing {
    typealias TTI = EBUSTLFile.TTI
    func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func timesAtTheHeadersRateExtensionBlocksAndCommentsLeft() {
        let bytes = EBUSTLFile.file(EBUSTLFile.gsi(rate: "30"), [
            TTI(number: 1, extensionNumber: 0, timeIn: [0, 0, 1, 15], timeOut: [0, 0, 3, 0], text: text("Continued ")),
            TTI(number: 1, extensionNumber: 0xFF, timeIn: [0, 0, 1, 15], timeOut: [0, 0, 3, 0], text: text("over two blocks")),
            TTI(number: 2, timeIn: [0, 0, 4, 0], timeOut: [0, 0, 5, 0], comment: 1, text: text("A comment")),
            TTI(number: 3, extensionNumber: 0xFE, timeIn: [0, 0, 4, 0], timeOut: [0, 0, 5, 0], text: text("User data")),
            TTI(number: 4, timeIn: [0, 0, 6, 0], timeOut: [0, 0, 7, 0], text: text("Last")),
        ])
        let (cues, diagnostics) = film("ebu-stl", bytes)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["Continued over two blocks", "Last"])
        #expect(cues.map(\.start) == [ms(1500), ms(6000)])
        #expect(cues.map(\.sourceLine) == [2, 6], "the block number stands for the line")
    }

    @Test func controlCodesStyleTheTextAndTakeACellAsOnTheScreen() {
        let field: [UInt8] = [0x0D, 0x07, 0x0B, 0x0B] + text("Plain ") + [0x80] + text("italic") + [0x81, 0x20, 0x82] + text("under")
            + [0x83, 0x8A, 0x8A, 0x0D, 0x01, 0x0B, 0x0B] + text("Red") + [0x07] + text("white") + [0x0A, 0x0A]
        let (cues, _) = film("ebu-stl", EBUSTLFile.file(EBUSTLFile.gsi(), [TTI(number: 1, timeIn: [0, 0, 1, 0], timeOut: [0, 0, 2, 0], text: field)]))
        #expect(cues.first?.runs == [
            StyledRun("Plain "), StyledRun("italic", style: italic), StyledRun(" "), StyledRun("under", style: Style(attributes: .underline)),
            StyledRun("\n"), StyledRun("Red", style: Style(foreground: .palette(1))), StyledRun(" white"),
        ])
    }

    @Test(arguments: [
        ("00", [0x43, 0x61, 0x66, 0xC2, 0x65, 0x20, 0xC8, 0x75, 0x62, 0x65, 0x72, 0x20, 0xA4, 0x35] as [UInt8], "Café über $5"),
        ("01", [0xBF, 0xE0, 0xD8, 0xD2, 0xD5, 0xE2], "Привет"),
        ("03", [0xC3, 0xE5, 0xE9, 0xDC], "Γειά"),
        ("04", [0xF9, 0xEC, 0xE5, 0xED], "שלום"),
    ] as [(String, [UInt8], String)])
    func characterCodeTables(_ table: String, _ field: [UInt8], _ expected: String) {
        let (cues, _) = film("ebu-stl", EBUSTLFile.file(EBUSTLFile.gsi(table: table), [TTI(number: 1, timeIn: [0, 0, 1, 0], timeOut: [0, 0, 2, 0], text: field)]))
        #expect(cues.first?.plainText == expected)
    }

    @Test func programmeStartIsZeroWhenTheSubtitlesStartThere() {
        let tti = TTI(number: 1, timeIn: [10, 0, 2, 0], timeOut: [10, 0, 4, 0], text: text("From the start"))
        let (cues, _) = film("ebu-stl", EBUSTLFile.file(EBUSTLFile.gsi(startTimecode: "10000000"), [tti]))
        #expect(cues.map(\.start) == [ms(2000)])
        // Without a programme start, times are as they are.
        let (raw, _) = film("ebu-stl", EBUSTLFile.file(EBUSTLFile.gsi(), [tti]))
        #expect(raw.map(\.start) == [ms(36_002_000)])
    }

    @Test func verticalPositionAndJustificationPlaceTheCue() {
        let (cues, _) = film("ebu-stl", EBUSTLFile.file(EBUSTLFile.gsi(), [
            TTI(number: 1, timeIn: [0, 0, 1, 0], timeOut: [0, 0, 2, 0], row: 2, justification: 1, text: text("Top left")),
            TTI(number: 2, timeIn: [0, 0, 3, 0], timeOut: [0, 0, 4, 0], row: 12, justification: 3, text: text("Middle right")),
            TTI(number: 3, timeIn: [0, 0, 5, 0], timeOut: [0, 0, 6, 0], row: 22, text: text("Bottom")),
        ]))
        #expect(cues.map(\.placement.vertical) == [.top, .middle, .bottom])
        #expect(cues.map(\.placement.alignment) == [.left, .right, .center])
    }

    @Test func aCumulativeSetStaysUpUntilItsLastSubtitleGoes() {
        let (cues, _) = film("ebu-stl", EBUSTLFile.file(EBUSTLFile.gsi(), [
            TTI(number: 1, cumulative: 1, timeIn: [0, 0, 1, 0], timeOut: [0, 0, 2, 0], row: 18, text: text("One")),
            TTI(number: 2, cumulative: 2, timeIn: [0, 0, 2, 0], timeOut: [0, 0, 3, 0], row: 20, text: text("Two")),
            TTI(number: 3, cumulative: 3, timeIn: [0, 0, 3, 0], timeOut: [0, 0, 5, 0], row: 22, text: text("Three")),
        ]))
        #expect(cues.map(\.end) == [ms(5000), ms(5000), ms(5000)])
    }

    @Test func aFileCutShortOrNotSTLIsSaid() {
        var bytes = EBUSTLFile.file(EBUSTLFile.gsi(), [TTI(number: 1, timeIn: [0, 0, 1, 0], timeOut: [0, 0, 2, 0], text: text("Whole"))])
        bytes += [0, 1, 0]
        let (cues, diagnostics) = film("ebu-stl", bytes)
        #expect(cues.map(\.plainText) == ["Whole"])
        #expect(diagnostics.map(\.message) == ["block 3: a part block at the end left"])
        #expect(film("ebu-stl", Array("hello".utf8)).diagnostics.map(\.message) == ["not an EBU STL file (no GSI block)"])
    }

    @Test func aStreamTakesTheBytesAsTheyAreInAnyChunks() {
        let bytes = EBUSTLFile.file(EBUSTLFile.gsi(), [
            TTI(number: 1, timeIn: [0, 0, 1, 0], timeOut: [0, 0, 2, 0], text: [0x43, 0x61, 0x66, 0xC2, 0x65]),
            TTI(number: 2, timeIn: [0, 0, 3, 0], timeOut: [0, 0, 4, 0], text: text("Two")),
        ])
        let stream = SubtitleStream(format: SubtitleFormat(named: "ebu-stl")!, name: "x.stl", encoding: nil, isFile: false)
        var cues: [Cue] = []
        for start in stride(from: 0, to: bytes.count, by: 7) {
            cues += bytes[start..<min(start + 7, bytes.count)].withUnsafeBufferPointer { stream.push($0) }.cues
        }
        let end = stream.finish()
        cues += end.cues
        #expect(end.messages.isEmpty, "\(end.messages)")
        #expect(cues.map(\.plainText) == ["Café", "Two"])
    }
}

@Suite struct FilmFormatDetection {
    func detect(_ text: String, name: String? = nil) -> String { FormatCatalog.detect(fileName: name, prefix: Array(text.utf8)).name }

    @Test func eachFormatIsKnownByItsContent() {
        #expect(detect("{1}{1}23.976\n{100}{200}Hello\n{300}{400}There\n") == "microdvd")
        #expect(detect("[10][20]Hello\n[30][40]There\n[50][60]Again\n") == "mpl2")
        #expect(detect("[INFORMATION]\n[TITLE]\n[END INFORMATION]\n[SUBTITLE]\n00:00:01.00,00:00:02.00\nHi\n") == "subviewer")
        #expect(detect("00:00:01:Hello\n00:00:03:There\n00:00:05:Again\n") == "tmplayer")
        #expect(detect("$FontName = Arial\n$FontSize = 30\n00:00:01:00 , 00:00:02:00 , Hi\n") == "spruce")
    }

    /// `.sub` is MicroDVD's and SubViewer's: the content decides, and MicroDVD (the commoner) when it cannot.
    @Test func theSubExtensionIsDecidedByTheContent() {
        #expect(detect("{100}{200}Hello\n", name: "film.sub") == "microdvd")
        #expect(detect("00:00:01.00,00:00:02.00\nHello\n\n00:00:03.00,00:00:04.00\nAgain\n", name: "film.sub") == "subviewer")
        #expect(detect("", name: "film.sub") == "microdvd")
    }

    /// `.stl` is EBU's (binary) and Spruce's (text): EBU by its GSI block, Spruce by its lines, Spruce by the name.
    @Test func theSTLExtensionIsDecidedByTheContent() {
        let ebu = EBUSTLFile.file(EBUSTLFile.gsi(), [EBUSTLFile.TTI(number: 1, timeIn: [0, 0, 1, 0], timeOut: [0, 0, 2, 0], text: Array("Hi".utf8))])
        #expect(FormatCatalog.detect(fileName: "news.stl", prefix: ebu).name == "ebu-stl")
        #expect(FormatCatalog.detect(fileName: nil, prefix: ebu).name == "ebu-stl")
        #expect(FormatCatalog.sniff(Array(ebu.prefix(64)), fileName: nil, atEnd: false)?.name == "ebu-stl")
        #expect(FormatCatalog.sniff(Array(ebu.prefix(5)), fileName: nil, atEnd: false) == nil, "a stream waits for the signature")
        #expect(detect("00:00:01:00 , 00:00:02:00 , Hi\n", name: "film.stl") == "spruce")
        #expect(detect("", name: "film.stl") == "spruce")
    }

    @Test func textThatHoldsATimeOrTwoStaysText() {
        #expect(detect("Meeting notes\n12:30:00: lunch\nThen we left.\nAnd came back.\n") == "text")
        #expect(detect("[1] A footnote\n[2] Another\n") == "text")
        #expect(detect("{ \"json\": true }\n") == "text")
    }

    @Test func streamsAreKnownFromTheirFirstLines() {
        #expect(FormatCatalog.sniff(Array("{1}{1}25\n".utf8), fileName: nil, atEnd: false)?.name == "microdvd")
        #expect(FormatCatalog.sniff(Array("00:00:01:Hi\n".utf8), fileName: nil, atEnd: false)?.name == "tmplayer")
        #expect(FormatCatalog.sniff(Array("$FontName = Arial\n".utf8), fileName: nil, atEnd: false)?.name == "spruce")
        #expect(!FormatCatalog.cannotBeSubtitles(Array("{1}".utf8)) && !FormatCatalog.cannotBeSubtitles(Array("$Font".utf8)))
    }

    @Test func formatNamesAndAliasesAreFormatValues() {
        for name in ["microdvd", "mpl2", "subviewer", "subviewer2", "tmplayer", "spruce", "ebu-stl", "ebu"] {
            #expect(SubtitleFormat(named: name) != nil, "\(name)")
        }
    }
}
