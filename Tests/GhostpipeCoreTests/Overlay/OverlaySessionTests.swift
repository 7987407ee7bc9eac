import Testing
@testable import GhostpipeCore

/// The overlay is the one event loop with more sources: here a real program on a real
/// pseudo-terminal and subtitles in the band, run on a virtual clock like every other show.
@Suite struct OverlaySessionTests {
    @Test func theOverlayRunsOnTheVirtualClockAndLeavesTheProgramsLastScreen() throws {
        let columns = 30, rows = 8
        let session = try OverlaySupport.session(["--cps", "1000", "--overlay", "talk.srt", "sh"], columns: columns, rows: rows)
        let clock = VirtualClock()
        let band = OverlayBand(settings: session.showSettings, columns: columns, screenRows: rows, origin: 0) { _ in }
        let pty = try PseudoTerminal(rows: rows - band.rows, columns: columns)
        let child = ChildProcess(pid: try pty.spawn(["sh", "-c", "printf 'one\\ntwo\\n'; sleep 0.3; printf three"],
                                                    environment: ["PATH=/usr/bin:/bin", "TERM=xterm-256color"]))
        // What reaches the terminal, kept with its instants and fed to a model of it.
        let real = TerminalEmulator(rows: rows, columns: columns)
        real.feed("$ overlay\r\n")
        let writes = MemorySink()
        let display = Screen(sink: TeeSink([writes, EmulatorSink(real)]), width: columns, height: rows, depth: .truecolor,
                             kind: .fullScreen(alternate: true))
        let terminal = ProgramTerminal(pty, clock: clock)
        let overlay = OverlaySession(program: TerminalEmulator(rows: rows - band.rows, columns: columns, scrollbackLimit: 0),
                                     terminal: terminal, child: child, band: band, display: display, recording: nil,
                                     keyboard: nil, job: nil, clock: clock, columns: columns, rows: rows,
                                     terminalSize: { (columns, rows) })
        try overlay.start(at: 0)
        let source = InputEvents(ScriptedInput(OverlayBandTests.cues), demand: band.show)
        let outcome = try EventLoop(clock: clock, sources: [terminal, source]).run(overlay)
        #expect(outcome == .programEnded(status: 0))

        // The band played at the cues' instants on the virtual clock (typed in at 1000 graphemes a
        // second, drawn at most 60 times a second), while the program ran above it.
        let model = TerminalEmulator(rows: rows, columns: columns)
        var shown: [(instant: Nanoseconds, text: String)] = []
        for write in writes.writes {
            model.feed(write.bytes)
            let text = (rows - 2..<rows).map { model.rowText($0).trimmingCharacters() }.joined(separator: "|")
            if shown.last?.text != text { shown.append((write.instant, text)) }
        }
        let first = shown.first { $0.text.contains("F") }?.instant
        let whole = shown.first { $0.text == "|First cue" }?.instant ?? .max
        #expect(first == Time.second && whole - Time.second <= frameInterval, "\(shown)")
        #expect(shown.first { $0.text.hasPrefix("S") }?.instant == 4 * Time.second, "\(shown)")
        #expect(shown.contains { $0.text == "Second cue|on two rows" }, "\(shown)")


        // Given back: the main screen, with the program's last screen below what was there.
        #expect(!real.isAlternateScreen && real.cursorVisible)
        #expect((0..<4).map { real.rowText($0) } == ["$ overlay", "one", "two", "three"])
        #expect(real.cursor.row == 3 && real.cursor.column == 5)
    }
}
