import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

@Suite struct PlainOutput {
    /// Random valid UTF-8 with everything awkward: CR LF, lone CR, BOM, NUL, escapes, emoji, marks.
    static func awkwardText(seed: UInt64, length: Int) -> String {
        var random = SplitMix64(seed: seed)
        let pieces = ["a", "b", " ", "\n", "\r\n", "\r", "\u{FEFF}", "\u{0}", "\u{1B}[31m", "\t", "é", "e\u{301}",
                      "한", "\u{1100}\u{1161}", "👨‍👩‍👧", "🇰🇷", "👍🏽", "#️⃣", ". ", "…", "。", "\u{200D}", "\u{85}"]
        return (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test(arguments: 0..<20)
    func instantPlainIsTheInputByteForByteWhateverTheReads(seed: Int) throws {
        let text = Self.awkwardText(seed: UInt64(seed), length: 300)
        let bytes = Array(text.utf8)
        // Cut into reads of random sizes, arriving at once.
        var random = SplitMix64(seed: UInt64(seed) + 100)
        var i = 0
        var pieces: [[UInt8]] = []
        while i < bytes.count {
            let n = 1 + Int(random.next() % 17)
            pieces.append(Array(bytes[i..<min(bytes.count, i + n)]))
            i += n
        }
        let source = ScriptedInput(pieces.map { (0, $0) })
        let output = MemorySink()
        let session = try Session(options: try ArgumentParser.parse(["--instant"]),
                                  surroundings: Surroundings(stdoutIsTerminal: false, terminalSize: nil, environment: [:]))
        try Playback.run(session.showSettings, output: try session.output(stdout: output, recording: nil, origin: 0), input: source)
        #expect(output.bytes == bytes)
    }

    @Test func pacedPlainWritesGraphemesWholeAtTheirInstants() throws {
        let run = try VirtualRun(["--cps", "10", "--no-pauses", "-o", "plain"], text: "a👨‍👩‍👧\r\nb")
        #expect(run.output.writes.map { String(decoding: $0.bytes, as: UTF8.self) } == ["a", "👨‍👩‍👧", "\r\n", "b"])
        #expect(run.output.writes.map(\.instant) == [0, 100_000_000, 200_000_000, 300_000_000])
    }
}

@Suite struct Recording {
    struct Cast {
        var header: [String: Any]
        var events: [(time: Double, kind: String, data: String)]
    }

    func parse(_ text: String) throws -> Cast {
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        var events: [(Double, String, String)] = []
        for line in lines.dropFirst() {
            let array = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(array.count == 3)
            events.append(((array[0] as! NSNumber).doubleValue, array[1] as! String, array[2] as! String))
        }
        return Cast(header: header, events: events)
    }

    @Test func castHasAHeaderMonotonicTimesAndTheTerminalOutput() throws {
        let text = "Hello, world.\nSecond 한국어 👨‍👩‍👧 line\n"
        let run = try VirtualRun(["--instant", "-o", "cast", "--width", "20", "--height", "6", "--cps", "20"], text: text)
        let cast = try parse(run.output.text)
        #expect(cast.header["version"] as? Int == 2)
        #expect(cast.header["width"] as? Int == 20)
        #expect(cast.header["height"] as? Int == 6)
        #expect(cast.header["timestamp"] is NSNumber)
        #expect(!cast.events.isEmpty && cast.events.allSatisfy { $0.kind == "o" })
        let times = cast.events.map(\.time)
        #expect(times == times.sorted())
        // Exact timeline instants, even though --instant waited for nothing: 20 cps, pauses included.
        #expect(times.first == 0)
        #expect(times.contains(0.05))
        // Replaying the recorded output gives the text, wrapped at 20 columns.
        var model = ScreenModel(width: 20, height: 6)
        model.feed(cast.events.map(\.data).joined())
        #expect(model.transcript == expectedWrap(text, width: 20))
        #expect(model.cursorVisible)
    }

    @Test func aRecordingAlongsideTheTerminalGetsTheSameBytes() throws {
        let clock = VirtualClock()
        let terminal = MemorySink()
        let file = MemorySink()
        let session = try Session(options: try ArgumentParser.parse(["--record", "x.cast", "--cps", "50"]),
                                  surroundings: Surroundings(stdoutIsTerminal: true, terminalSize: (30, 8), environment: ["TERM": "xterm"]))
        try Playback.run(session.showSettings, output: try session.output(stdout: terminal, recording: file, origin: 0),
                         input: ScriptedInput("Recorded and shown.\n"), clock: clock)
        let cast = try parse(file.text)
        #expect(cast.header["width"] as? Int == 30)
        #expect(cast.events.map(\.data).joined() == terminal.text)
    }

    @Test func jsonIsOneObjectPerGraphemeWithEscapedText() throws {
        let run = try VirtualRun(["--instant", "-o", "json", "--cps", "4", "--no-pauses"], text: "\"\\\t\u{1B}👍🏽")
        let lines = run.output.text.split(separator: "\n").map(String.init)
        // Escape sequences and control characters of the input are not graphemes (an ESC alone
        // starts one).
        #expect(lines == [
            #"{"time":0.0,"text":"\""}"#, #"{"time":0.25,"text":"\\"}"#, #"{"time":0.5,"text":"\t"}"#,
            #"{"time":0.75,"text":"👍🏽"}"#,
        ])
    }

