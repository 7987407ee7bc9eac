import Testing
@testable import GhostpipeCore

/// Splits `bytes` exactly as ghostpipe splits its input, reading it in the given chunk sizes.
func segmentLikeInput(_ bytes: [UInt8], chunks: [Int] = []) -> [[UInt8]] {
    var stream = GraphemeStream()
    var clusters: [[UInt8]] = []
    func collect(_ batch: GraphemeBatch) {
        for k in 0..<batch.count { clusters.append(Array(batch.bytes[batch.start(of: k)..<batch.ends[k]])) }
    }
    var offset = 0
    for size in chunks where offset < bytes.count {
        let end = min(bytes.count, offset + size)
        collect(stream.push(Array(bytes[offset..<end])))
        offset = end
    }
    if offset < bytes.count { collect(stream.push(Array(bytes[offset...]))) }
    collect(stream.finish())
    return clusters
}

func utf8(_ scalars: [UInt32]) -> [UInt8] {
    Array(String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init))).utf8)
}

@Suite struct GraphemeBreakConformance {
    struct Case: CustomStringConvertible {
        let line: Int
        let clusters: [[UInt32]]
        var description: String { "line \(line): " + clusters.map { $0.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") }.joined(separator: " ÷ ") }
    }

    static func cases(_ version: String) throws -> [Case] {
        let text = try UnicodeTestData.text("ucd-\(version)/auxiliary/GraphemeBreakTest.txt")
        var result: [Case] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard line.contains("÷") else { continue }
            var clusters: [[UInt32]] = [[]]
            for token in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": if !clusters[clusters.count - 1].isEmpty { clusters.append([]) }
                case "×": break
                default: clusters[clusters.count - 1].append(UInt32(token, radix: 16)!)
                }
            }
            if clusters.last?.isEmpty == true { clusters.removeLast() }
            result.append(Case(line: number + 1, clusters: clusters))
        }
        return result
    }

    /// Swift 6.3's known deviations (Tests/Data/unicode/README.md), by code points. Anything else fails.
    static let knownDeviations: [String: Set<[UInt32]>] = [
        // 17.0 removed pictographs such as U+2701 from Extended_Pictographic; Swift still joins them.
        "16.0.0": [[0x2701, 0x200D, 0x2701]],
        // Swift's GB9c knows only the six pre-17.0 Indic linkers (Myanmar, Balinese, Khmer conjuncts).
        "17.0.0": [
            [0x1004, 0x103A, 0x1039, 0x1011, 0x1039, 0x1011],
            [0x1019, 0x1039, 0x1018, 0x102C, 0x1037],
            [0x1795, 0x17D2, 0x17AF, 0x1798],
            [0x179F, 0x17D2, 0x178F, 0x17D2, 0x179A, 0x17B8],
            [0x17A0, 0x17D2, 0x17AB, 0x1791, 0x17D0, 0x1799],
            [0x1B12, 0x1B01, 0x1B32, 0x1B44, 0x1B2F, 0x1B32, 0x1B44, 0x1B22, 0x1B44, 0x1B2C, 0x1B32, 0x1B44, 0x1B22, 0x1B38],
            [0x1B26, 0x1B17, 0x1B44, 0x1B13],
            [0x1B27, 0x1B13, 0x1B44, 0x1B0B, 0x1B0B, 0x1B04],
        ],
    ]

    @Test(arguments: ["16.0.0", "17.0.0"])
    func everyLineThroughTheInputPath(version: String) throws {
        let cases = try Self.cases(version)
        #expect(cases.count > 700)
        var deviations: Set<[UInt32]> = []
        var testedWithSurrogates = 0
        for testCase in cases {
            let scalars = testCase.clusters.flatMap { $0 }
            guard scalars.allSatisfy({ Unicode.Scalar($0) != nil }) else { testedWithSurrogates += 1; continue }
            let bytes = utf8(scalars)
            let expected = testCase.clusters.map { utf8($0) }
            let whole = segmentLikeInput(bytes)
            if whole != expected { deviations.insert(scalars); continue }
            // The same clusters whatever the read boundaries: every single split point, and byte by byte.
            for split in 1..<max(1, bytes.count) {
                let got = segmentLikeInput(bytes, chunks: [split])
                #expect(got == expected, "\(testCase) split at byte \(split)")
            }
            #expect(segmentLikeInput(bytes, chunks: Array(repeating: 1, count: bytes.count)) == expected, "\(testCase) byte by byte")
        }
        let known = Self.knownDeviations[version] ?? []
        #expect(deviations.subtracting(known).isEmpty, "unexpected deviations: \(deviations.subtracting(known).map { $0.map { String($0, radix: 16) } })")
        #expect(known.subtracting(deviations).isEmpty, "deviations listed that no longer occur (update the list): \(known.subtracting(deviations))")
        #expect(testedWithSurrogates == 0)
    }
}

