/// The typewriter's fast path for a step of plain one-byte cells over many rows: everything at one
/// instant, as the rest of a text after a key or `--instant` types it.
extension TerminalRenderer {
    /// A step of plain one-byte cells over several rows, written as `appear` writes them — each
    /// cell moved to as there, a few blank columns before it on the cursor's row written rather than
    /// moved over (`reach`) — but a stretch of a row at a time: the cells that follow one another
    /// in the queue and on the row (`PlainStretch`) are checked and written whole, their cells left
    /// to `unwritten` and rows below the frame taken in as the shared blank row. `appear` put and
    /// wrote a ten-million-byte line's cells one by one, and a cell at a time this still cost 140
    /// instructions a byte, which made skipping such a line with a key take twice as long as `cat`.
    /// Returns false, having changed nothing, when the step is not that.
    mutating func typePlainRows(_ cells: TapeCells, cursor: Placement, rewoundRow: Int?, on frame: inout Frame,
                                into out: inout [UInt8], unwritten: inout UnwrittenCells) -> Bool {
        let graphemes = cells.graphemes
        guard cells.count > 1, rewoundRow == nil, style.isPlain else { return false }
        // The checks of `appear`, a stretch at a time, and each cell one printable byte in the plain style.
        var last = (row: Int.min, end: 0)
        var blankThrough = frame.end - 1
        // The stretches found, written in the second pass (about one a row).
        var stretches: [PlainStretch] = []
        var i = 0
        while i < cells.count {
            guard let s = PlainStretch(cells, at: i), s.isPlainText(graphemes),
                  s.column >= firstOwnColumn(s.row), s.column + s.count <= width, s.row >= frame.origin, s.row >= topReachableRow,
                  s.row > last.row || s.row == last.row && s.column >= last.end,
                  unknownRows.isEmpty || !unknownRows.contains(s.row)
            else { return false }
            if s.row < frame.end {
                guard frame.isBlank(row: s.row, columns: s.column..<(s.column + s.count)) else { return false }
            } else {
                while blankThrough < s.row {
                    blankThrough += 1
                    guard isKnownBlank(blankThrough) else { return false }
                }
            }
            last = (s.row, s.column + s.count)
            stretches.append(s)
            i += s.drawnCount
        }
        out.reserveCapacity(out.count + cells.count + cells.count / max(1, width) * 8 + 16)
        var run = (row: Int.min, from: 0)
        i = 0
        for s in stretches {
            if s.row != run.row {
                // A row of its own: the run before it is typed, this one taken in (blank: checked).
                if run.row != Int.min {
                    unwritten.typed(row: run.row, from: run.from, to: cells.drawn[i - 1] + 1, rewoundRow: nil, frameOrigin: frame.origin)
                }
                run = (s.row, s.first)
                _ = takeKnownBlankRows(through: s.row, into: &frame)
                if !blankRows.isEmpty { blankRows.remove(s.row) }
            }
            if s.row != cursorRow || s.column != cursorColumn || pendingWrap {
                // As `appear`: a few blank one-byte cells just ahead written, else moved to.
                let r = s.row - frame.origin
                let skip = s.column - cursorColumn
                let start = s.row == cursorRow && skip > 0 && skip <= 3 ? reach(s.column, over: frame.rows[r]) : s.column
                move(toRow: s.row, column: start, into: &out)
                if start < s.column {
                    for c in start..<s.column where frame.rows[r][c].width > 0 { write(frame.rows[r][c], into: &out) }
                }
                // Rows scrolled off the screen are out of reach: the frame keeps the screen's.
                if frame.origin < topReachableRow { frame.dropRows(before: topReachableRow) }
            }
            // The rest of the stretch is right at the cursor: its bytes as they are, one per column.
            let from = graphemes.start(s.first)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: graphemes.bytes[from..<(from + s.count)]))
            advance(by: s.count)
            i += s.drawnCount
        }
        unwritten.typed(row: run.row, from: run.from, to: cells.drawn[cells.count - 1] + 1, rewoundRow: nil, frameOrigin: frame.origin)
        rest(at: cursor, on: &frame, into: &out)
        return true
    }
}

/// Cells of a step that follow one another on one row, each a column wide, with at most three
/// spaces between two of them (not drawn: blank already; `appear` writes such a gap rather than
/// moving over it, `reach`): graphemes `first..<first+count` at `column..<column+count` of `row`,
/// of which `drawn[i..<i+drawnCount]` are the drawn ones. Prose is then a stretch a row, not a word.
struct PlainStretch {
    let first: Int
    let row: Int
    let column: Int
    let count: Int
    let drawnCount: Int

    /// The longest stretch starting at cell `i`; nil when that cell is not a column wide.
    @inline(__always)
    init?(_ cells: TapeCells, at i: Int) {
        let (drawn, graphemes) = (cells.drawn, cells.graphemes)
        let places = graphemes.placements
        let first = drawn[i]
        let p = places[first]
        guard p.width == 1 else { return nil }
        // Wrapping arithmetic: indices within the step, columns within a row.
        let limit = drawn.count &- i
        var (n, count) = (1, 1)
        while n < limit {
            let next = drawn[i &+ n], gap = drawn[i &+ n] &- (first &+ count)
            guard gap <= 3 else { break }
            var j = first &+ count
            while j < next, Self.isSpace(j, graphemes), places[j].row == p.row, places[j].column == p.column &+ (j &- first),
                  places[j].width == 1 { j &+= 1 }
            let q = places[next]
            guard j == next, q.row == p.row, q.column == p.column &+ (next &- first), q.width == 1 else { break }
            (n, count) = (n &+ 1, next &- first &+ 1)
        }
        (self.first, row, column, self.count, drawnCount) = (first, p.row, p.column, count, n)
    }

    @inline(__always)
    private static func isSpace(_ k: Int, _ graphemes: PlacedGraphemes) -> Bool {
        let start = graphemes.start(k)
        return graphemes.ends[k] == start &+ 1 && graphemes.bytes[start] == 0x20
    }

    /// Whether each grapheme is one printable ASCII byte in the plain style (the queue's first
    /// style): the stretch's bytes are then `count` bytes in a row, told by its ends alone.
    @inline(__always)
    func isPlainText(_ graphemes: PlacedGraphemes) -> Bool {
        let from = graphemes.start(first)
        guard graphemes.ends[first + count - 1] - from == count else { return false }
        // Folded without branches (`&-` takes bytes below 0x20 past 0x5E), so the loops vectorise.
        var outside: UInt8 = 0
        for b in graphemes.bytes[from..<(from + count)] { outside |= b &- 0x20 > 0x5E ? 1 : 0 }
        var styled: UInt16 = 0
        for style in graphemes.styleIndices[first..<(first + count)] { styled |= style }
        return outside == 0 && styled == 0
    }
}
