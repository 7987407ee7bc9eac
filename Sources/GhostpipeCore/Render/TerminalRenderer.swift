/// Turns frames into the fewest bytes that bring the terminal from the last frame to the next.
///
/// Works inline, inside the scrollback: it never uses absolute positions, only moves relative to
/// where it left the cursor (CR, CUU/CUD/CUF/CUB), and creates rows below with NEL (which
/// scrolls at the bottom of the screen). Rows that have scrolled above the top of the screen can no
/// longer be reached; callers keep frames no taller than the screen.
///
/// It tracks the terminal's state exactly — cursor row and column, the pending-wrap state after
/// writing into the last column, the current SGR attributes — so each move is the shortest correct one.
public struct TerminalRenderer {
    public let width: Int
    public let height: Int
    public var depth: ColorDepth

    var previous: Frame?
    var cursorRow = 0
    var cursorColumn = 0
    /// After writing into the last column the cursor waits there; the next printable would wrap.
    var pendingWrap = false
    /// A cluster terminals draw at different widths (`DisplayWidth.isDisputed`) was written on the
    /// cursor's row since the last carriage return: the terminal's cursor may be off `cursorColumn`
    /// by the difference, so the next move starts from the row's start. Text written on from the
    /// cursor, with no move between, goes where the terminal's cursor is, as `cat`'s would.
    var columnUnsure = false
    /// The lowest document row that exists on the screen.
    public private(set) var bottomRow = 0
    var style = Style.plain
    /// Rows this renderer made below the ones there were (`move`).
    var rowsMade = 0
    /// How many rows a renderer makes before it is surely on the screen's last row: the screen's
    /// height, or more where the terminal may be taller than it said (no size reported).
    static func rowsBeforeTheBottom(_ height: Int) -> Int { max(height, 256) }
    /// Rows whose content on the terminal is unknown (after a redraw request).
    var unknownRows = RowSet()
    /// Rows this renderer created (blank) that no frame has drawn on yet, on the screen (rows scrolled
    /// off are forgotten: a text with a blank line every few rows would otherwise grow it for good).
    var blankRows = RowSet()
    var rowsKnownBlank: Int { blankRows.count }
    /// The row the cursor started on, and how many of its first columns hold someone else's text
    /// (a shell prompt, what `printf` wrote before): never erased, never written over.
    public private(set) var foreign: (row: Int, columns: Int)?
    /// A row of blank cells, made once: every blank row compared is this one (a subtitle band's
    /// empty rows made a new array for every row of every frame).
    let blankRow: [Cell]

