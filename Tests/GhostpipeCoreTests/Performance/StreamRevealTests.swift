import GhostpipeCore
import Testing
import TestSupport

/// Terminal streams on the virtual clock: what ends on the screen is the emulator's reading of the
/// input; printed characters take the pace, motion and erases none; rows erased after they showed are
/// cleared on the terminal too; nothing of the input's own sequences is written.
@Suite struct StreamRevealing {
    /// The final screen of `text` through ghostpipe, and the emulator's own reading of it.
    func screens(_ arguments: [String], _ text: String, columns: Int = 20, rows: Int = 6,
                 startAt cursor: (row: Int, column: Int)? = nil) throws -> (shown: [String], read: [String], run: VirtualRun) {
        let run = try VirtualRun(arguments + ["--wrap", "char"], bytes: [(0, Array(text.utf8))], terminal: (columns, rows), startAt: cursor)
        let shown = run.screen(columns: columns, rows: rows)
        #expect(shown.unknown.isEmpty, "\(shown.unknown)")
        let reading = TerminalEmulator.streamView(rows: rows, columns: columns)
        reading.readAsView(Array(text.utf8))
        var read = (0..<rows).map { reading.rowText($0) }
        while read.last == "" { read.removeLast() }
        var transcript = shown.transcript
        while transcript.last == "" { transcript.removeLast() }
        return (transcript, read, run)
    }

    @Test(arguments: [["--instant"], ["--cps", "400"], ["--effect", "letters", "--duration", "0.5s"]])
    func aRowErasedAfterItShowedIsClearedOnTheTerminal(arguments: [String]) throws {
        // The fuzz target found it: "x" showed on row 1, then the screen was erased, and "x" stayed.
        let (shown, read, _) = try screens(arguments, "top\nx\n\u{1B}[2J\u{1B}[99A\u{1B}[Kdone\n")
        #expect(read == ["done"])
        #expect(shown == read)
    }

    /// The fuzz target found it: lines that scrolled off the view while its rows below were unused
    /// (`ESC [ S`, a scroll region from the top) stayed on the screen above it, and the view moved
    /// down a row for each. Under `cat` they leave the screen and the view keeps its place. (The
    /// terminal said its cursor is at the top; ghostpipe's view starts there.)
    @Test(arguments: [["--instant"], ["--cps", "400"], ["--effect", "letters", "--duration", "0.5s"]])
    func linesScrolledOffLeaveTheScreenAsUnderCat(arguments: [String]) throws {
        for text in ["r\u{1B}[S", "one\ntwo\u{1B}[2S\u{1B}[Hx\n", "a\u{1B}[1;2r\nb\nc\nd\u{1B}[r\n", "가👍🏽\u{1B}[S\u{1B}[Sz"] {
            let (transcript, read, run) = try screens(arguments, text, startAt: (0, 0))
            let screen = run.screen(columns: 20, rows: 6)
            #expect(screen.lines.reversed().drop { $0.isEmpty }.reversed() == read, "\(text.debugDescription)")
            // What scrolled off is in the terminal's history, above the screen.
            #expect(transcript.first == String(text.prefix { $0 != "\u{1B}" && $0 != "\n" }), "\(transcript)")
        }
    }

    /// Below a shell's output, the lines above scroll up with the view, as `cat` scrolls them.
    @Test func linesScrolledOffBelowAPromptScrollWhatIsAbove() throws {
        let before = Array("p0\r\np1\r\np2\r\n".utf8), text = "r\u{1B}[S\u{1B}[Sq\u{1B}[S"
        let run = try VirtualRun(["--instant", "--wrap", "char"], bytes: [(0, Array(text.utf8))], terminal: (20, 6), startAt: (3, 0))
        let terminal = TerminalEmulator(rows: 6, columns: 20), cat = TerminalEmulator(rows: 6, columns: 20)
        terminal.feed(before + run.output.bytes)
        cat.feed(before + Array(text.utf8))
        #expect((0..<6).map { terminal.rowText($0) } == (0..<6).map { cat.rowText($0) })
        #expect((0..<6).map { cat.rowText($0) } == ["r", "", " q", "", "", ""])
    }

