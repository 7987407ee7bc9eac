/// One terminal cell: a grapheme cluster and how it looks. A wide cluster occupies its cell and the
/// next (or, as some terminals draw some emoji, the next three), which hold continuations
/// (`width == 0`).
public struct Cell: Equatable, Sendable {
    public var text: String
    public var width: UInt8
    public var style: Style

    public init(_ text: String, width: UInt8 = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell(" ")
    static let continuation = Cell("", width: 0)

    /// Texts are compared by their bytes: `String`'s `==` is canonical equivalence, which takes `é`
    /// (U+00E9) for `e` + U+0301 — other bytes for the terminal, so a rewrite from one to the other
    /// must be drawn.
    public static func == (a: Cell, b: Cell) -> Bool {
        // Texts that are not equivalent are other bytes, and so are equivalent texts of one byte
        // each (ASCII, most cells): only other equivalent texts are compared byte by byte.
        guard a.width == b.width && a.style == b.style && a.text == b.text else { return false }
        let x = a.text.utf8, y = b.text.utf8
        guard x.count == y.count else { return false }
        return x.count == 1 || x.elementsEqual(y)
    }

    /// Field by field, the text last (a blank's text is a one-byte string: compared at once).
    public var isBlank: Bool { width == 1 && style.isPlain && text == " " }
}

/// What a region of the terminal shows at one instant: rows of cells, numbered as document rows
/// (row 0 is the first row ghostpipe wrote; rows above the window are final and gone).
public struct Frame: Equatable, Sendable {
    public let width: Int
    /// Document row of `rows[0]`.
    public var origin: Int
    public var rows: [[Cell]]
    /// Where to leave the terminal cursor (the typing head), if anywhere in particular.
    public var cursor: Placement?

    /// `blank`: a row of `width` blank cells to share (frames made from one compare their
    /// untouched rows at once).
    public init(width: Int, origin: Int = 0, rowCount: Int = 0, blank: [Cell]? = nil) {
        self.width = width
        self.origin = origin
        let blank = blank?.count == width ? blank! : Array(repeating: .blank, count: width)
        self.rows = Array(repeating: blank, count: rowCount)
    }

    /// The document row one past the last row.
    public var end: Int { origin + rows.count }

    /// Makes sure document row `row` exists (adding blank rows below).
    public mutating func ensureRow(_ row: Int) {
        while end <= row { rows.append(Array(repeating: .blank, count: width)) }
    }

    /// Drops rows above document row `row` (they are final).
    public mutating func dropRows(before row: Int) {
        let count = min(rows.count, row - origin)
        guard count > 0 else { return }
        rows.removeFirst(count)
        origin += count
    }

    /// Writes a grapheme of `width` columns at (row, column). A wide grapheme that would cross the
    /// right margin, or anything outside the frame, is not drawn; a wide grapheme partly overwritten
    /// is blanked whole. Text that cannot take `width` columns (see `canTake`) leaves those columns
    /// blank instead: the renderer moves the cursor by the cell's width, and a cell the terminal
    /// draws at another width would put every later move on the row off.
    public mutating func put(_ text: String, width: Int, style: Style = .plain, row: Int, column: Int) {
        guard width > 0, width <= 8, column >= 0, column + width <= self.width, row >= origin else { return }
        ensureRow(row)
        let r = row - origin
        for c in column..<(column + width) { clearHalf(r, c) }
        guard Frame.canTake(text, width) else {
            for c in column..<(column + width) { rows[r][c] = .blank }
            return
        }
        rows[r][column] = Cell(text, width: UInt8(width), style: style)
        for c in (column + 1)..<(column + width) { rows[r][c] = .continuation }
    }

    /// Whether `text` can be drawn as a cell `width` columns wide. Printable ASCII is one column on
    /// every terminal, so text made only of it must have `width` characters (and empty text or a
    /// control character takes none); any other text is as wide as the layout says — its width
    /// comes from the terminal itself where terminals disagree (`MeasuredWidths`), which a frame
    /// cannot second-guess.
    static func canTake(_ text: String, _ width: Int) -> Bool {
        let utf8 = text.utf8
        // Most text is decided by its first byte: one printable ASCII character, or not ASCII.
        if let first = utf8.first {
            if first >= 0x80 { return true }
            if utf8.count == 1 { return first >= 0x20 && first != 0x7F && width == 1 }
        }
        var columns = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return true }
            guard byte >= 0x20 && byte != 0x7F else { return false }
            columns += 1
        }
        return columns == width
    }

    /// Whether the cells `columns` of document row `row` (in the frame) are all blank.
    func isBlank(row: Int, columns: Range<Int>) -> Bool {
        rows[row - origin].withUnsafeBufferPointer { cells in columns.allSatisfy { cells[$0].isBlank } }
    }

    /// Blanks `columns` cells from (row, column).
    public mutating func erase(row: Int, column: Int, columns: Int) {
        guard row >= origin, row < end else { return }
        let r = row - origin
        for c in max(0, column)..<min(width, column + columns) {
            clearHalf(r, c)
            rows[r][c] = .blank
        }
    }

    /// Before (r, c) is overwritten: if it is part of a wide cell, blank the whole of it.
    private mutating func clearHalf(_ r: Int, _ c: Int) {
        var head = c
        while head > 0 && rows[r][head].width == 0 { head -= 1 }
        let cellWidth = Int(rows[r][head].width)
        guard cellWidth > 1, head + cellWidth > c else { return }
        for k in head..<min(width, head + cellWidth) { rows[r][k] = .blank }
    }
}