@Suite struct StreamingSegmentation {
    @Test func heldClusterWaitsForItsEnd() {
        var stream = GraphemeStream()
        // "e" may be followed by a combining accent: held until the next chunk decides.
        #expect(stream.push(Array("cafe".utf8)).count == 3)
        let next = stream.push(Array("\u{301} ok".utf8))
        #expect(next.count == 3)
        #expect(next.string(0) == "e\u{301}")
        #expect(stream.finish().count == 1)
    }

    @Test func familySplitAcrossReadsIsOneCluster() {
        let family = Array("👨‍👩‍👧".utf8)
        for split in 1..<family.count {
            let clusters = segmentLikeInput(family + [0x0A], chunks: [split])
            #expect(clusters == [family, [0x0A]], "split at \(split)")
        }
    }

    @Test func lineEndIsEmittedAtOnce() {
        var stream = GraphemeStream()
        let batch = stream.push(Array("hello\n".utf8))
        #expect(batch.count == 6)
        #expect(!stream.holdsPartialInput)
    }

    @Test func carriageReturnWaitsForLineFeed() {
        var stream = GraphemeStream()
        #expect(stream.push(Array("a\r".utf8)).count == 1)
        let batch = stream.push(Array("\nb".utf8))
        #expect(batch.count == 1)
        #expect(batch.string(0) == "\r\n")
    }

    @Test func pauseFlushesButNeverAfterAJoiner() {
        var stream = GraphemeStream()
        _ = stream.push(Array("hi 👨\u{200D}".utf8))
        #expect(stream.flushAfterPause().isEmpty)  // ends in ZWJ: more is coming
        let rest = stream.push(Array("👩".utf8))
        #expect(rest.isEmpty)
        let flushed = stream.flushAfterPause()
        #expect(flushed.count == 1)
        #expect(flushed.string(0) == "👨\u{200D}👩")
        #expect(!stream.holdsPartialInput)
    }

    @Test func partialUTF8SequenceIsNotFlushedByAPause() {
        var stream = GraphemeStream()
        let bytes = Array("한".utf8)
        _ = stream.push(Array(bytes[0..<2]))
        #expect(stream.flushAfterPause().isEmpty)
        _ = stream.push(Array(bytes[2...]))
        #expect(stream.finish().string(0) == "한")
    }

    /// Text with nothing to clean skips the sanitizer, but only when nothing is pending in it: a
    /// chunk that looks clean inside an escape sequence, after a held CR or backspace, is not text.
    @Test func cleanLookingChunksAfterSomethingPendingAreStillSanitized() {
        func sanitized(_ chunks: [String]) -> [String] {
            var stream = GraphemeStream(sanitizing: true)
            var batches = chunks.map { stream.push(Array($0.utf8)) }
            batches.append(stream.finish())
            return batches.flatMap { batch in (0..<batch.count).map { batch.string($0) } }
        }
        #expect(sanitized(["a\u{1B}]0;pw", "ned title", "\u{7}b"]) == ["a", "b"])
        #expect(sanitized(["a\u{1B}[3", "1", "mb"]) == ["a", "b"])
        #expect(sanitized(["a\r", "\nb"]) == ["a", "\n", "b"])
        #expect(sanitized(["X\u{8}", "X y"]) == ["X", "\u{8}", "X", " ", "y"])  // held across reads: a motion
        #expect(sanitized(["ok 한국어 👍🏽", "\n다음"]) == ["o", "k", " ", "한", "국", "어", " ", "👍🏽", "\n", "다", "음"])
    }

    /// Kept colours: a batch with no colour in effect carries no styles (all plain); one that has
    /// colour carries one per cluster; appending the two keeps every cluster's style.
    @Test func keptStylesAreOnePerClusterOrNoneAndAppendKeepsThem() {
        let red = Style(foreground: .palette(1))
        var stream = GraphemeStream(sanitizing: true, keepingStyles: true)
        // Each read ends with a line end, which is let through at once (nothing held).
        let plain = stream.push(Array("ab\n".utf8))
        #expect(plain.count == 3 && plain.styles.isEmpty)
        let coloured = stream.push(Array("\u{1B}[31m한x\u{1B}[0my\n".utf8))
        #expect(coloured.styles == [red, red, .plain, .plain])
        for (first, second) in [(plain, coloured), (coloured, plain)] {
            var joined = first
            joined.append(second)
            let expected = (first.styles.isEmpty ? Array(repeating: .plain, count: first.count) : first.styles)
                + (second.styles.isEmpty ? Array(repeating: .plain, count: second.count) : second.styles)
            #expect(joined.styles == expected)
            #expect(joined.prefix(4).styles == Array(expected.prefix(4)))
        }
        var nothing = plain
        nothing.append(plain)
        #expect(nothing.count == 6 && nothing.styles.isEmpty)
    }