    /// With `--format text` the terminal was never asked where its cursor is (only a detected
    /// format asked): a stream after a prompt started on the prompt's row and wrote over it.
    @Test func aStreamOfAGivenFormatStartsBelowThePrompt() throws {
        let run = try VirtualRun(["--instant", "--wrap", "char", "--format", "text"], bytes: [(0, Array("ab\rc\n".utf8))],
                                 terminal: (20, 4), startAt: (0, 2))
        let terminal = TerminalEmulator(rows: 4, columns: 20)
        terminal.feed(Array("$ ".utf8) + run.output.bytes)
        #expect((0..<3).map { terminal.rowText($0) } == ["$", "cb", ""])
    }

    @Test func progressLinesAndErasesEndAsTheEmulatorReadsThem() throws {
        for text in ["progress 10%\u{1B}[K\rdone\u{1B}[K\n", "hello wonderful world\r\u{1B}[2Khi there\n",
                     "one two three four five six\rX\n", "a\n\n\u{1B}[2Ab\u{1B}[3Cc\u{1B}[1B\r한국 👍🏽\n"] {
            let (shown, read, _) = try screens(["--cps", "300"], text)
            #expect(shown == read, "\(text.debugDescription)")
            #expect(!read.isEmpty)
        }
    }

    /// Printed characters take the pace; motion and erases cost no time (5 characters at 10 per
    /// second: the last shows 0.4 s after the first, whatever moves the cursor between them). None
    /// is written over another: a stream that rewrites its text is live (see below).
    @Test func motionAndErasesCostNoTime() throws {
        let (_, _, run) = try screens(["--cps", "10", "--no-pauses"], "ab\u{1B}[5C\u{1B}[K\u{1B}[2;1H\u{1B}[31mc\u{1B}[0md\u{1B}[3;4He")
        let instants = run.output.writes.filter { $0.bytes.contains { $0 >= 0x61 && $0 <= 0x65 } }.map(\.instant)
        #expect(instants.last.map { $0 - instants[0] } == 400 * Time.millisecond, "\(instants)")
    }

    @Test func nothingOfTheInputsOwnSequencesIsWritten() throws {
        let hostile = "a\u{1B}]0;title\u{7}b\u{1B}[?1049hc\u{1B}[6n\u{1B}[c\u{1B}]52;c;aGk=\u{1B}\\d\u{1B}c\u{1B}[2Ke\n"
        let (_, _, run) = try screens(["--instant"], hostile)
        for forbidden in ["\u{1B}]", "\u{1B}[?1049", "\u{1B}[6n", "\u{1B}[c", "\u{1B}c", "\u{7}"] {
            #expect(!run.output.text.contains(forbidden), "wrote \(forbidden.debugDescription)")
        }
    }

    /// The screen once the writes up to `seconds` are drawn.
    func screen(_ run: VirtualRun, at seconds: Double, _ size: (columns: Int, rows: Int)) -> [String] {
        var screen = ScreenModel(width: size.columns, height: size.rows)
        for write in run.output.writes where write.instant <= Time.nanoseconds(seconds: seconds) { screen.feed(write.bytes) }
        return screen.lines
    }

