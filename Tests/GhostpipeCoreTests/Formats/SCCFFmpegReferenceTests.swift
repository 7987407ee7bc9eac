import Foundation
import Testing
@testable import GhostpipeCore

/// The SCC corpus as FFmpeg 5.1 decodes it (`cc_dec` with `real_time=1` and no latency:
/// `expected/*.ffmpeg.jsonl`, written by `Scripts/gen_scc_ffmpeg.py`): the screen each time it
/// changes, in every mode. We compare the screens one after another, as they are once each line's
/// pairs are in (FFmpeg decodes a line at once), and the line in which each appears.
///
/// - **When.** FFmpeg's demuxer makes a line one packet stamped with its timecode read as wall time
///   (`HH:MM:SS` seconds and 33 ms a frame) and decodes its pairs at once. We count a frame a pair at
///   29.97 frames a second from the timecode (SCC, CEA-608 and ttconv do). So a roll-up row shows with
///   FFmpeg at the line's timecode, with us when its first character's pair arrives: after the doubled
///   RU, CR and PAC, six frames (0.2 s) later; and FFmpeg's clock runs 3.6 s an hour ahead of the
///   frame count. We follow the frame count; the test checks that each screen FFmpeg stamps with a
///   line appears within that line's pairs with us.
/// - **Pop-on.** FFmpeg's output stamps a pop-on screen with its own line's time where the line has
///   an EDM before the EOC, and otherwise with an earlier change's (`sample_scc_eoc_first_command`: a
///   caption at 24:55 stamped 00:06, the EDM before it). Those screens are compared as screens only;
///   ours show at the EOC's pair, as a decoder shows them.
/// - **Ends.** In real time FFmpeg gives no ends, and does not always emit the empty screen an EDM
///   leaves; empty screens are not compared. Ours end at the EDM's pair.
@Suite struct SCCFFmpegReference {
    typealias R = SCCReferences

    struct Line { var stamp: Int64; var first: Int; var end: Int }

    /// The file's lines: FFmpeg's stamp for each, and the frames we give its pairs.
    static func lines(_ sample: String) throws -> [Line] {
        let text = try String(contentsOfFile: "\(R.root)/\(sample).scc", encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"^(\d+):(\d\d):(\d\d)([:;.,])(\d\d)\s+(.*)$"#)
        var lines: [Line] = []
        var nextFrame = 0
        for raw in text.split(whereSeparator: \.isNewline) {
            let s = String(raw)
            guard let m = pattern.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) else { continue }
            let field = { (i: Int) in String(s[Range(m.range(at: i), in: s)!]) }
            let (h, mi, sec, f) = (Int(field(1))!, Int(field(2))!, Int(field(3))!, Int(field(5))!)
            let minutes = h * 60 + mi
            var frames = (minutes * 60 + sec) * 30 + f
            if field(4) != ":" { frames -= 2 * (minutes - minutes / 10) }
            let pairs = field(6).split(separator: " ").filter { $0.count == 4 }.count
            let first = max(frames, nextFrame)
            nextFrame = first + pairs
            lines.append(Line(stamp: Int64(minutes * 60 + sec) * 1000 + Int64(f) * 33, first: first, end: nextFrame))
        }
        return lines
    }

    /// What we show at `t`: the rows of the cues showing, spaces as in `SCCReferences.normal`.
    static func screen(_ cues: [Cue], at t: Nanoseconds) -> String {
        R.normal(cues.filter { $0.start <= t && t < $0.end }.map { shown($0, at: t) }.joined(separator: "\n"))
    }

    static func ffmpeg(_ sample: String) throws -> [(start: Int64, text: String)] {
        let parts = sample.split(separator: "/")
        let text = try String(contentsOfFile: "\(R.root)/expected/\(parts[0])/\(parts[1]).ffmpeg.jsonl", encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return ((object["start"] as? NSNumber)?.int64Value ?? -1, object["text"] as? String ?? "")
        }
    }