    @Test func prependBeforeASCIIStaysTogether() {
        // U+0600 ARABIC NUMBER SIGN is Prepend: it joins the following digit (GB9b).
        let bytes = Array("x\u{600}1y".utf8)
        #expect(segmentLikeInput(bytes).map { String(decoding: $0, as: UTF8.self) } == ["x", "\u{600}1", "y"])
        for split in 1..<bytes.count {
            #expect(segmentLikeInput(bytes, chunks: [split]).count == 3)
        }
    }
}

/// `GraphemeSegmenter.knownCluster` decides most clusters without `String`: it must agree with
/// `String` (Swift's `Character`, whatever Unicode version its data has) on every scalar it claims.
@Suite struct KnownClusters {
    func swiftClusters(_ scalars: [UInt32]) -> [[UInt8]] {
        String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init))).map { Array($0.utf8) }
    }

    static func scalars(in predicate: (UInt32) -> Bool) -> [UInt32] {
        (0...0x1FFFF).compactMap { UInt32($0) }.filter { $0 < 0xD800 || $0 > 0xDFFF }.filter(predicate)
    }

    /// Every scalar of each class, in the patterns the fast path takes, each followed by what may
    /// or may not start a cluster (ASCII, a combining mark, a Hangul jamo V, a ZWJ, a Prepend).
    @Test func everyClaimedScalarAgreesWithString() {
        let pictographs = Self.scalars(in: GraphemeSegmenter.isPictographic)
        let letters = Self.scalars(in: GraphemeSegmenter.standsAlone)
        let extenders = Self.scalars(in: GraphemeSegmenter.isExtend)
        #expect(pictographs.count > 1000 && letters.count > 30000 && extenders.count == 120)
        let followers: [UInt32] = [0x61, 0x0A, 0x301, 0x1161, 0x11A8, 0x200D, 0x600, 0x1F1F0, 0xAC00, 0x1F600, 0x903]
        var checked = 0
        func check(_ scalars: [UInt32]) {
            let bytes = utf8(scalars)
            #expect(segmentLikeInput(bytes) == swiftClusters(scalars), "\(scalars.map { String($0, radix: 16) })")
            checked += 1
        }
        for s in pictographs {
            for f in followers { check([s, f, 0x61]) }
            check([s, 0x1F3FD, 0x200D, s, 0xFE0F, 0x61])
            check([0x1F468, 0x200D, s, 0x61])
        }
        for s in letters { check([s, 0x61]); check([s, s, 0x301, 0x62]) }
        for s in letters where s % 97 == 0 { for f in followers { check([s, f, 0x61]) } }
        for e in extenders { for base: UInt32 in [0x61, 0xAC00, 0x1F44D, 0x1F1F0] { check([base, e, 0x61]); check([base, e, e, 0xAC01]) } }
        #expect(checked > 50_000)
    }

    /// Random text from an alphabet of every kind the fast path meets and of the neighbours it must
    /// leave to `String`, read in random chunks: the same clusters as `String`.
    @Test func randomTextAgreesWithStringInAnyChunking() {
        let alphabet: [UInt32] = [0x61, 0x20, 0x0A, 0x0D, 0x09, 0xE9, 0x24F, 0xAC00, 0xD7A3, 0x4E00, 0x30A2,
                                  0x1F44D, 0x1F468, 0x1F469, 0x1F3FD, 0x200D, 0xFE0F, 0x20E3, 0x301, 0x1F1F0,
                                  0x1F1F7, 0x1100, 0x1161, 0x11A8, 0x600, 0x915, 0x94D, 0x903, 0x2764, 0x1F322]
        var generator = SplitMix64(seed: 29)
        for _ in 0..<3000 {
            let scalars = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let bytes = utf8(scalars)
            let expected = swiftClusters(scalars)
            #expect(segmentLikeInput(bytes) == expected, "\(scalars.map { String($0, radix: 16) })")
            let size = 1 + Int(generator.next() % 7)
            #expect(segmentLikeInput(bytes, chunks: Array(repeating: size, count: bytes.count)) == expected,
                    "\(scalars.map { String($0, radix: 16) }) in chunks of \(size)")
        }
    }
}

