import Testing
@testable import GhostpipeCore

/// Printing: ASCII, autowrap with the pending-wrap state, wide characters, grapheme clusters.
@Suite struct EmulatorPrinting {
    @Test func textLandsAtTheCursorAndCarriageReturnAndLineFeedMoveIt() {
        let t = TerminalEmulator.fed("hello\r\nworld")
        #expect(t.text == ["hello", "world"])
        #expect(t.cursor == (1, 5))
    }

    @Test func lineFeedAloneKeepsTheColumn() {
        let t = TerminalEmulator.fed("ab\ncd\u{0B}e\u{0C}f")
        #expect(t.text == ["ab", "  cd", "    e", "     f"])
    }

    @Test func printingIntoTheLastColumnLeavesAWrapPending() {
        let t = TerminalEmulator.fed("0123456789")
        #expect(t.cursor == (0, 9))
        #expect(t.pendingWrap)
        t.feed("X")
        #expect(t.text == ["0123456789", "X"])
        #expect(t.cursor == (1, 1))
    }

    @Test func carriageReturnCancelsThePendingWrap() {
        let t = TerminalEmulator.fed("0123456789\rX")
        #expect(t.text == ["X123456789"])
    }

    @Test func lineFeedFromThePendingWrapKeepsTheLastColumn() {
        // xterm: LF clears the wrap flag; the next character overwrites the last column of the next row.
        let t = TerminalEmulator.fed("0123456789\nX")
        #expect(t.text == ["0123456789", "         X"])
        #expect(t.pendingWrap)
    }

    @Test func cursorMovesCancelThePendingWrap() {
        let t = TerminalEmulator.fed("0123456789\(csi)CX")
        #expect(t.text == ["012345678X"])
        let u = TerminalEmulator.fed("0123456789\(csi)DX")
        #expect(u.text == ["01234567X9"])
    }

    @Test func backspaceFromThePendingWrapMovesLeftOfTheLastColumn() {
        let t = TerminalEmulator.fed("0123456789\u{8}X")
        #expect(t.text == ["01234567X9"])
    }

    @Test func tabKeepsAPendingWrap() {
        let t = TerminalEmulator.fed("0123456789\tX")
        #expect(t.text == ["0123456789", "X"])
    }

    @Test func longRunsWrapAcrossRowsAndScroll() {
        let t = TerminalEmulator.fed(String(repeating: "abcdefghij", count: 7), rows: 5)
        #expect(t.lines == Array(repeating: "abcdefghij", count: 5))
        #expect(t.cursor == (4, 9))
        #expect(t.takeScrolledOff().count == 2)
    }

    @Test func withoutAutowrapTheLastColumnIsOverwritten() {
        let t = TerminalEmulator.fed("\(csi)?7l0123456789ABC")
        #expect(t.text == ["012345678C"])
        #expect(t.cursor == (0, 9))
        #expect(!t.pendingWrap)
        t.feed("\(csi)?7h\r0123456789ABC")
        #expect(t.text == ["0123456789", "ABC"])
    }

    @Test func insertModeShiftsTheRestOfTheLine() {
        let t = TerminalEmulator.fed("abcdef\r\(csi)4hXY\(csi)4lZ")
        #expect(t.text == ["XYZbcdef"])
    }

    @Test func wideCharactersTakeTwoCells() {
        let t = TerminalEmulator.fed("a中b")
        #expect(t.text == ["a中b"])
        #expect(t.cell(0, 1) == Cell("中", width: 2))
        #expect(t.cell(0, 2).width == 0)
        #expect(t.cursor == (0, 4))
    }

    @Test func aWideCharacterAtTheLastColumnWrapsFirst() {
        let t = TerminalEmulator.fed("012345678中")
        #expect(t.text == ["012345678", "中"])
        #expect(t.cell(0, 9) == .blank)
        #expect(t.cursor == (1, 2))
    }

    @Test func aWideCharacterWithoutAutowrapAtTheLastColumnIsDropped() {
        let t = TerminalEmulator.fed("\(csi)?7l012345678中Z")
        #expect(t.text == ["012345678Z"])
    }

    @Test func aWideCharacterFillingTheRowLeavesAWrapPending() {
        let t = TerminalEmulator.fed("01234567中")
        #expect(t.cursor == (0, 9))
        #expect(t.pendingWrap)
        t.feed("x")
        #expect(t.text == ["01234567中", "x"])
    }

    @Test func overwritingHalfAWideCellBlanksTheOtherHalf() {
        let right = TerminalEmulator.fed("中中\r\(csi)2Cx")  // the left half of the second
        #expect(right.text == ["中x"])
        #expect(right.cell(0, 3) == .blank)
        let left = TerminalEmulator.fed("中中\r\(csi)Cx")  // the right half of the first
        #expect(left.text == [" x中"])
        let wide = TerminalEmulator.fed("a中\r\(csi)C中")  // wide over the right half of a wide
        #expect(wide.text == ["a中"])
        let offset = TerminalEmulator.fed("中中\r\(csi)C日")
        #expect(offset.text == [" 日"])
        #expect(offset.cell(0, 3) == .blank)
    }

