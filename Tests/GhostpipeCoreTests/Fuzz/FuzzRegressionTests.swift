import Testing
@testable import GhostpipeCore
import TestSupport

/// Inputs the libFuzzer targets in Scripts/fuzz/ found (run them with `Scripts/fuzz.sh`), kept as
/// byte arrays, with the behaviour that is right for them. One test per crash or failed property.
@Suite struct FuzzRegressions {

    static func sanitize(_ bytes: [UInt8]) -> [UInt8] {
        var sanitizer = TerminalSanitizer()
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out) }
        return out
    }

    /// The same argv split the `arguments` target does: byte 0–2 describe the surroundings, the rest
    /// is NUL-separated arguments.
    static func argv(_ input: [UInt8]) -> [String] {
        input.dropFirst(3).split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: decode target

    /// decode: ESC followed by a non-ASCII character. The sanitizer's escape state dropped the
    /// character's lead byte only, so its continuation bytes reached the terminal on their own
    /// (invalid UTF-8). Found through ISO-2022-JP, whose decoder passes an unknown `ESC [` through.
    @Test func escapeBeforeNonASCIIKeepsTheCharacterWhole() throws {
        let found: [UInt8] = [0x0C, 0x1B, 0x24, 0x42, 0x1B, 0x5B, 0x6D, 0x24, 0x22, 0x24, 0x24, 0x1B, 0x28, 0x42, 0x78]
        let text = try TextDecoder.decode(Array(found.dropFirst()), encoding: "iso-2022-jp").text
        let out = Self.sanitize(Array(text.utf8))
        #expect(String(validating: out, as: UTF8.self) != nil, "\(out)")
        #expect(!out.contains(0x1B))

        // Minimized: the ESC goes, the character stays whole (two-, three- and four-byte ones).
        #expect(Self.sanitize([0x1B, 0xC3, 0xA9]) == Array("é".utf8))
        #expect(Self.sanitize([0x61, 0x1B, 0xE6, 0xAA, 0xAE, 0x62]) == Array("a檮b".utf8))
        #expect(Self.sanitize([0x1B, 0xF0, 0x9F, 0x91, 0x8B]) == Array("👋".utf8))
        // ESC then a C1 control written as UTF-8 (CSI): the CSI is still recognised and removed.
        #expect(Self.sanitize([0x1B, 0xC2, 0x9B, 0x32, 0x4A, 0x78]) == [0x78])
        // Split across two calls, as a stream delivers it.
        var sanitizer = TerminalSanitizer()
        var out2: [UInt8] = []
        [0x1B] .withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out2) }
        [0xC3, 0xA9].withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out2) }
        #expect(out2 == Array("é".utf8))
    }

    /// decode (slow unit, found by re-running the corpus with FUZZ_AMPLIFY): TerminalSanitizer and
    /// UTF8Cleaner reserved exactly `out.count + input.count` before each call, so appending many
    /// small chunks to one growing array reallocated and copied it every time (quadratic: 120 KB of
    /// Hangul in 3-byte reads took 1.3 s). Capacity must now grow geometrically.
    @Test func chunkedAppendsGrowTheOutputGeometrically() {
        let hangul: [UInt8] = [0xEA, 0xB0, 0x80]        // 가, one read each
        var sanitizer = TerminalSanitizer()
        var cleaner = UTF8Cleaner()
        var sanitized: [UInt8] = [], cleaned: [UInt8] = []
        var sanitizedGrowths = 0, cleanedGrowths = 0
        for _ in 0..<20_000 {
            let (s, c) = (sanitized.capacity, cleaned.capacity)
            hangul.withUnsafeBufferPointer {
                sanitizer.sanitize($0, into: &sanitized)
                cleaner.clean($0, into: &cleaned)
            }
            if sanitized.capacity != s { sanitizedGrowths += 1 }
            if cleaned.capacity != c { cleanedGrowths += 1 }
        }
        #expect(sanitized.count == 60_000 && cleaned.count == 60_000)
        #expect(sanitizedGrowths <= 40, "\(sanitizedGrowths) reallocations for 20,000 appends")
        #expect(cleanedGrowths <= 40, "\(cleanedGrowths) reallocations for 20,000 appends")
    }

    // MARK: arguments target

    /// arguments: `-d 9999999999…` multiplied eleven digits of seconds into nanoseconds and
    /// overflowed Int64 (a trap). Durations that do not fit are now a usage error.
    @Test func hugeDurationIsAUsageErrorNotACrash() {
        let found: [UInt8] = [0x01, 0x00, 0x00, 0x16, 0x00, 0x2D, 0x64, 0x39, 0x39, 0x39, 0x39, 0x39, 0x39, 0x39,
                              0x39, 0x39, 0x39, 0x39, 0xFF, 0xCC]
        #expect(throws: UsageError.self) { try ArgumentParser.parse(Self.argv(found)) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--duration", "99999999999"]) }

        #expect(Time.parseDuration("99999999999") == nil)
        #expect(Time.parseDuration("99999999999.5s") == nil)
        #expect(Time.parseDuration("999999999:999999999:0") == nil)     // the colon form
        #expect(Time.parseDuration("999999999:0:0") == nil)
        #expect(Time.parseDuration("5000000000s5000000000s") == nil)    // a sum of pairs
        #expect(Time.parseDuration("153722868m") == nil)                // minutes to nanoseconds
        // The largest durations that fit still parse.
        #expect(Time.parseDuration("9223372036") == 9_223_372_036 * Time.second)
        #expect(Time.parseDuration("-9223372036.854775807") == -9_223_372_036_854_775_807)
        #expect(Time.parseDuration("2562047:47:16.854775807") == 9_223_372_036_854_775_807)
        #expect(Time.parseDuration("2562047:47:16.854775808") == nil)
    }

    // MARK: ass, sami and lrc targets

    /// ass (streamed): a CR LF cut between two reads counted as two line ends, so the cues and
    /// messages after it named a line past the end of the file.
    @Test func aCRLFCutBetweenReadsEndsOneLine() {
        let stream = SubtitleStream(format: SubtitleFormat(named: "ass")!, name: "in", encoding: nil, isFile: false)
        let text = Array("[Events]\r\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,one\r\nDialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,two\r\n".utf8)
        let cut = text.firstIndex(of: 13).map { text[($0 + 1)...].firstIndex(of: 13)! + 1 }!
        var cues = text[..<cut].withUnsafeBufferPointer { stream.push($0) }.cues
        cues += text[cut...].withUnsafeBufferPointer { stream.push($0) }.cues
        cues += stream.finish().cues
        #expect(cues.map(\.plainText) == ["one", "two"] && cues.map(\.sourceLine) == [2, 3])
    }

    /// sami and lrc: the fuzz property "cues starting together keep their file order" asked for a
    /// later line; two classes of one SYNC (or one LRC line with the same time twice) share a line.
    @Test func cuesOfOneLineMayStartTogether() {
        let (cues, _) = sami("<SAMI><BODY><SYNC Start=1000><P Class=A>a<P Class=B>b")
        #expect(cues.map(\.sourceLine) == [1, 1] && cues.map(\.start) == [ms(1000), ms(1000)])
        let (twice, _) = lrc("[00:01.00][00:01.00]twice\n")
        #expect(twice.count == 2 && twice.map(\.sourceLine) == [1, 1])
    }
}

