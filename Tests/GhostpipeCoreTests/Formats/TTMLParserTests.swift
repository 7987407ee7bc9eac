import Testing
@testable import GhostpipeCore

func ttml(_ text: String) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    let (cues, diagnostics) = TTMLParser.parse(text)
    return (Array(cues), diagnostics)
}

/// A TTML document with `body` as its body, `head` as its head, `root` as the root's attributes.
func ttmlDocument(_ body: String, head: String = "", root: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"
        xmlns:ttp="http://www.w3.org/ns/ttml#parameter" xml:lang="en" \(root)>
      <head>\(head)</head>
      <body>\(body)</body>
    </tt>
    """
}

@Suite struct TTMLParsing {
    @Test func paragraphsAreCuesWithTheirTimesAndLineBreaks() {
        let (cues, diagnostics) = ttml(ttmlDocument("""
        <div>
          <p begin="00:00:01.000" end="00:00:03.500">Hello,<br/>
             world</p>
          <p begin="4s" dur="1.5s">Again &amp; again &#x263A;</p>
        </div>
        """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["Hello,\nworld", "Again & again ☺"])
        #expect(cues.map(\.start) == [ms(1000), ms(4000)])
        #expect(cues.map(\.end) == [ms(3500), ms(5500)])
        #expect(cues.map(\.sourceLine) == [6, 8])
    }

    @Test func oldDFXPNamespacesAndPrefixesAreRead() {
        let dfxp = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE tt [ <!ENTITY x "y"> ]>
        <!-- made by a tool -->
        <tt:tt xmlns:tt="http://www.w3.org/2006/10/ttaf1" xmlns:s="http://www.w3.org/2006/10/ttaf1#styling">
          <tt:head><tt:styling><tt:style xml:id="y" s:color="yellow"/></tt:styling></tt:head>
          <tt:body><tt:div><tt:p begin="1s" end="2s" style="y">DFXP</tt:p></tt:div></tt:body>
        </tt:tt>
        """
        let (cues, _) = ttml(dfxp)
        #expect(cues.map(\.plainText) == ["DFXP"])
        #expect(cues.first?.runs.first?.style.foreground == .rgb(255, 255, 0))
        #expect(SubtitleFormat.detect(fileName: "x.xml", prefix: dfxp).name == "ttml")
        #expect(SubtitleFormat.detect(fileName: nil, prefix: dfxp).name == "ttml")
    }

    @Test func timeExpressionsUseTheDocumentsRates() {
        let (cues, _) = ttml(ttmlDocument("""
        <p begin="00:00:01:15" end="00:00:02:00">frames</p>
        <p begin="10000000t" end="2.5s">ticks</p>
        <p begin="0.5m" end="31000ms">minutes</p>
        <p begin="01:00:00:00" end="1.001h">drop</p>
        """, root: #"ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001" ttp:tickRate="10000000""#))
        #expect(cues.map(\.plainText) == ["ticks", "frames", "minutes", "drop"])
        #expect(cues[0].start == ms(1000) && cues[0].end == ms(2500))
        // 1 s + 15 frames at 29.97 fps.
        #expect(cues[1].start == TTMLTimeBase.nanoseconds(1 + 15 / (30 * 1000.0 / 1001)))
        #expect(cues[2].start == ms(30000) && cues[2].end == ms(31000))
        #expect(cues[3].start == ms(3_600_000))
    }

    @Test func sequentialContainersPlaceTheirChildrenOneAfterAnother() {
        let (cues, _) = ttml(ttmlDocument("""
        <div timeContainer="seq" begin="10s">
          <p dur="2s">one</p>
          <p begin="1s" dur="2s">two</p>
          <p dur="1s">three</p>
        </div>
        <div begin="1s" end="2s"><p begin="0.5s" end="5s">clipped by its div</p></div>
        """))
        #expect(cues.map(\.plainText) == ["clipped by its div", "one", "two", "three"])
        #expect(cues.map(\.start) == [ms(1500), ms(10000), ms(13000), ms(15000)])
        #expect(cues.map(\.end) == [ms(2000), ms(12000), ms(15000), ms(16000)])
    }

    @Test func spansBeginningLaterAreWordTimingAndSpansEndingEarlierSplitTheCue() {
        let (cues, _) = ttml(ttmlDocument("""
        <p begin="0s" end="6s"><span>Now</span> <span begin="2s">you</span> <span begin="4s">see</span></p>
        <p begin="10s" end="14s"><span end="2s">gone</span> <span>stays</span></p>
        """))
        #expect(cues.count == 3)
        #expect(cues[0].plainText == "Now you see")
        #expect(cues[0].runs.map(\.at) == [nil, ms(2000), ms(4000)])
        #expect(cues[0].runs.map(\.text) == ["Now", " you", " see"])
        #expect(cues[1].plainText == "gone stays" && cues[1].start == ms(10000) && cues[1].end == ms(12000))
        #expect(cues[2].plainText == "stays" && cues[2].start == ms(12000) && cues[2].end == ms(14000))
    }

    @Test func whiteSpaceCollapsesUnlessPreserved() {
        let (cues, _) = ttml(ttmlDocument("""
        <p begin="0s" end="1s">
            two   words
            <br/>   next line  </p>
        <p begin="1s" end="2s" xml:space="preserve">a  b
        c</p>
        """))
        #expect(cues.map(\.plainText) == ["two words\nnext line", "a  b\nc"])
    }

    @Test func stylesComeByReferenceInlineAndFromTheRegion() {
        let head = """
        <styling>
          <style xml:id="base" tts:color="#00ff00" tts:fontStyle="italic"/>
          <style xml:id="strong" style="base" tts:fontWeight="bold"/>
        </styling>
        <layout>
          <region xml:id="top" tts:origin="10% 5%" tts:extent="80% 20%" tts:displayAlign="before"
                  tts:textAlign="center" tts:color="red" tts:backgroundColor="black"/>
          <region xml:id="bottomRight" tts:origin="50% 70%" tts:extent="50% 30%" tts:displayAlign="after"
                  tts:textAlign="right"/>
        </layout>
        """
        let (cues, _) = ttml(ttmlDocument("""
        <div region="top">
          <p begin="0s" end="1s">red from the region</p>
          <p begin="0s" end="1s" style="strong">green <span tts:textDecoration="underline"
             tts:backgroundColor="rgba(0,0,255,255)">blue under</span></p>
        </div>
        <p region="bottomRight" begin="2s" end="3s" tts:color="white">bottom right</p>
        <p region="nowhere" begin="4s" end="5s">undeclared region</p>
        """, head: head))
        #expect(cues.map(\.plainText) == ["red from the region", "green blue under", "bottom right", "undeclared region"])
        // The region's colour reaches the text, its background does not (it is the region's box).
        #expect(cues[0].runs.map(\.style) == [Style(foreground: .rgb(255, 0, 0))])
        #expect(cues[1].runs.map(\.style) == [
            Style(foreground: .rgb(0, 255, 0), attributes: [.bold, .italic]),
            Style(foreground: .rgb(0, 255, 0), background: .rgb(0, 0, 255), attributes: [.bold, .italic, .underline]),
        ])
        #expect(cues[1].styleName == "strong")
        #expect(cues[0].placement.vertical == .top && cues[0].placement.alignment == .center)
        #expect(cues[2].placement.vertical == .bottom && cues[2].placement.alignment == .right)
        // Sloppy: a region nobody declared still shows the text, at the players' default place.
        #expect(cues[3].placement == CuePlacement())
    }

    @Test func severalParagraphsAtOnceAreSeveralCues() {
        let (cues, _) = ttml(ttmlDocument("""
        <div begin="1s" end="3s"><p>first speaker</p><p>second speaker</p></div>
        """))
        #expect(cues.map(\.plainText) == ["first speaker", "second speaker"])
        #expect(cues.allSatisfy { $0.start == ms(1000) && $0.end == ms(3000) })
    }

    @Test func rubyReadsAsWebVTTRubyDoes() {
        let (cues, _) = ttml(ttmlDocument("""
        <p begin="0s" end="1s"><span tts:ruby="container"><span tts:ruby="base">漢字</span><span
           tts:ruby="delimiter">(</span><span tts:ruby="text">かんじ</span><span tts:ruby="delimiter">)</span></span>です</p>
        """))
        #expect(cues.map(\.plainText) == ["漢字(かんじ)です"])
        #expect(vttRuns("<ruby>漢字<rt>かんじ</rt></ruby>です").map(\.text).joined() == "漢字(かんじ)です")
    }

    @Test func unknownElementsMetadataAndForeignNamespacesAreNotShown() {
        let (cues, _) = ttml(ttmlDocument("""
        <metadata><title>not shown</title></metadata>
        <div xmlns:x="urn:example">
          <x:note>not shown either</x:note>
          <p begin="0s" end="1s" x:whatever="1" unknown="2">shown<x:mark>hidden</x:mark><wrapper> too</wrapper></p>
        </div>
        """))
        #expect(cues.map(\.plainText) == ["shown too"])
    }

    @Test func hiddenAndUndisplayedContentIsDropped() {
        let (cues, _) = ttml(ttmlDocument("""
        <p begin="0s" end="1s">seen <span tts:visibility="hidden">unseen</span><span tts:display="none">gone</span></p>
        """))
        #expect(cues.map(\.plainText) == ["seen"])
    }

    @Test func badTimesAreReportedWithTheirLine() {
        let (cues, diagnostics) = ttml(ttmlDocument("""
        <p begin="soon" end="2s">no begin: from the start</p>
        """))
        #expect(cues.map(\.start) == [0])
        #expect(diagnostics.map(\.description) == ["5: bad time expression begin='soon'; ignored"])
    }

    @Test func openEndedParagraphsLastToTheDocumentsLastTime() {
        let (cues, _) = ttml(ttmlDocument("""
        <p begin="1s">open</p>
        <p begin="3s" end="8s">closed</p>
        """))
        #expect(cues.map(\.end) == [ms(8000), ms(8000)])
    }

    @Test func sloppyFilesStillPlay() {
        // No namespace, no head, an unclosed span, a stray `<` and an end tag that matches nothing.
        let (cues, _) = ttml("<tt><body><div><p begin=1s end=2s>a < b <span>c</div></i></p></body></tt>")
        #expect(cues.map(\.plainText) == ["a < b c"])
        let (cut, _) = ttml("<tt><body><p begin=\"1s\" end=\"2s\">cut sh")
        #expect(cut.map(\.plainText) == ["cut sh"])
        #expect(ttml("not xml at all").diagnostics.map(\.message) == ["no TTML document found (no <tt> element)"])
    }

    @Test func hostileNestingAndStyleChainsStayBoundedAndFast() {
        // Ten thousand nested spans: the deeper ones are skipped, said once; the rest plays.
        let deep = String(repeating: "<span>", count: 10_000) + "deep" + String(repeating: "</span>", count: 10_000)
        let (cues, diagnostics) = ttml(ttmlDocument("<p begin=\"0s\" end=\"1s\">top \(deep)</p>"))
        #expect(cues.map(\.plainText) == ["top"])
        #expect(diagnostics.map(\.message) == ["elements nested more than 200 deep; the deeper ones skipped"])
        // Styles that each refer to the next twice: resolved once each, not 2^60 times.
        let chain = (0..<60).map { #"<style xml:id="s\#($0)" style="s\#($0 + 1) s\#($0 + 1)"/>"# }.joined()
            + #"<style xml:id="s60" tts:fontWeight="bold"/><style xml:id="loop" style="loop"/>"#
        let styled = ttml(ttmlDocument(#"<p begin="0s" end="1s" style="s0 loop">bold</p>"#, head: "<styling>\(chain)</styling>"))
        #expect(styled.cues.first?.runs.first?.style == bold)
        // Markdown about TTML that mentions its namespace is not TTML.
        #expect(SubtitleFormat.detect(fileName: "notes.md", prefix: "TTML uses \"http://www.w3.org/ns/ttml\" as its namespace.") == .text)
    }

    @Test func detectionByContentAndExtension() {
        let doc = ttmlDocument("<p begin=\"0s\" end=\"1s\">x</p>")
        #expect(SubtitleFormat.detect(fileName: "a.txt", prefix: doc).name == "ttml")
        #expect(SubtitleFormat.detect(fileName: "a.dfxp", prefix: "").name == "ttml")
        #expect(SubtitleFormat.detect(fileName: "a.ttml", prefix: "").name == "ttml")
        // `.xml` by content only: other XML stays text.
        #expect(SubtitleFormat.detect(fileName: "a.xml", prefix: doc).name == "ttml")
        #expect(SubtitleFormat.detect(fileName: "pom.xml", prefix: "<?xml version=\"1.0\"?>\n<project/>\n") == .text)
        #expect(SubtitleFormat(named: "dfxp")?.name == "ttml")
        #expect(SubtitleFormat(named: "imsc")?.name == "ttml")
        #expect(SubtitleFormat.sniff(Array("<?xml version=\"1.0\"?>\n".utf8), fileName: nil, atEnd: false) == nil)
        #expect(SubtitleFormat.sniff(Array("<?xml version=\"1.0\"?>\n<tt xmlns=\"http://www.w3.org/ns/ttml\">\n".utf8),
                                     fileName: nil, atEnd: false)?.name == "ttml")
    }
}
