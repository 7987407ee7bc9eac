import Foundation
import TestSupport
import Testing
@testable import GhostpipeCore

/// GStreamer's subparse samples (`Tests/Data/formats/*/gstreamer-*`, from its
/// `tests/check/elements/subparse.c`, LGPL-2.0-or-later, `COPYING.gstreamer` beside them) against
/// the cues that test asserts GStreamer reads. FilmCorpus compares them with FFmpeg and pysubs2
/// too, where those read them; pysubs2 reads none of TMPlayer's variants here, so GStreamer is the
/// reference for those. Where ghostpipe reads a sample otherwise, the case says which way and why.
@Suite struct GStreamerSubparseSamples {
    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var cues: [(start: Int64, end: Int64?, text: String)]
        var testDescription: String { file }
    }

    /// The first two cues of TMPlayer's samples, as subparse.c has them.
    static let earth: [(start: Int64, end: Int64?, text: String)] = [
        (10_000, 13_000, "This is the Earth at a time\nwhen the dinosaurs roamed..."), (14_000, 16_000, "a lush and fertile planet."),
    ]

    static let samples: [Expected] = [
        Expected(file: "tmplayer/gstreamer-multiline.txt", cues: earth),
        Expected(file: "tmplayer/gstreamer-multiline-bogus.txt", cues: earth),
        Expected(file: "tmplayer/gstreamer-style1.txt", cues: earth),
        Expected(file: "tmplayer/gstreamer-style2.txt", cues: earth),
        Expected(file: "tmplayer/gstreamer-style3.txt", cues: earth),
        Expected(file: "tmplayer/gstreamer-style4.txt", cues: earth),
        Expected(file: "tmplayer/gstreamer-style4-bogus.txt", cues: earth),
        // GStreamer ends a line with no next line after 5 s at most, and leaves the last open;
        // ghostpipe (as pysubs2) shows it as long as it takes to read: 2.7 s and 1.7 s here.
        Expected(file: "tmplayer/gstreamer-style3b.txt", cues: [
            (10_000, 14_000, "This is the Earth at a time\nwhen the dinosaurs roamed..."), (14_000, 16_000, "a lush and fertile planet."),
            (16_000, 18_711, "And they liked it a lot."), (30_000, 31_706, "Last line."),
        ]),
        Expected(file: "microdvd/gstreamer-fps.sub", cues: [
            (8_000, 16_000, "- Hi, Eddie.\n- Hiya, Scotty."),
            (100_000, 108_000, "- Cold enough for you?\n- Well, I'm only faintly alive. It's 25 below"),
        ]),
        Expected(file: "microdvd/gstreamer-fps-comma.sub", cues: [
            (8_000, 16_000, "- Hi, Eddie.\n- Hiya, Scotty."),
            (100_000, 108_000, "- Cold enough for you?\n- Well, I'm only faintly alive. It's 25 below"),
        ]),
        // GStreamer takes a closing `/` as the end of the italics; FFmpeg (the reference for
        // MicroDVD) and ghostpipe take only a line's first `/` as a marker, and show the second.
        Expected(file: "microdvd/gstreamer-italics.sub", cues: [(4_000, 8_000, "italics/\nnot italics")]),
        Expected(file: "mpl2/gstreamer-mpl2.txt", cues: [
            (12_300, 45_600, "This is the Earth at a time\nwhen the dinosaurs roamed"), (123_400, 567_800, "a lush and fertile planet."),
            (1_234_500, 2_789_000, "Italic\nNormal"), (3_234_500, 3_789_000, "Italic\nItalic"), (4_234_500, 4_789_000, "Normal\nItalic"),
        ]),
        Expected(file: "subviewer/gstreamer-subviewer.sub", cues: [
            (41_000, 44_400, "The Age of Gods was closing.\nEternity had come to an end."),
            (55_000, 58_400, "The heavens shook as the armies\nof Falis, God of Light..."),
        ]),
        Expected(file: "subviewer/gstreamer-subviewer2.sub", cues: [
            (7_000, 11_910, "THERE IS A PLACE ON EARTH WHERE IT\nIS STILL THE MORNING OF LIFE..."),
            (12_480, 15_170, "AND THE GREAT HERDS RUN FREE.\nSO WHAT?!"),
        ]),
    ]

    @Test(arguments: samples) func cuesAreWhatGStreamersTestAsserts(_ sample: Expected) throws {
        let format = String(sample.file.prefix { $0 != "/" })
        let bytes = [UInt8](try Data(contentsOf: Paths.formats.appendingPathComponent(sample.file)))
        // Read as the show reads a file: through the stream, detected by its content.
        let detected = SubtitleFormat.detect(fileName: sample.file, prefix: bytes)
        #expect(detected.name == format, "\(sample.file): detected as \(detected.name)")
        let stream = SubtitleStream(format: try #require(SubtitleFormat(named: format)), name: sample.file, encoding: nil, isFile: true)
        let cues = bytes.withUnsafeBufferPointer { stream.push($0) }.cues + stream.finish().cues
        let ours = cues.map { (start: ($0.start + 500_000) / 1_000_000, end: ($0.end + 500_000) / 1_000_000, text: $0.plainText) }
        #expect(ours.count == sample.cues.count, "\(sample.file): \(ours.map(\.text))")
        for (a, b) in zip(ours, sample.cues) {
            #expect(a.start == b.start && (b.end.map { abs(a.end - $0) <= 1 } ?? true) && a.text == b.text,
                    "\(sample.file): ours \(a.start)–\(a.end) \(a.text.debugDescription), GStreamer \(b.start)–\(b.end.map(String.init) ?? "open") \(b.text.debugDescription)")
        }
        // The italic lines are italic (MPL2's ` /Italic`, MicroDVD's `/italics/`).
        for cue in cues {
            for run in cue.runs where run.text.contains("Italic") || run.text.hasPrefix("italics") {
                #expect(run.style.attributes.contains(.italic), "\(sample.file): \(run.text.debugDescription) is not italic")
            }
        }
    }
}
