/// One terminal cell: a grapheme cluster and how it looks. A wide cluster occupies its cell and the
/// next, which holds a continuation (`width == 0`).
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

    public var isBlank: Bool { self == .blank }
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

    public init(width: Int, origin: Int = 0, rowCount: Int = 0) {
        self.width = width
        self.origin = origin
        self.rows = Array(repeating: Array(repeating: .blank, count: width), count: rowCount)
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
    /// right margin, or anything outside the frame, is not drawn; a wide grapheme half overwritten
    /// loses its other half.
    public mutating func put(_ text: String, width: Int, style: Style = .plain, row: Int, column: Int) {
        guard width > 0, column >= 0, column + width <= self.width, row >= origin else { return }
        ensureRow(row)
        let r = row - origin
        clearHalf(r, column)
        if width == 2 { clearHalf(r, column + 1) }
        rows[r][column] = Cell(text, width: UInt8(width), style: style)
        if width == 2 { rows[r][column + 1] = .continuation }
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

    /// Before (r, c) is overwritten: if it is half of a wide cell, blank the other half.
    private mutating func clearHalf(_ r: Int, _ c: Int) {
        let cell = rows[r][c]
        if cell.width == 0, c > 0 { rows[r][c - 1] = .blank }
        if cell.width == 2, c + 1 < width { rows[r][c + 1] = .blank }
    }
}
