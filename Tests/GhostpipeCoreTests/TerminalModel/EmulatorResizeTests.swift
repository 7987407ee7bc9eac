import Testing
@testable import GhostpipeCore

/// Resizing keeps content at the top left and the cursor's row on screen.
@Suite struct EmulatorResize {
    @Test func growingAddsBlankSpace() {
        let t = TerminalEmulator.fed("ab\r\ncd", rows: 3, columns: 4)
        t.resize(rows: 5, columns: 8)
        #expect(t.rows == 5 && t.columns == 8)
        #expect(t.text == ["ab", "cd"])
        #expect(t.cursor == (1, 2))
        t.feed("efghijk")
        #expect(t.lines[1] == "cdefghij")
    }

    @Test func narrowingTruncatesAndClampsTheCursor() {
        let t = TerminalEmulator.fed("abcdef中", rows: 3, columns: 10)
        t.resize(rows: 3, columns: 7)
        #expect(t.text == ["abcdef"])
        #expect(t.cell(0, 6) == .blank)
        #expect(t.cursor == (0, 6))
    }

    @Test func shorteningDropsBlankRowsBelowTheCursorFirst() {
        let t = TerminalEmulator.fed("1\r\n2\(csi)H", rows: 6, columns: 4)
        t.resize(rows: 3, columns: 4)
        #expect(t.lines == ["1", "2", ""])
        #expect(t.takeScrolledOff().isEmpty)
    }

    @Test func shorteningKeepsTheCursorRowByScrollingOffTheTop() {
        let t = TerminalEmulator.fed("1\r\n2\r\n3\r\n4\r\n5", rows: 6, columns: 4)
        t.resize(rows: 3, columns: 4)
        #expect(t.lines == ["3", "4", "5"])
        #expect(t.cursor == (2, 1))
        #expect(t.takeScrolledOff().map { $0[0].text } == ["1", "2"])
    }

    @Test func theMainScreenResizesUnderTheAlternateOne() {
        let t = TerminalEmulator.fed("1\r\n2\r\n3\r\n4\(csi)?1049h\(csi)5;1Halt", rows: 6, columns: 4)
        t.resize(rows: 3, columns: 4)
        #expect(t.lines == ["", "", "alt"])
        t.feed("\(csi)?1049l")
        #expect(t.lines == ["2", "3", "4"])
        #expect(t.cursor == (2, 1))
    }

    @Test func resizeResetsTheScrollRegionAndExtendsTabStops() {
        let t = TerminalEmulator.fed("\(csi)2;3r", rows: 5, columns: 10)
        t.resize(rows: 6, columns: 20)
        #expect(t.topMargin == 0 && t.bottomMargin == 5)
        t.feed("\r\t\t")
        #expect(t.cursor.column == 16)
    }

    @Test func everyRowIsDirtyAfterAResize() {
        let t = TerminalEmulator(rows: 3, columns: 3)
        _ = t.takeDirtyRows()
        t.resize(rows: 4, columns: 3)
        #expect(t.takeDirtyRows() == [0, 1, 2, 3])
    }
}
