/// Turns frames into the fewest bytes that bring the terminal from the last frame to the next.
///
/// Works inline, inside the scrollback: it never uses absolute positions, only moves relative to
/// where it left the cursor (CR, CUU/CUD/CUF/CUB), and creates rows below by writing CR LF (which
/// scrolls at the bottom of the screen). Rows that have scrolled above the top of the screen can no
/// longer be reached; callers keep frames no taller than the screen.
///
/// It tracks the terminal's state exactly — cursor row and column, the pending-wrap state after
/// writing into the last column, the current SGR attributes — so each move is the shortest correct one.
public struct TerminalRenderer {
    public let width: Int
    public let height: Int
    public var depth: ColorDepth

    private var previous: Frame?
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0
    /// After writing into the last column the cursor waits there; the next printable would wrap.
    private var pendingWrap = false
    /// The lowest document row that exists on the screen.
    public private(set) var bottomRow = 0
    private var style = Style.plain
    /// Rows whose content on the terminal is unknown (after a redraw request).
    private var unknownRows = RowSet()
    /// Rows this renderer created (blank) that no frame has drawn on yet, on the screen (rows scrolled
    /// off are forgotten: a text with a blank line every few rows would otherwise grow it for good).
    private var blankRows = RowSet()
    var rowsKnownBlank: Int { blankRows.count }
    /// The row the cursor started on, and how many of its first columns hold someone else's text
    /// (a shell prompt, what `printf` wrote before): never erased, never written over.
    public private(set) var foreign: (row: Int, columns: Int)?
    /// A row of blank cells, made once: every blank row compared is this one (a subtitle band's
    /// empty rows made a new array for every row of every frame).
    private let blankRow: [Cell]

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
    private func firstOwnColumn(_ row: Int) -> Int { foreign.map { $0.row == row ? $0.columns : 0 } ?? 0 }

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
    /// far up the screen goes and whether the terminal cut rows instead.
    @discardableResult
    public mutating func clearFrom(row: Int, newHeight: Int, newWidth: Int, reported: (row: Int, column: Int)? = nil,
                                   into out: inout [UInt8]) -> Int {
        resetStyle(into: &out)
        let column = pendingWrap ? width : cursorColumn
        var up = ResizeGeometry.rowsAbove(cursorColumn: column, newWidth: newWidth, reportedColumn: reported?.column)
        let reflowed = newWidth < width && (up > 0 || reported.map { $0.column != newWidth - 1 } ?? true)
        // How far up the screen goes from the cursor (the rows below it are on the screen too).
        let reach = reported?.row ?? max(0, newHeight - 1 - (bottomRow - cursorRow))
        var first = min(cursorRow, bottomRow)
        if row > cursorRow {
            ANSI.cursorUp(min(up, reach), to: &out)
            ANSI.cursorDown(min(row, bottomRow) - cursorRow, to: &out)
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
        }
        out.append(0x0D)
        // What is someone else's on that row (a prompt) stays, if it still fits.
        let own = firstOwnColumn(first)
        if own > 0 && own < newWidth { ANSI.cursorForward(own, to: &out) }
        out.append(contentsOf: ANSI.eraseRowsBelowKeepingScrollback)
        return first
    }

