/// The overlay's screen, composed: the program's terminal on top (`programRows` rows), the band
/// below, in one frame the size of the real terminal for the diffing renderer to draw.
///
/// The program's rows come only from its emulator's model of its own, smaller screen. Whatever the
/// program writes — clears, resets, scroll regions, the alternate screen, a million newlines — can
/// only change that model, so nothing it does can reach the band's rows: they hold the band's cells
/// and nothing else.
public final class OverlayScreen {
    public let columns: Int
    public let rows: Int
    /// Rows given to the program, from the top.
    public let programRows: Int
    /// The composed screen; `cursor` is the program's cursor, when it shows one.
    public private(set) var frame: Frame

    /// A blank screen `columns` × `rows`, the top `programRows` of them the program's.
    public init(columns: Int, rows: Int, programRows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.programRows = max(0, min(programRows, self.rows))
        frame = Frame(width: self.columns, origin: 0, rowCount: self.rows)
    }

    /// Rows of the band, at the bottom.
    public var bandRows: Int { rows - programRows }

    /// Takes the program's changed rows (or all of them), its cursor and whether it shows it.
    public func update(program: TerminalEmulator, everything: Bool = false) {
        let changed = program.takeDirtyRows()
        for r in everything ? Array(0..<program.rows) : changed where r < programRows {
            frame.rows[r] = Self.fit(program.row(r), to: columns)
        }
        let cursor = program.cursor
        frame.cursor = program.cursorVisible && programRows > 0
            ? Placement(row: min(cursor.row, programRows - 1), column: min(cursor.column, columns - 1), width: 0)
            : nil
    }

    /// Puts the band in: the last `bandRows` of `band` (blank rows above if it has fewer).
    public func setBand(_ band: [[Cell]]) {
        let shown = band.suffix(bandRows)
        let blankAbove = bandRows - shown.count
        for i in 0..<bandRows {
            let row = programRows + i
            frame.rows[row] = i < blankAbove
                ? Array(repeating: .blank, count: columns)
                : Self.fit(shown[shown.startIndex + i - blankAbove], to: columns)
        }
    }

    /// Exactly `width` cells: padded with blanks, or cut (a wide cell cut in half becomes a blank).
    static func fit(_ cells: [Cell], to width: Int) -> [Cell] {
        if cells.count == width { return cells }
        if cells.count < width { return cells + Array(repeating: .blank, count: width - cells.count) }
        var row = Array(cells.prefix(width))
        var head = width - 1
        while head > 0 && row[head].width == 0 { head -= 1 }
        if head + Int(row[head].width) > width {
            for c in head..<width { row[c] = .blank }
        }
        return row
    }
}
