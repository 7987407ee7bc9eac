import Testing
@testable import GhostpipeCore

/// DEC Special Graphics (line drawing) and the other designations and shifts.
@Suite struct EmulatorCharsets {
    @Test func lineDrawingBecomesBoxCharacters() {
        let t = TerminalEmulator.fed("\(esc)(0lqqk\r\nx  x\r\nmqqj\(esc)(Bq")
        #expect(t.text == ["┌──┐", "│  │", "└──┘q"])
    }

    @Test func theWholeSpecialGraphicsTable() {
        let t = TerminalEmulator.fed("\(esc)(0_`abcdefghijklmnopqrstuvwxyz{|}~", rows: 2, columns: 40)
        #expect(t.lines[0] == " ◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·")
    }

    @Test func shiftOutSelectsG1() {
        let t = TerminalEmulator.fed("\(esc))0a\u{0E}q\u{0F}q")
        #expect(t.text == ["a─q"])
    }

    @Test func britishSetHasThePound() {
        let t = TerminalEmulator.fed("\(esc)(A#\(esc)(B#")
        #expect(t.text == ["£#"])
    }

    @Test func singleShiftsApplyToOneCharacter() {
        let t = TerminalEmulator.fed("\(esc)*0\(esc)Nqq\(esc)+0\(esc)Oxx")
        #expect(t.text == ["─q│x"])
    }

    @Test func lockingShifts() {
        let t = TerminalEmulator.fed("\(esc)*0\(esc)nqq\u{0F}q")
        #expect(t.text == ["──q"])
    }

    @Test func utf8IsUnaffectedByTheSpecialGraphicsSet() {
        let t = TerminalEmulator.fed("\(esc)(0é中q")
        #expect(t.text == ["é中─"])
    }
}
