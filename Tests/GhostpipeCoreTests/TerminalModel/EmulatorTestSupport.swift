@testable import GhostpipeCore

/// Shorthands for emulator tests: an escape character, a terminal fed some input, its screen as text.
let esc = "\u{1B}"
let csi = "\u{1B}["

extension TerminalEmulator {
    /// A `rows × columns` terminal that has been fed `input`.
    static func fed(_ input: String, rows: Int = 5, columns: Int = 10) -> TerminalEmulator {
        let terminal = TerminalEmulator(rows: rows, columns: columns)
        terminal.feed(input)
        return terminal
    }

    /// Every row as text, trailing spaces removed.
    var lines: [String] { (0..<rows).map { rowText($0) } }

    /// The rows as text without the empty rows at the bottom.
    var text: [String] {
        var lines = self.lines
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The cell at (r, c).
    func cell(_ r: Int, _ c: Int) -> Cell { row(r)[c] }

    /// Everything observable, for comparing two terminals fed the same bytes differently.
    var snapshot: String {
        var s = (0..<rows).map { r in row(r).map { "\($0.text)|\($0.width)|\($0.style)" }.joined(separator: ",") }
            .joined(separator: "\n")
        s += "\ncursor \(cursor) visible \(cursorVisible) alt \(isAlternateScreen) modes \(modes) title \(title ?? "-")"
        s += " pending \(pendingWrap) pen \(pen) charsets \(charsets) margins \(topMargin)-\(bottomMargin)"
        return s
    }
}