    /// Columns up to the last non-blank cell of a row as drawn (a row not known counts as full).
    private func contentWidth(of row: Int) -> Int {
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
    public mutating func render(_ frame: Frame, into out: inout [UInt8]) {
        precondition(frame.width == width, "frame width \(frame.width) != renderer width \(width)")
        for (index, cells) in frame.rows.enumerated() {
            let row = frame.origin + index
            guard row >= topReachableRow else { continue }
            let old = previousRow(row)
            if let old, old == cells { continue }
            drawRow(row, old: old, new: cells, into: &out)
        }
        placeCursor(frame, into: &out)
        previous = frame
    }

    /// Puts the cursor where `frame` says (after its cells are drawn).
    private mutating func placeCursor(_ frame: Frame, into out: inout [UInt8]) {
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
    private func reach(_ column: Int, over cells: [Cell]) -> Int {
        let skip = column - cursorColumn
        guard !pendingWrap, skip > 0, skip <= 3, cursorColumn >= firstOwnColumn(cursorRow),
              cells[cursorColumn..<column].allSatisfy({ $0.width == 1 && $0.text.utf8.count == 1 && $0.style == style })
        else { return column }
        return cursorColumn
    }

    /// The fast path for a frame that differs from the last one only by glyphs appearing where
    /// the last frame had blank cells (a typewriter's graphemes at its head; see `Scene.appearing`),
    /// with the cursor at `cursor`: each is written where `render` would write it, without composing
    /// or comparing rows, and the last frame becomes the new one. The screen is the same as
    /// `render` of the whole frame would leave, as the same moves and writes are used. Returns
    /// false, having written nothing, when that cannot be shown from what is known: no last frame,
    /// a row not known or out of reach, a cell not blank or not in order, text in a prompt's columns.
    public mutating func renderAppearing(_ appearing: Appearing, cursor: Placement?, into out: inout [UInt8]) -> Bool {
        guard var frame = previous else { return false }
        // The last frame is changed in place (it is the renderer's only: no copy of its rows).
        previous = nil
        defer { previous = frame }
        return appearing.glyphs.withUnsafeBufferPointer { glyphs in
            appear(GlyphCells(glyphs: glyphs, top: appearing.row, left: appearing.column), cursor: cursor, on: &frame, into: &out)
        }
    }

    /// Types a stretch of the glyph queue (`Screen.type`): each instant's frame, as the scene's
    /// frames drawn one by one would be drawn — what appeared since the last (`appear`, mostly
    /// `typeAtCursor`), or the typewriter's frame composed whole (the first, or a step that
    /// overwrites: a carriage return's row) — its bytes appended to `out` and its end offset and
    /// instant to `steps`.
    mutating func type(_ tape: inout TypingTape, into out: inout [UInt8], steps: inout [(end: Int, instant: Nanoseconds)]) {
        // The last frame is changed in place, taken out once for all steps (a step per grapheme cost
        // more in taking it out and putting it back than in drawing).
        var frame = previous ?? Frame(width: width)
        var hasFrame = previous != nil
        // Whether a step may be told as what appeared since the last frame (`appear`).
        var appears = hasFrame && !tape.state.composesWhole
        // Plain typing leaves its cells out of the frame until something reads them.
        var unwritten = UnwrittenCells()
        previous = nil
        steps.reserveCapacity(steps.count + tape.end - tape.next)
        while true {
            if appears { typeUsualSteps(&tape, on: &frame, into: &out, steps: &steps, unwritten: &unwritten) }
            guard let step = tape.nextStep() else { break }
            let cells = tape.drawn
            // A step that draws no cell (a space, a line end) only moves the cursor.
            if appears && cells.count == 0 {
                // Moving back over cells typed (a carriage return) reads them.
                if !unwritten.isEmpty && !isAhead(step.cursor) { unwritten.write(into: &frame, from: tape) }
                rest(at: step.cursor, on: &frame, into: &out)
            } else if appears && typeRowStart(cells, cursor: step.cursor, on: &frame, into: &out, unwritten: &unwritten) {
            } else {
                if !unwritten.isEmpty { unwritten.write(into: &frame, from: tape) }
                if !(appears && (typeAtCursor(cells, cursor: step.cursor, on: &frame, into: &out)
                                 || appear(cells, cursor: step.cursor, on: &frame, into: &out))) {
                    // Composed whole and compared with the last frame, as the scene's frame would be.
                    previous = hasFrame ? frame : nil
                    render(tape.frame(top: step.top, topStart: step.topStart, through: step.end, width: width, emptyOrigin: cursorRow), into: &out)
                    frame = previous ?? frame
                    previous = nil
                    (hasFrame, appears) = (true, true)
                }
            }
            steps.append((out.count, step.instant))
        }
        if appears { tape.state.composesWhole = false }
        if hasFrame {
            // Rows above the head's are final (`TypingTape`: a frame's top is the head's row), so
            // typing never reads them again: they leave the frame, their cells never put (a screen
            // of rows a stretch cost more than its typing when stretches were short). A row the
            // frame does not have is one whose content is unknown, should anything draw there.
            frame.dropRows(before: min(tape.state.headRow, cursorRow))
            unwritten.write(into: &frame, from: tape)
            previous = frame
        }
    }

    /// Whether `place` is ahead of the cursor: on its row, at or right of it (past the last column,
    /// when it waits to wrap there), or on a row below.
    @inline(__always)
    private func isAhead(_ place: Placement) -> Bool {
        place.row > cursorRow || place.row == cursorRow && place.column >= (pendingWrap ? width : cursorColumn)
    }

    /// The usual typing steps (`TypingTape.usualSteps`) from the cursor on in one pass over its row,
    /// while each is a grapheme right at the cursor on blank cells of the last frame — written as
    /// `typeAtCursor` writes it, its cell left to `unwritten` — or a space over a one-byte cell in
    /// the current style, written as `placeCursor` writes it. What ends a row, or does not fit that,
    /// is left to the general step.
    private mutating func typeUsualSteps(_ tape: inout TypingTape, on frame: inout Frame, into out: inout [UInt8],
                                         steps: inout [(end: Int, instant: Nanoseconds)], unwritten: inout UnwrittenCells) {
        let row = cursorRow
        guard var usual = tape.usualSteps(), usual.current().isUsual, !pendingWrap, row >= frame.origin,
              row >= topReachableRow, unknownRows.isEmpty || !unknownRows.contains(row), frame.origin >= topReachableRow,
              cursorColumn >= firstOwnColumn(row),
              // A row below the frame (an indentation's spaces after a line end) is taken in if blank.
              takeKnownBlankRows(through: row, into: &frame)
        else { return }
        let width = self.width
        let (graphemes, instants) = (tape.graphemes, tape.instants)
        // Read only: the row may be the shared blank row still (`typeRowStart`).
        // The shared blank row itself (a row typed on from its start, unread): every cell is blank.
        let blankBase = blankRow.withUnsafeBufferPointer { $0.baseAddress }
        frame.rows[row - frame.origin].withUnsafeBufferPointer { cells in
            let allBlank = cells.baseAddress == blankBase
            // In runs of up to 64 steps written through a pointer (no check per byte), room made for
            // each run's graphemes' bytes (no step writes more than its own); a grapheme in another
            // style than the current one ends a run, its attributes selected before the next.
            var (selecting, more) = (false, false)
            repeat {
                if selecting { select(graphemes.style(usual.k), into: &out) }
                selecting = false
                let (first, last) = (usual.k, min(tape.end, usual.k + 64) - 1)
                let offset = out.count
                var reached = cursorColumn
                out.append(upTo: graphemes.ends[last] - graphemes.start(first)) { bytes in
                    // `UsualSteps.current` and the checks of `typeAtCursor`, read through pointers
                    // into locals (the cursor's column too, written back after).
                    let (kinds, places, times) = (tape.kinds.baseAddress!, graphemes.placements.baseAddress!, instants.baseAddress!)
                    let (ends, text, styleIndices) = (graphemes.ends.baseAddress!, graphemes.bytes.baseAddress!, graphemes.styleIndices.baseAddress!)
                    let (end, headRow, rewoundRow, plain, base) = (tape.end, usual.row, usual.rewoundRow, style.isPlain, bytes.position)
                    var (k, column) = (usual.k, cursorColumn)
                    // The steps too, written in place (no check of the array's uniqueness each).
                    steps.append(addingCapacity: last + 1 - k) { typed in
                        while k <= last {
                            // The usual of the usual (`typePlainBytes`): up to this run's last, short
                            // of the last column, and before the tape's last (whose instant has no
                            // next to compare with: below).
                            if plain, case let stop = min(last + 1, end - 1, k + (width - 1 - column)), k < stop {
                                let n = typed.withUnsafeMutableBufferPointer { room, count in
                                    let n = Self.typePlainBytes(graphemes, times: times, from: k, to: stop, row: headRow, column: column,
                                                                cells: allBlank ? nil : cells.baseAddress!, out: bytes.position,
                                                                offset: offset + (bytes.position - base), typed: room.baseAddress! + count)
                                    count += n
                                    return n
                                }
                                bytes.position += n
                                (k, column) = (k + n, column + n)
                            }
                            guard k <= last else { break }
                            // Alone at its instant, on the head's row, taking columns, not a line end or
                            // a motion; right at the cursor, ending at the last column at the latest
                            // (then the cursor waits to wrap there, and the run ends).
                            guard k + 1 == end || times[k + 1] != times[k] else { break }
                            let (kind, p) = (kinds[k], places[k])
                            let w = p.width
                            guard p.row == headRow, w > 0, kind != .newline, !kind.isMotion, p.column == column, column + w <= width
                            else { break }
                            if TypingTape.draws(kind, at: p, rewoundRow: rewoundRow) {
                                let (start, stop) = (k == 0 ? 0 : ends[k - 1], ends[k])
                                // The same checks either side: the one-byte side, made apart, is
                                // compiled to fewer instructions (2 % of a recording's) and stores its byte.
                                if stop == start + 1 {
                                    guard graphemes.canTake(k, from: start, to: stop), Self.isBlank(cells, column..<(column + w)) else { break }
                                    guard styleIndices[k] == 0 ? plain : graphemes.style(k) == style else { selecting = true; break }
                                    bytes.byte(text[start])
                                } else {
                                    guard w <= 8, graphemes.canTake(k, from: start, to: stop), Self.isBlank(cells, column..<(column + w)) else { break }
                                    guard styleIndices[k] == 0 ? plain : graphemes.style(k) == style else { selecting = true; break }
                                    bytes.bytes(UnsafeBufferPointer(start: text + start, count: stop - start))
                                }
                            } else if column + w == width {
                                // Not drawn (a space): the cursor does not wait to wrap after it.
                                break
                            } else if w == 1 && plain && cells[column].isBlank {
                                // A space moves the cursor a column: over a one-byte cell in the current
                                // style, writing the cell is the move (`reach`, `placeCursor`) — mostly a
                                // blank one.
                                bytes.byte(0x20)
                            } else {
                                guard w == 1, cells[column].width == 1, cells[column].style == style,
                                      case let cell = cells[column].text.utf8, cell.count == 1 else { break }
                                bytes.byte(cell.first!)
                            }
                            column += w
                            typed.append((offset + (bytes.position - base), times[k]))
                            k += 1
                        }
                    }
                    (usual.k, reached) = (k, column)
                }
                // As `advance`: written into the last column, the cursor waits there to wrap.
                (cursorColumn, pendingWrap) = reached == width ? (width - 1, true) : (reached, false)
                more = !pendingWrap && (selecting || usual.k > last && usual.k < tape.end)
            } while more
        }
        guard usual.k > tape.next else { return }
        unwritten.typed(row: row, from: tape.next, to: usual.k, rewoundRow: usual.rewoundRow, frameOrigin: frame.origin)
        tape.took(usual)
        if !blankRows.isEmpty { blankRows.remove(row) }
        frame.cursor = tape.state.head
    }

    /// The usual of the usual, in a function of its own (few values to keep at hand, all in
    /// registers): from grapheme `k` to `stop` at most, each one printable byte in the plain style,
    /// alone at its instant (the next grapheme's differs), right at the cursor (`row`, `column` on)
    /// on a blank cell of `cells` (nil: all blank). Drawn, or a space moved over, it is the byte
    /// written, as `typeUsualSteps`' cases write it: to `out`, its step (end offset from `offset`,
    /// instant) to `typed`. Returns how many were typed.
    @inline(never)
    private static func typePlainBytes(_ graphemes: PlacedGraphemes, times: UnsafePointer<Nanoseconds>, from k: Int, to stop: Int,
                                       row: Int, column: Int, cells: UnsafePointer<Cell>?, out: UnsafeMutablePointer<UInt8>,
                                       offset: Int, typed: UnsafeMutablePointer<(end: Int, instant: Nanoseconds)>) -> Int {
        let (places, ends, styleIndices) = (graphemes.placements.baseAddress!, graphemes.ends.baseAddress!, graphemes.styleIndices.baseAddress!)
        // Everything indexed by `k`: each grapheme of the run is a byte and a column after the one
        // before, so its byte, end, column, output byte and step are each a base plus `k`.
        let start = k == 0 ? 0 : ends[k - 1]
        let (textBase, endBase, columnBase) = (graphemes.bytes.baseAddress! + (start &- k), start &- k &+ 1, column &- k)
        let (outBase, typedBase, offsetBase) = (out - k, typed - k, offset &- k &+ 1)
        // Made twice by inlining: with the cells to check and without (all blank, the usual case).
        @inline(__always) func run(_ cells: UnsafePointer<Cell>?) -> Int {
            var k = k
            while k < stop {
                let (p, time, next) = (places[k], times[k], times[k + 1])
                guard p.row == row, p.column == columnBase &+ k, p.width == 1, ends[k] == endBase &+ k, styleIndices[k] == 0,
                      case let b = textBase[k], b >= 0x20, b < 0x7F, next != time, cells == nil || cells![columnBase &+ k].isBlank
                else { break }
                outBase[k] = b
                typedBase[k] = (offsetBase &+ k, time)
                k &+= 1
            }
            return k
        }
        return (cells == nil ? run(nil) : run(cells)) &- k
    }

    /// A step that types one cell on a row below the last frame, blank on the terminal (the first of
    /// a row, after a line end, blank lines or a wrap): moved to and written as `appear` would, the
    /// rows added to the frame as the shared blank row and the cell left to `unwritten`. Returns false,
    /// having changed nothing, when the step is not that.
    private mutating func typeRowStart(_ cells: TapeCells, cursor: Placement, on frame: inout Frame, into out: inout [UInt8],
                                       unwritten: inout UnwrittenCells) -> Bool {
        guard cells.count == 1 else { return false }
        let (row, column, w) = (cells.row(0), cells.column(0), cells.width(0))
        guard row >= frame.end, row >= topReachableRow, w > 0, w <= 8, column >= firstOwnColumn(row), column + w < width,
              cells.canTake(0),
              // The row and any between (blank lines) are taken in if blank on the terminal, or not made yet.
              takeKnownBlankRows(through: row, into: &frame)
        else { return false }
        // As `appear`: a few blank cells in the current style written rather than moved over.
        let skip = column - cursorColumn
        let start = row == cursorRow && skip > 0 && skip <= 3 ? reach(column, over: blankRow) : column
        move(toRow: row, column: start, into: &out)
        for _ in start..<column { write(.blank, into: &out) }
        let k = cells.drawn[0]
        if !(style.isPlain && cells.graphemes.isPlain(k)) { select(cells.graphemes.style(k), into: &out) }
        cells.graphemes.appendText(k, to: &out)
        advance(by: w)
        if !blankRows.isEmpty { blankRows.remove(row) }
        // The cell draws (a space too: it blanks a rewound row), whatever a motion later in the step rewound.
        unwritten.typed(row: row, from: k, to: k + 1, rewoundRow: row, frameOrigin: frame.origin)
        rest(at: cursor, on: &frame, into: &out)
        return true
    }

    /// Writes cell `i` of `glyphs` right at the cursor, on blank `cells` of the cursor's row (the
    /// caller checked), as `write` of the new cell would: its text's bytes read where they are kept.
    @inline(__always)
    private mutating func typeCell(_ glyphs: some AppearingCells, _ i: Int, into cells: UnsafeMutableBufferPointer<Cell>,
                                   out: inout [UInt8]) {
        glyphs.put(i, into: cells)
        select(glyphs.style(i), into: &out)
        glyphs.appendText(i, to: &out)
        advance(by: glyphs.width(i))
    }

    @inline(__always)
    private static func isBlank(_ cells: UnsafeBufferPointer<Cell>, _ columns: Range<Int>) -> Bool {
        for c in columns where !cells[c].isBlank { return false }
        return true
    }

    @inline(__always)
    private static func isBlank(_ cells: UnsafeMutableBufferPointer<Cell>, _ columns: Range<Int>) -> Bool {
        isBlank(UnsafeBufferPointer(cells), columns)
    }

    /// `appear` for the usual typing step, told apart cheaply: glyphs on blank cells one after the
    /// other right at the cursor, on a row of the last frame, each drawn as it is. `appear` would
    /// move nowhere and write exactly these cells (see there); this does the same without its
    /// general checks and moves. Returns false, having changed nothing, when the step is not that.
    private mutating func typeAtCursor(_ glyphs: some AppearingCells, cursor: Placement,
                                       on frame: inout Frame, into out: inout [UInt8]) -> Bool {
        let row = cursorRow
        guard glyphs.count > 0, !pendingWrap, row >= frame.origin, row < frame.end, row >= topReachableRow,
              unknownRows.isEmpty || !unknownRows.contains(row) else { return false }
        let r = row - frame.origin
        let (own, width) = (firstOwnColumn(row), self.width)
        let fits = frame.rows[r].withUnsafeBufferPointer { cells -> Bool in
            var column = cursorColumn
            for g in 0..<glyphs.count {
                let w = glyphs.width(g)
                guard glyphs.row(g) == row, glyphs.column(g) == column, w > 0, w <= 8, column >= own,
                      column + w <= width, glyphs.canTake(g), Self.isBlank(cells, column..<(column + w)) else { return false }
                column += w
            }
            return true
        }
        guard fits else { return false }
        frame.rows[r].withUnsafeMutableBufferPointer { cells in
            for g in 0..<glyphs.count { typeCell(glyphs, g, into: cells, out: &out) }
        }
        if !blankRows.isEmpty { blankRows.remove(row) }
        rest(at: cursor, on: &frame, into: &out)
        return true
    }

    /// The end of a step that drew its cells: the cursor where the frame says.
    @inline(__always)
    private mutating func rest(at cursor: Placement?, on frame: inout Frame, into out: inout [UInt8]) {
        frame.cursor = cursor
        // Rows scrolled off the screen cannot be drawn on again: the frame keeps only the screen's
        // (appearing glyphs row after row would otherwise keep the whole text).
        if frame.origin < topReachableRow { frame.dropRows(before: topReachableRow) }
        // The typewriter's head is where the last glyph left the cursor: nothing to place.
        if let cursor, cursor.row != cursorRow || cursor.column != cursorColumn || pendingWrap { placeCursor(frame, into: &out) }
    }

    /// `renderAppearing`'s work on the last frame, taken out of `previous` by the caller.
    private mutating func appear(_ glyphs: some AppearingCells, cursor: Placement?, on frame: inout Frame, into out: inout [UInt8]) -> Bool {
        let known = { () -> Bool in
            var last = (row: Int.min, end: 0)
            // Rows below the last frame are blank on the terminal (or not created yet) up to here.
            var blankThrough = frame.end - 1
            for glyph in 0..<glyphs.count {
                let cell = (row: glyphs.row(glyph), column: glyphs.column(glyph), width: glyphs.width(glyph))
                guard cell.width > 0, cell.width <= 8, cell.column >= firstOwnColumn(cell.row), cell.column + cell.width <= width,
                      cell.row >= frame.origin, cell.row >= topReachableRow,
                      cell.row > last.row || cell.row == last.row && cell.column >= last.end,
                      unknownRows.isEmpty || !unknownRows.contains(cell.row)
                else { return false }
                if cell.row < frame.end {
                    guard frame.isBlank(row: cell.row, columns: cell.column..<(cell.column + cell.width)) else { return false }
                } else {
                    // Rows below the last frame that exist must be known blank, as `render` would see them.
                    while blankThrough < cell.row {
                        blankThrough += 1
                        guard isKnownBlank(blankThrough) else { return false }
                    }
                }
                last = (cell.row, cell.column + cell.width)
            }
            return true
        }()
        guard known else { return false }
        do {
            for glyph in 0..<glyphs.count {
                let cell = (row: glyphs.row(glyph), column: glyphs.column(glyph), width: glyphs.width(glyph))
                frame.ensureRow(cell.row)
                let r = cell.row - frame.origin
                // The cells are blank (checked above): `Frame.put` comes down to writing the glyph's
                // cell and its continuations — or nothing, for text that cannot take its width.
                frame.rows[r].withUnsafeMutableBufferPointer { cells in
                    if glyphs.canTake(glyph) { glyphs.put(glyph, into: cells) }
                }
                // `reach` only ever helps a few columns ahead of the cursor (the glyph is mostly
                // right at it: nothing to move).
                let skip = cell.column - cursorColumn
                let start = cell.row == cursorRow && skip > 0 && skip <= 3 ? reach(cell.column, over: frame.rows[r]) : cell.column
                move(toRow: cell.row, column: start, into: &out)
                frame.rows[r].withUnsafeBufferPointer { cells in
                    for c in start..<(cell.column + cell.width) where cells[c].width > 0 { write(cells[c], into: &out) }
                }
                if !blankRows.isEmpty { blankRows.remove(cell.row) }
            }
        }
        rest(at: cursor, on: &frame, into: &out)
        return true
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
    private func isKnownBlank(_ row: Int) -> Bool {
        (row > bottomRow || blankRows.contains(row)) && (unknownRows.isEmpty || !unknownRows.contains(row))
    }

    /// Adds the rows below `frame` down to `row` as the shared blank row when every one is known
    /// blank (typing goes on there as on the frame's rows); false, the frame left as it is, if not.
    /// Last in a step's checks: it is the one that changes something.
    @inline(__always)
    private func takeKnownBlankRows(through row: Int, into frame: inout Frame) -> Bool {
        guard row >= frame.end else { return true }
        guard (frame.end...row).allSatisfy(isKnownBlank) else { return false }
        while frame.end <= row { frame.rows.append(blankRow) }
        return true
    }

    private func previousRow(_ row: Int) -> [Cell]? {
        if unknownRows.contains(row) { return nil }
        // The last frame first: a row it has is what the terminal shows (a blank row created
        // since is blank in it too), and rows that did not change share storage with the new
        // frame's, which compares them at once.
        if let previous, row >= previous.origin, row < previous.end { return previous.rows[row - previous.origin] }
        if blankRows.contains(row) { return blankRow }
        // A row below everything created so far starts blank (we erase it as we create it).
        return row > bottomRow ? blankRow : nil
    }

    private mutating func drawRow(_ row: Int, old known: [Cell]?, new: [Cell], into out: inout [UInt8]) {
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
            var end = c + 1
            var gap = 0
            var k = end
            while k < contentEnd {
                if let old, old[k] == new[k] {
                    gap += 1
                    if gap > 4 { break }
                } else {
                    gap = 0
                    end = k + 1
                }
                k += 1
            }
            if end < contentEnd && new[end].width == 0 { end += 1 }
            if cursorRow == row { start = reach(start, over: new) }
            move(toRow: row, column: start, into: &out)
            for cell in new[start..<end] where cell.width > 0 { write(cell, into: &out) }
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

    @inline(__always)
    private mutating func write(_ cell: Cell, into out: inout [UInt8]) {
        select(cell.style, into: &out)
        Self.append(cell.text, to: &out)
        advance(by: Int(cell.width))
    }

    /// Switches attributes to `cellStyle` (a cell is about to be written).
    @inline(__always)
    private mutating func select(_ cellStyle: Style, into out: inout [UInt8]) {
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
    private mutating func advance(by columns: Int) {
        cursorColumn += columns
        pendingWrap = false
        if cursorColumn >= width {
            cursorColumn = width - 1
            pendingWrap = true
        }
    }

    private mutating func resetStyle(into out: inout [UInt8]) {
        if !style.isPlain {
            out.append(contentsOf: ANSI.resetAttributes)
            style = .plain
        }
    }

    // MARK: - Cursor

    /// The shortest relative move to (row, column); rows below the bottom are created with CR LF.
    mutating func move(toRow row: Int, column: Int, into out: inout [UInt8]) {
        if row > bottomRow {
            ANSI.cursorDown(bottomRow - cursorRow, to: &out)
            cursorRow = bottomRow
            resetStyle(into: &out)  // a new row must not inherit a background colour
            for created in (bottomRow + 1)...row {
                // CR LF and EL (`ANSI.newline`, `ANSI.eraseToEndOfLine`), stored as they are: once per
                // row typed, where the arrays' appends cost more than the rest of the move.
                out.append(upTo: 5) { $0.raw("\r\n\u{1B}[K") }
                blankRows.insert(created)
            }
            bottomRow = row
            blankRows.removeAll(below: topReachableRow)
            cursorRow = row
            cursorColumn = 0
            pendingWrap = false
        }
        if row < cursorRow { ANSI.cursorUp(cursorRow - row, to: &out) } else { ANSI.cursorDown(row - cursorRow, to: &out) }
        cursorRow = row
        if column == cursorColumn && !pendingWrap { return }
        if column == 0 || pendingWrap {
            out.append(0x0D)
            ANSI.cursorForward(column, to: &out)
        } else if column > cursorColumn {
            ANSI.cursorForward(column - cursorColumn, to: &out)
        } else {
            ANSI.cursorBack(cursorColumn - column, to: &out)
        }
        cursorColumn = column
        pendingWrap = false
    }
}