    /// `--instant` json walks the same timeline as a paced run, but sends what is scheduled ahead
    /// of the virtual clock in a few large writes: the same lines, for text and for cues.
    @Test func instantJSONIsThePacedJSONInAFewWrites() throws {
        let text = String(repeating: "Ghost typing 한국어 👍🏽, a line.\n", count: 400)
        var srt = ""
        for k in 0..<300 { srt += "\(k + 1)\n00:00:\(String(format: "%02d", k / 10)),\(String(format: "%03d", k % 10 * 100)) --> 00:00:\(String(format: "%02d", k / 10)),\(String(format: "%03d", k % 10 * 100 + 90))\nCue \(k) <i>한</i>\n\n" }
        for input in [[(0.0, text)], [(0.0, srt)]] {
            let paced = try VirtualRun(["-o", "json", "--cps", "500"], input: input)
            let instant = try VirtualRun(["--instant", "-o", "json", "--cps", "500"], input: input)
            #expect(instant.output.text == paced.output.text)
            #expect(!instant.output.text.isEmpty)
            #expect(instant.output.writes.count < 10, "\(instant.output.writes.count) writes")
        }
    }

    /// `--instant` to a text output writes most cues straight from the file's bytes, without
    /// building them (`CuePlayback.sendAhead`): every kind of cue text must come out as the built
    /// cue's does in a paced run — markup, references, placement tags, CR LF, trailing spaces, tabs,
    /// escape sequences, C0 and C1 controls, DEL, U+00A9, an empty cue — with the input cut anywhere.
    @Test func instantCuesWrittenFromTheFileAreTheBuiltCues() throws {
        let texts = [
            "Plain line", "Two lines\nof 한국어 👍🏽", "<i>italic</i> and <b>bold</b>", "Tom &amp; Jerry &lt;3 &#233;",
            "{\\an8}On top", "Trailing spaces   \nhere ", "Tab\tinside", "Tab at end\t",
            "Escape \u{1B}[31mred\u{1B}[0m", "C1 \u{85}next \u{9B}2J", "DEL \u{7F}x", "Copyright © 2026",
            "<i></i>", "Ends with a break<br>", "Lone\rCR", "NUL \u{0}x", "&#27;[2J by reference",
            "Quote \" and backslash \\\\", "  leading spaces", "a < b > c", "<font color=red>red</font>",
            "A longer line whose quote comes near its end, past eight bytes: \"yes\"",
            "<font color=\"#00ffff\"><b>Nested</b> font</font> and <x>unknown</x> tags, then &amp; more text after them",
            "Two longer lines of 한국어 텍스트 and words\nthe second with a tab\tinside it, then more",
        ]
        func stamp(_ ms: Int) -> String { String(format: "00:00:%02d,%03d", ms / 1000, ms % 1000) }
        var srt = ""
        for (k, text) in texts.flatMap({ [($0, "\n"), ($0, "\r\n")] }).enumerated() {
            let (body, newline) = (text.0.replacingOccurrences(of: "\n", with: text.1), text.1)
            srt += "\(k + 1)\(newline)\(stamp(500 * k)) --> \(stamp(500 * k + 400))\(newline)\(body)\(newline)\(newline)"
        }
        let bytes = Array(srt.utf8)
        for cut in [bytes.count / 3, bytes.count / 2 + 7] {
            let input: [(at: Double, bytes: [UInt8])] = [(0, Array(bytes[..<cut])), (0.1, Array(bytes[cut...]))]
            for output in ["json", "plain"] {
                let paced = try VirtualRun(["-o", output], bytes: input)
                let instant = try VirtualRun(["--instant", "-o", output], bytes: input)
                #expect(instant.output.text == paced.output.text, "\(output), cut at \(cut)")
                #expect(paced.output.text.contains("Copyright © 2026") && paced.output.text.contains("한국어 👍🏽"))
            }
        }
    }

