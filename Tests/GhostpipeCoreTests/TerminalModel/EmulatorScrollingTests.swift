import Testing
@testable import GhostpipeCore

/// Scrolling: line feeds at the bottom, scroll regions, reverse index, scrolled-off lines.
@Suite struct EmulatorScrolling {
    @Test func lineFeedAtTheBottomScrollsAndHandsOutTheLine() {
        let t = TerminalEmulator.fed("1\r\n2\r\n3\r\n4", rows: 3, columns: 4)
        #expect(t.lines == ["2", "3", "4"])
        let off = t.takeScrolledOff()
        #expect(off.count == 1)
        #expect(off.first == [Cell("1")])  // trailing default blanks are left out
        #expect(t.takeScrolledOff().isEmpty)
    }

    @Test func aScrollRegionScrollsAlone() {
        let t = TerminalEmulator.fed("top\r\n1\r\n2\r\n3\r\nbottom\(csi)2;4r\(csi)4;1H\nx", rows: 5)
        #expect(t.lines == ["top", "2", "3", "x", "bottom"])
        // Not at the top of the screen: nothing leaves as scrollback.
        #expect(t.takeScrolledOff().isEmpty)
    }

    @Test func aRegionAtTheTopGivesScrollback() {
        let t = TerminalEmulator.fed("1\r\n2\r\n3\r\nstatus\(csi)1;3r\(csi)3;1H\nx", rows: 4)
        #expect(t.lines == ["2", "3", "x", "status"])
        #expect(t.takeScrolledOff().map { $0[0].text } == ["1"])
    }

    @Test func reverseIndexAtTheTopMarginScrollsDown() {
        let t = TerminalEmulator.fed("1\r\n2\r\n3\r\n4\(csi)2;3r\(csi)2;1H\(esc)M", rows: 4)
        #expect(t.lines == ["1", "", "2", "4"])
        t.feed("\(csi)r\(csi)H\(esc)M\(esc)Mz")
        #expect(t.lines == ["z", "", "1", ""])
    }

    @Test func indexAndNextLine() {
        let t = TerminalEmulator.fed("ab\(esc)Dc\(esc)Ed", rows: 4)
        #expect(t.text == ["ab", "  c", "d"])
    }

    @Test func belowTheRegionLineFeedStopsAtTheLastRow() {
        let t = TerminalEmulator.fed("\(csi)1;2r\(csi)4;1Ha\nb\nc", rows: 4)
        #expect(t.lines == ["", "", "", "abc"])
    }

    @Test func scrollUpAndDownMoveTheRegion() {
        let t = TerminalEmulator.fed("1\r\n2\r\n3\r\n4\(csi)2;3r\(csi)S", rows: 4)
        #expect(t.lines == ["1", "3", "", "4"])
        t.feed("\(csi)2T")
        #expect(t.lines == ["1", "", "", "4"])
    }

    @Test func theAlternateScreenHasNoScrollback() {
        let t = TerminalEmulator.fed("\(csi)?1049h1\r\n2\r\n3\r\n4", rows: 3)
        #expect(t.takeScrolledOff().isEmpty)
    }

    @Test func scrolledOffLinesAreBounded() {
        let t = TerminalEmulator(rows: 2, columns: 8, scrollbackLimit: 100)
        for i in 0..<1000 { t.feed("line \(i)\r\n") }
        let off = t.takeScrolledOff()
        #expect(off.count == 100)
        #expect(t.droppedScrollbackLines == 899)
        #expect(String(off.last!.map(\.text).joined()).hasPrefix("line 998"))
        t.scrollbackLimit = 0
        t.feed("x\r\ny\r\n")
        #expect(t.takeScrolledOff().isEmpty)
    }

    @Test func eraseScrollbackForgetsWaitingLines() {
        let t = TerminalEmulator.fed("1\r\n2\r\n3\r\n4\(csi)3J", rows: 2)
        #expect(t.takeScrolledOff().isEmpty)
        #expect(t.lines == ["3", "4"])
    }

    @Test func scrolledOffLinesKeepClustersAndStyles() {
        let t = TerminalEmulator.fed("\(csi)31me\u{301}中\(csi)m\r\n\r\n", rows: 2, columns: 4)
        let off = t.takeScrolledOff()
        #expect(off.first == [Cell("e\u{301}", style: Style(foreground: .palette(1))),
                              Cell("中", width: 2, style: Style(foreground: .palette(1))), .continuation])
    }

    @Test func scrolledOffLinesKeepColouredBlanks() {
        let t = TerminalEmulator.fed("a\(csi)44m\(csi)K\(csi)m\r\n\r\n", rows: 2, columns: 4)
        let blue = Cell(" ", style: Style(background: .palette(4)))
        #expect(t.takeScrolledOff().first == [Cell("a"), blue, blue, blue])
    }

    @Test func manyScrollsKeepTheRowsInOrder() {
        let t = TerminalEmulator(rows: 7, columns: 6)
        for i in 0..<100 { t.feed("\(i)\r\n") }
        #expect(t.lines == ["94", "95", "96", "97", "98", "99", ""])
        t.feed("\(csi)3;5r\(csi)5;1H")
        for i in 0..<10 { t.feed("\r\nr\(i)") }
        #expect(t.lines == ["94", "95", "r7", "r8", "r9", "99", ""])
        t.feed("\(csi)r\(csi)7;1H")
        for i in 0..<3 { t.feed("\r\nz\(i)") }
        #expect(t.lines == ["r8", "r9", "99", "", "z0", "z1", "z2"])
    }
}
