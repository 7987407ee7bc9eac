/// C0 controls and escape sequences (`ESC` + final byte): line feeds and indexes, the cursor save
/// slot, character set designation and shifts, tab stops, resets.
extension TerminalEmulator {
    // MARK: - C0

    /// BS: one column left, never past the left margin. From the pending-wrap state it moves left
    /// of the last column (xterm; tmux stays on the last column).
    func backspace() {
        if cursorColumn > 0 { cursorColumn -= 1 }
        pendingWrap = false
    }

    /// HT: to the next tab stop or the last column. A pending wrap stays pending (xterm and tmux).
    func horizontalTab() {
        if cursorColumn < columns - 1 { cursorColumn = tabStops.next(after: cursorColumn) }
    }

    /// LF, VT, FF: index, and with LNM also carriage return.
    func lineFeed() {
        index()
        if newLineMode { cursorColumn = 0 }
    }

    func carriageReturn() {
        cursorColumn = 0
        pendingWrap = false
    }

    func shiftCharset(to g: Int) {
        charsets.gl = g
        asciiPrintsItself = charsets.isPlainASCII
    }

    // MARK: - Index and scrolling

    /// IND: down a row; at the bottom margin the scroll region scrolls up instead. Below the region
    /// the cursor stops at the last row. Clears a pending wrap (xterm).
    func index() {
        if cursorRow == bottomMargin {
            scrollRegionUp(1)
        } else if cursorRow < rows - 1 {
            cursorRow += 1
        }
        pendingWrap = false
    }

    /// RI: up a row; at the top margin the scroll region scrolls down instead.
    func reverseIndex() {
        if cursorRow == topMargin {
            screen.scrollDown(top: topMargin, bottom: bottomMargin, count: 1, fill: pen.eraseCell)
        } else if cursorRow > 0 {
            cursorRow -= 1
        }
        pendingWrap = false
    }

    /// Scrolls the region up by `count` rows. On the main screen with the region at the top, the rows
    /// leaving it are scrolled-off lines (xterm saves them to its scrollback likewise).
    func scrollRegionUp(_ count: Int) {
        let n = min(count, bottomMargin - topMargin + 1)
        if !usingAlternateScreen && topMargin == 0 {
            for r in 0..<n { scrolledOff.append(screen.line(r), extent: screen.extent(r), columns: columns) }
        }
        screen.scrollUp(top: topMargin, bottom: bottomMargin, count: n, fill: pen.eraseCell)
    }

    // MARK: - Saving the cursor

    /// DECSC, into the active screen's slot.
    func saveCursor() {
        activeScreen.savedCursor = SavedCursor(row: cursorRow, column: cursorColumn, pendingWrap: pendingWrap, pen: pen,
                                         charsets: charsets, originMode: originMode)
    }

    /// DECRC from the active screen's slot; with nothing saved, the home position and defaults (xterm).
    func restoreCursor() {
        let saved = activeScreen.savedCursor ?? SavedCursor()
        cursorRow = min(max(0, saved.row), rows - 1)
        cursorColumn = min(saved.column, columns - 1)
        pendingWrap = saved.pendingWrap && autowrap && saved.column == columns - 1
        pen = saved.pen
        charsets = saved.charsets
        asciiPrintsItself = charsets.isPlainASCII
        originMode = saved.originMode
    }

    // MARK: - Escape sequences

    func escapeDispatch(_ final: UInt8, intermediates: UInt32) {
        switch intermediates {
        case 0:
            switch final {
            case UInt8(ascii: "7"): saveCursor()
            case UInt8(ascii: "8"): restoreCursor()
            case UInt8(ascii: "D"): index()
            case UInt8(ascii: "E"): carriageReturn(); index()  // NEL
            case UInt8(ascii: "M"): reverseIndex()
            case UInt8(ascii: "H"): tabStops.set(cursorColumn)  // HTS
            case UInt8(ascii: "c"): fullReset()
            case UInt8(ascii: "="): modeState.applicationKeypad = true  // DECKPAM
            case UInt8(ascii: ">"): modeState.applicationKeypad = false  // DECKPNM
            case UInt8(ascii: "N"): singleShift(2)
            case UInt8(ascii: "O"): singleShift(3)
            case UInt8(ascii: "n"): shiftCharset(to: 2)  // LS2
            case UInt8(ascii: "o"): shiftCharset(to: 3)  // LS3
            case UInt8(ascii: "Z"): reportPrimaryAttributes()  // DECID
            default: break  // ST (ESC \) ends a string; DECBI/DECFI, memory locks: nothing to do
            }
        case 0x28...0x2B:  // ( ) * +: designate G0–G3
            charsets[Int(intermediates) - 0x28] = DesignatedCharset(finalByte: final)
            asciiPrintsItself = charsets.isPlainASCII
        case 0x23 where final == UInt8(ascii: "8"):
            screenAlignmentPattern()
        default:
            break  // 96-character sets, ESC % (UTF-8 is always on), ESC SP F/G (7/8-bit C1): ignored
        }
    }

    private func singleShift(_ g: Int) {
        charsets.singleShift = g
        asciiPrintsItself = false
    }

    /// DECALN (`ESC # 8`): fills the screen with E, resets the margins, homes the cursor.
    func screenAlignmentPattern() {
        let e = PackedCell(code: UInt32(UInt8(ascii: "E")), foreground: 0, background: 0, attributes: 0, width: 1)
        for r in 0..<rows { screen.erase(row: r, from: 0, to: columns, fill: e) }
        topMargin = 0
        bottomMargin = rows - 1
        originMode = false
        cursorRow = 0
        cursorColumn = 0
        pendingWrap = false
    }

    /// RIS (`ESC c`): both screens cleared, every mode, the pen, charsets, tab stops and margins back
    /// to their power-on state. The title and lines already scrolled off are kept.
    func fullReset() {
        let (rows, columns) = (self.rows, self.columns)
        mainScreen = ScreenMemory(rows: rows, columns: columns)
        alternateScreen = ScreenMemory(rows: rows, columns: columns)
        screen = mainScreen.buffer
        usingAlternateScreen = false
        cursorRow = 0
        cursorColumn = 0
        pendingWrap = false
        pen = .plain
        charsets = CharsetState()
        asciiPrintsItself = true
        cursorShown = true
        originMode = false
        autowrap = true
        insertMode = false
        newLineMode = false
        topMargin = 0
        bottomMargin = rows - 1
        tabStops = TabStops(columns: columns)
        modeState = TerminalModes()
        synchronizing = false
        savedPrivateModes.removeAll()
        lastGraphic = nil
    }

    /// DECSTR (`CSI ! p`): the soft reset — modes, pen, charsets, margins and the saved cursor; the
    /// screen and the cursor position stay.
    func softReset() {
        cursorShown = true
        insertMode = false
        originMode = false
        autowrap = true
        pendingWrap = false
        topMargin = 0
        bottomMargin = rows - 1
        modeState.applicationCursorKeys = false
        modeState.applicationKeypad = false
        pen = .plain
        charsets = CharsetState()
        asciiPrintsItself = true
        activeScreen.savedCursor = nil
    }
}