    /// The text written after `seconds`, without control sequences.
    func written(_ run: VirtualRun, after seconds: Double) -> String {
        var text: [UInt8] = []
        var inSequence = false
        for byte in run.output.writes.filter({ $0.instant > Time.nanoseconds(seconds: seconds) }).flatMap(\.bytes) {
            if byte == 0x1B { inSequence = true } else if inSequence { inSequence = !(0x40...0x7E).contains(byte) || byte == 0x5B } else { text.append(byte) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Rewrites are diffs: a line written again keeps on the screen what it writes back (it is not
    /// typed again), what it no longer has goes at once, and only the change is typed — within the
    /// live lag bound, since the stream rewrites its text.
    @Test(arguments: ["\r\u{1B}[2K\u{1B}[1mhello\u{1B}[0m wonderful planet", "\u{1B}[2K\r\u{1B}[1mhello\u{1B}[0m wonderful planet",
                      "\u{1B}[5D\u{1B}[Kplanet"])
    func aRewrittenLineTypesOnlyWhatChanged(_ rewrite: String) throws {
        let input: [(at: Double, bytes: [UInt8])] = [(0, Array("\u{1B}[2K\r\u{1B}[1mhello\u{1B}[0m wonderful world".utf8)),
                                                      (3, Array(rewrite.utf8)), (6, [0x0A])]
        let run = try VirtualRun(["--cps", "25"], bytes: input, terminal: (40, 6))
        #expect(screen(run, at: 2.9, (40, 6))[0] == "hello wonderful world")
        let after = written(run, after: 2.95)
        #expect(after.contains("planet") && !after.contains("hello") && !after.contains("wonderful"), "\(after.debugDescription)")
        #expect(screen(run, at: 3.15, (40, 6))[0] == "hello wonderful planet")
    }

    @Test func aProgressLineTypesOnlyItsNewDigits() throws {
        let input: [(at: Double, bytes: [UInt8])] = [(0, Array("progress 10%\u{1B}[K".utf8)), (1, Array("\rprogress 20%\u{1B}[K".utf8)),
                                                      (2, Array("\rprogress 100%\u{1B}[K\n".utf8))]
        let run = try VirtualRun(["--cps", "25"], bytes: input, terminal: (40, 6))
        let after = written(run, after: 1)
        #expect(!after.contains("progress"), "\(after.debugDescription)")
        #expect(screen(run, at: 1.15, (40, 6))[0] == "progress 20%")
        #expect(screen(run, at: 2.15, (40, 6))[0] == "progress 100%")
    }

    /// Shown at once while the input keeps coming, a frame goes out at most every `frameInterval`
    /// with all that was read meanwhile; it was one per read, each composing and comparing the rows
    /// in view (half the CPU of `--instant` on a long stream). A pause and the end still show at once.
    @Test func aStreamShownAtOnceDrawsAFramePerIntervalWhileTheInputKeepsComing() throws {
        var input: [(at: Double, bytes: [UInt8])] = []
        for i in 0..<300 { input.append((Double(i) / 1000, Array("\u{1B}[34mline\u{1B}[0m \(i)\n".utf8))) }
        input.append((1, Array("after a \u{1B}[7mpause\u{1B}[0m".utf8)))
        let run = try VirtualRun(["--instant", "--wrap", "char"], bytes: input, terminal: (40, 8))
        let instants = Set(run.output.writes.map(\.instant))
        // 0.3 s of input at 60 frames a second, then the line after the pause the moment it came.
        #expect(instants.filter { $0 < Time.second }.count <= 22, "\(instants.count) instants")
        #expect(instants.contains(Time.second))
        let reading = TerminalEmulator.streamView(rows: 8, columns: 40)
        reading.readAsView(input.flatMap(\.bytes))
        let shown = run.screen(columns: 40, rows: 8)
        #expect(shown.lines == (0..<8).map { reading.rowText($0) })
        #expect(shown.transcript.filter { $0.hasPrefix("line ") }.count == 300)
    }

    /// Shown at once, what one turn draws goes out as one write: a stream's backlog (a screenful
    /// a frame) was a write per screenful, and prose typed one by one (`TypingTape.oneByOne`) must
    /// not become a write per grapheme.
    @Test(arguments: [["--wrap", "char"], ["--wrap", "word"]])
    func whatOneTurnDrawsIsOneWrite(wrap: [String]) throws {
        let lines = (0..<300).map { "\u{1B}[3\($0 % 8)mline\u{1B}[0m number \($0)" }
        let run = try VirtualRun(["--instant"] + wrap, bytes: [(0, Array((lines.joined(separator: "\n") + "\n").utf8))], terminal: (40, 8))
        #expect(run.output.writes.count <= 4, "\(run.output.writes.count) writes")
        let shown = run.screen(columns: 40, rows: 8)
        #expect(shown.transcript.filter { $0.hasPrefix("line number") }.count == 300)
        #expect(shown.lines.prefix(7) == ArraySlice((293..<300).map { "line number \($0)" }))
    }

    /// A stream that only writes on keeps its pace (the pace is the point); `--max-lag` bounds it.
    @Test func aStreamThatOnlyWritesOnKeepsThePaceUnlessBounded() throws {
        let text = "\u{1B}[1m" + String(repeating: "abcd ", count: 10) + "\u{1B}[0m\n"
        let paced = try VirtualRun(["--cps", "25", "--no-pauses"], bytes: [(0, Array(text.utf8))], terminal: (60, 6))
        #expect(screen(paced, at: 1, (60, 6))[0].count < 30)
        let bounded = try VirtualRun(["--cps", "25", "--no-pauses", "--max-lag", "0.5"], bytes: [(0, Array(text.utf8))], terminal: (60, 6))
        #expect(screen(bounded, at: 0.55, (60, 6))[0] == String(repeating: "abcd ", count: 10).trimmingTrailingSpaces)
    }
}

private extension String {
    var trimmingTrailingSpaces: String { String(self.reversed().drop { $0 == " " }.reversed()) }
}
