import GhostpipeCore
import Testing

/// Terminal streams on the virtual clock: what ends on the screen is the emulator's reading of the
/// input; printed characters take the pace, motion and erases none; rows erased after they showed are
/// cleared on the terminal too; nothing of the input's own sequences is written.
@Suite struct StreamRevealing {
    /// The final screen of `text` through ghostpipe, and the emulator's own reading of it.
    func screens(_ arguments: [String], _ text: String, columns: Int = 20, rows: Int = 6) throws -> (shown: [String], read: [String], run: VirtualRun) {
        let run = try VirtualRun(arguments + ["--wrap", "char"], text: text, terminal: (columns, rows))
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

    @Test func progressLinesAndErasesEndAsTheEmulatorReadsThem() throws {
        for text in ["progress 10%\u{1B}[K\rdone\u{1B}[K\n", "hello wonderful world\r\u{1B}[2Khi there\n",
                     "one two three four five six\rX\n", "a\n\n\u{1B}[2Ab\u{1B}[3Cc\u{1B}[1B\r한국 👍🏽\n"] {
            let (shown, read, _) = try screens(["--cps", "300"], text)
            #expect(shown == read, "\(text.debugDescription)")
            #expect(!read.isEmpty)
        }
    }

    /// Printed characters take the pace; motion and erases cost no time (5 characters at 10 per
    /// second: the last shows 0.4 s after the first, whatever moves the cursor between them).
    @Test func motionAndErasesCostNoTime() throws {
        let (_, _, run) = try screens(["--cps", "10", "--no-pauses"], "ab\u{1B}[5C\u{1B}[K\u{1B}[1;1H\u{1B}[31mc\u{1B}[0md\re")
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
}
