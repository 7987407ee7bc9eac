/// Control sequences (`CSI … final`): cursor movement, erasing, inserting and deleting, scrolling,
/// margins, tab stops; modes, SGR and reports are dispatched to their own files.
extension TerminalEmulator {
    func controlSequenceDispatch(_ final: UInt8, parameters p: ControlSequenceParameters, prefix: UInt8,
                                 intermediates: UInt32) {
        switch (prefix, intermediates) {
        case (0, 0):
            break
        case (UInt8(ascii: "?"), 0):
            privateControlSequence(final, p)
            return
        case (UInt8(ascii: ">"), 0):
            if final == UInt8(ascii: "c") && p.value(0, default: 0) == 0 { reportSecondaryAttributes() }
            return  // also XTMODKEYS (`CSI > 4 ; 2 m`), XTVERSION, kitty keyboard flags: not SGR, not ours
        case (0, 0x24) where final == UInt8(ascii: "p"), (UInt8(ascii: "?"), 0x24) where final == UInt8(ascii: "p"):
            reportMode(p.value(0, default: 0), isPrivate: prefix != 0)  // DECRQM
            return
        case (0, 0x21) where final == UInt8(ascii: "p"):
            softReset()  // DECSTR
            return
        default:
            return  // DECSCUSR (`CSI SP q`), DECSCA, DECSCL, rectangle operations, `CSI = c`: ignored
        }
        switch final {
        case UInt8(ascii: "@"):  // ICH
            pendingWrap = false
            screen.insertCells(row: cursorRow, at: cursorColumn, count: p.count(0), fill: pen.eraseCell)
        case UInt8(ascii: "A"): cursorUp(p.count(0))  // CUU
        case UInt8(ascii: "B"), UInt8(ascii: "e"): cursorDown(p.count(0))  // CUD, VPR
        case UInt8(ascii: "C"), UInt8(ascii: "a"): cursorForward(p.count(0))  // CUF, HPR
        case UInt8(ascii: "D"): cursorBackward(p.count(0))  // CUB
        case UInt8(ascii: "E"):  // CNL
            cursorDown(p.count(0))
            cursorColumn = 0
        case UInt8(ascii: "F"):  // CPL
            cursorUp(p.count(0))
            cursorColumn = 0
        case UInt8(ascii: "G"), UInt8(ascii: "`"):  // CHA, HPA
            cursorColumn = min(p.count(0), columns) - 1
            pendingWrap = false
        case UInt8(ascii: "H"), UInt8(ascii: "f"):  // CUP, HVP
            setCursor(row: p.count(0) - 1, column: p.count(1) - 1)
        case UInt8(ascii: "I"):  // CHT
            for _ in 0..<min(p.count(0), columns) { horizontalTab() }
        case UInt8(ascii: "J"): eraseInDisplay(p.value(0, default: 0))
        case UInt8(ascii: "K"): eraseInLine(p.value(0, default: 0))
        case UInt8(ascii: "L"): insertLines(p.count(0))
        case UInt8(ascii: "M"): deleteLines(p.count(0))
        case UInt8(ascii: "P"):  // DCH
            pendingWrap = false
            screen.deleteCells(row: cursorRow, at: cursorColumn, count: p.count(0), fill: pen.eraseCell)
        case UInt8(ascii: "S"): scrollRegionUp(p.count(0))  // SU
        case UInt8(ascii: "T") where p.count <= 1, UInt8(ascii: "^"):  // SD (five parameters: mouse highlighting)
            screen.scrollDown(top: topMargin, bottom: bottomMargin, count: p.count(0), fill: pen.eraseCell)
        case UInt8(ascii: "X"):  // ECH
            pendingWrap = false
            screen.erase(row: cursorRow, from: cursorColumn, to: cursorColumn + p.count(0), fill: pen.eraseCell)
        case UInt8(ascii: "Z"):  // CBT
            for _ in 0..<min(p.count(0), columns) { cursorColumn = tabStops.previous(before: cursorColumn) }
            pendingWrap = false
        case UInt8(ascii: "b"): repeatLastGraphic(p.count(0))  // REP
        case UInt8(ascii: "c"):  // DA1
            if p.value(0, default: 0) == 0 { reportPrimaryAttributes() }
        case UInt8(ascii: "d"):  // VPA
            setCursor(row: p.count(0) - 1, column: cursorColumn)
        case UInt8(ascii: "g"):  // TBC
            switch p.value(0, default: 0) {
            case 0: tabStops.clear(cursorColumn)
            case 3: tabStops.clearAll()
            default: break
            }
        case UInt8(ascii: "h"): for i in 0..<p.count { setMode(p.value(i, default: 0), true) }  // SM
        case UInt8(ascii: "l"): for i in 0..<p.count { setMode(p.value(i, default: 0), false) }  // RM
        case UInt8(ascii: "m"): GraphicRendition.apply(p, to: &pen)
        case UInt8(ascii: "n"): deviceStatusReport(p.value(0, default: 0), isPrivate: false)
        case UInt8(ascii: "r"): setScrollRegion(top: p.value(0, default: 1), bottom: p.value(1, default: rows))  // DECSTBM
        case UInt8(ascii: "s"): saveCursor()  // SCOSC (no left/right margin mode here)
        case UInt8(ascii: "t"): windowOperation(p.value(0, default: 0))
        case UInt8(ascii: "u") where p.count == 0: restoreCursor()  // SCORC
        default: break
        }
    }