    /// `--start`: a cue over before the start position is not written to a text output, whether it
    /// came in the first part of the input or a later one (it was, from a later part: a stream, or a
    /// file read in parts).
    @Test func cuesOverBeforeTheStartAreNotWrittenFromLaterPartsEither() throws {
        let srt = "1\n00:00:01,000 --> 00:00:01,500\nOne\n\n2\n00:00:02,000 --> 00:00:02,500\nTwo\n\n"
            + "3\n00:00:06,000 --> 00:00:07,000\nSix\n\n4\n00:00:08,000 --> 00:00:09,000\nEight\n"
        // Cut inside the second cue: it, and the third, come in the later part.
        let cut = srt.range(of: "Two")!.lowerBound
        let input = [(at: 0.0, text: String(srt[..<cut])), (at: 0.1, text: String(srt[cut...]))]
        for arguments in [["--instant", "-o", "json"], ["-o", "json"], ["--instant", "-o", "plain"], ["-o", "plain"]] {
            let run = try VirtualRun(arguments + ["--start", "00:00:05"], input: input)
            #expect(!run.output.text.contains("One") && !run.output.text.contains("Two"), "\(arguments): \(run.output.text)")
            #expect(run.output.text.contains("Six") && run.output.text.contains("Eight"), "\(arguments): \(run.output.text)")
        }
    }

    /// A part whose first cue starts before the last cue sent (`--instant`): it cannot be written
    /// ahead in order, and goes the way of every late cue — at once, before the rest of its part.
    @Test func instantCuesOfALaterPartThatStartSoonerComeInArrivalOrder() throws {
        // The first part ends where the third cue begins: the first two are complete.
        let first = "1\n00:00:05,000 --> 00:00:06,000\nFirst\n\n2\n00:00:20,000 --> 00:00:21,000\nSecond\n\n3\n00:00:01,000 --> 00:00:30,000\n"
        let late = "Came late\n\n4\n00:00:40,000 --> 00:00:41,000\nAfter it\n"
        let run = try VirtualRun(["--instant", "-o", "json"], input: [(0, first), (0.2, late)])
        #expect(run.output.text.split(separator: "\n").map { String($0.split(separator: ",\"text\":").last ?? "") }
                == ["\"First\"}", "\"Second\"}", "\"Came late\"}", "\"After it\"}"])
    }

    @Test func jsonOfColouredTextListsTheTextOnlyAndAgreesWithTheCast() throws {
        let text = "a \u{1B}[31mred\u{1B}[0m b\n"
        let json = try VirtualRun(["--instant", "-o", "json", "--cps", "10", "--no-pauses"], text: text)
        #expect(json.events.map(\.text) == ["a", " ", "r", "e", "d", " ", "b", "\n"])
        #expect(json.events.map(\.time) == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7])
        let stripped = try VirtualRun(["--instant", "-o", "json", "--cps", "10", "--no-pauses", "--input-colors", "strip"], text: text)
        #expect(stripped.output.text == json.output.text)
        // The recording's events come at the same instants as the graphemes.
        let cast = try parse(try VirtualRun(["--instant", "-o", "cast", "--cps", "10", "--no-pauses"], text: text).output.text)
        #expect(Set(cast.events.map(\.time)).isSuperset(of: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]))
    }

    @Test func jsonFollowsTheEffect() throws {
        // fade: every grapheme of a paragraph shows in its final look when the fade ends; the next
        // paragraph begins after it.
        let run = try VirtualRun(["--instant", "-o", "json", "-e", "fade", "--duration", "2"], text: "ab\n\ncd\n")
        #expect(run.events.map(\.text) == ["a", "b", "\n", "\n", "c", "d", "\n"])
        let times = run.events.map(\.time)
        #expect(times[0] == times[1] && times[0] > 0 && times[4] > times[0], "\(times)")
        #expect(abs(times.last! - 2) < 0.001, "the last paragraph ends with --duration: \(times)")
        // letters: groups of equal graphemes show together.
        let letters = try VirtualRun(["--instant", "-o", "json", "-e", "letters", "--seed", "1"], text: "abab\n")
        let byText = Dictionary(grouping: letters.events.filter { $0.text != "\n" }, by: \.text).mapValues { Set($0.map(\.time)) }
        #expect(byText["a"]?.count == 1 && byText["b"]?.count == 1 && byText["a"] != byText["b"])
    }
}

