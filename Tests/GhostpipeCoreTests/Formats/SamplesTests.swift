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

    @Test func karaokeASS() throws {
        let (decoded, cues, diagnostics) = try Self.load("karaoke.ass")
        #expect(!decoded.guessed && diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.count == 9, "the Comment line and the drawing are not cues")
        #expect(cues[0].plainText == "Signal Hill — 4:12 a.m." && cues[0].placement.vertical == .top)
        #expect(cues[0].fadeIn == ms(400) && cues[0].fadeOut == ms(400))
        let song = cues[1]
        #expect(song.styleName == "Karaoke" && song.placement.vertical == .top)
        #expect(song.runs.compactMap(\.at) == [4500, 4900, 5300, 5650, 6100, 6400, 6700, 7050].map(ms))
        // Sung: the Karaoke style's gold, bold; before: its secondary colour, white (the terminal's own).
        #expect(song.runs.allSatisfy { $0.style == Style(foreground: .rgb(255, 215, 0), attributes: .bold) && $0.before == bold })
        #expect(cues[4].plainText == "바다가 부른다 🌊" && cues[4].runs.count == 6)
        #expect(cues[6].plainText == "Maya: Did you hear that?\nIt came from below." && cues[6].placement == CuePlacement(vertical: .top, alignment: .left))
        #expect(cues[7].placement == CuePlacement(vertical: .bottom, alignment: .left), "\\move starts at the bottom left")
        #expect(cues[8].plainText == "Lights out.")
    }

    @Test func bilingualSAMIInUTF8UTF16AndCP949() throws {
        let utf8 = try Self.load("bilingual.smi")
        let cp949 = try Self.load("bilingual-cp949.smi")
        #expect(utf8.diagnostics.isEmpty && cp949.diagnostics.isEmpty)
        #expect(cp949.decoded.encodingUsed == "CP949" && cp949.decoded.guessed)
        #expect(utf8.cues.count == 9)
        #expect(Set(utf8.cues.compactMap(\.track?.name)) == ["KRCC", "ENCC"])
        #expect(utf8.cues[4].plainText == "마라, 이 소리 들려?\n바늘이 멈추지 않아." && utf8.cues[4].track?.language == "ko-KR")
        #expect(utf8.cues[2].runs == [StyledRun("...반복한다, 여기는 안셀름호...", style: Style(foreground: .rgb(0x80, 0xC0, 0xFF)))])
        // CP949 with CRLF: the same cues, line for line.
        #expect(cp949.cues == utf8.cues)
        // UTF-16 with a byte order mark, either way round, and without one.
        let text = try String(contentsOfFile: Self.path("bilingual.smi"), encoding: .utf8)
        let units = Array(text.utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big, Array(little.dropFirst(2))] {
            let decoded = try TextDecoder.decode(bytes)
            #expect(SubtitleFormat.detect(fileName: "x.smi", prefix: bytes).name == "sami")
            #expect(Array(Subtitles.parse(decoded.text, as: SubtitleFormat(named: "sami")!).cues) == utf8.cues, "\(decoded.encodingUsed)")
        }
    }

    @Test func enhancedLRC() throws {
        let (_, cues, diagnostics) = try Self.load("lighthouse.lrc")
        #expect(diagnostics.isEmpty)
        #expect(cues.count == 11)
        #expect(cues[0].styleName == "title" && cues[0].plainText == "Low Tide\nThe Keepers of Signal Hill · Night Watch")
        // [offset:+200]: 200 ms sooner.
        #expect(cues[1].start == ms(3000) && cues[1].runs.compactMap(\.at) == [3000, 3500, 4000, 4500].map(ms))
        #expect(cues[4].plainText == "바다가 부른다 🌊" && cues[7].plainText == "바다가 부른다 🌊")
        #expect(cues[7].runs.compactMap(\.at) == [27_800, 28_600].map(ms))
        #expect(cues.last?.end == ms(42_500), "the last line lasts until [length:], which the offset does not move")
    }
}