@Suite struct GlyphQueueGrowth {
    /// One cluster at a time (an interactive stream, or --duration reading everything first): the
    /// queue's arrays must grow geometrically, not be reallocated for every cluster (quadratic).
    @Test func manySmallBatchesGrowTheArraysGeometrically() {
        var queue = GlyphQueue()
        var pacer = Pacer(graphemesPerSecond: 100)
        var kindCapacities: Set<Int> = []
        var instantCapacities: Set<Int> = []
        for k in 0..<4000 {
            queue.append(GraphemeBatch(bytes: [0x61], ends: [1]), classify: true, measure: true)
            queue.schedule(upTo: k + 1, with: &pacer, ready: 0)
            kindCapacities.insert(queue.kinds.capacity)
            instantCapacities.insert(queue.instants.capacity)
        }
        #expect(kindCapacities.count < 40, "kinds reallocated \(kindCapacities.count) times")
        #expect(instantCapacities.count < 40, "instants reallocated \(instantCapacities.count) times")
    }

    // MARK: player target

    /// player: morph at 2 columns × 3 rows, the text arriving in pieces, erased the rows below it
    /// with ESC 7 / ESC 8 around ED (ANSI.eraseRowsBelowKeepingScrollback); the check of what may
    /// reach a terminal did not know that part of ghostpipe's own vocabulary. Every constant the
    /// renderer writes must pass it, and what it guards against must not.
    @Test func everySequenceTheRendererWritesIsInTheVocabulary() {
        for constant in [ANSI.hideCursor, ANSI.showCursor, ANSI.resetAttributes, ANSI.eraseToEndOfLine,
                         ANSI.eraseBelow, ANSI.eraseRowsBelowKeepingScrollback, ANSI.newline] {
            #expect(outsideVocabulary(constant).isEmpty, "\(String(decoding: constant, as: UTF8.self).debugDescription)")
        }
        for hostile in ["\u{1B}c", "\u{1B}]0;x\u{7}", "\u{1B}(0", "\u{1B}[2J", "\u{1B}[?1049h", "\u{1B}[5;1r", "\u{1B}"] {
            #expect(!outsideVocabulary(Array(hostile.utf8)).isEmpty, "\(hostile.debugDescription)")
        }
    }

