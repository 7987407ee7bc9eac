/// Rows at the top of what is on show that are final once drawn: a stream's lines that scrolled off
/// its view, from document row `origin` down. A screen draws them before the frame (`Scene.frame`
/// leaves them out then), a plain line written straight from its packed cells.
struct FinalRows {
    var origin: Int
    var lines: [ScrolledLine]

    /// The document row one past the last.
    var end: Int { origin + lines.count }
}

/// The frame's rows that are plain lines (`PlainLine`), by document row from `origin`: each the
/// same cells as the frame's row, which a renderer may write from the packed cells instead.
struct PlainRows {
    var origin: Int
    var lines: [PlainLine?]

    @inline(__always)
    func line(_ row: Int) -> PlainLine? { row >= origin && row - origin < lines.count ? lines[row - origin] : nil }
}

extension TerminalRenderer {
    /// Draws `rows` as `render` draws a frame's rows, in order, before the frame that follows them:
    /// a plain line on a row known blank goes out from its packed cells (`writePlain`), anything
    /// else as cells. The rows are final: the next frame starts below them.
    mutating func drawFinal(_ rows: FinalRows, into out: inout [UInt8]) {
        for (i, line) in rows.lines.enumerated() {
            let row = rows.origin + i
            guard row >= topReachableRow else { continue }
            if case .packed(let plain) = line, drawIfPlain(row, plain, into: &out) { continue }
            let cells = line.cells(width: width)
            let old = previousRow(row)
            if let old, old == cells { continue }
            drawRow(row, old: old, new: cells, into: &out)
        }
    }

    /// Draws a changed row of a frame whose cells are `plain`'s: from the packed cells when the
    /// terminal's row is blank (as `drawFinal`); false, having done nothing, when not.
    mutating func drawIfPlain(_ row: Int, _ plain: PlainLine?, into out: inout [UInt8]) -> Bool {
        guard let plain, plain.cells.count <= width, isBlankBeyondFrame(row) else { return false }
        // A blank line is a blank row's cells: left as it is, as `render` leaves an unchanged row.
        if !plain.cells.isEmpty { writePlain(row, plain, into: &out) }
        return true
    }

    /// Whether `previousRow(row)` is the blank row because no frame drew there: not in the last
    /// frame, not unknown, created blank or not created yet.
    private func isBlankBeyondFrame(_ row: Int) -> Bool {
        if let previous, row >= previous.origin, row < previous.end { return false }
        return (row > bottomRow || blankRows.contains(row)) && (unknownRows.isEmpty || !unknownRows.contains(row))
    }

    /// `drawRow(row, old: blankRow, new: plain's cells)`, the same bytes and state, from the packed
    /// cells: changed runs (non-blank cells, swallowing gaps of up to four blanks) moved to and
    /// written, a stretch of one style at once; nothing after the last non-blank cell.
    private mutating func writePlain(_ row: Int, _ plain: PlainLine, into out: inout [UInt8]) {
        unknownRows.remove(row)
        // Removed here as `drawRow` does, and again at the end: moving to a row below the last one
        // the terminal has creates it, which records it blank.
        blankRows.remove(row)
        let own = firstOwnColumn(row)
        plain.cells.withUnsafeBufferPointer { cells in
            let contentEnd = max(cells.count, own)
            var c = own
            while c < contentEnd {
                if cells[c] == .blank { c += 1; continue }
                var start = c
                let end = Self.runEnd(from: c, before: contentEnd) { cells[$0] == .blank }
                if cursorRow == row { start = reach(start, over: cells) }
                move(toRow: row, column: start, into: &out)
                write(cells, start..<end, into: &out)
                c = end
            }
        }
        blankRows.remove(row)
    }

    /// `reach(_:over:)` over plain packed cells.
    private func reach(_ column: Int, over cells: UnsafeBufferPointer<PackedCell>) -> Int {
        let skip = column - cursorColumn
        guard !pendingWrap, skip > 0, skip <= 3, cursorColumn >= firstOwnColumn(cursorRow),
              cells[cursorColumn..<column].allSatisfy({ Pen.style(of: $0) == style })
        else { return column }
        return cursorColumn
    }

    /// `write(_:_:into:)` over plain packed cells: each run's first cell selects its style, and the
    /// cells that follow in the same colours and attributes (the same style) go out as one append.
    private mutating func write(_ cells: UnsafeBufferPointer<PackedCell>, _ range: Range<Int>, into out: inout [UInt8]) {
        var k = range.lowerBound
        while k < range.upperBound {
            let first = cells[k]
            select(Pen.style(of: first), into: &out)
            out.append(UInt8(truncatingIfNeeded: first.code))
            k += 1
            var j = k
            while j < range.upperBound, cells[j].foreground == first.foreground, cells[j].background == first.background,
                  cells[j].attributes == first.attributes { j += 1 }
            advance(by: 1)
            if j > k {
                out.append(upTo: j - k) { writer in
                    for i in k..<j { writer.byte(UInt8(truncatingIfNeeded: cells[i].code)) }
                }
                advance(by: j - k)
            }
            k = j
        }
    }
}
