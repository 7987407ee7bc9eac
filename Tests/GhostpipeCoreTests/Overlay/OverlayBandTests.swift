import Testing
@testable import GhostpipeCore

/// What plays in the band, on a virtual clock: subtitles at their instants, streamed text a line at
/// a time as it arrives, every effect, subtitles streamed through a pipe.
@Suite struct OverlayBandTests {
    static let second = Time.second

    static let cues = OverlaySupport.srt([
        ("00:00:01,000", "00:00:03,000", "First cue"),
        ("00:00:04,000", "00:00:06,000", "Second cue\non two rows"),
    ])

    static func load(_ text: String) -> CueList { Subtitles.parse(text, as: .srt).cues }

    @Test func subtitlesShowInTheBandAtTheirInstantsAndLeaveItEmpty() throws {
        let session = try OverlaySupport.session(["--overlay", "talk.srt", "bash"])
        let band = try OverlayBand(session: session, content: .cues(Self.load(Self.cues)), columns: 40, screenRows: 12, origin: 0)
        // As tall as the tallest cue.
        #expect(band.rows == 2)
        let texts = try OverlaySupport.bandTexts(band, at: [Self.second / 2, 2 * Self.second, 3500 * Time.millisecond,
                                                            5500 * Time.millisecond, 7 * Self.second])
        #expect(texts[0].allSatisfy { $0.isEmpty })
        #expect(texts[1].map { $0.trimmingPrefix(while: { $0 == " " }) } == ["", "First cue"])
        #expect(texts[2].allSatisfy { $0.isEmpty })
        #expect(texts[3].map { String($0.trimmingPrefix(while: { $0 == " " })) } == ["Second cue", "on two rows"])
        #expect(texts[4].allSatisfy { $0.isEmpty }, "the band stays empty after the last cue: \(texts[4])")
    }

    @Test func bandRowsFollowTheOption() throws {
        let fixed = try OverlaySupport.session(["--band-rows", "4", "--overlay", "talk.srt", "bash"])
        #expect(try OverlayBand(session: fixed, content: .cues(Self.load(Self.cues)), columns: 40, screenRows: 12, origin: 0).rows == 4)
        // The program keeps a row however many the option asks for.
        let huge = try OverlaySupport.session(["--band-rows", "50", "--overlay", "talk.srt", "bash"])
        #expect(huge.overlayBandRows(cues: nil, columns: 40, screenRows: 12) == 11)
        // Text gets two rows; cues placed at the top are placed within the band, not given the screen.
        let text = try OverlaySupport.session(["--overlay", "notes.txt", "bash"])
        #expect(text.overlayBandRows(cues: nil, columns: 40, screenRows: 12) == 2)
        let top = Self.load(OverlaySupport.srt([("00:00:01,000", "00:00:02,000", "{\\an8}On top")]))
        #expect(text.overlayBandRows(cues: top, columns: 40, screenRows: 12) == 1)
    }

    @Test func streamedTextShowsEachLineAsItArrives() throws {
        let session = try OverlaySupport.session(["--cps", "1000", "--overlay", "-", "bash"])
        let input = ScriptedInput([(1 * Self.second, Array("first caption\n".utf8)),
                                   (3 * Self.second, Array("second caption\n".utf8)),
                                   (5 * Self.second, Array("third caption\n".utf8))])
        let band = try OverlayBand(session: session, content: .stream(input, format: nil), columns: 40, screenRows: 12, origin: 0)
        let texts = try OverlaySupport.bandTexts(band, at: [Self.second / 2, 1500 * Time.millisecond,
                                                            3500 * Time.millisecond, 5500 * Time.millisecond])
        #expect(texts[0].allSatisfy { $0.isEmpty })
        #expect(texts[1] == ["first caption", ""])
        #expect(texts[2] == ["first caption", "second caption"])
        #expect(texts[3] == ["second caption", "third caption"], "the band scrolls to the latest lines")
    }

