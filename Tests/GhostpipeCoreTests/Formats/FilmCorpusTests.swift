import Foundation
import TestSupport
import Testing
@testable import GhostpipeCore

/// The film-format corpus (`Tests/Data/formats/<format>/`: gaupol's samples, ttconv's and IRT's EBU
/// STL test files, a few hand-made files) against the cues reference tools gave when the data was
/// generated (`Scripts/gen_format_references.py`: FFmpeg, pysubs2, ttconv). Where the tools and
/// ghostpipe disagree, this says which way ghostpipe goes and why, and compares the rest.
@Suite struct FilmCorpus {
    struct Reference: Decodable {
        struct ExpectedCue: Decodable { var start: Int64; var end: Int64; var text: String }
        var tool: String
        var cues: [ExpectedCue]
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var format: String
        var file: String
        var testDescription: String { "\(format)/\(file)" }
    }

    static let cases: [Case] = {
        let fm = FileManager.default
        var cases: [Case] = []
        for format in ((try? fm.contentsOfDirectory(atPath: Paths.formats.path)) ?? []).sorted() {
            let folder = Paths.formats.appendingPathComponent(format).path
            for name in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() where name.hasSuffix(".expected.json") {
                cases.append(Case(format: format, file: String(name.dropLast(".expected.json".count))))
            }
        }
        return cases
    }()

    /// Files whose reference cannot be compared, and why ghostpipe goes its own way there.
    static let disagreements: [String: String] = [
        // ttconv keeps one subtitle on screen at a time outside a cumulative set: it drops one
        // contained in another and delays one that overlaps until the first goes. The file gives
        // each its own time and row, and ghostpipe shows them as it says, stacked in the band as
        // overlapping cues of any format are (EBUSTLParsing covers the cumulative set).
        "ebu-stl/ttconv-contained_tti.stl": "overlapping subtitles",
        "ebu-stl/ttconv-two_contained_tti.stl": "overlapping subtitles",
        "ebu-stl/ttconv-overlapping_tti.stl": "overlapping subtitles",
        // pysubs2 reads only `hh:mm:ss:text` with some text: not `=`, TMPlayer+'s `,1=`, nor an
        // empty line that clears. gaupol and MPlayer read them; TMPlayerParsing covers them.
        "tmplayer/handmade-variants.txt": "TMPlayer variants",
        // The same for GStreamer's subparse samples (`,1=`, `=`, an empty line that clears): they
        // are checked against what GStreamer's own test asserts instead (GStreamerSubparseSamples).
        "tmplayer/gstreamer-multiline.txt": "TMPlayer variants",
        "tmplayer/gstreamer-multiline-bogus.txt": "TMPlayer variants",
        "tmplayer/gstreamer-style1.txt": "TMPlayer variants",
        "tmplayer/gstreamer-style2.txt": "TMPlayer variants",
        "tmplayer/gstreamer-style3.txt": "TMPlayer variants",
        "tmplayer/gstreamer-style4.txt": "TMPlayer variants",
        "tmplayer/gstreamer-style4-bogus.txt": "TMPlayer variants",
        // FFmpeg reads the rate `12,500` as 12 (its number stops at the comma); GStreamer, whose
        // sample it is, reads 12.5, and so does ghostpipe: a decimal comma is how half the world
        // writes a rate. The same file with `12.500` agrees with FFmpeg (gstreamer-fps.sub).
        "microdvd/gstreamer-fps-comma.sub": "decimal comma",
    ]