    /// player: a resize after the input paused mid-word. The pause placed and showed the word's
    /// start; laying the row out again held it back as a word whose end is unknown, so graphemes on
    /// screen had no place (a crash), or the word would have moved. What was shown keeps its place.
    @Test(arguments: ["--cps", "--instant"])
    func aResizeAfterAPauseMidWordKeepsWhatWasShown(pace: String) throws {
        let arguments = pace == "--instant" ? ["--instant"] : ["--cps", "1000"]
        for effect in ["typewriter", "letters", "fade", "decrypt", "morph"] {
            let run = try VirtualRun(arguments + ["--effect", effect],
                                     bytes: [(0, Array("Families: 👨‍👩‍👧 and wor".utf8)), (4, Array("kers 가나다\n".utf8))],
                                     terminal: (20, 6), events: [(2, .resized(columns: 12, rows: 6))])
            // Every word whole, in order, wrapped at the new width.
            let rows = run.screen(columns: 12, rows: 6).transcript.filter { !$0.isEmpty }
            #expect(rows == ["Families: 👨‍👩‍👧", "and workers", "가나다"], "\(effect): \(rows)")
        }
    }

    /// player: json with a key pressed while it plays (json on a terminal reads keys). The key shows
    /// the rest at once, but the graphemes shown that way got no instant, and json reads each
    /// grapheme's instant: out of range. They show at the key's instant.
    @Test(arguments: [["-o", "json"], ["-o", "json", "--instant"]])
    func aKeyDuringJSONShowsTheRestAtTheKeysInstant(arguments: [String]) throws {
        let run = try VirtualRun(arguments + ["--cps", "10", "--no-pauses"],
                                 bytes: [(0, Array("abcdefghij".utf8)), (1, Array(" 한국어 👍🏽\n".utf8))],
                                 events: [(0.45, .key(.character(" ")))])
        let events = run.events
        #expect(events.map(\.text).joined() == "abcdefghij 한국어 👍🏽\n")
        if !arguments.contains("--instant") {
            #expect(events.prefix(5).map(\.time) == [0, 0.1, 0.2, 0.3, 0.4])
            #expect(events.dropFirst(5).prefix(5).allSatisfy { $0.time == 0.45 }, "\(events)")
            #expect(events.dropFirst(10).allSatisfy { $0.time == 1 }, "what came after the key shows as it comes: \(events)")
        }
    }

    /// player: --duration on a screen, a resize while a word waits for its end. The relayout held
    /// the word back again, so fewer graphemes were ready than the fitted schedule had counted, and
    /// counting the next ones started past the end (a crash).
    @Test func aResizeBeforeAFittedTextEndsCountsNothingTwice() throws {
        let run = try VirtualRun(["--duration", "3s"], bytes: [(0, Array("hello wor".utf8)), (2, Array("ld 한국어\n".utf8))],
                                 terminal: (20, 6), events: [(1, .resized(columns: 12, rows: 6))])
        let rows = run.screen(columns: 12, rows: 6).transcript.filter { !$0.isEmpty }
        #expect(rows == ["hello world", "한국어"], "\(rows)")
    }
}
