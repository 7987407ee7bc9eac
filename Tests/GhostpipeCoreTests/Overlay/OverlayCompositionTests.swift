import Testing
@testable import GhostpipeCore

/// The band can never be overwritten: whatever the program writes only changes its own emulator,
/// and the composed screen — and the real terminal it is drawn on — keeps the band's rows.
@Suite struct OverlayCompositionTests {
    static let columns = 30
    static let rows = 10
    static let bandRows = 2

    /// What programs write that would wreck a band drawn by a pass-through: clears, resets, scroll
    /// regions, the alternate screen, moves past the bottom, scrolling, line inserts, DECALN, resize
    /// requests, erase in a background colour, autowrap off, a flood of text and newlines.
    static let hostile: [String] = [
        "\u{1B}[2J", "\u{1B}[H\u{1B}[J", "\u{1B}c", "\u{1B}[3J",
        "\u{1B}[1;999r\u{1B}[999;1Hbottom\n\n\n\n",
        "\u{1B}[5;10r\u{1B}[10;1H\n\n\n\n\nregion",
        "\u{1B}[?1049h\u{1B}[2Jalternate\u{1B}[99;1H\n\n",
        "\u{1B}[?1049l", "\u{1B}[?47h\u{1B}[J", "\u{1B}[?47l",
        "\u{1B}[999B\r\n\r\nbelow", "\u{1B}[S\u{1B}[T\u{1B}[10S\u{1B}[99T",
        "\u{1B}[L\u{1B}[M\u{1B}[20L\u{1B}[20M", "\u{1B}[?6h\u{1B}[99;1Horigin\u{1B}[?6l",
        "\u{1B}#8", "\u{1B}[8;100;200t", "\u{1B}D\u{1B}D\u{1B}D\u{1B}M\u{1B}E",
        "\u{1B}]0;title\u{07}", "\u{1B}[41m\u{1B}[2J\u{1B}[K\u{1B}[0m", "\u{1B}[?25l", "\u{1B}[?25h",
        "\u{1B}[?7l" + String(repeating: "w", count: 100) + "\u{1B}[?7h",
        String(repeating: "0123456789", count: 40), String(repeating: "line\n", count: 40),
        "\u{1B}[1000@\u{1B}[1000P\u{1B}[1000X", "\t\t\t\t\t\t\t\t\u{1B}[99I\u{1B}[99Z",
        "\u{1B}7\u{1B}[99;99H\u{1B}8", "\u{1B}[?1;2004;1000;1006h", "한글 👍🏽 wide\n",
        "\u{1B}P1$r junk\u{1B}\\", "\u{1B}[6n\u{1B}[c",
    ]

    static let band = [OverlaySupport.cells("first subtitle row", width: columns),
                       OverlaySupport.cells("— second row —", width: columns, style: Style(foreground: .palette(3)))]

    @Test func theComposedBandIsTheBandWhateverTheProgramWrites() {
        var random = SplitMix64(seed: 7)
        let program = TerminalEmulator(rows: Self.rows - Self.bandRows, columns: Self.columns)
        let screen = OverlayScreen(columns: Self.columns, rows: Self.rows, programRows: Self.rows - Self.bandRows)
        screen.setBand(Self.band)
        for round in 0..<300 {
            let piece = Self.hostile[Int(random.next() % UInt64(Self.hostile.count))]
            program.feed(piece)
            screen.update(program: program, everything: round % 7 == 0)
            let frame = screen.frame
            #expect(frame.rows.count == Self.rows)
            #expect(Array(frame.rows[(Self.rows - Self.bandRows)...]) == Self.band, "band overwritten after \(piece.debugDescription)")
            for r in 0..<(Self.rows - Self.bandRows) {
                #expect(frame.rows[r] == program.row(r), "program row \(r) after \(piece.debugDescription)")
            }
            if let cursor = frame.cursor { #expect(cursor.row < Self.rows - Self.bandRows) }
        }
    }

    /// The same, drawn: the bytes sent to a real terminal (modelled by an emulator of its full size)
    /// leave the band's rows showing the band after every frame, and leaving gives back the main
    /// screen with the cursor shown and no mode left on.
    @Test func onTheTerminalTheBandSurvivesEveryFrame() throws {
        var random = SplitMix64(seed: 11)
        let real = TerminalEmulator(rows: Self.rows, columns: Self.columns)
        real.feed("before the overlay\r\n$ ")
        let program = TerminalEmulator(rows: Self.rows - Self.bandRows, columns: Self.columns)
        let screen = OverlayScreen(columns: Self.columns, rows: Self.rows, programRows: Self.rows - Self.bandRows)
        let display = Screen(sink: EmulatorSink(real), width: Self.columns, height: Self.rows, depth: .truecolor,
                             kind: .fullScreen(alternate: true))
        try display.enter(at: 0)
        #expect(real.isAlternateScreen)
        screen.setBand(Self.band)
        for round in 0..<300 {
            // Split anywhere, even inside a sequence: the program's writes do not respect frames.
            let piece = Array(Self.hostile[Int(random.next() % UInt64(Self.hostile.count))].utf8)
            let cut = Int(random.next() % UInt64(piece.count + 1))
            program.feed(Array(piece[..<cut]))
            screen.update(program: program)
            try display.draw(screen.frame, modes: program.modes, at: Nanoseconds(round))
            for (i, row) in Self.band.enumerated() {
                #expect(real.row(Self.rows - Self.bandRows + i) == row, "band row \(i) on the terminal, round \(round)")
            }
            for r in 0..<(Self.rows - Self.bandRows) {
                #expect(real.rowText(r) == program.rowText(r), "program row \(r) on the terminal, round \(round)")
            }
            #expect(real.modes == program.modes)
            program.feed(Array(piece[cut...]))
        }
        program.feed("\u{1B}[?25l\u{1B}[?1h\u{1B}[?1000h")
        screen.update(program: program)
        try display.draw(screen.frame, modes: program.modes, at: 400)
        #expect(!real.cursorVisible && real.modes.applicationCursorKeys)
        try display.leave(at: 401)
        #expect(!real.isAlternateScreen)
        #expect(real.cursorVisible)
        #expect(real.modes == TerminalModes())
        #expect(real.rowText(0) == "before the overlay" && real.rowText(1) == "$")
        #expect(real.cursor.row == 1 && real.cursor.column == 2)
    }

    @Test func theEmergencyRestoreLeavesEveryModeOff() {
        let real = TerminalEmulator(rows: 5, columns: 20)
        real.feed("\u{1B}[?1049h\u{1B}[?1;66;2004;1004;1003;1006h\u{1B}=\u{1B}[?25l\u{1B}[1;31m")
        real.feed(Screen.emergencyRestore)
        #expect(!real.isAlternateScreen && real.cursorVisible && real.modes == TerminalModes())
    }

    @Test func aBandTallerThanTheScreenShowsItsLastRows() {
        let screen = OverlayScreen(columns: 10, rows: 3, programRows: 2)
        screen.setBand([OverlaySupport.cells("one", width: 10), OverlaySupport.cells("two", width: 10)])
        #expect(OverlaySupport.text(screen.frame.rows[2]) == "two")
        // Rows wider or narrower than the screen are fitted; a wide cell cut at the edge is blanked.
        let wide = [Cell("a"), Cell("b"), Cell("한", width: 2), Cell("", width: 0)]
        #expect(OverlayScreen.fit(wide, to: 3) == [Cell("a"), Cell("b"), .blank])
        #expect(OverlayScreen.fit([Cell("a")], to: 2) == [Cell("a"), .blank])
    }
}
