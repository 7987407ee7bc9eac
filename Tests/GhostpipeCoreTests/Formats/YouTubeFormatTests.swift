import Testing
@testable import GhostpipeCore

func parsed(_ text: String, as name: String) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    let (cues, diagnostics) = Subtitles.parse(text, as: SubtitleFormat(named: name)!)
    return (Array(cues), diagnostics)
}

@Suite struct YouTubeFormats {
    // MARK: SBV

    static let sbv = """
    0:00:00.599,0:00:04.160
    >> ALICE: Hi, my name is Alice Miller
    and this is John Brown

    0:00:04.160,0:00:06.770
    >> JOHN: and we're the owners[br]of Miller Bakery.

    0:0x:07.000,0:00:08.000
    unreadable timing

    0:00:09,0:00:10.5
    no fractions, one digit

    """

    @Test func sbvBlocksAreCues() {
        let (cues, diagnostics) = parsed(Self.sbv, as: "sbv")
        #expect(cues.map(\.plainText) == [">> ALICE: Hi, my name is Alice Miller\nand this is John Brown",
                                          ">> JOHN: and we're the owners\nof Miller Bakery.", "no fractions, one digit"])
        #expect(cues.map(\.start) == [ms(599), ms(4160), ms(9000)])
        #expect(cues.map(\.end) == [ms(4160), ms(6770), ms(10500)])
        #expect(cues.map(\.sourceLine) == [1, 5, 11])
        #expect(diagnostics.map(\.description) == ["8: bad timing line '0:0x:07.000,0:00:08.000'; block skipped"])
    }

    @Test func sbvIsDetectedByContentAndExtension() {
        #expect(SubtitleFormat.detect(fileName: "talk.txt", prefix: Self.sbv).name == "sbv")
        #expect(SubtitleFormat.detect(fileName: "talk.sbv", prefix: "").name == "sbv")
        #expect(SubtitleFormat.sniff(Array("0:00:00.599,0:00:04.160\n".utf8), fileName: nil, atEnd: false)?.name == "sbv")
        // SubRip's timing line has a comma too, and stays SubRip.
        #expect(SubtitleFormat.detect(fileName: nil, prefix: "1\n00:00:01,000 --> 00:00:02,000\nx\n").name == "srt")
        let crlf = Self.sbv.replacing("\n", with: "\r\n")
        #expect(parsed(crlf, as: "sbv").cues.map(\.plainText) == parsed(Self.sbv, as: "sbv").cues.map(\.plainText))
    }

    @Test func sbvStreamsCueByCue() {
        let stream = SubtitleStream(format: SubtitleFormat(named: "sbv")!, name: "live", encoding: nil, isFile: false)
        func push(_ text: String) -> [String] {
            Array(text.utf8).withUnsafeBufferPointer { stream.push($0) }.cues.map(\.plainText)
        }
        #expect(push("0:00:01.000,0:00:02.000\nfirst\n") == [])
        #expect(push("\n0:00:02.000,0:00:03.000\nsec") == ["first"])
        #expect(stream.paused().cues.isEmpty)                       // a line cut short completes nothing
        #expect(push("ond\n\n").isEmpty)
        #expect(stream.paused().cues.map(\.plainText) == ["second"])   // its blank line: a whole block
        #expect(push("0:00:04.000,0:00:05.000\nthird\n") == [])
        let end = stream.finish()
        #expect(end.cues.map(\.plainText) == ["third"])
        #expect(end.cues.map(\.sourceLine) == [7])
    }

    // MARK: srv3

    static let srv3 = """
    <?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
    <head>
    <pen id="1" fc="#FEFEFE" b="1"/>
    <pen id="2" i="1" bc="#000000" bo="0"/>
    <ws id="0"/>
    <ws id="1" ju="2"/>
    <wp id="0"/>
    <wp id="1" ap="1" ah="50" av="5"/>
    <wp id="2" ap="6" ah="0" av="100"/>
    </head>
    <body>
    <w t="0" id="1" wp="2" ws="0"/>
    <p t="1360" d="4680" w="1"><s ac="0">hello</s><s t="320" ac="0"> world</s><s t="900" ac="0"> again</s></p>
    <p t="3450" d="2590" w="1" a="1">
    </p>
    <p t="6040" d="2000" wp="1" ws="1" p="1">Top &amp; bold
    second line<s p="2"> italic</s></p>
    </body>
    </timedtext>
    """

    @Test func srv3WordsAreKaraokeAtTheirInstants() {
        let (cues, diagnostics) = parsed(Self.srv3, as: "srv3")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["hello world again", "Top & bold\nsecond line italic"])
        #expect(cues.map(\.start) == [ms(1360), ms(6040)])
        #expect(cues.map(\.end) == [ms(6040), ms(8040)])
        let words = cues[0].runs
        #expect(words.map(\.text) == ["hello", " world", " again"])
        #expect(words.map(\.at) == [nil, ms(1680), ms(2260)])
        // Before its instant a word shows dim (karaoke, as ASS \k), then in its own look.
        #expect(words[1].before == Style(attributes: .dim) && words[1].style == Style())
        // Window 1 sits at the bottom left; the last paragraph's position and style put it at the top, centred.
        #expect(cues[0].placement.vertical == .bottom && cues[0].placement.alignment == .left)
        #expect(cues[1].placement.vertical == .top && cues[1].placement.alignment == .center)
        #expect(cues[1].runs.map(\.style) == [Style(foreground: .rgb(0xFE, 0xFE, 0xFE), attributes: .bold),
                                              Style(foreground: .rgb(0xFE, 0xFE, 0xFE), attributes: .italic)])
    }

    @Test func srv2LinesAndDetection() {
        let srv2 = #"<?xml version="1.0" encoding="utf-8" ?><timedtext><text t="500" d="1500">old &amp;amp; new</text></timedtext>"#
        let (cues, _) = parsed(srv2, as: "srv3")
        #expect(cues.map(\.plainText) == ["old &amp; new"])
        #expect(cues.map(\.end) == [ms(2000)])
        #expect(SubtitleFormat.detect(fileName: nil, prefix: srv2).name == "srv3")
        #expect(SubtitleFormat.detect(fileName: "a.srv3", prefix: "").name == "srv3")
        #expect(SubtitleFormat.detect(fileName: "a.xml", prefix: Self.srv3).name == "srv3")
    }

    /// The fuzz target found it: a paragraph began inside the last one's open segments, and their
    /// end tags, read with the new paragraph's, removed more styles than it had (a trap).
    @Test func segmentsLeftOpenByTheLastParagraphDoNotCloseTheNextOnes() {
        let text = #"<timedtext><body><p t="0" d="500"><s>a<s>b<p t="1000" d="500">c</s></s></s> d</p></body></timedtext>"#
        let (cues, _) = parsed(text, as: "srv3")
        #expect(cues.map(\.plainText) == ["ab", "c d"])
        #expect(cues.map(\.start) == [ms(0), ms(1000)])
    }

    // MARK: Transcript (srv1)

    @Test func transcriptEntitiesEscapedTwiceAreResolved() {
        let transcript = """
        <?xml version="1.0" encoding="utf-8" ?><transcript><text start="0.5" dur="2.25">it&amp;#39;s &amp;quot;fine&amp;quot;</text>
        <text start="3" dur="1">Tom &amp; Jerry
        &lt;i&gt;in italics&lt;/i&gt;</text><text start="5">no duration</text><text start="6.5" dur="1">last</text>
        <text dur="1">no start</text></transcript>
        """
        let (cues, diagnostics) = parsed(transcript, as: "srv1")
        #expect(cues.map(\.plainText) == ["it's \"fine\"", "Tom & Jerry\nin italics", "no duration", "last"])
        #expect(cues.map(\.start) == [ms(500), ms(3000), ms(5000), ms(6500)])
        #expect(cues.map(\.end) == [ms(2750), ms(4000), ms(6500), ms(7500)])
        #expect(cues[1].runs.last?.style == italic)
        #expect(diagnostics.map(\.description) == ["4: no start time (start=) in a <text>; skipped"])
        #expect(SubtitleFormat.detect(fileName: "video.xml", prefix: transcript).name == "srv1")
        #expect(SubtitleFormat(named: "transcript")?.name == "srv1")
    }
}
