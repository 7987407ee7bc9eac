import Foundation
import Testing
import TestSupport
@testable import GhostpipeCore

/// The TTML corpus (`Tests/Data/formats/ttml`: W3C's imsc-tests and ttconv's own files, each with
/// its licence) read as ttconv reads it: what shows at every instant equals ttconv's SRT conversion
/// (`expected/`, made by `Scripts/gen_ttml_expected.py`), line for line, in any order (ttconv writes
/// the regions on show one after another; ghostpipe stacks a cue per paragraph).
///
/// Where we differ from ttconv, on purpose (listed in `differences` with the file):
/// - A paragraph open to the end (no end anywhere above it): ttconv's SRT writer gives it ten
///   seconds; we play it to the last time the document names, or five seconds (as SAMI and LRC end
///   their last line). Compared only up to where both show it.
@Suite struct TTMLCorpus {
    static let root = Paths.repository.appendingPathComponent("Tests/Data/formats/ttml")

    static func documents() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".ttml") && !$0.hasPrefix("expected/") }.sorted()
    }

    /// The lines on show at `t` of cues, as a sorted list (white space collapsed).
    static func shown(_ cues: [Cue], at t: Nanoseconds) -> [String] {
        var lines: [String] = []
        for cue in cues where cue.start <= t && t < cue.end {
            let text = cue.runs.filter { ($0.at ?? cue.start) <= t }.map(\.text).joined()
            lines += text.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        }
        return lines.filter { !$0.isEmpty }.sorted()
    }

    /// Files where we knowingly differ, and why (see the suite's comment).
    static let differences: [String: String] = [
        "imsc-tests/imsc1_1/ttml/ruby/ruby002.ttml": "ruby: ttconv's SRT drops ruby text; we write it as WebVTT ruby, base(text)",
        "imsc-tests/imsc1_1/ttml/ruby/ruby003.ttml": "ruby: as ruby002",
    ]

    /// Files whose paragraphs are open to the end: compared up to where we end them (see above).
    static let openEnded: Set<String> = [
        "imsc-tests/imsc1/ttml/foreign/Parameters006.ttml", "imsc-tests/imsc1/ttml/misc/unicode-non-bmp-character.ttml",
        "imsc-tests/imsc1/ttml/p/Paragraph002.ttml", "imsc-tests/imsc1/ttml/region/nested-region-001.ttml",
        "imsc-tests/imsc1/ttml/timing/BeginEnd002.ttml", "imsc-tests/imsc1/ttml/timing/FixedBeginEnd002.ttml",
        "imsc-tests/imsc1/ttml/timing/BasicTiming011.ttml", "imsc-tests/imsc1/ttml/timing/BasicTiming012.ttml",
        "ttconv/lwsp_default.ttml", "ttconv/lwsp_preserve.ttml",
    ]

    @Test func corpusIsThere() {
        #expect(Self.documents().count >= 100, "the corpus is missing: \(Self.root.path)")
    }

    @Test(arguments: documents())
    func readsAsTTConvDoes(_ name: String) throws {
        let text = try String(contentsOfFile: Self.root.appendingPathComponent(name).path, encoding: .utf8)
        #expect(SubtitleFormat.detect(fileName: name, prefix: text).name == "ttml")
        let (list, _) = TTMLParser.parse(text)
        // To the millisecond, as ttconv writes its SubRip times (Python's round: halves to even).
        func rounded(_ t: Nanoseconds) -> Nanoseconds {
            let (q, r) = t.quotientAndRemainder(dividingBy: Time.millisecond)
            let up = 2 * r > Time.millisecond || (2 * r == Time.millisecond && q % 2 == 1)
            return (up ? q + 1 : q) * Time.millisecond
        }
        let ours = list.map { cue in
            var cue = cue
            cue.start = rounded(cue.start)
            cue.end = rounded(cue.end)
            for k in cue.runs.indices { cue.runs[k].at = cue.runs[k].at.map(rounded) }
            return cue
        }
        let expectedPath = Self.root.appendingPathComponent("expected/" + name.dropLast(5) + ".srt").path
        guard let srt = try? String(contentsOfFile: expectedPath, encoding: .utf8) else { return }   // ttconv refused it
        let theirs = Array(SubRipParser.parse(srt).cues)
        // Every instant where either changes; each interval between checked at its middle, up to
        // the last end ttconv gives (open ends differ on purpose).
        var last = theirs.map(\.end).max() ?? 0
        if Self.openEnded.contains(name) { last = min(last, ours.map(\.end).max() ?? 0) }
        var instants = Set<Nanoseconds>()
        for cue in theirs { instants.insert(cue.start); instants.insert(cue.end) }
        for cue in ours {
            for t in [cue.start, cue.end] + cue.runs.compactMap(\.at) where t < last { instants.insert(t) }
        }
        let sorted = instants.sorted()
        for (a, b) in zip(sorted, sorted.dropFirst()) where b <= last {
            let t = (a + b) / 2
            let want = Self.shown(theirs, at: t), got = Self.shown(ours, at: t)
            if want != got, Self.differences[name] == nil {
                Issue.record("\(name) at \(Double(t) / 1e9) s: ttconv shows \(want), we show \(got)")
                return
            }
        }
    }
}
