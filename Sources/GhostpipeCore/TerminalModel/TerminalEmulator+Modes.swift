/// SM/RM (ANSI modes) and DECSET/DECRST (DEC private modes), their save/restore (XTSAVE/XTRESTORE)
/// and the alternate screen.
extension TerminalEmulator {
    /// SM/RM: IRM (4) and LNM (20); the rest are not kept.
    func setMode(_ mode: Int, _ on: Bool) {
        switch mode {
        case 4: insertMode = on
        case 20: newLineMode = on
        default: break
        }
    }

    func setPrivateMode(_ mode: Int, _ on: Bool) {
        switch mode {
        case 1: modeState.applicationCursorKeys = on
        case 6:  // DECOM homes the cursor either way
            originMode = on
            setCursor(row: 0, column: 0)
        case 7:
            autowrap = on
            if !on { pendingWrap = false }
        case 9, 1000, 1002, 1003:
            // One setting in xterm: switching any of them off switches tracking off.
            modeState.mouseTracking = on ? (TerminalModes.MouseTracking(rawValue: mode) ?? .off) : .off
        case 1005, 1006, 1015, 1016:
            modeState.mouseEncoding = on ? (TerminalModes.MouseEncoding(rawValue: mode) ?? .default) : .default
        case 25: cursorShown = on
        case 47: switchScreen(toAlternate: on)
        case 66: modeState.applicationKeypad = on
        case 1004: modeState.focusEvents = on
        case 1047:
            // Leaving clears the alternate screen first (xterm).
            if !on && usingAlternateScreen { alternateScreen.buffer.clearAll(fill: .blank) }
            switchScreen(toAlternate: on)
        case 1048:
            if on { saveCursor() } else { restoreCursor() }
        case 1049:
            if on {
                saveCursor()
                switchScreen(toAlternate: true)
                alternateScreen.buffer.clearAll(fill: .blank)
            } else {
                switchScreen(toAlternate: false)
                restoreCursor()
            }
        case 2004: modeState.bracketedPaste = on
        case 2026: synchronizing = on
        default: break  // DECCOLM (3) is ignored as in a default xterm; blinking, reverse wrap, …
        }
    }

    /// Whether a private mode is set, for DECRQM and XTSAVE; nil if it is not one this model keeps.
    func privateMode(_ mode: Int) -> Bool? {
        switch mode {
        case 1: return modeState.applicationCursorKeys
        case 6: return originMode
        case 7: return autowrap
        case 9, 1000, 1002, 1003: return modeState.mouseTracking.rawValue == mode
        case 1005, 1006, 1015, 1016: return modeState.mouseEncoding.rawValue == mode
        case 25: return cursorShown
        case 47, 1047, 1049: return usingAlternateScreen
        case 66: return modeState.applicationKeypad
        case 1004: return modeState.focusEvents
        case 2004: return modeState.bracketedPaste
        case 2026: return synchronizing
        default: return nil
        }
    }

    func savePrivateMode(_ mode: Int) {
        if let value = privateMode(mode) { savedPrivateModes[mode] = value }
    }

    func restorePrivateMode(_ mode: Int) {
        if let value = savedPrivateModes[mode] { setPrivateMode(mode, value) }
    }

    /// Shows the main or the alternate screen; the cursor stays where it is.
    func switchScreen(toAlternate: Bool) {
        guard toAlternate != usingAlternateScreen else { return }
        usingAlternateScreen = toAlternate
        screen = toAlternate ? alternateScreen.buffer : mainScreen.buffer
        screen.markAllDirty()
    }
}
