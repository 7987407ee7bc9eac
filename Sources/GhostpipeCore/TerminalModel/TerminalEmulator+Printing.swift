/// Putting characters on the screen: the ASCII fast path, wide characters, grapheme clusters that
/// arrive scalar by scalar, and autowrap with xterm's pending-wrap state.
extension TerminalEmulator {
    /// Prints `bytes[start..<end]`, all printable ASCII, with GL holding ASCII: cells are written in
    /// place a row-chunk at a time, with no per-character strings.
    func printASCII(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        if insertMode {
            for i in start..<end { place(UInt32(bytes[i]), width: 1) }
            return
        }
        let screen = self.screen
        let columns = screen.columns
        let pen = self.pen
        var i = start
        while i < end {
            if pendingWrap { wrapToNextLine() }
            let row = cursorRow
            let column = cursorColumn
            let cells = screen.line(row)
            let room = columns - column
            var count = end - i
            if count > room {
                if autowrap {
                    count = room
                } else {
                    // Without autowrap everything past the margin lands on the last column, so only
                    // the run's last character stays there.
                    write(bytes, from: i, count: room - 1, to: cells, at: column, columns: columns, pen: pen)
                    write(bytes, from: end - 1, count: 1, to: cells, at: columns - 1, columns: columns, pen: pen)
                    screen.noteWritten(row, through: columns)
                    cursorColumn = columns - 1
                    break
                }
            }
            write(bytes, from: i, count: count, to: cells, at: column, columns: columns, pen: pen)
            screen.noteWritten(row, through: column + count)
            i += count
            if column + count >= columns {
                cursorColumn = columns - 1
                pendingWrap = autowrap
            } else {
                cursorColumn = column + count
            }
        }
        lastGraphic = pen.cell(UInt32(bytes[end - 1]), width: 1)
    }

    @inline(__always)
    private func write(_ bytes: UnsafeRawBufferPointer, from source: Int, count: Int,
                       to cells: UnsafeMutablePointer<PackedCell>, at column: Int, columns: Int, pen: Pen) {
        guard count > 0 else { return }
        // A wide cell cut at either end loses its other half.
        PackedCell.cutBefore(cells, at: column)
        PackedCell.cutAfter(cells, at: column + count, columns: columns)
        let target = cells + column
        for k in 0..<count {
            target[k] = PackedCell(code: UInt32(bytes[source + k]), foreground: pen.foreground,
                                   background: pen.background, attributes: pen.attributes, width: 1)
        }
    }

    /// A printable byte when GL (or a single shift) selects a set other than ASCII.
    func printMapped(_ byte: UInt8) {
        let set = charsets.takeCurrent()
        asciiPrintsItself = charsets.isPlainASCII
        place(set.map(byte), width: 1)
    }

    /// Wraps from the pending-wrap state: carriage return and index (scrolling at the bottom margin).
    func wrapToNextLine() {
        cursorColumn = 0
        index()
    }

    /// Puts one cell (or a wide one and its continuations) at the cursor and advances it: wraps first
    /// if a wrap is pending, or if a wide character does not fit before the margin (the columns left
    /// are left as they were, as in xterm).
    func place(_ code: UInt32, width: Int) {
        if pendingWrap { wrapToNextLine() }
        let columns = screen.columns
        guard width > 0 && width <= columns else { return }
        if width > 1 && cursorColumn + width > columns {
            // Without autowrap there is nowhere to put it; tmux drops it too.
            guard autowrap else { return }
            wrapToNextLine()
        }
        let row = cursorRow, column = cursorColumn
        if insertMode { screen.insertCells(row: row, at: column, count: width, fill: .blank) }
        let cells = screen.line(row)
        let end = column + width
        PackedCell.cutBefore(cells, at: column)
        PackedCell.cutAfter(cells, at: end, columns: columns)
        let cell = pen.cell(code, width: UInt8(width))
        cells[column] = cell
        for c in (column + 1)..<end { cells[c] = pen.cell(PackedCell.continuationCode, width: 0) }
        screen.noteWritten(row, through: end)
        if end >= columns {
            cursorColumn = columns - 1
            pendingWrap = autowrap
        } else {
            cursorColumn = end
        }
        lastGraphic = cell
    }

