/// Where ghostpipe's rows went when the terminal changed width.
///
/// ghostpipe ends every row with an explicit move, so each is a line of its own. Most terminals
/// today (tmux, kitty, VTE, alacritty, foot, wezterm, iTerm2, Windows Terminal) reflow a line that no
/// longer fits when they narrow: the row the cursor is on, `c` columns long, becomes ⌈c/w⌉ rows, and
/// the cursor ends on the last of them. Others (xterm) cut the line and keep the cursor on it. To
/// redraw the row in place without leaving half a copy above, go up as many rows as it took.
public enum ResizeGeometry {
    /// Terminal rows between the start of the cursor's row and the cursor, after the terminal
    /// narrowed to `newWidth` with the cursor at `cursorColumn` of it: ⌈cursorColumn / newWidth⌉ − 1
    /// if the terminal reflowed the row (a row that fills the new width exactly stays one row, the
    /// cursor waiting at its end), 0 if it cut it. `reportedColumn` is the cursor's column as the
    /// terminal reports it now (a cursor-position query, 0-based), when it could be asked: a terminal
    /// that cut the row puts it in the last column, one that reflowed it after what wrapped. Unknown
    /// or ambiguous: reflow, as most terminals do.
    public static func rowsAbove(cursorColumn: Int, newWidth: Int, reportedColumn: Int? = nil) -> Int {
        let width = max(1, newWidth)
        guard cursorColumn > width else { return 0 }
        let above = (cursorColumn - 1) / width
        let reflowedColumn = min(cursorColumn - above * width, width - 1)
        if let reportedColumn, reportedColumn == width - 1, reflowedColumn != width - 1 { return 0 }
        return above
    }
}
