import Foundation
import Testing
@testable import GhostpipeCore

/// The SCC corpus (`Tests/Data/formats/scc/`: ttconv's, pycaption's and libcaption's samples) read
/// as the reference readers read it (`expected/`, written by `Scripts/gen_scc_corpus.py expect`).
///
/// ttconv is the reference where it reads a file (it wants a tab after the timecode; pycaption's
/// samples have spaces, and ttconv reads nothing there): the same cues, the same texts, the same
/// times to the millisecond. Where we read otherwise, and why:
///
/// - **Spaces.** A mid-row code takes a cell and shows as a space (CEA-608; FFmpeg does so), and
///   rows keep their indentation relative to each other (as FFmpeg keeps it); ttconv and pycaption
///   drop both. Texts are compared with runs of spaces as one and lines trimmed.
/// - **When roll-up and paint-on begin.** We begin the cue when its first character shows; ttconv
///   at the code that began the caption (a few frames sooner).
/// - **Paint-on.** ttconv clears a row when a PAC addresses it and cuts the caption at each word;
///   a decoder overwrites the row character by character, and so do we. The paint-on samples are
///   compared where the two agree: what shows at each of ttconv's instants while a row is painted
///   on a clear screen.
/// - **pycaption** stamps every code of a line with the line's timecode (ttconv and we count a
///   frame a pair), splits a caption whose rows were addressed apart into several captions, keeps
///   only the newest row of roll-up, and drops a space before punctuation: against it we compare,
///   screen by screen (what shows between two changes), the words on screen, and for roll-up the
///   newest row's.
@Suite struct SCCReferences {
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Data/formats/scc"
    }()

    struct Expected { var start: Int64; var end: Int64; var text: String }

    static func samples() -> [String] {
        let fm = FileManager.default
        return ["ttconv", "pycaption", "libcaption"].flatMap { project in
            ((try? fm.contentsOfDirectory(atPath: "\(root)/\(project)")) ?? []).filter { $0.hasSuffix(".scc") }.sorted()
                .map { "\(project)/\($0.dropLast(4))" }
        }
    }

    /// What a reader made of a sample; nil when it failed on it.
    static func expected(_ sample: String, by reader: String) throws -> [Expected]? {
        let parts = sample.split(separator: "/")
        let text = try String(contentsOfFile: "\(root)/expected/\(parts[0])/\(parts[1]).\(reader).jsonl", encoding: .utf8)
        var cues: [Expected] = []
        for line in text.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["error"] != nil { return nil }
            cues.append(Expected(start: (object["start"] as? NSNumber)?.int64Value ?? 0, end: (object["end"] as? NSNumber)?.int64Value ?? 0,
                                 text: object["text"] as? String ?? ""))
        }
        return cues
    }

    static func ours(_ sample: String) throws -> [Cue] {
        let text = try String(contentsOfFile: "\(root)/\(sample).scc", encoding: .utf8)
        return Array(SCCFormat().parse(text).cues)
    }

    static func normal(_ text: String) -> String {
        text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    static func milliseconds(_ t: Nanoseconds) -> Int64 { (t + Time.millisecond / 2) / Time.millisecond }

    /// Samples with paint-on, which ttconv cuts at each word (see above).
    static let paintOn: Set<String> = ["ttconv/paint-on", "pycaption/sample_scc_multiple_formats"]

    /// Samples a reader reads otherwise than a decoder shows them, and why.
    static let readOtherwise: [String: String] = [
        // PACs for rows 1, 2 and 3 in roll-up: a decoder moves its one base row (one "AB"); ttconv
        // puts the two rows' text on one line, pycaption lays out three rows.
        "pycaption/sample_scc_with_spaces_at_eol_roll": "ttconv pycaption",
        // An EOC swaps the memories: what was shown before comes back (pycaption shows nothing), and
        // text written at two places of a row stays apart (pycaption joins it).
        "pycaption/sample_scc_created_dfxp_with_wrongly_closing_spans": "pycaption",
        // pycaption reads roll-up and paint-on rows addressed by PACs as pop-on captions.
        "pycaption/sample_scc_multiple_positioning": "pycaption",
        // PACs address the same row several times: pycaption lays out each address's text on its
        // own; a decoder's row holds what was written on it last.
        "pycaption/sample_scc_not_explicitly_switching_italics_off": "pycaption",
        // pycaption lets a special character (û) take the place of the characters before it and
        // does not let extended ones (Á, É, Ó, ¡) take their fallback's; ttconv and we read
        // mix-rows-roll-up.scc, the same captions, as CEA-608 has it.
        "pycaption/sample_scc_roll_up_ru3": "pycaption",
    ]

    @Test(arguments: samples())
    func readAsTTConvReadsIt(_ sample: String) throws {
        guard let reference = try Self.expected(sample, by: "ttconv"), !reference.isEmpty, !Self.paintOn.contains(sample),
              !sample.hasSuffix("_paint"), Self.readOtherwise[sample]?.contains("ttconv") != true else { return }
        let ours = try Self.ours(sample)
        #expect(ours.map { Self.normal($0.plainText) } == reference.map { Self.normal($0.text) }, "\(sample)")
        for (cue, expected) in zip(ours, reference) {
            let (start, end) = (Self.milliseconds(cue.start), Self.milliseconds(cue.end))
            // ttconv ends the last caption 10 s after it began, and so do we, after ours began.
            let open = expected.end - expected.start == 10_000 && end - start == 10_000
            #expect(open || abs(end - expected.end) <= 1, "\(sample): '\(expected.text)' ends at \(end), ttconv \(expected.end)")
            if cue.styleName == "pop-on" {
                #expect(abs(start - expected.start) <= 1, "\(sample): '\(expected.text)' starts at \(start), ttconv \(expected.start)")
            } else {
                #expect(start >= expected.start - 1 && start <= expected.start + 1000,
                        "\(sample): '\(expected.text)' starts at \(start), ttconv \(expected.start)")
            }
        }
    }

    /// Words on screen, screen by screen (cues that begin together are one screen; a screen that
    /// shows what the one before showed is that one).
    static func screens(_ cues: [(start: Int64, text: String)]) -> [[String]] {
        var screens: [(start: Int64, words: [String])] = []
        for cue in cues {
            let words = cue.text.split(whereSeparator: \.isWhitespace).map(String.init)
            if let last = screens.last, last.start == cue.start {
                screens[screens.count - 1].words = (last.words + words).sorted()
            } else {
                screens.append((cue.start, words.sorted()))
            }
        }
        var merged: [[String]] = []
        for screen in screens where merged.last != screen.words { merged.append(screen.words) }
        return merged
    }

    @Test(arguments: samples())
    func theWordsPycaptionShows(_ sample: String) throws {
        // Where ttconv reads the file, it is the reference; pycaption reads these otherwise:
        // - spaces_at_eol_roll addresses rows 1–3 in roll-up: pycaption writes three rows, a decoder
        //   moves its one base row (and so do ttconv and we).
        guard try Self.expected(sample, by: "ttconv")?.isEmpty != false || Self.paintOn.contains(sample), sample != "ttconv/paint-on",
              Self.readOtherwise[sample]?.contains("pycaption") != true,
              let reference = try Self.expected(sample, by: "pycaption") else { return }
        let ours = try Self.ours(sample)
        let rollUp = ours.contains { $0.styleName == "roll-up" }
        let mine = ours.map { cue in
            (Self.milliseconds(cue.start), rollUp ? String(cue.plainText.split(separator: "\n").last ?? "") : cue.plainText)
        }
        // pycaption drops the space a mid-row code shows before punctuation.
        let words = { (screens: [[String]]) in screens.map { $0.filter { ![".", ",", "?", "!"].contains($0) } } }
        #expect(words(Self.screens(mine)) == words(Self.screens(reference.map { ($0.start, $0.text) })), "\(sample)")
    }

    @Test func paintOnShowsWhatTTConvShowsAtItsInstants() throws {
        // ttconv's first paragraph of paint-on.scc, painted on a clear screen. ttconv shows a word
        // whole from its first pair's instant, we each pair at its own: at the start of each of
        // ttconv's cues we show no more than it, and by its end all of it.
        let reference = try #require(try Self.expected("ttconv/paint-on", by: "ttconv"))
        let first = try #require(try Self.ours("ttconv/paint-on").first)
        let paragraph = reference.prefix { $0.end <= Self.milliseconds(first.end) }
        #expect(paragraph.count == 8)
        for expected in paragraph {
            // ttconv's times are cut to the millisecond.
            let (start, end) = (expected.start * Time.millisecond, (expected.end + 1) * Time.millisecond)
            #expect(Self.normal(expected.text).hasPrefix(Self.normal(shown(first, at: start))), "at \(expected.start)")
            #expect(Self.normal(shown(first, at: end)).hasPrefix(Self.normal(expected.text)), "at \(expected.end)")
        }
        #expect(Self.normal(first.plainText) == Self.normal(paragraph.last?.text ?? ""))
    }

    @Test func everySampleReadsWithoutSurprises() throws {
        // Only what the samples really have is said: ttconv's samples write text without parity.
        for sample in Self.samples() {
            let text = try String(contentsOfFile: "\(Self.root)/\(sample).scc", encoding: .utf8)
            let (cues, diagnostics) = SCCFormat().parse(text)
            for diagnostic in diagnostics {
                #expect(diagnostic.message.contains("parity") || diagnostic.message.contains("counted on into the next")
                        || diagnostic.message.contains("not a byte pair") || diagnostic.message.contains("timecode goes back"),
                        "\(sample):\(diagnostic)")
            }
            for cue in cues {
                #expect(cue.end > cue.start, "\(sample): \(cue.plainText)")
                let instants = cue.runs.compactMap(\.at)
                #expect(instants == instants.sorted() && instants.allSatisfy { $0 >= cue.start && $0 <= cue.end }, "\(sample)")
            }
        }
    }
}
