/// A wide cell is its head (2 columns, or up to 8 where a terminal measured a cluster that wide:
/// `TerminalEmulator.widths`) and continuations (width 0) after it. Writing over part of one blanks
/// the rest of it, keeping its colours, as terminals do: a half of a glyph cannot be drawn.
extension PackedCell {
    /// Before the cells from `column` on are written: the part of a wide cell left of `column`.
    @inline(__always)
    static func cutBefore(_ cells: UnsafeMutablePointer<PackedCell>, at column: Int) {
        guard column > 0 && cells[column].width == 0 else { return }
        var head = column - 1
        while head > 0 && cells[head].width == 0 { head -= 1 }
        for c in head..<column { cells[c] = cells[c].blanked }
    }

    /// Before the cells up to `end` (not included) are written: the part of a wide cell from `end` on.
    @inline(__always)
    static func cutAfter(_ cells: UnsafeMutablePointer<PackedCell>, at end: Int, columns: Int) {
        var c = end
        while c < columns && cells[c].width == 0 {
            cells[c] = cells[c].blanked
            c += 1
        }
    }

    /// After cells were shifted right or the row narrowed to `columns`: a wide cell that no longer
    /// fits before the margin.
    static func cutAtMargin(_ cells: UnsafeMutablePointer<PackedCell>, columns: Int) {
        var head = columns - 1
        while head > 0 && cells[head].width == 0 { head -= 1 }
        guard head + Int(cells[head].width) > columns else { return }
        for c in head..<columns { cells[c] = cells[c].blanked }
    }
}