    /// `CSI ? …`: DEC private modes and their save/restore, selective erase (treated as plain erase:
    /// no character is protected here), the extended cursor report, DECST8C.
    private func privateControlSequence(_ final: UInt8, _ p: ControlSequenceParameters) {
        switch final {
        case UInt8(ascii: "h"): for i in 0..<p.count { setPrivateMode(p.value(i, default: 0), true) }
        case UInt8(ascii: "l"): for i in 0..<p.count { setPrivateMode(p.value(i, default: 0), false) }
        case UInt8(ascii: "s"): for i in 0..<p.count { savePrivateMode(p.value(i, default: 0)) }  // XTSAVE
        case UInt8(ascii: "r"): for i in 0..<p.count { restorePrivateMode(p.value(i, default: 0)) }  // XTRESTORE
        case UInt8(ascii: "J"): eraseInDisplay(p.value(0, default: 0))  // DECSED
        case UInt8(ascii: "K"): eraseInLine(p.value(0, default: 0))  // DECSEL
        case UInt8(ascii: "n"): deviceStatusReport(p.value(0, default: 0), isPrivate: true)
        case UInt8(ascii: "W") where p.value(0, default: 0) == 5: tabStops.resetToDefault()  // DECST8C
        default: break  // `CSI ? u` (kitty keyboard query) and the rest: no answer, as a terminal without them
        }
    }

    // MARK: - Cursor

    /// CUU: up, stopping at the top margin if the cursor starts inside the region (else at row 0).
    func cursorUp(_ n: Int) {
        let limit = cursorRow >= topMargin ? topMargin : 0
        cursorRow = max(limit, cursorRow - n)
        pendingWrap = false
    }

    /// CUD: down, stopping at the bottom margin if the cursor starts inside the region.
    func cursorDown(_ n: Int) {
        let limit = cursorRow <= bottomMargin ? bottomMargin : rows - 1
        cursorRow = min(limit, cursorRow + n)
        pendingWrap = false
    }

    func cursorForward(_ n: Int) {
        cursorColumn = min(columns - 1, cursorColumn + n)
        pendingWrap = false
    }

    func cursorBackward(_ n: Int) {
        cursorColumn = max(0, cursorColumn - n)
        pendingWrap = false
    }

    /// CUP and friends, 0-based; in origin mode rows count from the top margin and stay in the region.
    func setCursor(row: Int, column: Int) {
        if originMode {
            cursorRow = min(topMargin + max(0, row), bottomMargin)
        } else {
            cursorRow = min(max(0, row), rows - 1)
        }
        cursorColumn = min(max(0, column), columns - 1)
        pendingWrap = false
    }

    /// DECSTBM: a region of at least two rows, then the cursor goes home.
    private func setScrollRegion(top: Int, bottom: Int) {
        let t = max(1, top) - 1
        let b = min(bottom == 0 ? rows : bottom, rows) - 1
        guard t < b else { return }
        topMargin = t
        bottomMargin = b
        setCursor(row: 0, column: 0)
    }

    // MARK: - Erasing

    /// ED. Erased cells take the current background (BCE). 3 forgets the scrolled-off lines not yet taken.
    func eraseInDisplay(_ mode: Int) {
        let fill = pen.eraseCell
        switch mode {
        case 0:
            screen.erase(row: cursorRow, from: cursorColumn, to: columns, fill: fill)
            for r in (cursorRow + 1)..<max(cursorRow + 1, rows) { screen.clear(row: r, fill: fill) }
        case 1:
            for r in 0..<cursorRow { screen.clear(row: r, fill: fill) }
            screen.erase(row: cursorRow, from: 0, to: cursorColumn + 1, fill: fill)
        case 2:
            screen.clearAll(fill: fill)
        case 3:
            scrolledOff.removeAll()
        default:
            return
        }
        pendingWrap = false
    }

    /// EL. From the pending-wrap state, "from the cursor" includes the last column (xterm).
    func eraseInLine(_ mode: Int) {
        let fill = pen.eraseCell
        switch mode {
        case 0: screen.erase(row: cursorRow, from: cursorColumn, to: columns, fill: fill)
        case 1: screen.erase(row: cursorRow, from: 0, to: cursorColumn + 1, fill: fill)
        case 2: screen.erase(row: cursorRow, from: 0, to: columns, fill: fill)
        default: return
        }
        pendingWrap = false
    }

    /// IL: only inside the scroll region; rows pushed past the bottom margin are lost.
    private func insertLines(_ n: Int) {
        guard cursorRow >= topMargin && cursorRow <= bottomMargin else { return }
        screen.scrollDown(top: cursorRow, bottom: bottomMargin, count: n, fill: pen.eraseCell)
        cursorColumn = 0
        pendingWrap = false
    }

    /// DL: only inside the scroll region; blank rows enter at the bottom margin.
    private func deleteLines(_ n: Int) {
        guard cursorRow >= topMargin && cursorRow <= bottomMargin else { return }
        screen.scrollUp(top: cursorRow, bottom: bottomMargin, count: n, fill: pen.eraseCell)
        cursorColumn = 0
        pendingWrap = false
    }
}
