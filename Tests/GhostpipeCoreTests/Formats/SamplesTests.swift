import Testing
@testable import GhostpipeCore

/// The files in `samples/` parse cleanly and say what they are meant to show.
@Suite struct Samples {
    static func path(_ name: String) -> String {
        // #filePath is …/Tests/GhostpipeCoreTests/Formats/SamplesTests.swift
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/") + "/samples/" + name
    }

    static func load(_ name: String) throws -> (decoded: DecodedText, cues: [Cue], diagnostics: [Diagnostic]) {
        let decoded = try TextDecoder.decodeFile(atPath: path(name))
        let format = SubtitleFormat.detect(fileName: name, prefix: decoded.text)
        let (cues, diagnostics) = Subtitles.parse(decoded.text, as: format)
        return (decoded, Array(cues), diagnostics)
    }

    @Test func english() throws {
        let (decoded, cues, diagnostics) = try Self.load("english.srt")
        #expect(!decoded.guessed && diagnostics.isEmpty)
        #expect(cues.count == 20)
        #expect(cues.last?.end == ms(61_500))
        #expect(cues[0].placement.vertical == .top)
        #expect(cues[0].runs == [StyledRun("Signal Hill — 4:12 a.m.", style: italic)])
        #expect(cues[5].plainText == "- Turn the dial back.\n- I can't, it's stuck.")
        #expect(cues[6].runs.first?.style.foreground == .rgb(0x80, 0xC0, 0xFF))
    }

    @Test func koreanInUTF8AndCP949() throws {
        let utf8 = try Self.load("korean.srt")
        let legacy = try Self.load("korean-cp949.srt")
        #expect(utf8.diagnostics.isEmpty && legacy.diagnostics.isEmpty)
        #expect(utf8.cues.count == 12)
        #expect(legacy.decoded.encodingUsed == "CP949" && legacy.decoded.guessed)
        #expect(legacy.cues == utf8.cues)
        #expect(utf8.cues[1].plainText == "마라, 이 소리 들려?\n바늘이 멈추지 않아.")
    }

    @Test func styledWebVTT() throws {
        let (_, cues, diagnostics) = try Self.load("styles.vtt")
        #expect(diagnostics.isEmpty)
        #expect(cues.count == 8)
        #expect(cues[0].identifier == "title" && cues[0].placement.vertical == .line(0))
        #expect(cues[0].plainText == "Signal Hill — 4:12 a.m.")
        #expect(cues[1].placement == CuePlacement(alignment: .left, position: 10, size: 60, positionAlignment: .lineLeft))
        #expect(cues[1].runs == [StyledRun("...repeat, this is the Anselm...", style: fg(0x80, 0xC0, 0xFF, .italic))])
        #expect(cues[2].plainText == "Is that coming through the set?\nNo. From the stairs.")
        #expect(cues[3].runs.first == StyledRun("Don't", style: Style(foreground: .rgb(0, 0, 0), background: .rgb(255, 255, 0), attributes: .bold)))
        #expect(cues[4].placement == CuePlacement(vertical: .percent(50), lineAlignment: .center))
        #expect(cues[4].plainText == "Low tide <low tide>")
        let song = cues[5]
        #expect(Set(song.runs.compactMap(\.at)).sorted() == [16_500, 17_000, 17_600, 18_100, 18_800, 19_400, 19_900].map(ms))
        #expect(song.plainText == "♪ Low tide, low tide, carry me home ♪")
        #expect(cues[6].plainText == "灯台(とうだい) means lighthouse.\n灯台守 is its keeper.")
    }
}
