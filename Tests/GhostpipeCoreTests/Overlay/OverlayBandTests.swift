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
    static func trimmed(_ rows: [String]) -> [String] { rows.map { String($0.trimmingPrefix(while: { $0 == " " })) } }

    @Test func subtitlesShowInTheBandAtTheirInstantsAndLeaveItEmpty() throws {
        let band = try OverlaySupport.band(["--overlay", "talk.srt", "bash"])
        let texts = try OverlaySupport.bandTexts(band, input: ScriptedInput(Self.cues),
                                                 at: [Self.second / 2, 2 * Self.second, 3500 * Time.millisecond,
                                                      5500 * Time.millisecond, 7 * Self.second])
        // As tall as the tallest cue.
        #expect(band.rows == 2)
        #expect(texts[0].allSatisfy { $0.isEmpty })
        #expect(Self.trimmed(texts[1]) == ["", "First cue"])
        #expect(texts[2].allSatisfy { $0.isEmpty })
        #expect(Self.trimmed(texts[3]) == ["Second cue", "on two rows"])
        #expect(texts[4].allSatisfy { $0.isEmpty }, "the band stays empty after the last cue: \(texts[4])")
    }

    @Test func bandRowsFollowTheOption() throws {
        let fixed = try OverlaySupport.band(["--band-rows", "4", "--overlay", "talk.srt", "bash"])
        _ = try OverlaySupport.bandTexts(fixed, input: ScriptedInput(Self.cues), at: [0])
        #expect(fixed.rows == 4)
        // The program keeps a row however many the option asks for.
        #expect(OverlayBand.rows(for: nil, fixed: 50, columns: 40, screenRows: 12) == 11)
        // Text gets two rows; cues placed at the top are placed within the band, not given the screen.
        #expect(OverlayBand.rows(for: nil, fixed: nil, columns: 40, screenRows: 12) == 2)
        let top = Self.load(OverlaySupport.srt([("00:00:01,000", "00:00:02,000", "{\\an8}On top")]))
        #expect(OverlayBand.rows(for: Array(top), fixed: nil, columns: 40, screenRows: 12) == 1)
    }

    @Test func streamedTextShowsEachLineAsItArrives() throws {
        let band = try OverlaySupport.band(["--cps", "1000", "--overlay", "-", "bash"])
        let input = ScriptedInput([(1 * Self.second, Array("first caption\n".utf8)),
                                   (3 * Self.second, Array("second caption\n".utf8)),
                                   (5 * Self.second, Array("third caption\n".utf8))])
        let texts = try OverlaySupport.bandTexts(band, input: input, at: [Self.second / 2, 1500 * Time.millisecond,
                                                                          3500 * Time.millisecond, 5500 * Time.millisecond])
        #expect(texts[0].allSatisfy { $0.isEmpty })
        #expect(texts[1] == ["first caption", ""])
        #expect(texts[2] == ["first caption", "second caption"])
        #expect(texts[3] == ["second caption", "third caption"], "the band scrolls to the latest lines")
    }

    /// A progress line in the band ends as its last text, its first motion in a later read too
    /// (`StreamHandoff`; it was typed as prose over itself: `doneress 55%`).
    @Test func aProgressLineInTheBandEndsAsItsLastText() throws {
        let band = try OverlaySupport.band(["--cps", "1000", "--overlay", "-", "bash"])
        let input = ScriptedInput([(0, Array("first line\nprogress 10%".utf8)), (Self.second, Array("\u{1B}[K\rprogress 55%\u{1B}[K".utf8)),
                                   (2 * Self.second, Array("\rdone\u{1B}[K\n".utf8))])
        let texts = try OverlaySupport.bandTexts(band, input: input, at: [3 * Self.second])
        #expect(texts[0] == ["first line", "done"])
    }

    /// A drawing (cursor motion up, as neofetch draws beside its logo) gets the band's rows it uses,
    /// up to half the screen, not the last two rows of it — while it plays, and once it ended: what
    /// it drew stays, as under `cat` (the band used to fall back to two rows, its last two).
    @Test func aStreamDrawingGetsTheRowsItUses() throws {
        let band = try OverlaySupport.band(["--instant", "--overlay", "-", "bash"])
        let input = ScriptedInput([(0, Array("logo1\nlogo2\nlogo3\n\u{1B}[3A\u{1B}[6Cinfo\n\u{1B}[2B".utf8)),
                                   (5 * Self.second, Array("end\n".utf8))])
        let texts = try OverlaySupport.bandTexts(band, input: input, at: [Self.second, 7 * Self.second])
        #expect(texts[0] == ["logo1 info", "logo2", "logo3"])
        #expect(texts[1] == ["logo1 info", "logo2", "logo3", "end"])
        #expect(band.show.bandRows != nil && band.rows == 4)
    }

    @Test func aLineWithoutItsEndShowsAfterAPause() throws {
        let band = try OverlaySupport.band(["--cps", "1000", "--format", "text", "--overlay", "-", "bash"])
        let input = ScriptedInput([(0, Array("a prompt without a newline: ".utf8)),
                                   (10 * Self.second, Array("done\n".utf8))])
        let texts = try OverlaySupport.bandTexts(band, input: input, at: [2 * Self.second])
        #expect(texts[0].contains("a prompt without a newline:"), "\(texts[0])")
    }

    @Test func subtitlesStreamedThroughAPipePlayOnceTheyHaveArrived() throws {
        var messages: [String] = []
        let band = try OverlaySupport.band(["--overlay", "-", "bash"]) { messages.append($0) }
        let texts = try OverlaySupport.bandTexts(band, input: ScriptedInput(Self.cues), at: [2 * Self.second, 5500 * Time.millisecond])
        #expect(band.rows == 2)
        #expect(texts[0].last?.contains("First cue") == true, "\(texts[0])")
        #expect(Self.trimmed(texts[1]) == ["Second cue", "on two rows"])
        #expect(messages.isEmpty)
    }

    @Test func everyEffectPlaysInTheBand() throws {
        for effect in EffectCatalog.all {
            let band = try OverlaySupport.band(["--cps", "200", "--duration", "2", "--effect", effect.name, "--band-rows", "3",
                                                "--format", "text", "--overlay", "-", "bash"])
            let input = ScriptedInput([(0, Array("Hello from the band\nsecond line\n".utf8))])
            let texts = try OverlaySupport.bandTexts(band, input: input, at: [20 * Self.second])
            let shown = Self.trimmed(texts[0])
            #expect(shown.contains("Hello from the band") && shown.contains("second line"), "\(effect.name): \(texts[0])")
            #expect(texts[0].count == 3)
        }
    }

    @Test func subtitleEffectsPlayInTheBand() throws {
        for effect in EffectCatalog.all {
            let band = try OverlaySupport.band(["--effect", effect.name, "--overlay", "talk.srt", "bash"])
            let texts = try OverlaySupport.bandTexts(band, input: ScriptedInput(Self.cues), at: [2900 * Time.millisecond])
            #expect(texts[0].last?.contains("First cue") == true, "\(effect.name): \(texts[0])")
        }
    }

    @Test func aResizeLaysTheBandOutAgain() throws {
        let band = try OverlaySupport.band(["--overlay", "talk.srt", "bash"])
        let long = OverlaySupport.srt([("00:00:00,000", "00:00:10,000", "a cue long enough to wrap when narrow")])
        _ = try OverlaySupport.bandTexts(band, input: ScriptedInput(long), at: [5 * Self.second])
        #expect(band.rows == 1)
        try band.resize(columns: 20, screenRows: 12, at: 5 * Self.second)
        let texts = try OverlaySupport.bandTexts(band, at: [6 * Self.second], from: 5 * Self.second)
        // The band grows to what the cue needs at the new width, and shows it at once.
        #expect(band.rows == 2)
        #expect(Self.trimmed(texts[0]) == ["a cue long enough to", "wrap when narrow"])
    }
}
