/// Clusters joined at the width the real terminal draws them (`widths`), where it measured them
/// otherwise than the usual join makes them: a view of a stream must end as `cat` leaves that
/// terminal. tmux 3.3a, like terminals that measure each scalar with `wcwidth`, draws `👍🏽` as two
/// cells (`👍` and `🏽`, four columns), a modifier after a space as a cell of its own, and `❤️` or
/// the keycap `1️⃣` one column wide.
extension TerminalEmulator {
    /// Joins `cluster` — the text of the cell at `column` and the scalar `value` (`width` columns of
    /// its own) just printed — as the terminal draws it; false when the terminal was not asked about
    /// it or agrees with the usual join (Unicode's width, at most 2, never narrower than the cell).
    func joinAsMeasured(_ cluster: String, scalar value: UInt32, width: Int, at column: Int, to cell: PackedCell) -> Bool {
        guard let measured = widths?.measuredWidth(of: cluster) else { return false }
        let had = Int(cell.width)
        guard measured != max(had, min(2, DisplayWidth.of(cluster))) else { return false }
        if width > 0 && measured == had + width {
            // The terminal does not join them: the scalar is a cell of its own there, which a later
            // write can overwrite, or a wrap carry to the next row, apart from the first.
            place(value, width: width)
            return true
        }
        // No room to widen: the scalar is dropped, so that a cell never claims fewer columns than
        // its text takes (as `join` does).
        guard resize(cellAt: column, from: had, to: max(1, min(measured, 8))) else { return true }
        let cells = screen.line(cursorRow)
        cells[column].code = internCluster(cluster)
        lastGraphic = cells[column]
        return true
    }

    /// The cell at `column` of the cursor's row made `new` columns wide (from `old`); the cursor moves
    /// with its end when it was just after it. False when it would cross the right margin.
    private func resize(cellAt column: Int, from old: Int, to new: Int) -> Bool {
        let columns = screen.columns
        guard new != old else { return true }
        guard column + new <= columns else { return false }
        let cells = screen.line(cursorRow)
        let cell = cells[column]
        let continuation = PackedCell(code: PackedCell.continuationCode, foreground: cell.foreground,
                                      background: cell.background, attributes: cell.attributes, width: 0)
        if new > old {
            PackedCell.cutAfter(cells, at: column + new, columns: columns)
            for c in (column + old)..<(column + new) { cells[c] = continuation }
        } else {
            for c in (column + new)..<(column + old) { cells[c] = cell.blanked }
        }
        cells[column].width = UInt8(new)
        screen.noteWritten(cursorRow, through: column + max(old, new))
        let after = column + new
        if pendingWrap ? column + old >= columns : cursorColumn == column + old {
            // The cursor was just after the cell (pending a wrap when the cell ended at the margin).
            if after >= columns {
                cursorColumn = columns - 1
                pendingWrap = autowrap
            } else {
                cursorColumn = after
                pendingWrap = false
            }
        }
        return true
    }
}