    /// `startingRow`: the document row the cursor is on now; `startingColumn`: its column, when known
    /// (what is left of it on that row is someone else's). Unknown, it is taken to be 0 on row 0 of a
    /// fresh start, and found with a carriage return on any other row.
    public init(width: Int, height: Int, depth: ColorDepth, startingRow: Int = 0, startingColumn: Int? = nil, bottomRow: Int? = nil) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.depth = depth
        blankRow = Array(repeating: .blank, count: max(1, width))
        cursorRow = startingRow
        self.bottomRow = max(startingRow, bottomRow ?? startingRow)
        if let startingColumn, startingColumn > 0 {
            cursorColumn = min(startingColumn, self.width - 1)
            pendingWrap = startingColumn >= self.width
            foreign = (startingRow, min(startingColumn, self.width))
        } else if startingRow != 0 && startingColumn == nil {
            pendingWrap = true  // forces a CR before any horizontal move
        }
    }

    /// The first column of `row` that is ours.
    @inline(__always)
    func firstOwnColumn(_ row: Int) -> Int { foreign.map { $0.row == row ? $0.columns : 0 } ?? 0 }

    /// The document row the cursor is on.
    public var currentRow: Int { cursorRow }

    /// For a redraw after the terminal changed size: goes to the start of `row` (or of the highest
    /// row still on the screen) and erases everything below. Returns the document row it went to:
    /// rows above it are out of reach (in the scrollback, or cut in two by the screen's top) and stay
    /// as they are. The renderer is not to be used afterwards (start a new one there).
    ///
    /// A terminal that reflows lines when it narrows (most do; see `ResizeGeometry`) has made each
    /// row wider than `newWidth` several rows, the cursor's included, so the way up is counted in
    /// terminal rows from what each row holds; what no longer fitted went into the scrollback. The
    /// cursor's position as the terminal reports it now (0-based), when it can be asked, tells how
    /// far up the screen goes and whether the terminal cut rows instead. Also returns how many rows
    /// the cursor went down (up: negative), so that a known terminal row can follow it.
    public mutating func clearFrom(row: Int, newHeight: Int, newWidth: Int, reported: (row: Int, column: Int)? = nil,
                                   into out: inout [UInt8]) -> (row: Int, moved: Int) {
        resetStyle(into: &out)
        let column = pendingWrap ? width : cursorColumn
        var up = ResizeGeometry.rowsAbove(cursorColumn: column, newWidth: newWidth, reportedColumn: reported?.column)
        let reflowed = newWidth < width && (up > 0 || reported.map { $0.column != newWidth - 1 } ?? true)
        // How far up the screen goes from the cursor (the rows below it are on the screen too).
        let reach = reported?.row ?? max(0, newHeight - 1 - (bottomRow - cursorRow))
        var first = min(cursorRow, bottomRow)
        var moved = 0
        if row > cursorRow {
            ANSI.cursorUp(min(up, reach), to: &out)
            ANSI.cursorDown(min(row, bottomRow) - cursorRow, to: &out)
            moved = min(row, bottomRow) - cursorRow - min(up, reach)
            first = min(row, bottomRow)
        } else {
            for r in stride(from: cursorRow - 1, through: row, by: -1) {
                let used = contentWidth(of: r)
                let height = reflowed && used > newWidth ? (used + newWidth - 1) / newWidth : 1
                guard up + height <= reach else { break }
                up += height
                first = r
            }
            ANSI.cursorUp(min(up, reach), to: &out)
            moved = -min(up, reach)
        }
        out.append(0x0D)
        // What is someone else's on that row (a prompt) stays, if it still fits.
        let own = firstOwnColumn(first)
        if own > 0 && own < newWidth { ANSI.cursorForward(own, to: &out) }
        out.append(contentsOf: ANSI.eraseRowsBelowKeepingScrollback)
        return (first, moved)
    }

    /// Columns up to the last non-blank cell of a row as drawn (a row not known counts as full).
    func contentWidth(of row: Int) -> Int {
        guard let cells = previousRow(row) else { return width }
        var end = cells.count
        while end > 0 && cells[end - 1].isBlank { end -= 1 }
        return end
    }

    /// Whether the cursor's row, or one of the rows from `row` down to it, is wider than `newWidth`
    /// (a terminal that reflows would have moved it).
    public func mayHaveReflowed(from row: Int, newWidth: Int) -> Bool {
        guard newWidth < width else { return false }
        if (pendingWrap ? width : cursorColumn) > newWidth { return true }
        return (max(row, topReachableRow)..<max(row, cursorRow)).contains { contentWidth(of: $0) > newWidth }
    }

    /// The row the cursor is on was drawn over by something else (a width probe): redraw it next.
    public mutating func invalidateCursorRow() {
        unknownRows.insert(cursorRow)
        blankRows.remove(cursorRow)
    }

    /// Marks `rows` as holding unknown content: they are cleared before they are next drawn.
    public mutating func invalidate(rows: Range<Int>) {
        for r in rows { unknownRows.insert(r) }
    }

    /// Attributes off (before the terminal is handed back, e.g. on Ctrl-Z).
    public mutating func resetAttributes(into out: inout [UInt8]) { resetStyle(into: &out) }

    /// The first document row still on the screen.
    public var topReachableRow: Int { max(0, bottomRow - (height - 1)) }

    /// Appends to `out` what changes the terminal from the previous frame to `frame`.
    /// `plain`: rows of the frame that are plain lines, written from their packed cells where new.
    public mutating func render(_ frame: Frame, into out: inout [UInt8]) { render(frame, plain: nil, into: &out) }

    mutating func render(_ frame: Frame, plain: PlainRows?, into out: inout [UInt8]) {
        precondition(frame.width == width, "frame width \(frame.width) != renderer width \(width)")
        for (index, cells) in frame.rows.enumerated() {
            let row = frame.origin + index
            guard row >= topReachableRow else { continue }
            let old = previousRow(row)
            if let old, old == cells { continue }
            if let plain, drawIfPlain(row, plain.line(row), into: &out) { continue }
            drawRow(row, old: old, new: cells, into: &out)
        }
        placeCursor(frame, into: &out)
        previous = frame
    }

    /// Puts the cursor where `frame` says (after its cells are drawn).
    mutating func placeCursor(_ frame: Frame, into out: inout [UInt8]) {
        guard let cursor = frame.cursor, cursor.column < width, cursor.row >= topReachableRow else { return }
        // Over a few unchanged one-byte cells, writing them is the cheapest move (and shows a
        // typed space at its instant).
        // (A row below the frame is blank there if known blank: an indentation's spaces are written.)
        let cells = cursor.row >= frame.origin && cursor.row < frame.end ? frame.rows[cursor.row - frame.origin]
            : cursor.row >= frame.end && isKnownBlank(cursor.row) ? blankRow : nil
        if let cells, cursor.row == cursorRow, cursor.column != cursorColumn, reach(cursor.column, over: cells) == cursorColumn {
            for cell in cells[cursorColumn..<cursor.column] { write(cell, into: &out) }
        } else if cursor.row != cursorRow || cursor.column != cursorColumn || pendingWrap {
            move(toRow: cursor.row, column: cursor.column, into: &out)
        }
    }

    /// Where to start writing to get to `column` of the cursor's row, whose cells are `cells`: the
    /// cursor's column when a few unchanged one-byte cells in the current style lie between (writing
    /// them beats a cursor move: a typed space is " " instead of ESC [ C), else `column`.
    /// The end of a run of cells to write that changed at `start`: it swallows gaps of at most four
    /// unchanged cells before `limit` (cheaper to rewrite than to move over).
    @inline(__always)
    static func runEnd(from start: Int, before limit: Int, unchanged: (Int) -> Bool) -> Int {
        var end = start + 1
        var gap = 0
        var k = end
        while k < limit {
            if unchanged(k) {
                gap += 1
                if gap > 4 { break }
            } else {
                gap = 0
                end = k + 1
            }
            k += 1
        }
        return end
    }

    func reach(_ column: Int, over cells: [Cell]) -> Int {
        let skip = column - cursorColumn
        guard !pendingWrap, skip > 0, skip <= 3, cursorColumn >= firstOwnColumn(cursorRow),
              cells[cursorColumn..<column].allSatisfy({ $0.width == 1 && $0.text.utf8.count == 1 && $0.style == style })
        else { return column }
        return cursorColumn
    }

    /// Makes sure rows up to `row` exist (a band reserved at the bottom), creating them blank.
    public mutating func reserve(through row: Int, into out: inout [UInt8]) {
        guard row > bottomRow else { return }
        move(toRow: row, column: 0, into: &out)
    }


    /// Moves the cursor to where plain output would have left it (after the last character), resets
    /// attributes. `row`/`column` are the layout's next position.
    public mutating func finish(atRow row: Int, column: Int, into out: inout [UInt8]) {
        resetStyle(into: &out)
        if column >= width {
            // The text filled the row exactly: the cursor is in the last column, waiting to wrap,
            // as it would be after `cat`. Only move if it is somewhere else.
            if !(cursorRow == row && pendingWrap) { move(toRow: row, column: width - 1, into: &out) }
        } else {
            move(toRow: row, column: column, into: &out)
        }
    }

    /// After an interruption: attributes off and the cursor on a fresh line below everything drawn.
    public mutating func finishInterrupted(into out: inout [UInt8]) {
        resetStyle(into: &out)
        let bottomHasText = previousRow(bottomRow)?.contains(where: { !$0.isBlank }) ?? false || firstOwnColumn(bottomRow) > 0
        move(toRow: bottomRow, column: 0, into: &out)
        if bottomHasText || cursorColumn > 0 { move(toRow: bottomRow + 1, column: 0, into: &out) }
    }

    // MARK: - Rows

    /// Whether `row` is blank on the terminal as far as this renderer knows without a frame: created
    /// blank and not drawn on since, or not created yet (it will be erased as it is made).
    @inline(__always)
    func isKnownBlank(_ row: Int) -> Bool {
        (row > bottomRow || blankRows.contains(row)) && (unknownRows.isEmpty || !unknownRows.contains(row))
    }

    /// Adds the rows below `frame` down to `row` as the shared blank row when every one is known
    /// blank (typing goes on there as on the frame's rows); false, the frame left as it is, if not.
    /// Last in a step's checks: it is the one that changes something.
    @inline(__always)
    func takeKnownBlankRows(through row: Int, into frame: inout Frame) -> Bool {
        guard row >= frame.end else { return true }
        guard (frame.end...row).allSatisfy(isKnownBlank) else { return false }
        while frame.end <= row { frame.rows.append(blankRow) }
        return true
    }

    func previousRow(_ row: Int) -> [Cell]? {
        if unknownRows.contains(row) { return nil }
        // The last frame first: a row it has is what the terminal shows (a blank row created
        // since is blank in it too), and rows that did not change share storage with the new
        // frame's, which compares them at once.
        if let previous, row >= previous.origin, row < previous.end { return previous.rows[row - previous.origin] }
        if blankRows.contains(row) { return blankRow }
        // A row below everything created so far starts blank (we erase it as we create it).
        return row > bottomRow ? blankRow : nil
    }

    mutating func drawRow(_ row: Int, old known: [Cell]?, new: [Cell], into out: inout [UInt8]) {
        unknownRows.remove(row)
        blankRows.remove(row)
        var old = known
        let own = firstOwnColumn(row)
        if old == nil {
            // What the row holds is unknown (the row ghostpipe started on, or after a redraw request):
            // clear what is ours of it first, then draw on a blank row.
            move(toRow: row, column: own, into: &out)
            resetStyle(into: &out)
            out.append(contentsOf: ANSI.eraseToEndOfLine)
            old = blankRow
        }
        // Everything after the last non-blank cell is cleared with one EL rather than spaces.
        var contentEnd = new.count
        while contentEnd > own && new[contentEnd - 1].isBlank { contentEnd -= 1 }
        var c = own
        while c < contentEnd {
            if let old, old[c] == new[c] { c += 1; continue }
            // A changed run, swallowing short unchanged gaps (cheaper to rewrite than to move).
            var start = c
            if new[start].width == 0 && start > own { start -= 1 }  // rewrite the whole wide cell
            var end = Self.runEnd(from: c, before: contentEnd) { k in old.map { $0[k] == new[k] } ?? false }
            if end < contentEnd && new[end].width == 0 { end += 1 }
            if cursorRow == row { start = reach(start, over: new) }
            move(toRow: row, column: start, into: &out)
            write(new, start..<end, into: &out)
            c = end
        }
        let oldHasTail = old.map { $0[max(contentEnd, own)...].contains(where: { !$0.isBlank }) } ?? true
        if contentEnd < width && oldHasTail {
            move(toRow: row, column: contentEnd, into: &out)
            resetStyle(into: &out)
            out.append(contentsOf: ANSI.eraseToEndOfLine)
        }
        // Moving here may have created the row; what it holds is the frame's now.
        blankRows.remove(row)
    }

    /// Cells `range` of `cells` as `write` writes each, but a stretch of one-byte cells in the style
    /// just selected goes out as one append: a cell at a time, a stream's lines cost some 140
    /// instructions a byte here.
    mutating func write(_ cells: [Cell], _ range: Range<Int>, into out: inout [UInt8]) {
        var k = range.lowerBound
        while k < range.upperBound {
            if cells[k].width == 0 { k += 1; continue }
            write(cells[k], into: &out)
            k += 1
            var j = k
            while j < range.upperBound, cells[j].width == 1, cells[j].text.utf8.count == 1, cells[j].style == style { j += 1 }
            guard j > k else { continue }
            out.append(upTo: j - k) { writer in
                for i in k..<j { let utf8 = cells[i].text.utf8; writer.byte(utf8[utf8.startIndex]) }
            }
            advance(by: j - k)
            k = j
        }
    }

    @inline(__always)
    mutating func write(_ cell: Cell, into out: inout [UInt8]) {
        select(cell.style, into: &out)
        // One byte (most cells): appended as it is; it cannot be a disputed cluster.
        let utf8 = cell.text.utf8
        if utf8.count == 1 {
            out.append(utf8[utf8.startIndex])  // (`first` was a call of its own)
            advance(by: Int(cell.width))
            return
        }
        let start = out.count
        Self.append(cell.text, to: &out)
        advance(by: Int(cell.width))
        noteDisputed(out, from: start)
    }

    /// After writing a cluster's bytes (from `start` of `out`): a disputed one makes the column unsure.
    @inline(__always)
    mutating func noteDisputed(_ out: [UInt8], from start: Int) {
        guard out.count - start >= 3 else { return }
        if out.withUnsafeBufferPointer({ DisplayWidth.isDisputed(utf8: UnsafeBufferPointer(rebasing: $0[start...])) }) { columnUnsure = true }
    }

    /// Switches attributes to `cellStyle` (a cell is about to be written).
    @inline(__always)
    mutating func select(_ cellStyle: Style, into out: inout [UInt8]) {
        if !(cellStyle.isPlain && style.isPlain), cellStyle != style {
            if cellStyle.isPlain { out.append(contentsOf: ANSI.resetAttributes) } else { ANSI.select(cellStyle, depth: depth, to: &out) }
            style = cellStyle
        }
    }

    /// A cell's text (its bytes in place: appending its UTF8View went through the generic path; a
    /// grapheme's few one by one).
    @inline(__always)
    static func append(_ text: String, to out: inout [UInt8]) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            if bytes.count <= 4 { for byte in bytes { out.append(byte) } } else { out.append(contentsOf: bytes) }
        }
        if appended == nil { out.append(contentsOf: text.utf8) }
    }

    /// The cursor after a cell `columns` wide was written.
    @inline(__always)
    mutating func advance(by columns: Int) {
        cursorColumn += columns
        pendingWrap = false
        if cursorColumn >= width {
            cursorColumn = width - 1
            pendingWrap = true
        }
    }

    mutating func resetStyle(into out: inout [UInt8]) {
        if !style.isPlain {
            out.append(contentsOf: ANSI.resetAttributes)
            style = .plain
        }
    }

    // MARK: - Cursor

    /// The shortest relative move to (row, column); rows below the bottom are created with NEL.
    mutating func move(toRow row: Int, column: Int, into out: inout [UInt8]) {
        if row > bottomRow {
            ANSI.cursorDown(bottomRow - cursorRow, to: &out)
            cursorRow = bottomRow
            resetStyle(into: &out)  // a new row must not inherit a background colour
            for created in (bottomRow + 1)...row {
                // NEL and EL (`ANSI.nextLine`, `ANSI.eraseToEndOfLine`), stored as they are: once per
                // row typed, where the arrays' appends cost more than the rest of the move. Once more
                // rows were made than any screen is tall, the cursor is on the screen's last row, so
                // a new row scrolls in blank: NEL alone (a long stream's bytes were 5 % erases).
                if rowsMade < Self.rowsBeforeTheBottom(height) {
                    out.append(upTo: 5) { $0.raw("\u{1B}E\u{1B}[K") }
                } else {
                    out.append(upTo: 2) { $0.raw("\u{1B}E") }
                }
                rowsMade &+= 1
                blankRows.insert(created)
            }
            bottomRow = row
            blankRows.removeAll(below: topReachableRow)
            cursorRow = row
            cursorColumn = 0
            pendingWrap = false
            columnUnsure = false
        }
        // Staying where the cursor is, text goes on from the terminal's own cursor (see `columnUnsure`).
        let stays = row == cursorRow && column == cursorColumn
        if row < cursorRow { ANSI.cursorUp(cursorRow - row, to: &out) } else { ANSI.cursorDown(row - cursorRow, to: &out) }
        cursorRow = row
        if column == cursorColumn && !pendingWrap && (stays || !columnUnsure) { return }
        if column == 0 || pendingWrap || columnUnsure {
            out.append(0x0D)
            ANSI.cursorForward(column, to: &out)
            columnUnsure = false
        } else if column > cursorColumn {
            ANSI.cursorForward(column - cursorColumn, to: &out)
        } else {
            ANSI.cursorBack(cursorColumn - column, to: &out)
        }
        cursorColumn = column
        pendingWrap = false
    }
}
