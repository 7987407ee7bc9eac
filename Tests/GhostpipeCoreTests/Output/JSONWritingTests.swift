import Testing
@testable import GhostpipeCore

/// The little JSON ghostpipe writes, byte for byte: escapes (RFC 8259, plus DEL and C1 controls),
/// seconds in their shortest form, through the array API and the pointer writer alike.
@Suite struct JSONWriting {
    func string(_ text: String) -> String {
        var out: [UInt8] = []
        JSON.appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func seconds(_ ns: Nanoseconds) -> String {
        var out: [UInt8] = []
        JSON.appendSeconds(ns, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func stringsEscapeWhatAReaderCouldBeCommandedBy() {
        #expect(string("") == #""""#)
        #expect(string("plain 한글 👍🏽") == "\"plain 한글 👍🏽\"")
        #expect(string("\"\\\n\r\t") == #""\"\\\n\r\t""#)
        #expect(string("a\u{0}b\u{1B}c\u{7F}") == #""a\u0000b\u001bc\u007f""#)
        // C1 controls (C2 80…C2 9F) are escaped; other characters written with C2 are text.
        #expect(string("x\u{85}y\u{9B}z") == #""x\u0085y\u009bz""#)
        #expect(string("\u{A0}©\u{C2}") == "\"\u{A0}©\u{C2}\"")
        #expect(string("\u{9F}") == #""\u009f""#)
        // Long runs are copied whole, around escapes anywhere.
        let long = String(repeating: "ab한", count: 1000)
        #expect(string(long + "\"" + long) == "\"" + long + "\\\"" + long + "\"")
    }

    @Test func secondsAreShortestWithAtMostSixDecimals() {
        #expect(seconds(0) == "0.0")
        #expect(seconds(1_500_000_000) == "1.5")
        #expect(seconds(40_000_000) == "0.04")
        #expect(seconds(12_000_001_000) == "12.000001")
        #expect(seconds(3_000_000_000) == "3.0")
        #expect(seconds(499) == "0.0" && seconds(500) == "0.000001")
        #expect(seconds(-250_000_000) == "-0.25")
        #expect(seconds(359_999_999_999_000) == "359999.999999")
        #expect(seconds(Nanoseconds.max / 2) == "4611686018.427388")
    }

    /// Every one of the million fractions of a second, against the six digits padded and trimmed by
    /// hand (the decimals are written from tables: whole milliseconds apart from the rest).
    @Test func everyMicrosecondOfASecond() {
        for micros in 0..<1_000_000 {
            var digits = String(micros)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            while digits.count > 1 && digits.hasSuffix("0") { digits.removeLast() }
            let ns = Nanoseconds(micros) * 1000
            if seconds(ns) != "0.\(digits)" || seconds(7_000_000_000 + ns) != "7.\(digits)" {
                Issue.record("\(micros) µs: \(seconds(ns)), \(seconds(7_000_000_000 + ns)), not 0.\(digits)")
                return
            }
        }
    }

    /// Times written one after another, reusing the last one's whole seconds (a line per grapheme),
    /// each as it is written alone: within a second, across one, back across one, too large to reuse.
    @Test func secondsReusingTheLastWholeSecondsAreAsAlone() {
        var last = JSONWriter.WholeSeconds()
        var room = [UInt8](repeating: 0, count: 64)
        let times: [Nanoseconds] = [0, 40_000_000, 999_999_499, 999_999_500, 1_000_000_000, 1_040_000_000, 7_500_000_000,
                                    6_500_000_000, 6_999_999_999, 10_000_000_000_000_000, 7_000_000_001, -5, 12_345_678_901, 12_345_678_901]
        for ns in times {
            let reused = room.withUnsafeMutableBufferPointer { room in
                var writer = JSONWriter(position: room.baseAddress!)
                writer.seconds(ns, reusing: &last)
                return String(decoding: UnsafeBufferPointer(start: room.baseAddress!, count: writer.position - room.baseAddress!), as: UTF8.self)
            }
            #expect(reused == seconds(ns), "\(ns) ns")
        }
    }

    /// Whole seconds and milliseconds of every size, against Swift's own formatting of the integers.
    @Test func wholeSecondsAndMillisecondsOfEverySize() {
        func millis(_ ns: Nanoseconds) -> String {
            var out: [UInt8] = []
            JSON.appendMilliseconds(ns, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        var wholes = Array(stride(from: 0, to: 1_100_000, by: 7)) + [9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000,
                                                                   999_999, 1_000_000, 10_000_000, 9_223_372_036]
        wholes += (1...18).map { p in (0..<p).reduce(1) { r, _ in r * 10 } }
        for whole in wholes where whole <= 9_223_372_036 {
            #expect(seconds(Nanoseconds(whole) * 1_000_000_000) == "\(whole).0")
            let ms = whole % 1000
            let expected = "\(whole).\(ms < 10 ? "00" : ms < 100 ? "0" : "")\(ms)"
            #expect(millis(Nanoseconds(whole) * 1_000_000_000 + Nanoseconds(ms) * 1_000_000) == expected)
            #expect(millis(-(Nanoseconds(whole) * 1_000_000_000 + Nanoseconds(ms) * 1_000_000)) == (whole == 0 && ms == 0 ? "" : "-") + expected)
        }
    }

    /// `-o json` writes a run of times reusing their whole seconds' digits: the same text as one at a
    /// time, whatever the order (effects go back and forth), across rounding to the next second, past
    /// the reused digits' limit and below zero.
    @Test func aRunOfTimesReadsAsEachAlone() {
        var times: [Nanoseconds] = [0, 40_000_000, 999_999_499, 999_999_500, 1_000_000_000, 9_999_999_500, 10_000_000_000,
                                    99_999_999_999, 100_000_000_000, 9_999_999_000_000_000, 10_000_000_000_000_000, 5, -5, -1_500_000_000, 3_000_000_000]
        var generator = SplitMix64(seed: 3)
        for _ in 0..<5000 { times.append(Nanoseconds(generator.next() % 200_000_000_000) - 1_000_000_000) }
        for _ in 0..<500 { times.append(Nanoseconds(generator.next() % (1 << 62))) }
        var out: [UInt8] = []
        out.append(upTo: times.count * (JSONWriter.secondsBound + 1)) { writer in
            var whole = JSONWriter.WholeSeconds()
            for time in times {
                writer.seconds(time, reusing: &whole)
                writer.byte(0x20)
            }
        }
        #expect(String(decoding: out, as: UTF8.self) == times.map { seconds($0) + " " }.joined())
    }

    /// Escapes are found eight bytes at a time: at every position of a word, and a C1 control or
    /// an ordinary C2 character whose two bytes straddle two words.
    /// A recording's lines for frames written at once (`write(frames:…)`, a typewriter's steps) are
    /// those of each frame written alone: ends between characters or inside one (each frame then
    /// decoded alone), instants stamped late, frames with no bytes.
    @Test func framesRecordedAtOnceAreLinesAsIfEachWereWrittenAlone() throws {
        let text = Array("ab 한글 👍🏽\n\"q\"\\\u{1B}[0m x\u{85}é e\u{301} 👨‍👩‍👧 .".utf8)
        func lines(_ write: (CastRecorder) throws -> Void) throws -> [[UInt8]] {
            let sink = MemorySink()
            let recorder = try CastRecorder(sink: sink, width: 80, height: 24, origin: 1_000, environment: [:])
            try write(recorder)
            try recorder.flush()
            // Bytes (text would hide invalid UTF-8); the header holds the clock's time.
            return sink.bytes.split(separator: 0x0A).dropFirst().map(Array.init)
        }
        let boundaries = text.indices.filter { text[$0] & 0xC0 != 0x80 }.dropFirst() + [text.count]
        let hangul = text.firstIndex(of: 0xED)!
        let clusters = String(decoding: text, as: UTF8.self).reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.utf8.count) }
        let cases: [(String, [Int], [Nanoseconds])] = [
            ("every character", Array(boundaries), boundaries.indices.map { Nanoseconds($0) * 40_000_000 }),
            ("every cluster", clusters, clusters.indices.map { Nanoseconds($0) * 40_000_000 }),
            ("cut inside a character", [2, hangul + 1, hangul + 5, text.count], [0, 40_000_000, 80_000_000, 1_600_000_000]),
            ("a late instant, an empty frame", [3, 3, 10, text.count], [2_500_000_000, 2_600_000_000, 1_000_000_000, 3_000_001_000]),
        ]
        for (name, ends, instants) in cases {
            let frames = zip(ends, instants).map { (end: $0, instant: $1) }
            let atOnce = try lines { recorder in
                try text.withUnsafeBytes { bytes in try frames.withUnsafeBufferPointer { try recorder.write(frames: bytes, from: 0, $0) } }
            }
            let alone = try lines { recorder in
                var from = 0
                for frame in frames {
                    if frame.end > from { try recorder.write(Array(text[from..<frame.end]), at: frame.instant) }
                    from = frame.end
                }
            }
            #expect(atOnce == alone, "\(name)")
            #expect(atOnce.count == frames.count - (name.contains("empty") ? 1 : 0), "\(name)")
        }
    }

    @Test func escapesAreFoundAtEveryPositionOfAWord() {
        for position in 0..<17 {
            let before = String(repeating: "a", count: position)
            for (raw, escaped) in [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1B}", "\\u001b"), ("\u{7F}", "\\u007f"),
                                   ("\u{85}", "\\u0085"), ("©", "©")] {
                #expect(string(before + raw + "bcdefghij") == "\"" + before + escaped + "bcdefghij\"", "\(position) \(escaped)")
            }
        }
    }

    @Test func millisecondsHaveThreeDecimalsRounded() {
        func millis(_ ns: Nanoseconds) -> String {
            var out: [UInt8] = []
            JSON.appendMilliseconds(ns, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(millis(0) == "0.000")
        #expect(millis(1_500_000_000) == "1.500")
        #expect(millis(499_999) == "0.000" && millis(500_000) == "0.001")
        #expect(millis(-40_000_000) == "-0.040")
        #expect(millis(3_599_999_000_000) == "3599.999")
        #expect(millis(12_345_678_901_234) == "12345.679")
    }

    @Test func manyAppendsGrowTheBufferGeometrically() {
        var out: [UInt8] = []
        var capacities = Set<Int>()
        for k in 0..<100_000 { JSON.appendSeconds(Nanoseconds(k) * 1_000_000, to: &out); capacities.insert(out.capacity) }
        #expect(capacities.count < 40, "reallocated \(capacities.count) times")
        #expect(String(decoding: out.suffix(6), as: UTF8.self) == "99.999")
    }
}
