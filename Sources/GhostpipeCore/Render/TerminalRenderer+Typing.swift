/// The typewriter's fast paths: graphemes appearing at the typing head, written as `render` of the
/// whole frame would write them but without composing or comparing rows (`renderAppearing`), and a
/// recording typed straight from the glyph queue (`type`, over a `TypingTape`). The screen they leave
/// is the one `render` would leave; `TerminalRenderer.swift` holds the general diff they fall back to.
extension TerminalRenderer {
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
                                 || typePlainRows(cells, cursor: step.cursor, rewoundRow: tape.state.rewoundRow, on: &frame,
                                                  into: &out, unwritten: &unwritten)
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
    func isAhead(_ place: Placement) -> Bool {
        place.row > cursorRow || place.row == cursorRow && place.column >= (pendingWrap ? width : cursorColumn)
    }

    /// The usual typing steps (`TypingTape.usualSteps`) from the cursor on in one pass over its row,
    /// while each is a grapheme right at the cursor on blank cells of the last frame — written as
    /// `typeAtCursor` writes it, its cell left to `unwritten` — or a space over a one-byte cell in
    /// the current style, written as `placeCursor` writes it. What ends a row, or does not fit that,
    /// is left to the general step.
    mutating func typeUsualSteps(_ tape: inout TypingTape, on frame: inout Frame, into out: inout [UInt8],
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
            var (selecting, more, unsure) = (false, false, false)
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
                    let oneByOne = tape.oneByOne
                    var (k, column) = (usual.k, cursorColumn)
                    // The steps too, written in place (no check of the array's uniqueness each).
                    steps.append(addingCapacity: last + 1 - k) { typed in
                        while k <= last {
                            // The usual of the usual (`typePlainBytes`): up to this run's last, short
                            // of the last column, and before the tape's last (whose instant has no
                            // next to compare with: below).
                            if plain, case let stop = min(last + 1, end - 1, k + (width - 1 - column)), k < stop {
                                let n = typed.withUnsafeMutableBufferPointer { room, count in
                                    let (n, entries) = Self.typePlainBytes(graphemes, times: times, oneByOne: oneByOne, from: k, to: stop,
                                                                           row: headRow, column: column,
                                                                           cells: allBlank ? nil : cells.baseAddress!, out: bytes.position,
                                                                           offset: offset + (bytes.position - base), typed: room.baseAddress! + count)
                                    count += entries
                                    return n
                                }
                                bytes.position += n
                                (k, column) = (k + n, column + n)
                            }
                            guard k <= last else { break }
                            // Alone at its instant (or typed one by one), on the head's row, taking
                            // columns, not a line end or a motion; right at the cursor, ending at the
                            // last column at the latest (then the cursor waits to wrap there, and the
                            // run ends).
                            guard k + 1 == end || oneByOne || times[k + 1] != times[k] else { break }
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
                                    let cluster = UnsafeBufferPointer(start: text + start, count: stop - start)
                                    bytes.bytes(cluster)
                                    if DisplayWidth.isDisputed(utf8: cluster) { unsure = true }
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
                if unsure { columnUnsure = true }
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
    /// alone at its instant (the next grapheme's differs, or `oneByOne`), right at the cursor (`row`,
    /// `column` on) on a blank cell of `cells` (nil: all blank). Drawn, or a space moved over, it is the byte
    /// written, as `typeUsualSteps`' cases write it: to `out`, its step (end offset from `offset`,
    /// instant) to `typed`. Typed one by one, the run keeps to one instant and is one step (the steps
    /// of an instant are joined into one write: `Screen.type`), not one a byte. Returns how many
    /// graphemes were typed and how many steps told.
    @inline(never)
    static func typePlainBytes(_ graphemes: PlacedGraphemes, times: UnsafePointer<Nanoseconds>, oneByOne: Bool, from k: Int, to stop: Int,
                                       row: Int, column: Int, cells: UnsafePointer<Cell>?, out: UnsafeMutablePointer<UInt8>,
                                       offset: Int, typed: UnsafeMutablePointer<(end: Int, instant: Nanoseconds)>) -> (graphemes: Int, steps: Int) {
        let (places, ends, styleIndices) = (graphemes.placements.baseAddress!, graphemes.ends.baseAddress!, graphemes.styleIndices.baseAddress!)
        // Everything indexed by `k`: each grapheme of the run is a byte and a column after the one
        // before, so its byte, end, column, output byte and step are each a base plus `k`.
        let start = k == 0 ? 0 : ends[k - 1]
        let (textBase, endBase, columnBase) = (graphemes.bytes.baseAddress! + (start &- k), start &- k &+ 1, column &- k)
        let (outBase, typedBase, offsetBase) = (out - k, typed - k, offset &- k &+ 1)
        let instant = times[k]
        // Made four times by inlining: with the cells to check and without (all blank, the usual
        // case), a step a grapheme or one for the run.
        @inline(__always) func run(_ cells: UnsafePointer<Cell>?, joined: Bool) -> Int {
            var k = k
            while k < stop {
                let (p, time, next) = (places[k], times[k], times[k + 1])
                guard p.row == row, p.column == columnBase &+ k, p.width == 1, ends[k] == endBase &+ k, styleIndices[k] == 0,
                      case let b = textBase[k], b >= 0x20, b < 0x7F, joined ? time == instant : next != time,
                      cells == nil || cells![columnBase &+ k].isBlank
                else { break }
                outBase[k] = b
                if !joined { typedBase[k] = (offsetBase &+ k, time) }
                k &+= 1
            }
            return k
        }
        if oneByOne {
            let n = (cells == nil ? run(nil, joined: true) : run(cells, joined: true)) &- k
            guard n > 0 else { return (0, 0) }
            typed.pointee = (offsetBase &+ k &+ n &- 1, instant)
            return (n, 1)
        }
        let n = (cells == nil ? run(nil, joined: false) : run(cells, joined: false)) &- k
        return (n, n)
    }

    /// A step that types one cell on a row below the last frame, blank on the terminal (the first of
    /// a row, after a line end, blank lines or a wrap): moved to and written as `appear` would, the
    /// rows added to the frame as the shared blank row and the cell left to `unwritten`. Returns false,
    /// having changed nothing, when the step is not that.
    mutating func typeRowStart(_ cells: TapeCells, cursor: Placement, on frame: inout Frame, into out: inout [UInt8],
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
        let textStart = out.count
        cells.graphemes.appendText(k, to: &out)
        advance(by: w)
        noteDisputed(out, from: textStart)
        if !blankRows.isEmpty { blankRows.remove(row) }
        // The cell draws (a space too: it blanks a rewound row), whatever a motion later in the step rewound.
        unwritten.typed(row: row, from: k, to: k + 1, rewoundRow: row, frameOrigin: frame.origin)
        rest(at: cursor, on: &frame, into: &out)
        return true
    }

    /// Writes cell `i` of `glyphs` right at the cursor, on blank `cells` of the cursor's row (the
    /// caller checked), as `write` of the new cell would: its text's bytes read where they are kept.
    @inline(__always)
    mutating func typeCell(_ glyphs: some AppearingCells, _ i: Int, into cells: UnsafeMutableBufferPointer<Cell>,
                                   out: inout [UInt8]) {
        glyphs.put(i, into: cells)
        select(glyphs.style(i), into: &out)
        let start = out.count
        glyphs.appendText(i, to: &out)
        advance(by: glyphs.width(i))
        noteDisputed(out, from: start)
    }

    @inline(__always)
    static func isBlank(_ cells: UnsafeBufferPointer<Cell>, _ columns: Range<Int>) -> Bool {
        for c in columns where !cells[c].isBlank { return false }
        return true
    }

    @inline(__always)
    static func isBlank(_ cells: UnsafeMutableBufferPointer<Cell>, _ columns: Range<Int>) -> Bool {
        isBlank(UnsafeBufferPointer(cells), columns)
    }

    /// `appear` for the usual typing step, told apart cheaply: glyphs on blank cells one after the
    /// other right at the cursor, on a row of the last frame, each drawn as it is. `appear` would
    /// move nowhere and write exactly these cells (see there); this does the same without its
    /// general checks and moves. Returns false, having changed nothing, when the step is not that.
    mutating func typeAtCursor(_ glyphs: some AppearingCells, cursor: Placement,
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
    mutating func rest(at cursor: Placement?, on frame: inout Frame, into out: inout [UInt8]) {
        frame.cursor = cursor
        // Rows scrolled off the screen cannot be drawn on again: the frame keeps only the screen's
        // (appearing glyphs row after row would otherwise keep the whole text).
        if frame.origin < topReachableRow { frame.dropRows(before: topReachableRow) }
        // The typewriter's head is where the last glyph left the cursor: nothing to place.
        if let cursor, cursor.row != cursorRow || cursor.column != cursorColumn || pendingWrap { placeCursor(frame, into: &out) }
    }

    /// `renderAppearing`'s work on the last frame, taken out of `previous` by the caller.
    mutating func appear(_ glyphs: some AppearingCells, cursor: Placement?, on frame: inout Frame, into out: inout [UInt8]) -> Bool {
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
}