    /// FFmpeg's text as we write it: CEA-608's 0x27 is an apostrophe (FFmpeg writes ’), and its
    /// transparent space a space (FFmpeg writes a no-break space).
    static func normal(_ text: String) -> String {
        R.normal(text.replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "\u{A0}", with: " "))
    }

    /// FFmpeg shows a character it does not know (an extended one, such as Á or É) as █.
    static func same(_ ours: String, _ ffmpeg: String) -> Bool {
        ours.count == ffmpeg.count && zip(ours, ffmpeg).allSatisfy { $0 == $1 || $1 == "█" }
    }

    /// What we show once a line's pairs are in, and before that a screen the line erased (an EOC
    /// and an EDM in one line flash a caption for a frame; FFmpeg emits it).
    static func screens(_ cues: [Cue], during line: Line) -> [String] {
        let after = (line.first..<line.end).map { screen(cues, at: SCCFormat.time(ofFrame: $0 + 1) - 1) }
        return after.indices.filter { $0 == after.count - 1 || (!after[$0].isEmpty && after[$0 + 1].isEmpty) }.map { after[$0] }
    }

    /// Screens one after another, the empty ones left out (see above), a repeat as one.
    static func sequence(_ screens: [String]) -> [String] {
        screens.filter { !$0.isEmpty }.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }

    static func firstDifference(_ a: [String], _ b: [String]) -> String {
        let i = zip(a, b).enumerated().first { !same($0.element.0, $0.element.1) }?.offset ?? min(a.count, b.count)
        return "#\(i) of \(a.count)/\(b.count): ours \(i < a.count ? a[i] : "-") | FFmpeg \(i < b.count ? b[i] : "-")"
    }

    /// Samples FFmpeg 5.1 reads otherwise than we do, and why.
    static let readOtherwise: [String: String] = [
        // ttconv's samples write text without parity: FFmpeg drops or blocks (█) those characters.
        "ttconv/paint-on": "no parity",
        // A row written past column 32: FFmpeg stops at the edge; we keep the overflow, as ttconv does.
        "ttconv/pop-on": "column 32", "libcaption/tos": "column 32",
        "pycaption/sample_scc_doubled_mid_row_before_punctuation": "column 32", "pycaption/sample_scc_with_line_too_long": "column 32",
        // PACs readdress rows (pop-on, roll-up) already written: FFmpeg keeps only what follows the
        // last PAC, or keeps rows roll-up would have moved; ttconv and pycaption differ too (see
        // SCCReferences.readOtherwise).
        "pycaption/sample_scc_created_dfxp_with_wrongly_closing_spans": "PAC", "pycaption/sample_scc_multiple_positioning": "PAC",
        "pycaption/sample_scc_not_explicitly_switching_italics_off": "PAC", "pycaption/sample_scc_with_spaces_at_eol_roll": "PAC",
        // EDM in paint-on: CEA-608 erases displayed memory, the row being painted; FFmpeg keeps it.
        "pycaption/sample_scc_paint_on_edm": "EDM",
        // FFmpeg shows the hex of a line as text ("01 9420 10d0 …").
        "pycaption/sample_scc_with_italics": "hex as text",
        // `00:00:13;40`: FFmpeg reads frame 40 as 40 × 33 ms, after the next line's 14;07, and sorts
        // the lines by time; a decoder takes the pairs in the order they come, and so do we (ttconv
        // too counts the frames on into the next second).
        "pycaption/sample_scc_roll_up_ru2": "order", "pycaption/sample_scc_roll_up_ru3": "order",
        // The last caption (EOC at 00:31:15) never shows in FFmpeg's real-time output: only empty screens.
        "pycaption/sample_scc_pop_on": "last pop-on",
        // Text before any mode command (RCL, RDC, RU): FFmpeg writes it on screen, as paint-on, and an
        // EOC then swaps it away; we keep it off screen, as pop-on, until an EOC shows it ("sic)").
        "pycaption/sample_scc_eoc_first_command": "no mode", "pycaption/sample_scc_no_explicit_end_to_last_caption": "no mode",
        "pycaption/sample_scc_special_and_extended_characters": "no mode", "pycaption/sample_scc_with_unknown_commands": "no mode",
        // Two captions in one line (RCL … EOC RCL … EOC): the second EOC shows the second alone (as
        // ttconv has it); FFmpeg shows the rows of both, one row of each joined.
        "pycaption/sample_scc_duplicate_tab_offset": "two EOCs",
    ]

    @Test func theExclusionsAreSamples() {
        #expect(Set(Self.readOtherwise.keys).isSubset(of: R.samples()))
    }

    @Test(arguments: R.samples())
    func theScreensFFmpegShows(_ sample: String) throws {
        guard Self.readOtherwise[sample] == nil else { return }
        let lines = try Self.lines(sample)
        let cues = try R.ours(sample)
        let events = try Self.ffmpeg(sample)
        let ours = Self.sequence(lines.flatMap { Self.screens(cues, during: $0) })
        let theirs = Self.sequence(events.map { Self.normal($0.text) })
        #expect(ours.count == theirs.count && zip(ours, theirs).allSatisfy { Self.same($0, $1) }, "\(sample): \(Self.firstDifference(ours, theirs))")
        // Each screen FFmpeg stamps with a line's time came within that line's pairs with us.
        for event in events where !Self.normal(event.text).isEmpty {
            guard let line = lines.last(where: { $0.stamp == event.start }) else { continue }
            let after = Self.screen(cues, at: SCCFormat.time(ofFrame: line.end) - 1)
            guard Self.same(after, Self.normal(event.text)) else { continue }
            #expect(Self.screen(cues, at: SCCFormat.time(ofFrame: line.first) - 1) != after || lines.filter { $0.stamp == event.start }.count > 1,
                    "\(sample): '\(after)' showed before \(event.start)")
        }
    }
}
