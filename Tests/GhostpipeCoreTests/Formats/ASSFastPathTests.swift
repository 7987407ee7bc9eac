import Testing
@testable import GhostpipeCore

/// The ASS parser's word-at-a-time paths against the general rules they shortcut, on random inputs
/// built from the bytes that matter: the same answer, or (for a fast path that may decline) none.
@Suite struct ASSFastPaths {
    static func pick<T>(_ choices: [T], _ random: inout SplitMix64) -> T {
        choices[Int(random.next() % UInt64(choices.count))]
    }

    @Test func canonicalTimesReadAsTheGeneralRuleReadsThem() {
        var random = SplitMix64(seed: 141)
        // Bytes that a time's bytes could be instead: digits at either side of the limits, the
        // separators of the other places, and bytes whose difference from '0' wraps or carries.
        let strays: [UInt8] = Array("0123456789:.,; x/".utf8) + [0x00, 0x2F, 0x3A, 0x7F, 0xC3, 0xF9, 0xFA, 0xFF]
        var taken = 0, declined = 0
        for _ in 0..<40_000 {
            var time = Array(Self.pick(["0:00:00.00", "1:23:45.67", "9:59:59.99", "12:34:56.78", "99:05:50.05", "0:5:5.5",
                                        "123:00:00.00", "1:00:00.000"], &random).utf8)
            for _ in 0..<Int(random.next() % 3) {
                let at = Int(random.next() % UInt64(time.count))
                switch random.next() % 8 {
                case 0: time.remove(at: at)
                case 1: time.insert(Self.pick(strays, &random), at: at)
                case 2: time[at] = UInt8(truncatingIfNeeded: random.next())
                default: time[at] = Self.pick(strays, &random)
                }
            }
            time.withUnsafeBufferPointer { b in
                guard let p = b.baseAddress else { return }
                let general = ASSParser.anyTime(p, 0, b.count)
                if let fast = ASSParser.canonicalTime(p, 0, b.count) {
                    taken += 1
                    #expect(fast == general, "\(String(decoding: time, as: UTF8.self).debugDescription)")
                } else if general != nil, b.count >= 10 {
                    declined += 1
                }
                #expect(ASSParser.parseTime(p, 0, b.count) == general)
            }
        }
        #expect(taken > 5_000, "the fast path was tried on too few canonical times")
        #expect(declined > 100, "too few times that only the general rule reads")
    }

