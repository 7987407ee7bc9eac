import Testing
@testable import GhostpipeCore

/// Deterministic pseudo-random inputs built from the pieces the parsers care about: the parsers must
/// never crash or hang, and what they return must be well-formed. (A libFuzzer target can reuse the
/// same entry points: they take bytes and are pure.)
@Suite struct ParserRobustness {
    struct SplitMix64 {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let pieces: [[UInt8]] = [
        "WEBVTT", "WEBVTT\n", "\n", "\r\n", "\r", "\n\n", " ", "\t", "-->", "->", "- >", "00:00:01,000", "00:01.000",
        "01:02:03.456", "99:59:59,999", "0:0:7,5", ":", ",", ".", "1", "12", "<", ">", "</", "<i>", "</i>", "<b>", "<c.",
        "<c.yellow.bg_blue>", "</c>", "<v Bob>", "<ruby>", "<rt>", "</ruby>", "<00:00:01.500>", "<font color=\"#f00\">",
        "</font>", "<font color=", "{\\an8}", "{\\", "}", "&", "&amp;", "&#", "&#x41;", "&#99999999999;", "NOTE",
        "STYLE\n::cue(.a) { color: rgb(nan, 1e999, -5) }", "REGION", "line:0", "position:50%,line-left", "size:",
        "align:end", "line:-1,end", "Hello", "한국어", "👋🏽", "\u{0}", "X1:1 X2:2",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xEF, 0xBB, 0xBF], [0xED, 0xA0, 0x80]]

    static func input(_ rng: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = rng.below(4) == 0 ? Array("WEBVTT\n\n".utf8) : []
        for _ in 0..<rng.below(80) {
            if rng.below(10) == 0 {
                bytes.append(UInt8(truncatingIfNeeded: rng.next()))
            } else {
                bytes += pieces[rng.below(pieces.count)]
            }
        }
        return bytes
    }

    func check(_ cues: CueList, _ diagnostics: [Diagnostic], lines: Int) {
        var last = Nanoseconds.min
        for (i, cue) in cues.enumerated() {
            #expect(cue.start >= last)
            #expect(cue.end >= cue.start)
            #expect(cue.start == cues.start(at: i) && cue.end == cues.end(at: i))
            #expect(cue.sourceLine >= 1 && cue.sourceLine <= lines)
            last = cue.start
        }
        for d in diagnostics { #expect(d.line >= 1 && d.line <= max(lines, 1)) }
    }

    @Test func randomInputsParseCleanly() {
        var rng = SplitMix64(state: 20_240_601)
        for _ in 0..<3000 {
            let bytes = Self.input(&rng)
            let text = String(decoding: bytes, as: UTF8.self)
            let utf8 = Array(text.utf8)
            var lines = 1
            for (j, b) in utf8.enumerated() where b == 10 || (b == 13 && (j + 1 == utf8.count || utf8[j + 1] != 10)) {
                lines += 1
            }
            let s = SubRipParser.parse(utf8: bytes)
            check(s.cues, s.diagnostics, lines: lines)
            let v = WebVTTParser.parse(utf8: bytes)
            check(v.cues, v.diagnostics, lines: lines)
            _ = SubtitleFormat.detect(fileName: nil, prefix: bytes)
            _ = try? TextDecoder.decode(bytes)
        }
    }

    @Test func hostileMarkupStaysFast() {
        let deep = String(repeating: "<i><b><foo>", count: 20_000) + String(repeating: "</foo>", count: 20_000)
        let cue = srt("1\n00:00:01,000 --> 00:00:02,000\n\(deep)x\n").cues.first
        #expect(cue?.plainText == "x")
        let ruby = String(repeating: "<ruby><rt><c.a.b.c>", count: 20_000)
        #expect(vtt("WEBVTT\n\n00:01.000 --> 00:02.000\n\(ruby)x\n").cues.first?.plainText.hasPrefix("(((") == true)
        let longLine = String(repeating: "0:", count: 100_000) + " --> x"
        #expect(srt(longLine).cues.isEmpty)
    }
}