@Suite struct RendererAgainstAScreenModel {
    /// Random frames drawn one after another: the screen must always equal the last frame.
    @Test(arguments: 0..<10)
    func screenAlwaysEqualsTheLastFrame(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let width = 12, height = 6
        var renderer = TerminalRenderer(width: width, height: height, depth: .truecolor)
        var model = ScreenModel(width: width, height: height)
        let glyphs: [(String, Int)] = [("a", 1), ("b", 1), ("한", 2), ("👍🏽", 2), ("é", 1), (" ", 1)]
        let styles: [Style] = [.plain, Style(foreground: .rgb(255, 0, 0)), Style(attributes: .bold), Style(background: .palette(4))]
        for _ in 0..<40 {
            var frame = Frame(width: width, origin: 0, rowCount: 4)
            for _ in 0..<Int(random.next() % 30) {
                let (text, w) = glyphs[Int(random.next() % UInt64(glyphs.count))]
                frame.put(text, width: w, style: styles[Int(random.next() % 4)], row: Int(random.next() % 4), column: Int(random.next() % UInt64(width)))
            }
            var out: [UInt8] = []
            renderer.render(frame, into: &out)
            model.feed(out)
            #expect(model.unknown.isEmpty)
            for r in 0..<4 {
                for c in 0..<width {
                    let expected = frame.rows[r][c]
                    let got = model.cells[r][c]
                    #expect(got.text == expected.text && got.width == expected.width && (expected.width == 0 || got.style == expected.style),
                            "seed \(seed) cell \(r),\(c): \(got) != \(expected)")
                }
            }
        }
    }
}