    @Test(arguments: cases) func cuesAgreeWithTheReferenceTool(_ c: Case) throws {
        let key = "\(c.format)/\(c.file)"
        if Self.disagreements[key] != nil { return }
        let folder = Paths.formats.appendingPathComponent(c.format)
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(c.file)))
        let reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: folder.appendingPathComponent(c.file + ".expected.json")))
        // Through the stream as a file is read: decoded (or, EBU STL, taken as bytes), then parsed.
        let stream = SubtitleStream(format: try #require(SubtitleFormat(named: c.format)), name: c.file, encoding: nil, isFile: true)
        var cues = bytes.withUnsafeBufferPointer { stream.push($0) }.cues
        cues += stream.finish().cues
        // Lines at negative times (gaupol's samples): the tools disagree (pysubs2's MicroDVD pattern
        // has no minus sign, FFmpeg reads SubViewer's `-00:00:01.47` as +1.47); ghostpipe follows
        // the file's sign, leaves out what ends before 0:00 and starts the rest at 0:00. The
        // generator removed those lines before the tools read the file; they are left out here too.
        let negative = negativeLines(bytes, format: c.format)
        cues.removeAll { negative.contains($0.sourceLine) }

        var ours = cues.map { Reference.ExpectedCue(start: Int64(($0.start + 500_000) / 1_000_000), end: Int64(($0.end + 500_000) / 1_000_000), text: $0.plainText) }
        var expected = reference.cues
        switch c.format {
        case "spruce":
            // FFmpeg reads a timecode's last field as hundredths; Spruce's documentation (and DVD
            // Studio Pro, which wrote the format) says frames, at 25 per second here.
            expected = expected.map { e in
                func frames(_ ms: Int64) -> Int64 { ms / 1000 * 1000 + (ms % 1000 / 10 * 1000 + 12) / 25 }
                return Reference.ExpectedCue(start: frames(e.start), end: frames(e.end),
                                             text: e.text.replacingOccurrences(of: "^I", with: "").replacingOccurrences(of: "^B", with: "")
                                                .replacingOccurrences(of: "^U", with: ""))
            }
        case "ebu-stl":
            // ttconv writes screens (what shows between two changes), as SRT must: compared so.
            ours = screens(cues)
            // ttconv keeps broadcast timecodes (10:00:00:00 on); ghostpipe counts from the
            // programme's start when the subtitles start there, so that the first does not wait ten hours.
            let start = programStart(bytes)
            if start > 0, let first = expected.map(\.start).min(), first >= start {
                expected = expected.map { Reference.ExpectedCue(start: $0.start - start, end: $0.end - start, text: $0.text) }
            }
            // A teletext control code takes a cell on the screen: ghostpipe writes it as a space
            // between words ("Red Green"); ttconv drops it ("RedGreen"). Compared without spaces.
            func squeezed(_ cues: [Reference.ExpectedCue]) -> [Reference.ExpectedCue] {
                cues.map { Reference.ExpectedCue(start: $0.start, end: $0.end, text: $0.text.filter { $0 != " " }) }
            }
            ours = squeezed(ours)
            expected = squeezed(expected)
        default:
            break
        }
        #expect(ours.count == expected.count, "\(key): \(ours.count) cues, \(reference.tool) \(expected.count)")
        for (a, b) in zip(ours, expected) {
            #expect(abs(a.start - b.start) <= 1 && abs(a.end - b.end) <= 1 && a.text == b.text,
                    "\(key): ours \(a.start)–\(a.end) \(a.text.debugDescription), \(reference.tool) \(b.start)–\(b.end) \(b.text.debugDescription)")
        }
    }

    /// The corpus has every format of the film family, each with the licence of where it came from.
    @Test func everyFilmFormatHasFilesAndTheirLicences() throws {
        for format in ["microdvd", "mpl2", "subviewer", "tmplayer", "spruce", "ebu-stl"] {
            #expect(Self.cases.contains { $0.format == format }, "\(format): no corpus files")
        }
        let fm = FileManager.default
        for format in ["microdvd", "mpl2", "subviewer", "tmplayer"] {
            #expect(fm.fileExists(atPath: Paths.formats.appendingPathComponent("\(format)/COPYING.gaupol").path))
        }
        for format in ["microdvd", "mpl2", "subviewer", "tmplayer"] {
            #expect(fm.fileExists(atPath: Paths.formats.appendingPathComponent("\(format)/COPYING.gstreamer").path))
        }
        for licence in ["LICENSE.ttconv", "LICENSE.irt-apache-2.0", "NOTICE.irt"] {
            #expect(fm.fileExists(atPath: Paths.formats.appendingPathComponent("ebu-stl/\(licence)").path))
        }
    }

    /// Line numbers whose time is negative (`{-`, `[-`, `-0:`), in a text format.
    func negativeLines(_ bytes: [UInt8], format: String) -> Set<Int> {
        guard format != "ebu-stl" else { return [] }
        var lines: Set<Int> = []
        for (k, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let t = line.drop { $0 == " " || $0 == "\u{FEFF}" }
            if t.hasPrefix("-") || t.hasPrefix("{-") || t.hasPrefix("[-") { lines.insert(k + 1) }
        }
        return lines
    }

    /// The screens cues make: between two changes, the texts on show in the order they came.
    func screens(_ cues: [Cue]) -> [Reference.ExpectedCue] {
        let instants = Set(cues.flatMap { [$0.start, $0.end] }).sorted()
        var out: [Reference.ExpectedCue] = []
        for (a, b) in zip(instants, instants.dropFirst()) {
            let shown = cues.filter { $0.start <= a && a < $0.end }.map(\.plainText).joined(separator: "\n")
            guard !shown.isEmpty else { continue }
            let start = Int64((a + 500_000) / 1_000_000), end = Int64((b + 500_000) / 1_000_000)
            if let last = out.last, last.text == shown, last.end == start { out[out.count - 1].end = end; continue }
            out.append(Reference.ExpectedCue(start: start, end: end, text: shown))
        }
        return out
    }

    /// The GSI block's programme start (`TCP`) in milliseconds, at the file's frame rate.
    func programStart(_ bytes: [UInt8]) -> Int64 {
        guard bytes.count >= 264 else { return 0 }
        let digits = bytes[256..<264].map { Int64($0) - 48 }
        guard digits.allSatisfy({ (0...9).contains($0) }) else { return 0 }
        let rate: Int64 = bytes[6] == UInt8(ascii: "3") ? 30 : 25
        let h = digits[0] * 10 + digits[1], m = digits[2] * 10 + digits[3], s = digits[4] * 10 + digits[5], f = digits[6] * 10 + digits[7]
        return ((h * 60 + m) * 60 + s) * 1000 + f * 1000 / rate
    }
}
