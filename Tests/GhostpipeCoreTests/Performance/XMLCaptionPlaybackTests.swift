import Testing
@testable import GhostpipeCore

/// TTML and YouTube's formats played as every other format is: with every effect, their word timing
/// and placement on the virtual clock's screen.
@Suite struct XMLCaptionPlayback {
    static let ttml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">
      <head><layout>
        <region xml:id="top" tts:origin="10% 5%" tts:extent="80% 15%" tts:textAlign="center"/>
      </layout></head>
      <body><div>
        <p begin="1s" end="7s">Low <span begin="2s">tide</span> <span begin="4s">home</span></p>
        <p region="top" begin="1s" end="7s">Above</p>
      </div></body>
    </tt>
    """

    static let srv3 = """
    <?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>
    <p t="1000" d="6000"><s>Low</s><s t="2000"> tide</s><s t="4000"> home</s></p>
    </body></timedtext>
    """

    @Test(arguments: EffectCatalog.all.map(\.name))
    func everyEffectPlaysTTMLWordTimingAndPlacement(_ effect: String) throws {
        let run = try SubtitleRun(Self.ttml, format: SubtitleFormat(named: "ttml")!,
                                  arguments: ["-e", effect, "--seed", "7"], terminal: (40, 6))
        let early = run.screen(at: 3.5).lines
        #expect(early.contains { $0.contains("Low tide") } && !early.joined().contains("home"), "\(effect): \(early)")
        let later = run.screen(at: 5.5).lines
        #expect(later.contains { $0.contains("Low tide home") }, "\(effect): \(later)")
        // The paragraph in the top region sits above the other.
        let top = later.firstIndex { $0.contains("Above") }, bottom = later.firstIndex { $0.contains("Low") }
        #expect(top != nil && bottom != nil && top! < bottom!, "\(effect): \(later)")
        #expect(run.screen(at: 7.5).lines.allSatisfy { $0.isEmpty })
    }

    @Test(arguments: EffectCatalog.all.map(\.name))
    func everyEffectPlaysSrv3Karaoke(_ effect: String) throws {
        let run = try SubtitleRun(Self.srv3, format: SubtitleFormat(named: "srv3")!,
                                  arguments: ["--colors", "truecolor", "-e", effect, "--seed", "7"], terminal: (40, 6))
        // Karaoke: every word on show, the ones not sung yet dim.
        let middle = run.screen(at: 4)
        #expect(middle.lines.contains { $0.contains("Low tide home") }, "\(effect): \(middle.lines)")
        #expect(WordTimingPlayback.cells(middle, "home")?.allSatisfy { $0.style.attributes.contains(.dim) } == true, "\(effect)")
        #expect(WordTimingPlayback.cells(run.screen(at: 6), "home")?.allSatisfy { !$0.style.attributes.contains(.dim) } == true,
                "\(effect)")
    }

    @Test func jsonCarriesWordsPlacementAndStyle() throws {
        let run = try SubtitleRun(Self.ttml, format: SubtitleFormat(named: "ttml")!, arguments: ["-o", "json", "--instant"], terminal: nil)
        #expect(run.lines == [
            #"{"start":1.000,"end":7.000,"text":"Low tide home","words":[{"time":1.000,"text":"Low"},{"time":3.000,"text":" tide"},{"time":5.000,"text":" home"}]}"#,
            #"{"start":1.000,"end":7.000,"text":"Above","place":"top"}"#,
        ])
    }

    @Test func sbvAndTranscriptPlay() throws {
        let sbv = try SubtitleRun("0:00:01.000,0:00:03.000\nFrom SBV\n", format: SubtitleFormat(named: "sbv")!)
        #expect(sbv.screen(at: 2).lines.contains { $0.contains("From SBV") })
        #expect(sbv.screen(at: 3.5).lines.allSatisfy { $0.isEmpty })
        let srv1 = try SubtitleRun(#"<transcript><text start="1" dur="2">it&amp;#39;s here</text></transcript>"#,
                                   format: SubtitleFormat(named: "srv1")!)
        #expect(srv1.screen(at: 2).lines.contains { $0.contains("it's here") })
    }
}
