import Testing
@testable import GhostpipeCore

func sami(_ text: String) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    let (cues, diagnostics) = SAMIParser.parse(text)
    return (Array(cues), diagnostics)
}

@Suite struct SAMIParsing {
    static let bilingual = """
    <SAMI>
    <HEAD>
    <STYLE TYPE="text/css">
    <!--
    P { margin-left: 8pt; font-family: Arial; }
    .KRCC { Name: Korean; lang: ko-KR; SAMIType: CC; }
    .ENCC { Name: English; lang: en-US; SAMIType: CC; }
    -->
    </STYLE>
    </HEAD>
    <BODY>
    <SYNC Start=1000><P Class=KRCC>안녕하세요
    <P Class=ENCC>Hello
    <SYNC Start=3000><P Class=ENCC>&nbsp;
    <SYNC Start=4000><P Class=KRCC>&nbsp;
    <SYNC Start=5000><P Class=ENCC>Last words
    </BODY>
    </SAMI>
    """

    @Test func eachClassIsATrackAndItsTextLastsUntilItsNextChange() {
        let (cues, diagnostics) = sami(Self.bilingual)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["안녕하세요", "Hello", "Last words"])
        #expect(cues.map(\.start) == [ms(1000), ms(1000), ms(5000)])
        // The Korean line ends at its own class's clear, not at the English one's; the last text of a
        // class lasts a few seconds.
        #expect(cues.map(\.end) == [ms(4000), ms(3000), ms(5000) + OpenEndedCues.openEnded])
        #expect(cues.map(\.track) == [CueTrack(index: 0, name: "KRCC", language: "ko-KR"),
                                      CueTrack(index: 1, name: "ENCC", language: "en-US"),
                                      CueTrack(index: 1, name: "ENCC", language: "en-US")])
        #expect(cues.map(\.sourceLine) == [12, 12, 16])
    }

    @Test func syncsOutOfOrderPlayAsIfSorted() {
        // Read in one pass while the syncs come in order; a start that goes back is read again.
        let shuffled = sami("""
        <SAMI><BODY>
        <SYNC Start=5000><P Class=ENCC>Last words
        <SYNC Start=1000><P Class=KRCC>안녕하세요
        <P Class=ENCC>Hello
        <SYNC Start=4000><P Class=KRCC>&nbsp;
        <SYNC Start=3000><P Class=ENCC>&nbsp;
        </BODY></SAMI>
        """)
        #expect(shuffled.diagnostics.isEmpty)
        #expect(shuffled.cues.map(\.plainText) == ["안녕하세요", "Hello", "Last words"])
        #expect(shuffled.cues.map(\.end) == [ms(4000), ms(3000), ms(5000) + OpenEndedCues.openEnded])
        #expect(shuffled.cues.map(\.sourceLine) == [3, 3, 2])
    }

    @Test func manyClassesAreEachATrack() {
        // More classes than the one-pass reader follows: read with the general rule, to the same end.
        let classes = (1...12).map { "C\($0)" }
        let body = classes.enumerated().map { "<SYNC Start=\(($0.offset + 1) * 1000)><P Class=\($0.element)>line \($0.offset)" }
        let (cues, _) = sami("<SAMI><BODY>\n" + body.joined(separator: "\n") + "\n<SYNC Start=20000><P Class=C3>&nbsp;\n")
        #expect(cues.count == 12)
        #expect(cues.map { $0.track?.name } == classes)
        // Each class's text lasts until its own next change: C3's until its clear, the others a few seconds.
        #expect(cues[2].end == ms(20_000))
        #expect(cues[11].end == ms(12_000) + OpenEndedCues.openEnded)
    }

    @Test func tagsInAnyCaseQuotedOrNotAndUnclosed() {
        let (cues, _) = sami("""
        <sami><body>
        <sync start="500"><p class='krcc'>one
        <SYNC START = 1500 ><P CLASS="KRCC">two</P></SYNC>
        <Sync Start=2500>three
        </body></sami>
        """)
        #expect(cues.map(\.plainText) == ["one", "two", "three"])
        #expect(cues.map(\.end) == [ms(1500), ms(2500), ms(2500) + OpenEndedCues.openEnded])
        // Classes used without a STYLE block are tracks too, by their first spelling; text outside
        // any class is every track's, and ends their text.
        #expect(cues.map { $0.track?.name } == ["krcc", "krcc", nil])
    }

    @Test func textIsHTMLWithLineBreaksColoursAndReferences() {
        let (cues, _) = sami("""
        <SAMI><BODY><SYNC Start=1000><P Class=KRCC>
          <font color="#ff8000">Orange</font>   and
          <b>bold</b><br>
          second&nbsp;line &amp; <span class=x>more</span><!-- hidden --> <ruby>漢<rt>kan</rt></ruby>
        <SYNC Start=3000><P Class=KRCC>&nbsp;
        """)
        #expect(cues.count == 1)
        #expect(cues.first?.plainText == "Orange and bold\nsecond\u{A0}line & more 漢kan")
        #expect(cues.first?.runs.first == StyledRun("Orange", style: Style(foreground: .rgb(255, 128, 0))))
        #expect(cues.first?.runs.contains(StyledRun("bold", style: bold)) == true)
    }

    @Test func anEmptyParagraphClearsItsClassButSpacesBetweenTagsDoNot() {
        let (cues, _) = sami("""
        <SAMI><BODY>
        <SYNC Start=1000><P Class=A>first
        <SYNC Start=2000>
          <P Class=A>
        <SYNC Start=3000><P Class=A>second
        <SYNC Start=3500>
        <SYNC Start=4000><P Class=A>&nbsp
        """)
        #expect(cues.map(\.plainText) == ["first", "second"])
        #expect(cues.map(\.end) == [ms(2000), ms(4000)])
    }

    @Test func anEndAttributeEndsTheCueSooner() {
        let (cues, _) = sami("<SAMI><BODY><SYNC Start=1000 End=1800><P>short<SYNC Start=5000><P>&nbsp;")
        #expect(cues.map(\.end) == [ms(1800)])
    }

    /// Line edges are trimmed on bytes when every space stands alone: it must give what the rule on
    /// characters gives, on texts mixing spaces and line breaks with the characters that join them
    /// (combining marks, joiners, a prepended mark, a skin tone, a carriage return) and those that
    /// do not.
    @Test func trimmingOnBytesAgreesWithTrimmingOnCharacters() {
        let pieces = [" ", " ", "\n", "a", "한", "中", "♪", "🔥", "é", "\u{301}", "\u{200D}", "\u{600}", "\u{1F3FD}",
                      "\u{FE0F}", "\r", "\u{A0}", "ँ"]
        var generator = GhostpipeCore.SplitMix64(seed: 14)
        func random(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        var byBytes = 0
        for _ in 0..<3000 {
            let runs = (0..<(1 + random(3))).map { k in
                StyledRun((0..<random(7)).map { _ in pieces[random(pieces.count)] }.joined(),
                          style: k % 2 == 0 ? .plain : Style(attributes: .bold))
            }
            let trimmed = SAMIText.trimmingLineEdgesOfBytes(runs)
            #expect((trimmed != nil) == runs.allSatisfy { SAMIText.spacesStandAlone($0.text) }, "\(runs)")
            guard let trimmed else { continue }
            byBytes += 1
            #expect(trimmed == SAMIText.trimmingLineEdgesOfCharacters(runs), "\(runs)")
        }
        #expect(byBytes > 500)
        #expect(!SAMIText.spacesStandAlone("a \u{301}b") && !SAMIText.spacesStandAlone("\u{600} x")
                && !SAMIText.spacesStandAlone("x\r\ny") && SAMIText.spacesStandAlone("한 글 🔥 ♪\nx"))
    }

    /// Collapsing white space leaves out the spaces the trimming would remove: the runs must be
    /// those of collapsing without that and trimming by characters, on paragraphs mixing white
    /// space, line breaks, tags, references, comments and marks that join their neighbours.
    @Test func leavingOutSpacesWhenCollapsingGivesTheSameRuns() {
        let pieces = [" ", "\n ", " \t", "<br>", "<BR/>", "<br >", "<i>", "</i>", "<b>", "</b>", "<font color=red>", "</font>",
                      "<span>", "</span>", "<!-- c -->", "word", "한글", "x", ";", ">", "<", "&nbsp;", "&amp;", "&#x301;",
                      "&#x600;", "\u{301}", "\u{600}", "\u{200D}", "🔥", "\u{1F3FD}"]
        var generator = GhostpipeCore.SplitMix64(seed: 1414)
        for _ in 0..<3000 {
            let paragraph = (0..<Int.random(in: 0..<9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var bytes = Array(paragraph.utf8)
            let (fast, reference) = bytes.withUnsafeMutableBufferPointer { b -> ([StyledRun], [StyledRun]) in
                let raw = UnsafeBufferPointer(b)
                let plain = SAMIText.collapsed(raw, trimmingLineEdges: false)
                let runs = plain.isEmpty ? [] : plain.withUnsafeBufferPointer {
                    SubRipMarkup.parseMarkup($0, placement: CuePlacement(), html: true).runs
                }
                return (SAMIText.runs(raw), SAMIText.trimmingLineEdgesOfCharacters(runs))
            }
            #expect(fast == reference, "\(paragraph.debugDescription)")
        }
    }

    @Test func aSyncWithoutAStartIsSkippedAndSaid() {
        let (cues, diagnostics) = sami("<SAMI><BODY>\n<SYNC Start=1000><P>one\n<SYNC Start=abc><P>broken\n<SYNC Start=3000><P>three")
        #expect(cues.map(\.plainText) == ["one", "three"])
        #expect(cues.first?.end == ms(3000))
        #expect(diagnostics == [Diagnostic(line: 3, message: "no start time in '<SYNC Start=abc>'; skipped")])
    }

    @Test func syncsOutOfOrderAreSortedBeforeTheirEndsAreFound() {
        let (cues, _) = sami("<SAMI><BODY><SYNC Start=3000><P>later<SYNC Start=1000><P>sooner<SYNC Start=6000><P>&nbsp;")
        #expect(cues.map(\.plainText) == ["sooner", "later"])
        #expect(cues.map(\.end) == [ms(3000), ms(6000)])
    }

    @Test func notSAMISaysSo() {
        #expect(sami("<html><body>hi</body></html>").diagnostics == [Diagnostic(line: 1, message: "no SAMI cues found (no <SYNC> tags)")])
    }

    @Test func recognisedByContentAndName() {
        #expect(SubtitleFormat.detect(fileName: "x.txt", prefix: Self.bilingual).name == "sami")
        #expect(SubtitleFormat.detect(fileName: nil, prefix: "<!-- x -->\n<BODY>\n<SYNC Start=0><P>hi").name == "sami")
        #expect(SubtitleFormat.detect(fileName: "drama.smi", prefix: "whatever").name == "sami")
        #expect(SubtitleFormat.detect(fileName: nil, prefix: "<html><body>Sync the drives</body></html>") == .text)
        #expect(SubtitleFormat.sniff(Array("<SAMI>\n".utf8), fileName: nil, atEnd: false)?.name == "sami")
        #expect(SubtitleFormat(named: "smi")?.name == "sami")
    }

    @Test func tracksArePickedByNameOrLanguage() {
        let korean = CueTrack(index: 0, name: "KRCC", language: "ko-KR")
        #expect(korean.isChosen(by: "ko") && korean.isChosen(by: "KO-kr") && korean.isChosen(by: "krcc"))
        #expect(!korean.isChosen(by: "k") && !korean.isChosen(by: "en") && !korean.isChosen(by: "kor"))
    }
}