    /// Prints a decoded non-ASCII scalar. If it continues the grapheme cluster of the cell before the
    /// cursor (a combining mark, a variation selector, ZWJ and what follows it, a skin tone, the
    /// second half of a flag, a Hangul jamo — by Swift's `Character` rules), it joins that cell;
    /// otherwise it takes cells of its own. A zero-width scalar with nothing to join is dropped, as
    /// xterm and tmux do.
    func printScalar(_ value: UInt32) {
        guard let scalar = Unicode.Scalar(value) else { return }
        if charsets.singleShift != 0 {
            charsets.singleShift = 0
            asciiPrintsItself = charsets.isPlainASCII
        }
        let width = DisplayWidth.scalarWidth(scalar)
        let previous = previousCellColumn()
        if width > 0 && Self.alwaysStartsCluster(value) {
            guard let previous, Self.mayBeExtended(lastScalar(of: screen.line(cursorRow)[previous].code)) else {
                place(value, width: width)
                return
            }
        }
        if let previous {
            let cell = screen.line(cursorRow)[previous]
            var candidate = text(of: cell.code)
            candidate.unicodeScalars.append(scalar)
            if candidate.count == 1 {
                if !joinAsMeasured(candidate, scalar: value, width: width, at: previous, to: cell) {
                    join(candidate, at: previous, to: cell)
                }
                return
            }
        }
        if width > 0 { place(value, width: width) }
    }

    /// The column of the cell the next scalar could join: the one before the cursor (the cursor's own
    /// while a wrap is pending), the head if that is a wide cell.
    private func previousCellColumn() -> Int? {
        var column = pendingWrap ? cursorColumn : cursorColumn - 1
        guard column >= 0 else { return nil }
        let cells = screen.line(cursorRow)
        if cells[column].width == 0 {
            var head = column - 1
            while head > 0 && cells[head].width == 0 { head -= 1 }
            guard head >= 0 && cells[head].width >= 2 && head + Int(cells[head].width) > column else { return nil }
            column = head
        }
        return column
    }

    /// Makes `cluster` the text of the cell at `column`. If the cluster is now wider (an emoji
    /// presentation selector after a narrow pictograph) the cell widens when there is room, and the
    /// cursor moves with it if it was just after the cell; with no room the scalar is dropped, so a
    /// cell never claims fewer columns than its text takes.
    private func join(_ cluster: String, at column: Int, to cell: PackedCell) {
        let columns = screen.columns
        let cells = screen.line(cursorRow)
        var width = Int(cell.width)
        if min(2, DisplayWidth.of(cluster)) > width {
            guard column + 1 < columns else { return }
            let after = column + 2
            PackedCell.cutAfter(cells, at: after, columns: columns)
            cells[column + 1] = PackedCell(code: PackedCell.continuationCode, foreground: cell.foreground,
                                           background: cell.background, attributes: cell.attributes, width: 0)
            width = 2
            if !pendingWrap && cursorColumn == column + 1 {
                if after >= columns {
                    cursorColumn = columns - 1
                    pendingWrap = autowrap
                } else {
                    cursorColumn = after
                }
            }
        }
        let code = internCluster(cluster)
        cells[column].code = code
        cells[column].width = UInt8(width)
        screen.noteWritten(cursorRow, through: column + width)
        lastGraphic = cells[column]
    }

    /// REP (`CSI n b`): the last graphic character again, `count` times.
    func repeatLastGraphic(_ count: Int) {
        guard let last = lastGraphic else { return }
        for _ in 0..<min(count, rows * columns) { place(last.code, width: Int(last.width)) }
    }

    /// A scalar of nonzero width that can only start a cluster, whatever precedes it — unless what
    /// precedes can absorb anything (`mayBeExtended`). Excluded: Hangul jamo (they compose syllables),
    /// regional indicators (flags), emoji modifiers, halfwidth kana voiced marks and Thai/Lao AM
    /// (grapheme extenders or spacing marks that take a column).
    @inline(__always)
    static func alwaysStartsCluster(_ s: UInt32) -> Bool {
        switch s {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return false
        case 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: return false
        case 0xFF9E, 0xFF9F, 0x0E33, 0x0EB3: return false
        default: return true
        }
    }

    /// Whether a cluster ending in `s` might be continued by a scalar that otherwise starts clusters:
    /// after ZWJ (emoji sequences), a virama (Indic conjuncts), other zero-width scalars, or a
    /// prepended concatenation mark.
    @inline(__always)
    static func mayBeExtended(_ s: UInt32) -> Bool {
        guard s >= 0x300, let scalar = Unicode.Scalar(s) else { return false }
        return DisplayWidth.scalarWidth(scalar) == 0 || isPrepend(s)
    }

    /// Grapheme_Cluster_Break=Prepend (Unicode 16): these attach to what follows them.
    static func isPrepend(_ s: UInt32) -> Bool {
        switch s {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD,
             0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
            return true
        default:
            return false
        }
    }
}
