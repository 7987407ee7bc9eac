import Testing
@testable import GhostpipeCore

/// Cursor movement, tab stops, the cursor save slot.
@Suite struct EmulatorCursor {
    @Test(arguments: [
        ("\(csi)3;4H", 2, 3), ("\(csi)3;4f", 2, 3), ("\(csi)H", 0, 0), ("\(csi);5H", 0, 4), ("\(csi)99;99H", 4, 9),
        ("\(csi)3;4H\(csi)A", 1, 3), ("\(csi)3;4H\(csi)2B", 4, 3), ("\(csi)3;4H\(csi)9B", 4, 3),
        ("\(csi)3;4H\(csi)C", 2, 4), ("\(csi)3;4H\(csi)0C", 2, 4), ("\(csi)3;4H\(csi)20C", 2, 9),
        ("\(csi)3;4H\(csi)2D", 2, 1), ("\(csi)3;4H\(csi)9D", 2, 0), ("\(csi)3;4H\(csi)E", 3, 0),
        ("\(csi)3;4H\(csi)2F", 0, 0), ("\(csi)3;4H\(csi)7G", 2, 6), ("\(csi)3;4H\(csi)7`", 2, 6),
        ("\(csi)3;4H\(csi)2a", 2, 5), ("\(csi)3;4H\(csi)5d", 4, 3), ("\(csi)3;4H\(csi)e", 3, 3),
        ("\(csi)3;4H\(csi)9A", 0, 3), ("abc\u{8}\u{8}", 0, 1), ("\u{8}", 0, 0),
    ] as [(String, Int, Int)])
    func movesAndClamps(input: String, row: Int, column: Int) {
        let t = TerminalEmulator.fed(input)
        #expect(t.cursor == (row, column), "\(input.debugDescription)")
    }

    @Test func verticalMovesStopAtTheMarginsFromInsideTheRegion() {
        let t = TerminalEmulator.fed("\(csi)2;4r\(csi)3;1H\(csi)9A", rows: 6)
        #expect(t.cursor.row == 1)
        t.feed("\(csi)9B")
        #expect(t.cursor.row == 3)
        // From outside the region they go to the screen's edge.
        t.feed("\(csi)6;1H\(csi)9A")
        #expect(t.cursor.row == 1)
        t.feed("\(csi)1;1H\(csi)A")
        #expect(t.cursor.row == 0)
        t.feed("\(csi)5;1H\(csi)9B")
        #expect(t.cursor.row == 5)
    }

    @Test func originModeAddressesTheRegion() {
        let t = TerminalEmulator.fed("\(csi)2;4r\(csi)?6h", rows: 6)
        #expect(t.cursor == (1, 0))
        t.feed("\(csi)2;3HX")
        #expect(t.lines[2] == "  X")
        t.feed("\(csi)9;1H")
        #expect(t.cursor.row == 3)
        t.feed("\(csi)6n")
        #expect(t.takeResponses() == Array("\(csi)3;1R".utf8))
        t.feed("\(csi)?6l")
        #expect(t.cursor == (0, 0))
    }

    @Test func tabsStopEveryEightColumnsByDefault() {
        let t = TerminalEmulator.fed("a\tb\tc\td", rows: 2, columns: 20)
        #expect(t.lines[0] == "a       b       c  d")
        #expect(t.cursor == (0, 19))
    }

    @Test func tabStopsCanBeSetAndCleared() {
        let t = TerminalEmulator.fed("\(csi)3g\(csi)1;4H\(esc)H\(csi)1;7H\(esc)H\r\tx\ty\tz", rows: 2, columns: 12)
        #expect(t.lines[0] == "   x  y    z")
        t.feed("\(csi)1;4H\(csi)g\r\tQ")
        #expect(t.cursor == (0, 7))
        t.feed("\(csi)?5W\r\tR")
        #expect(t.cursor == (0, 9))
    }

    @Test func forwardAndBackwardTabulation() {
        let t = TerminalEmulator.fed("\(csi)2I", rows: 2, columns: 30)
        #expect(t.cursor.column == 16)
        t.feed("\(csi)Z")
        #expect(t.cursor.column == 8)
        t.feed("\(csi)5Z")
        #expect(t.cursor.column == 0)
        t.feed("\(csi)9I")
        #expect(t.cursor.column == 29)
    }

    @Test func saveAndRestoreKeepPositionPenAndCharsets() {
        let t = TerminalEmulator.fed("\(csi)2;3H\(csi)31m\(esc)(0\(esc)7\(csi)H\(csi)0m\(esc)(Bq\(esc)8q")
        #expect(t.cursor == (1, 3))
        #expect(t.cell(1, 2) == Cell("─", style: Style(foreground: .palette(1))))
        #expect(t.cell(0, 0) == Cell("q"))
        // CSI s / CSI u are the same slot.
        t.feed("\(csi)4;5H\(csi)s\(csi)H\(csi)u")
        #expect(t.cursor == (3, 4))
    }

    @Test func restoreWithoutSaveGoesHomeWithDefaults() {
        let t = TerminalEmulator.fed("\(csi)3;3H\(csi)1m\(esc)8x")
        #expect(t.cell(0, 0) == Cell("x"))
    }

    @Test func savedCursorKeepsAPendingWrap() {
        let t = TerminalEmulator.fed("0123456789\(esc)7\r\(esc)8X")
        #expect(t.text == ["0123456789", "X"])
    }

    @Test func cursorVisibility() {
        let t = TerminalEmulator.fed("\(csi)?25l")
        #expect(!t.cursorVisible)
        t.feed("\(csi)?25h")
        #expect(t.cursorVisible)
    }
}
