/// The answers a terminal owes the program: they are queued for `takeResponses()` and must be written
/// back to the program's pseudo-terminal (programs like vim wait for some of them).
extension TerminalEmulator {
    private func reply(_ text: String) {
        responses.append(contentsOf: text.utf8)
    }

    /// DA1 (`CSI c`) and DECID: a VT220 with ANSI colour (`CSI ? 62 ; 22 c`).
    func reportPrimaryAttributes() {
        reply("\u{1B}[?62;22c")
    }

    /// DA2 (`CSI > c`): terminal type 1 (VT220), firmware 10, no ROM cartridge. Not claiming to be
    /// xterm keeps programs from sending xterm-only queries.
    func reportSecondaryAttributes() {
        reply("\u{1B}[>1;10;0c")
    }

    /// DSR: 5 → "OK" (`CSI 0 n`); 6 → the cursor position (`CSI r ; c R`, 1-based, relative to the
    /// region in origin mode; `CSI ? r ; c R` for the DEC form).
    func deviceStatusReport(_ request: Int, isPrivate: Bool) {
        switch request {
        case 5 where !isPrivate:
            reply("\u{1B}[0n")
        case 6:
            let row = cursorRow - (originMode ? topMargin : 0) + 1
            reply("\u{1B}[\(isPrivate ? "?" : "")\(row);\(cursorColumn + 1)R")
        default:
            break
        }
    }

    /// DECRQM: `CSI [?] mode ; state $ y` with state 1 set, 2 reset, 0 unknown.
    func reportMode(_ mode: Int, isPrivate: Bool) {
        let value: Bool?
        if isPrivate {
            value = privateMode(mode)
        } else {
            switch mode {
            case 4: value = insertMode
            case 20: value = newLineMode
            default: value = nil
            }
        }
        let state = value.map { $0 ? 1 : 2 } ?? 0
        reply("\u{1B}[\(isPrivate ? "?" : "")\(mode);\(state)$y")
    }

    /// XTWINOPS (`CSI … t`): only 18, the text area size in characters, is answered; moving, resizing,
    /// iconifying and the title stack are not this terminal's to do.
    func windowOperation(_ operation: Int) {
        if operation == 18 { reply("\u{1B}[8;\(rows);\(columns)t") }
    }
}
