import Testing
@testable import GhostpipeCore

/// Every format of issue 32 (the film formats, SCC, TTML and YouTube's three) arriving through a pipe
/// into the overlay band, with every effect: known from its first bytes (EBU STL's binary GSI block
/// too), its cue shown at its instant and gone after.
@Suite struct FilmFormatsInBand {
    /// The same cue, 1 s to 3 s, in each format (TMPlayer's until 2.77 s: its reading time; SCC's
    /// pop-on caption from its End of Caption, 1.3 s, to its erase at 00:00:03:00, 3.003 s).
    static let files: [(String, [UInt8])] = [
        ("microdvd", Array("{1}{1}25\n{25}{75}First cue\n".utf8)),
        ("mpl2", Array("[10][30]First cue\n".utf8)),
        ("subviewer", Array("[INFORMATION]\n[END INFORMATION]\n[SUBTITLE]\n00:00:01.00,00:00:03.00\nFirst cue\n\n".utf8)),
        ("tmplayer", Array("00:00:01:First cue\n00:00:03:\n".utf8)),
        ("spruce", Array("$FontName = Arial\n00:00:01:00 , 00:00:03:00 , First cue\n".utf8)),
        ("ebu-stl", EBUSTLFile.file(EBUSTLFile.gsi(), [EBUSTLFile.TTI(number: 1, timeIn: [0, 0, 1, 0], timeOut: [0, 0, 3, 0],
                                                                     text: Array("First cue".utf8))])),
        ("scc", Array("Scenarist_SCC V1.0\n\n00:00:01:00\t9420 9420 94d0 94d0 46e9 f273 f420 e375 e580 942f 942f\n\n00:00:03:00\t942c 942c\n".utf8)),
        ("ttml", Array(#"<?xml version="1.0" encoding="UTF-8"?><tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="3s">First cue</p></div></body></tt>"#.utf8)),
        ("sbv", Array("0:00:01.000,0:00:03.000\nFirst cue\n".utf8)),
        ("srv3", Array(#"<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body><p t="1000" d="2000">First cue</p></body></timedtext>"#.utf8)),
        ("srv1", Array(#"<?xml version="1.0" encoding="utf-8" ?><transcript><text start="1" dur="2">First cue</text></transcript>"#.utf8)),
    ]

    @Test(arguments: files.map(\.0)) func eachFilmFormatPlaysInTheBandWithEveryEffect(_ format: String) throws {
        let bytes = try #require(Self.files.first { $0.0 == format }?.1)
        for effect in EffectCatalog.all {
            var messages: [String] = []
            let band = try OverlaySupport.band(["--effect", effect.name, "--overlay", "-", "bash"]) { messages.append($0) }
            let texts = try OverlaySupport.bandTexts(band, input: ScriptedInput([(0, bytes)]),
                                                     at: [500 * Time.millisecond, 2500 * Time.millisecond, 4 * Time.second])
            #expect(texts[0].allSatisfy { $0.isEmpty }, "\(format), \(effect.name): \(texts[0])")
            #expect(texts[1].last?.contains("First cue") == true, "\(format), \(effect.name): \(texts[1])")
            #expect(texts[2].allSatisfy { $0.isEmpty }, "\(format), \(effect.name): \(texts[2])")
            #expect(messages.isEmpty, "\(format): \(messages)")
        }
    }
}