    @Test func combiningMarksJoinThePreviousCell() {
        let t = TerminalEmulator.fed("e\u{301}x")
        #expect(t.cell(0, 0) == Cell("e\u{301}"))
        #expect(t.cell(0, 1) == Cell("x"))
        #expect(t.cursor == (0, 2))
    }

    @Test func combiningMarksJoinTheLastColumnWhileAWrapIsPending() {
        let t = TerminalEmulator.fed("012345678e\u{301}\u{302}")
        #expect(t.cell(0, 9).text == "e\u{301}\u{302}")
        #expect(t.pendingWrap)
    }

    @Test func combiningMarksJoinAWideCellThroughItsContinuation() {
        let t = TerminalEmulator.fed("中\u{302}")
        #expect(t.cell(0, 0) == Cell("中\u{302}", width: 2))
        #expect(t.cursor == (0, 2))
    }

    @Test func aLoneCombiningMarkAtTheLeftMarginIsDropped() {
        let t = TerminalEmulator.fed("\u{301}a")
        #expect(t.text == ["a"])
        #expect(t.cursor == (0, 1))
    }

    @Test func aZWJFamilyArrivingInPiecesIsOneCell() {
        let t = TerminalEmulator(rows: 2, columns: 10)
        for piece in ["👨", "\u{200D}", "👩", "\u{200D}", "👧", "|"] { t.feed(piece) }
        #expect(t.cell(0, 0) == Cell("👨\u{200D}👩\u{200D}👧", width: 2))
        #expect(t.cell(0, 2) == Cell("|"))
        #expect(t.cursor == (0, 3))
    }

    @Test func aFlagIsOneCellOfWidthTwo() {
        let t = TerminalEmulator.fed("🇰🇷🇺🇸")
        #expect(t.cell(0, 0) == Cell("🇰🇷", width: 2))
        #expect(t.cell(0, 2) == Cell("🇺🇸", width: 2))
        #expect(t.cursor == (0, 4))
    }

    @Test func skinTonesJoinTheirPictograph() {
        let t = TerminalEmulator.fed("👍🏽x")
        #expect(t.cell(0, 0) == Cell("👍🏽", width: 2))
        #expect(t.cell(0, 2) == Cell("x"))
    }

    @Test func anEmojiPresentationSelectorWidensTheCell() {
        // DisplayWidth says ❤️ is 2 columns: the cell widens and the cursor moves with it.
        let t = TerminalEmulator.fed("❤\u{FE0F}x")
        #expect(t.cell(0, 0) == Cell("❤\u{FE0F}", width: 2))
        #expect(t.cell(0, 1).width == 0)
        #expect(t.cell(0, 2) == Cell("x"))
        // In the last column there is no room: the selector is dropped rather than overflow.
        let edge = TerminalEmulator.fed("012345678❤\u{FE0F}")
        #expect(edge.cell(0, 9) == Cell("❤"))
    }

    @Test func hangulJamoComposeInOneCell() {
        let t = TerminalEmulator.fed("\u{1100}\u{1161}\u{11A8}한국")
        #expect(t.cell(0, 0) == Cell("\u{1100}\u{1161}\u{11A8}", width: 2))
        #expect(t.cell(0, 2) == Cell("한", width: 2))
        #expect(t.cell(0, 4) == Cell("국", width: 2))
    }

    @Test func malformedUTF8ShowsReplacementCharacters() {
        let t = TerminalEmulator(rows: 2, columns: 10)
        t.feed([0x61, 0xFF, 0x62, 0xE4, 0xB8, 0x63, 0xC3])  // a, bad byte, b, cut-off 中, c, cut-off é
        t.feed([0x0D, 0x0A])
        #expect(t.lines[0] == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    }

    @Test func c1ControlsEncodedInUTF8ShowNothing() {
        let t = TerminalEmulator.fed("a\u{9B}31mb\u{85}c")
        #expect(t.text == ["a31mbc"])
        #expect(t.cell(0, 4).style == .plain)
    }

    @Test func utf8SplitAcrossFeedsIsOneCharacter() {
        let t = TerminalEmulator(rows: 2, columns: 10)
        for byte in Array("é中😀".utf8) { t.feed([byte]) }
        #expect(t.text == ["é中😀"])
    }

    @Test func repeatRepeatsTheLastGraphicCharacter() {
        let t = TerminalEmulator.fed("ab\(csi)3bc中\(csi)2b")
        #expect(t.text == ["abbbbc中中", "中"])
    }

    @Test func controlsAreIgnoredOrActedOnButNeverPrinted() {
        let t = TerminalEmulator.fed("a\u{0}\u{7}\u{5}\u{7F}b")
        #expect(t.text == ["ab"])
    }
}
