import Testing
@testable import GhostpipeCore

/// Modes the real terminal must mirror, the alternate screen, resets.
@Suite struct EmulatorModes {
    @Test func keyboardPasteAndFocusModes() {
        let t = TerminalEmulator.fed("\(csi)?1h\(esc)=\(csi)?2004h\(csi)?1004h")
        #expect(t.modes.applicationCursorKeys)
        #expect(t.modes.applicationKeypad)
        #expect(t.modes.bracketedPaste)
        #expect(t.modes.focusEvents)
        t.feed("\(csi)?1l\(esc)>\(csi)?2004l\(csi)?1004l")
        #expect(t.modes == TerminalModes())
        t.feed("\(csi)?66h")
        #expect(t.modes.applicationKeypad)
    }

    @Test func mouseModesAreOneSetting() {
        let t = TerminalEmulator.fed("\(csi)?1000h\(csi)?1006h")
        #expect(t.modes.mouseTracking == .normal)
        #expect(t.modes.mouseEncoding == .sgr)
        t.feed("\(csi)?1002h")
        #expect(t.modes.mouseTracking == .buttonEvent)
        t.feed("\(csi)?1003h\(csi)?1015h")
        #expect(t.modes.mouseTracking == .anyEvent)
        #expect(t.modes.mouseEncoding == .urxvt)
        t.feed("\(csi)?1000l\(csi)?1006l")
        #expect(t.modes.mouseTracking == .off)
        #expect(t.modes.mouseEncoding == .default)
        t.feed("\(csi)?9;1005h")
        #expect(t.modes.mouseTracking == .x10)
        #expect(t.modes.mouseEncoding == .utf8)
    }

    @Test func modeTransitionsForTheRealTerminal() {
        var from = TerminalModes()
        from.mouseTracking = .normal
        var to = TerminalModes()
        to.mouseTracking = .anyEvent
        to.bracketedPaste = true
        to.applicationKeypad = true
        let bytes = String(decoding: to.sequences(changingFrom: from), as: UTF8.self)
        #expect(bytes == "\(esc)=\(csi)?2004h\(csi)?1000l\(csi)?1003h")
        #expect(to.sequences(changingFrom: to).isEmpty)
        #expect(String(decoding: TerminalModes().sequences(changingFrom: to), as: UTF8.self)
                == "\(esc)>\(csi)?2004l\(csi)?1003l")
    }

    @Test func alternateScreen1049SavesTheCursorAndClears() {
        let t = TerminalEmulator.fed("main\r\nscreen\(csi)31m\(csi)?1049h")
        #expect(t.isAlternateScreen)
        #expect(t.text == [])
        #expect(t.cursor == (1, 6))
        t.feed("\(csi)Hfull\(csi)0m\(csi)5;5H")
        #expect(t.text == ["full"])
        #expect(t.cell(0, 0).style.foreground == .palette(1))
        t.feed("\(csi)?1049l")
        #expect(!t.isAlternateScreen)
        #expect(t.text == ["main", "screen"])
        #expect(t.cursor == (1, 6))
        t.feed("x")
        #expect(t.cell(1, 6).style.foreground == .palette(1))  // the pen was saved with the cursor
        t.feed("\(csi)?1049h")
        #expect(t.text == [])  // cleared again on entry
    }

    @Test func alternateScreen47KeepsItsContentAndTheCursor() {
        let t = TerminalEmulator.fed("abc\(csi)?47hxy")
        #expect(t.text == ["   xy"])
        t.feed("\(csi)?47l")
        #expect(t.text == ["abc"])
        #expect(t.cursor == (0, 5))
        t.feed("\(csi)?47h")
        #expect(t.text == ["   xy"])
    }

    @Test func alternateScreen1047ClearsOnTheWayOut() {
        let t = TerminalEmulator.fed("abc\(csi)?1047hxy\(csi)?1047l\(csi)?47h")
        #expect(t.text == [])
    }

    @Test func each1048SavesAndRestores() {
        let t = TerminalEmulator.fed("\(csi)2;2H\(csi)?1048h\(csi)H\(csi)?1048l")
        #expect(t.cursor == (1, 1))
    }

    @Test func modeReports() {
        let t = TerminalEmulator.fed("\(csi)?2004h\(csi)?2004$p\(csi)?1$p\(csi)?12345$p\(csi)4h\(csi)4$p\(csi)20$p")
        #expect(String(decoding: t.takeResponses(), as: UTF8.self)
                == "\(csi)?2004;1$y\(csi)?1;2$y\(csi)?12345;0$y\(csi)4;1$y\(csi)20;2$y")
    }

    @Test func savingAndRestoringPrivateModes() {
        let t = TerminalEmulator.fed("\(csi)?2004h\(csi)?2004;1s\(csi)?2004l\(csi)?1h\(csi)?1;2004r")
        #expect(t.modes.bracketedPaste)
        #expect(!t.modes.applicationCursorKeys)
    }

    @Test func synchronizedOutput() {
        let t = TerminalEmulator.fed("\(csi)?2026h")
        #expect(t.synchronizedOutput)
        t.feed("\(csi)?2026l")
        #expect(!t.synchronizedOutput)
    }

    @Test func fullResetRestoresPowerOnState() {
        let t = TerminalEmulator.fed("\(esc)]2;kept\u{7}text\(csi)?1049h\(csi)?25l\(csi)?1h\(csi)2;3r\(csi)31m\(esc)(0\(csi)4h\(esc)c")
        #expect(t.text == [])
        #expect(!t.isAlternateScreen)
        #expect(t.cursorVisible)
        #expect(t.modes == TerminalModes())
        #expect(t.cursor == (0, 0))
        t.feed("q\r\n\r\n\r\n\r\n\r\n")
        #expect(t.takeScrolledOff().first?.first == Cell("q"))
        #expect(t.title == "kept")
    }

    @Test func softResetKeepsTheScreen() {
        let t = TerminalEmulator.fed("text\(csi)?25l\(csi)31m\(csi)2;3r\(csi)?6h\(csi)4h\(csi)!p")
        #expect(t.text == ["text"])
        #expect(t.cursorVisible)
        #expect(!t.insertMode)
        #expect(!t.originMode)
        #expect(t.pen == .plain)
        #expect(t.topMargin == 0 && t.bottomMargin == 4)
    }

    @Test func screenAlignmentFillsWithE() {
        let t = TerminalEmulator.fed("\(csi)2;3r\(esc)#8", rows: 3, columns: 4)
        #expect(t.lines == ["EEEE", "EEEE", "EEEE"])
        #expect(t.cursor == (0, 0))
    }

    @Test func newLineModeReturnsTheCarriage() {
        let t = TerminalEmulator.fed("\(csi)20hab\ncd")
        #expect(t.text == ["ab", "cd"])
    }
}