@Suite struct UTF8Cleaning {
    func clean(_ bytes: [UInt8], chunk: Int? = nil) -> [UInt8] {
        var cleaner = UTF8Cleaner()
        var out: [UInt8] = []
        let size = chunk ?? max(1, bytes.count)
        var i = 0
        while i < bytes.count {
            let piece = Array(bytes[i..<min(bytes.count, i + size)])
            piece.withUnsafeBufferPointer { cleaner.clean($0, into: &out) }
            i += size
        }
        cleaner.finish(into: &out)
        return out
    }

    @Test func validPassesThroughByteForByteInAnyChunking() {
        let text = Array("plain ASCII, café, 한국어, 👨‍👩‍👧, \u{10FFFF}\u{0}\r\n".utf8)
        for size in 1...7 { #expect(clean(text, chunk: size) == text) }
    }

    @Test(arguments: [
        ([0x80] as [UInt8], "\u{FFFD}"),                       // stray continuation
        ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),                     // overlong '/'
        ([0xE0, 0x80, 0xAF], "\u{FFFD}\u{FFFD}\u{FFFD}"),       // overlong, 3 bytes
        ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),       // lone surrogate U+D800
        ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),  // above U+10FFFF
        ([0xE2, 0x82], "\u{FFFD}"),                             // truncated at end of input
        ([0xE2, 0x82, 0x41], "\u{FFFD}A"),                      // truncated then ASCII
        ([0x41, 0xFF, 0x42], "A\u{FFFD}B"),
    ] as [([UInt8], String)])
    func illFormedBecomesReplacement(_ bytes: [UInt8], _ expected: String) {
        let swift = String(decoding: bytes, as: UTF8.self)
        #expect(swift == expected)  // the same maximal-subpart rule as Swift's own decoder
        for size in 1...4 {
            #expect(String(decoding: clean(bytes, chunk: size), as: UTF8.self) == expected, "chunk \(size)")
        }
    }

    /// Plain output to a pipe must be the input byte for byte: in preserving mode ill-formed bytes
    /// travel as markers and come back exactly, in any chunking, with real plane-16 private-use
    /// characters (the markers' own range) escaped so the round trip holds for any input.
    @Test func preservingModeRoundTripsAnyBytesInAnyChunking() {
        func preserved(_ bytes: [UInt8], chunk: Int) -> [UInt8] {
            var cleaner = UTF8Cleaner(preservingInvalid: true)
            var out: [UInt8] = []
            var i = 0
            while i < bytes.count {
                Array(bytes[i..<min(bytes.count, i + chunk)]).withUnsafeBufferPointer { cleaner.clean($0, into: &out) }
                i += chunk
            }
            cleaner.finish(into: &out)
            return out
        }
        var random = SystemRandomNumberGenerator()
        var samples: [[UInt8]] = [
            [0x41, 0xFF, 0xFE, 0x42], [0xE2, 0x82], [0xE2, 0x82, 0x41], [0xC0, 0xAF], [0xED, 0xA0, 0x80],
            Array("\u{10FF80}\u{10FFFF}\u{10FF7F}\u{10FFFD}".utf8) + [0xF4, 0x8F, 0xBF], Array("한국어 👍🏽".utf8) + [0xF0, 0x9F],
        ]
        for _ in 0..<300 { samples.append((0..<Int.random(in: 0..<40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }) }
        for bytes in samples {
            for size in [1, 2, 3, 5, 64] {
                let out = preserved(bytes, chunk: size)
                #expect(String(validating: out, as: UTF8.self) != nil, "markers are well-formed UTF-8")
                #expect(out.withUnsafeBufferPointer { UTF8Cleaner.restoreInvalid($0) } == bytes, "\(bytes) in chunks of \(size)")
            }
        }
        // Valid text outside the markers' range is untouched.
        let text = Array("plain, café, 한국어, 👨‍👩‍👧, \u{10FF7F}".utf8)
        #expect(preserved(text, chunk: 3) == text)
    }

    @Test func randomBytesMatchSwiftsDecoderInAnyChunking() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let length = Int(generator.next() % 24)
            let bytes = (0..<length).map { _ -> UInt8 in
                let r = generator.next()
                return r % 3 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : [0x41, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xED, 0xA0][Int(r >> 16) % 12]
            }
            let expected = Array(String(decoding: bytes, as: UTF8.self).utf8)
            let size = 1 + Int(generator.next() % 5)
            #expect(clean(bytes, chunk: size) == expected, "\(bytes) chunk \(size)")
        }
    }
}
