import Testing
@testable import GhostpipeCore

/// Erasing, inserting and deleting characters and lines.
@Suite struct EmulatorEditing {
    static let filled = "aaaaaaaaaa\r\nbbbbbbbbbb\r\ncccccccccc\r\ndddddddddd\r\neeeeeeeeee"

    @Test(arguments: [
        ("\(csi)3;5H\(csi)J", ["aaaaaaaaaa", "bbbbbbbbbb", "cccc"]),
        ("\(csi)3;5H\(csi)0J", ["aaaaaaaaaa", "bbbbbbbbbb", "cccc"]),
        ("\(csi)3;5H\(csi)1J", ["", "", "     ccccc", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)3;5H\(csi)2J", []),
        ("\(csi)3;5H\(csi)K", ["aaaaaaaaaa", "bbbbbbbbbb", "cccc", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)3;5H\(csi)1K", ["aaaaaaaaaa", "bbbbbbbbbb", "     ccccc", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)3;5H\(csi)2K", ["aaaaaaaaaa", "bbbbbbbbbb", "", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)3;5H\(csi)?K", ["aaaaaaaaaa", "bbbbbbbbbb", "cccc", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)3;5H\(csi)3X", ["aaaaaaaaaa", "bbbbbbbbbb", "cccc   ccc", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)3;5H\(csi)99X", ["aaaaaaaaaa", "bbbbbbbbbb", "cccc", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)3;5H\(csi)2@", ["aaaaaaaaaa", "bbbbbbbbbb", "cccc  cccc", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)3;5H\(csi)2P", ["aaaaaaaaaa", "bbbbbbbbbb", "cccccccc", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)2;5H\(csi)L", ["aaaaaaaaaa", "", "bbbbbbbbbb", "cccccccccc", "dddddddddd"]),
        ("\(csi)2;5H\(csi)2M", ["aaaaaaaaaa", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)2S", ["cccccccccc", "dddddddddd", "eeeeeeeeee"]),
        ("\(csi)2T", ["", "", "aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"]),
        ("\(csi)2^", ["", "", "aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"]),
    ] as [(String, [String])])
    func editsTheScreen(input: String, expected: [String]) {
        let t = TerminalEmulator.fed(Self.filled + input)
        #expect(t.text == expected, "\(input.debugDescription)")
    }

    @Test func eraseInLineFromThePendingWrapErasesTheLastColumn() {
        let t = TerminalEmulator.fed("0123456789\(csi)KX")
        #expect(t.text == ["012345678X"])
    }

    @Test func insertAndDeleteLinesMoveTheCursorToTheLeftMargin() {
        let t = TerminalEmulator.fed(Self.filled + "\(csi)2;5H\(csi)L")
        #expect(t.cursor == (1, 0))
    }

    @Test func erasingUsesTheCurrentBackground() {
        let t = TerminalEmulator.fed("abc\(csi)44;1;4m\(csi)K\r\n\(csi)2@x", rows: 3, columns: 5)
        let blue = Style(background: .palette(4))
        #expect(t.cell(0, 3) == Cell(" ", style: blue))
        #expect(t.cell(0, 4) == Cell(" ", style: blue))
        #expect(t.cell(0, 2) == Cell("c"))
        #expect(t.cell(1, 0).text == "x")
        #expect(t.cell(1, 1) == Cell(" ", style: blue))
        t.feed("\(csi)2J")
        #expect(t.row(2).allSatisfy { $0 == Cell(" ", style: blue) })
        t.feed("\(csi)0m\(csi)2J")
        #expect(t.row(2).allSatisfy { $0 == .blank })
    }

    @Test func scrolledInLinesUseTheCurrentBackground() {
        let t = TerminalEmulator.fed("\(csi)41m\n\n\n\n\n", rows: 3, columns: 4)
        #expect(t.row(2).allSatisfy { $0.style.background == .palette(1) })
    }

    @Test func insertAndDeleteLinesStayInsideTheScrollRegion() {
        let t = TerminalEmulator.fed(Self.filled + "\(csi)2;4r\(csi)3;1H\(csi)L")
        #expect(t.lines == ["aaaaaaaaaa", "bbbbbbbbbb", "", "cccccccccc", "eeeeeeeeee"])
        t.feed("\(csi)2;1H\(csi)2M")
        #expect(t.lines == ["aaaaaaaaaa", "cccccccccc", "", "", "eeeeeeeeee"])
        // Outside the region they do nothing.
        t.feed("\(csi)5;1H\(csi)L\(csi)1;1H\(csi)M")
        #expect(t.lines == ["aaaaaaaaaa", "cccccccccc", "", "", "eeeeeeeeee"])
    }

    @Test func insertAndDeleteCharactersSplitWideCellsCleanly() {
        let ins = TerminalEmulator.fed("中中x\r\(csi)C\(csi)@")
        #expect(ins.lines[0] == "   中x")
        let del = TerminalEmulator.fed("中中x\r\(csi)C\(csi)P")
        #expect(del.lines[0] == " 中x")
        let end = TerminalEmulator.fed("abcdefgh中\r\(csi)@")
        #expect(end.lines[0] == " abcdefgh")
        #expect(end.cell(0, 9) == .blank)
        let erase = TerminalEmulator.fed("中中中\r\(csi)3C\(csi)2X")
        #expect(erase.lines[0] == "中")
        #expect(erase.cell(0, 5) == .blank)
    }
}