/// `-o cast` draws a typewriter's graphemes as they appear (`Scene.appearing`,
/// `TerminalRenderer.renderAppearing`) rather than composing and comparing every frame: a player
/// must show the same screen at every event time either way.
@Suite struct RecordingFastPath {
    /// The recording's events: (seconds, data), with frames told as what appeared or `composedWhole`.
    func record(_ chunks: [(Double, String)], columns: Int, arguments: [String] = [], composedWhole: Bool,
                typingAhead: Bool = true, events: [(Double, Event)] = []) throws -> [(time: Double, data: String)] {
        let options = try ArgumentParser.parse(["--instant", "-o", "cast", "--width", "\(columns)", "--height", "6", "--cps", "40"] + arguments)
        let session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: false, terminalSize: nil, environment: ["TERM": "xterm-256color"]))
        let sink = MemorySink()
        let output = try session.output(stdout: sink, recording: nil, origin: 0)
        output.screen?.composesWhole = composedWhole
        output.screen?.typesAhead = typingAhead
        try Playback.run(session.showSettings, output: output, input: Playback.input(chunks), events: events)
        return try Recording().parse(sink.text).events.map { ($0.time, $0.data) }
    }

    /// The emulator's screen after every event up to each event time: rows and cursor.
    func screens(_ events: [(time: Double, data: String)], columns: Int) -> [Double: String] {
        let terminal = TerminalEmulator(rows: 6, columns: columns)
        var screens: [Double: String] = [:]
        for event in events {
            terminal.feed(event.data)
            let rows = (0..<6).map { terminal.rowText($0) }.joined(separator: "|")
            screens[event.time] = "\(rows) @\(terminal.cursor.row),\(terminal.cursor.column) \(terminal.cursorVisible)"
        }
        return screens
    }

    static let text = [
        (0.0, "Ghost 안녕하세요 typing 👍🏽 over a 한국어 line that wraps, "),
        (0.3, "then 👨‍👩‍👧 a family\nand a ne"),
        (0.9, "w line\n\n가나다라마바사아자차카타파하 long Korean 🇰🇷🇰🇷🇰🇷 flags\tand a tab\n"),
    ]

    @Test(arguments: [20, 33])
    func theFastPathReplaysToTheSameScreens(columns: Int) throws {
        let fast = try record(Self.text, columns: columns, composedWhole: false)
        let whole = try record(Self.text, columns: columns, composedWhole: true)
        #expect(fast.map(\.time) == whole.map(\.time))
        let (fastScreens, wholeScreens) = (screens(fast, columns: columns), screens(whole, columns: columns))
        #expect(fastScreens.count > 100)
        for time in Set(fast.map(\.time)).union(whole.map(\.time)).sorted() {
            #expect(fastScreens[time] == wholeScreens[time], "at \(time) s")
        }
        // The last screen is the text wrapped, the cursor where plain output would leave it.
        #expect(fastScreens[fast.last!.time] == wholeScreens[whole.last!.time])
    }

    /// The typewriter types straight from its glyph queue (`TypingTape`, `Screen.type`): the same
    /// events, byte for byte, as the scene's frames drawn one per turn, and so the same screens at
    /// every event time.
    @Test(arguments: [20, 33])
    func typingARowAtOnceRecordsWhatSteppingRecords(columns: Int) throws {
        let chunks = Self.text + [(1.5, "짧은 줄\n🇰🇷 👍🏽 한국어 emoji 👨‍👩‍👧 at the end of a long row, wrapped\n")]
        for arguments in [[], ["--cps", "400"], ["--input-colors", "keep"], ["--duration", "3"]] {
            let batched = try record(chunks, columns: columns, arguments: arguments, composedWhole: false)
            let stepped = try record(chunks, columns: columns, arguments: arguments, composedWhole: false, typingAhead: false)
            #expect(batched.count > 100)
            #expect(batched.map(\.time) == stepped.map(\.time), "\(arguments)")
            #expect(batched.map(\.data) == stepped.map(\.data), "\(arguments)")
            let (batchedScreens, steppedScreens) = (screens(batched, columns: columns), screens(stepped, columns: columns))
            for time in Set(batched.map(\.time)).union(stepped.map(\.time)).sorted() {
                #expect(batchedScreens[time] == steppedScreens[time], "\(arguments) at \(time) s")
            }
            // And against frames composed whole: the screens at every event time.
            let whole = try record(chunks, columns: columns, arguments: arguments, composedWhole: true)
            #expect(screens(whole, columns: columns) == batchedScreens, "\(arguments)")
        }
    }

    /// Typing straight from the queue leaves a row's cells out of the renderer's frame until
    /// something reads them (`UnwrittenCells`): a carriage return or backspace that types over
    /// them (in the same stretch of input, or in the next), spaces blanking a rewound row — the same
    /// events as the scene's frames, byte for byte, and the same screens.
    @Test(arguments: [7, 20, 33])
    func typingOverWhatWasTypedRecordsWhatSteppingRecords(columns: Int) throws {
        let chunks = [
            (0.0, "progress 10%"),
            (0.4, "\rprogress 55%\rprogress 100% done\n"),
            (0.5, "typo\u{8}\u{8}\u{8}ext and 한국어 👍🏽\u{8}\u{8} over\n"),
            (1.0, "a row long enough to wrap here and there, then back\r    blanked by spaces\n"),
            (1.2, "\n\nafter two blank lines\n\n\n    indented 한 after three\n\n"),
            // Kept colours in the middle of rows (a style switch inside a run of usual steps).
            (1.25, "plain \u{1B}[31mred words\u{1B}[0m, plain again, \u{1B}[1;33mbold 노랑\u{1B}[0m end\n"),
            // Words that end in the last column at each width, one wide, and a space after them.
            (1.3, "abcdef xyz abcdefghijklmnopqrs tu abcdefghijklmnopqrstuvwxyzabcdef 한국어한국어한국어한국어한국어한 x\n"),
            (1.5, "last 1\r\u{1B}[32m2\u{1B}[0m\t tab and 👨‍👩‍👧 end"),
        ]
        // Prose typed over itself (`--wrap word`: with auto, the rewrite in the second read makes the
        // rest a terminal stream, `StreamHandoff`).
        for arguments in [["--wrap", "word"], ["--cps", "400", "--wrap", "word"], ["--input-colors", "keep", "--wrap", "word"]] {
            let typed = try record(chunks, columns: columns, arguments: arguments, composedWhole: false)
            let stepped = try record(chunks, columns: columns, arguments: arguments, composedWhole: false, typingAhead: false)
            #expect(typed.count > 50)
            #expect(typed.map(\.time) == stepped.map(\.time), "\(arguments)")
            #expect(typed.map(\.data) == stepped.map(\.data), "\(arguments)")
            #expect(screens(typed, columns: columns) == screens(stepped, columns: columns), "\(arguments)")
        }
    }

    /// `--instant` to a recording types straight from the glyph queue (`Screen.type`): a resize
    /// (laid out again, the head's row typed again at once) and a key (the rest at once) in the
    /// middle give the events the scene's frames give, byte for byte, and so the same screens.
    @Test(arguments: [20, 33])
    func typingFromTheQueueThroughAResizeAndAKey(columns: Int) throws {
        let chunks = Self.text + [(1.5, "짧은 줄\n🇰🇷 👍🏽 한국어 emoji 👨‍👩‍👧 at the end of a long row, wrapped\n")]
        let events: [(Double, Event)] = [(1.2, .resized(columns: columns - 4, rows: 6)), (1.6, .key(.character(" ")))]
        for (arguments, events) in [([String](), events), (["--cps", "400"], events), ([], [events[0]])] {
            let typed = try record(chunks, columns: columns, arguments: arguments, composedWhole: false, events: events)
            let stepped = try record(chunks, columns: columns, arguments: arguments, composedWhole: false, typingAhead: false, events: events)
            #expect(typed.count > 50)
            #expect(typed.map(\.time) == stepped.map(\.time), "\(arguments) \(events.count)")
            #expect(typed.map(\.data) == stepped.map(\.data), "\(arguments) \(events.count)")
            let resized = columns - 4
            #expect(screens(typed, columns: resized) == screens(stepped, columns: resized), "\(arguments) \(events.count)")
        }
    }

    /// The rest of a long plain text after a key is one step over many rows (`typePlainRows`: a
    /// byte per cell, not a cell put and written at a time): the same bytes as the scene's frame
    /// of it — gaps of one to several spaces, a word ending in the last column, blank lines.
    @Test(arguments: [20, 33])
    func theRestAfterAKeyIsWrittenAsTheScenesFrameWritesIt(columns: Int) throws {
        let words = ["ghost", "a", "typing", "wonderfully", "x", "abcdefghijklmnopqrs", "abcdefghijklmnopqrstuvwxyzabcdef"]
        let text = (0..<400).map { words[$0 % words.count] + String(repeating: " ", count: 1 + $0 % 5) }.joined()
        // (The first step after the key is composed whole; the text comes after it.)
        let chunks = [(0.0, "start "), (1.0, "more\n"), (1.5, text + "\n\n\nend  of    it\n")]
        let events: [(Double, Event)] = [(0.5, .key(.character(" ")))]
        for arguments in [[], ["--cps", "400"]] {
            let typed = try record(chunks, columns: columns, arguments: arguments, composedWhole: false, events: events)
            let stepped = try record(chunks, columns: columns, arguments: arguments, composedWhole: false, typingAhead: false, events: events)
            #expect(typed.map(\.time) == stepped.map(\.time), "\(arguments)")
            #expect(typed.map(\.data) == stepped.map(\.data), "\(arguments)")
            #expect(screens(typed, columns: columns) == screens(stepped, columns: columns), "\(arguments)")
            #expect(screens(typed, columns: columns).values.contains { $0.contains("|end  of    it|") }, "\(arguments)")
        }
    }

    @Test func coloursAndCarriageReturnsTooWhereTheFastPathStepsAside() throws {
        // SGR kept, a carriage return typing over a line, a backspace: the renderer refuses what
        // is not blank, and the frame is composed whole.
        let chunks = [(0.0, "\u{1B}[31mred 한국\u{1B}[0m plain\rover\u{8}X 👍🏽 done\n")]
        for columns in [20, 33] {
            let fast = try record(chunks, columns: columns, arguments: ["--input-colors", "keep"], composedWhole: false)
            let whole = try record(chunks, columns: columns, arguments: ["--input-colors", "keep"], composedWhole: true)
            #expect(fast.map(\.time) == whole.map(\.time))
            #expect(screens(fast, columns: columns) == screens(whole, columns: columns))
        }
    }

    /// The renderer remembers which rows it created blank only while they are on the screen: a text
    /// with a blank line every other row kept every one of them (68 MB for 2 million, growing).
    @Test func blankLinesScrollingByAreForgottenOffTheScreen() throws {
        let options = try ArgumentParser.parse(["--instant", "-o", "cast", "--width", "20", "--height", "6", "--cps", "40"])
        let session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: false, terminalSize: nil, environment: [:]))
        let sink = MemorySink()
        let output = try session.output(stdout: sink, recording: nil, origin: 0)
        let chunks = (0..<20).map { (Double($0), String(repeating: "a line\n\n", count: 100)) }
        try Playback.run(session.showSettings, output: output, input: Playback.input(chunks))
        let screen = try #require(output.screen)
        #expect(screen.rowsKnownBlank <= 6)
        // And the rows typed after blank lines are where `cat` puts them.
        let played = TerminalEmulator(rows: 6, columns: 20), catted = TerminalEmulator(rows: 6, columns: 20)
        for event in try Recording().parse(sink.text).events { played.feed(event.data) }
        for (_, text) in chunks { catted.feed(text.replacingOccurrences(of: "\n", with: "\r\n")) }
        #expect((0..<6).map { played.rowText($0) } == (0..<6).map { catted.rowText($0) })
        #expect((0..<6).map { played.rowText($0) }.contains("a line"))
    }

    /// A line's indentation on a row made blank is written as its spaces, a byte each (as `cat`
    /// writes them, and as a copy of the screen gets them), not as cursor moves of three.
    @Test(arguments: [20, 33, 80])
    func anIndentationIsWrittenAsSpaces(columns: Int) throws {
        let chunks = [(0.0, "func greet() {\n    let 이름 = 1\n\n        print(👍🏽)\n}\n")]
        for arguments in [[], ["--cps", "400"]] {
            let events = try record(chunks, columns: columns, arguments: arguments, composedWhole: false)
            let data = events.map(\.data).joined()
            #expect(!data.contains("\u{1B}[C"), "\(arguments)")
            #expect(data.contains("\u{1B}E\u{1B}[K") && events.filter { $0.data == " " }.count >= 12, "\(arguments)")
            let stepped = try record(chunks, columns: columns, arguments: arguments, composedWhole: false, typingAhead: false)
            #expect(events.map(\.data) == stepped.map(\.data), "\(arguments)")
        }
    }

    @Test func aRecordingIsWrittenInLargeBlocksNotAWritePerFrame() throws {
        // A sink that counts writes: the header, then the frames of a turn gathered into one.
        final class CountingSink: ByteSink {
            var writes = 0
            func write(_ bytes: [UInt8], at instant: Nanoseconds) throws { writes += 1 }
        }
        let sink = CountingSink()
        let options = try ArgumentParser.parse(["--instant", "-o", "cast", "--width", "40", "--cps", "40"])
        let session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: false, terminalSize: nil, environment: [:]))
        let output = try session.output(stdout: sink, recording: nil, origin: 0)
        try Playback.run(session.showSettings, output: output, input: Playback.input([(0, String(repeating: "word ", count: 200))]))
        #expect(sink.writes >= 2 && sink.writes <= 4)
    }
}