    @Test func eventFieldsAreFoundAsSplittingAtCommasFindsThem() {
        var random = SplitMix64(seed: 142)
        let pieces = [",", ",", ",", " ", "\t", "0", "Default", "0:00:01.00", "é", "한", "abcdefghij", "{\\k5}", ",,,,"]
        var read = 0
        for _ in 0..<20_000 {
            // Long enough now and then for many words of fields.
            let line = Array((0..<Int(random.next() % 24)).map { _ in Self.pick(pieces, &random) }.joined().utf8)
            var format = ASSParser.EventFormat()
            format.text = Int(random.next() % 11)
            format.start = Int(random.next() % 11)
            format.end = Int(random.next() % 11)
            format.style = Int(random.next() % 12) - 1
            // The general rule: split at the first `text` commas, trim spaces and tabs.
            var commas: [Int] = []
            for (k, byte) in line.enumerated() where byte == 44 && commas.count < format.text { commas.append(k) }
            let expected: (start: (Int, Int), end: (Int, Int), style: (Int, Int), text: Int)?
            if commas.count < format.text {
                expected = nil
            } else {
                func field(_ i: Int) -> (Int, Int) {
                    var a = i == 0 ? 0 : commas[i - 1] + 1, b = commas[i]
                    while a < b, line[a] == 32 || line[a] == 9 { a += 1 }
                    while b > a, line[b - 1] == 32 || line[b - 1] == 9 { b -= 1 }
                    return (a, b)
                }
                let (s, e, st) = (format.start, format.end, format.style)
                expected = (s < format.text ? field(s) : (0, 0),
                            e < format.text && e != s ? field(e) : (0, 0),
                            st >= 0 && st < format.text && st != s && st != e ? field(st) : (0, 0),
                            format.text == 0 ? 0 : commas[format.text - 1] + 1)
            }
            line.withUnsafeBufferPointer { b in
                // A base address even for an empty line, as the parser always has one.
                let p = b.baseAddress ?? UnsafePointer(bitPattern: 8)!
                let found = ASSParser.readEvent(p, 0, b.count, format)
                let described = "\(String(decoding: line, as: UTF8.self).debugDescription) \(format)"
                guard let found, let expected else {
                    #expect(found == nil && expected == nil, "\(described)")
                    return
                }
                read += 1
                // A field not found (or taken already by the start or end) is an empty range.
                #expect(found.text == expected.text && found.start == expected.start && found.end == expected.end
                        && found.style == expected.style, "\(described)")
            }
        }
        #expect(read > 5_000, "too few lines had all their fields")
    }

    @Test func drawingsAreFoundAsTheByteByByteRuleFindsThem() {
        var random = SplitMix64(seed: 143)
        let pieces = ["a", " ", "\\p1", "\\p0", "\\p", "\\", "p", "1", "{", "}", "\\N", "한", "\\p9", "\\pa", "{\\k20}", "abcdefg"]
        var drawings = 0
        for _ in 0..<20_000 {
            let text = Array((0..<Int(random.next() % 12)).map { _ in Self.pick(pieces, &random) }.joined().utf8)
            text.withUnsafeBufferPointer { b in
                guard let p = b.baseAddress else { return }
                // Every start, so that a tag meets every place in a word and the last, overlapping one.
                for start in 0..<b.count {
                    let general = ASSParser.drawingTag(p, start, b.count)
                    if general { drawings += 1 }
                    #expect(ASSParser.hasDrawing(p, start, b.count) == general,
                            "\(String(decoding: text[start...], as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(drawings > 10_000, "too few texts with a drawing")
    }

    @Test func textsWithEscapesAndNoBlocksReadAsTheReaderReadsThem() {
        var random = SplitMix64(seed: 144)
        let pieces = ["a", " ", "한", "é", "\\N", "\\n", "\\h", "\\", "\\\\", "N", "n", "h", "\\x", "\\i1", "\n", "{", "}"]
        var taken = 0
        for _ in 0..<10_000 {
            let text = Array((0..<Int(random.next() % 10)).map { _ in Self.pick(pieces, &random) }.joined().utf8)
            var script = ASSScript()
            script.wrapStyle = Int(random.next() % 4)
            var style = ASSStyle()
            style.alignment = Int(random.next() % 9) + 1
            style.italic = random.next() % 2 == 0
            text.withUnsafeBufferPointer { b in
                let general = ASSText.readResult(b, style: style, script: script, start: 0, length: Time.second)
                guard let fast = ASSText.plainResult(b, style: style, wrapStyle: script.wrapStyle) else { return }
                taken += 1
                #expect(fast.runs == general.runs && fast.placement == general.placement,
                        "\(String(decoding: text, as: UTF8.self).debugDescription) wrap style \(script.wrapStyle)")
            }
        }
        #expect(taken > 3_000, "the fast path was tried on too few texts")
    }

    @Test func usualKaraokeLinesReadAsTheReaderReadsThem() {
        var random = SplitMix64(seed: 145)
        let usual = ["{\\k10}", "{\\k0}", "{\\k0}", "{\\ko5}", "{\\k25}", "{\\k999999999}", "ka", "ra", "o", " ", "한",
                     "é\u{301}", "}", "a}"]
        // What the fast path must leave to the reader, now and then.
        let unusual = ["{\\k1234567890}", "{\\kf10}", "{\\K5}", "{\\kt5}", "{\\k}", "{\\k 5}", "{\\k-5}", "{\\k5\\i1}",
                       "{\\i1}", "{\\k5", "{}", "{", "\\N", "\\", "a{b"]
        var lookalike = ASSStyle(); lookalike.secondary = lookalike.primary                  // the same colour: dimmed before
        var unsung = ASSStyle(); unsung.secondary.alpha = 0xFF; unsung.italic = true; unsung.alignment = 7   // hidden before
        var hidden = ASSStyle(); hidden.primary.alpha = 0xFF
        let styles = [ASSStyle(), lookalike, unsung, hidden]
        var taken = 0
        for _ in 0..<20_000 {
            let text = Array((0..<Int(random.next() % 9)).map { _ in
                Self.pick(random.next() % 16 == 0 ? unusual : usual, &random)
            }.joined().utf8)
            let style = Self.pick(styles, &random)
            let start = Nanoseconds(random.next() % 100) * Time.second
            text.withUnsafeBufferPointer { b in
                let general = ASSText.readResult(b, style: style, script: ASSScript(), start: start, length: Time.second)
                guard let fast = ASSText.karaokeResult(b, style: style, start: start) else { return }
                taken += 1
                #expect(fast.runs == general.runs && fast.placement == general.placement
                        && fast.fadeIn == general.fadeIn && fast.fadeOut == general.fadeOut,
                        "\(String(decoding: text, as: UTF8.self).debugDescription)")
            }
        }
        #expect(taken > 8_000, "the fast path was tried on too few karaoke lines")
    }
}