    @Test func aLineWithoutItsEndShowsAfterAPause() throws {
        let session = try OverlaySupport.session(["--cps", "1000", "--overlay", "-", "bash"])
        let input = ScriptedInput([(0, Array("a prompt without a newline: ".utf8)),
                                   (10 * Self.second, Array("done\n".utf8))])
        let band = try OverlayBand(session: session, content: .stream(input, format: .text), columns: 40, screenRows: 12, origin: 0)
        let texts = try OverlaySupport.bandTexts(band, at: [2 * Self.second])
        #expect(texts[0].contains("a prompt without a newline:"), "\(texts[0])")
    }

    @Test func subtitlesStreamedThroughAPipePlayOnceTheyHaveArrived() throws {
        let session = try OverlaySupport.session(["--overlay", "-", "bash"])
        let input = ScriptedInput([(0, Array(Self.cues.utf8))])
        let band = try OverlayBand(session: session, content: .stream(input, format: nil), columns: 40, screenRows: 12, origin: 0)
        let texts = try OverlaySupport.bandTexts(band, at: [2 * Self.second, 5500 * Time.millisecond])
        #expect(band.rows == 2)
        #expect(texts[0].last?.contains("First cue") == true, "\(texts[0])")
        #expect(texts[1].map { String($0.trimmingPrefix(while: { $0 == " " })) } == ["Second cue", "on two rows"])
        #expect(band.messages.isEmpty)
    }

    @Test func everyEffectPlaysInTheBand() throws {
        for effect in EffectCatalog.all {
            let session = try OverlaySupport.session(["--cps", "200", "--duration", "2", "--effect", effect.name, "--band-rows", "3",
                                                      "--overlay", "-", "bash"])
            let input = ScriptedInput([(0, Array("Hello from the band\nsecond line\n".utf8))])
            let band = try OverlayBand(session: session, content: .stream(input, format: .text), columns: 40, screenRows: 12, origin: 0)
            let texts = try OverlaySupport.bandTexts(band, at: [20 * Self.second])
            let shown = texts[0].map { String($0.trimmingPrefix(while: { $0 == " " })) }
            #expect(shown.contains("Hello from the band") && shown.contains("second line"), "\(effect.name): \(texts[0])")
            #expect(texts[0].count == 3)
        }
    }

    @Test func subtitleEffectsPlayInTheBand() throws {
        for effect in EffectCatalog.all {
            let session = try OverlaySupport.session(["--effect", effect.name, "--overlay", "talk.srt", "bash"])
            let band = try OverlayBand(session: session, content: .cues(Self.load(Self.cues)), columns: 40, screenRows: 12, origin: 0)
            let texts = try OverlaySupport.bandTexts(band, at: [2900 * Time.millisecond])
            #expect(texts[0].last?.contains("First cue") == true, "\(effect.name): \(texts[0])")
        }
    }

    @Test func aResizeLaysTheBandOutAgain() throws {
        let session = try OverlaySupport.session(["--overlay", "talk.srt", "bash"])
        let long = Self.load(OverlaySupport.srt([("00:00:00,000", "00:00:10,000", "a cue long enough to wrap when narrow")]))
        let band = try OverlayBand(session: session, content: .cues(long), columns: 40, screenRows: 12, origin: 0)
        #expect(band.rows == 1)
        _ = try OverlaySupport.bandTexts(band, at: [5 * Self.second])
        try band.resize(columns: 20, screenRows: 12, at: 5 * Self.second)
        let texts = try OverlaySupport.bandTexts(band, at: [6 * Self.second], from: 5 * Self.second)
        // The band grows to what the cue needs at the new width, and shows it at once.
        #expect(band.rows == 2)
        #expect(texts[0].map { String($0.trimmingPrefix(while: { $0 == " " })) } == ["a cue long enough to", "wrap when narrow"])
    }
}
