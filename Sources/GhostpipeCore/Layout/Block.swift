/// One grapheme of a block, laid out in its final place (row and column relative to the block).
public struct Glyph: Equatable, Sendable {
    public var text: String
    public var row: Int
    public var column: Int
    /// Columns it covers (1 or 2).
    public var width: Int
    public var style: Style
    /// Word timing: when it appears (or, with `before`, takes its look), as an offset from the block's
    /// start (nil: as the effect reveals it).
    public var reveal: Nanoseconds?
    /// Its look before `reveal` when it shows before then (karaoke: not sung yet); nil: hidden.
    public var before: Style?

    public init(_ text: String, row: Int, column: Int, width: Int, style: Style = .plain, reveal: Nanoseconds? = nil,
                before: Style? = nil) {
        self.text = text
        self.row = row
        self.column = column
        self.width = width
        self.style = style
        self.reveal = reveal
        self.before = before
    }

    /// Whitespace draws nothing; effects skip it.
    public var isBlank: Bool { text == " " || text == "\u{3000}" || text == "\u{A0}" }
}

/// Text laid out in its final position before anything is revealed, so nothing jumps: what every
/// effect animates. Glyphs are in reading order; blanks (spaces) are not included.
public struct Block: Equatable, Sendable {
    public var glyphs: [Glyph]
    /// Size of the block's box.
    public var rows: Int
    public var columns: Int
    /// Where text following the block continues (row, column), relative to its top-left: after a
    /// final line break that is the start of the row below the block.
    public var end: Placement

    public init(glyphs: [Glyph], rows: Int, columns: Int, end: Placement? = nil) {
        self.glyphs = glyphs
        self.rows = rows
        self.columns = columns
        self.end = end ?? Placement(row: rows, column: 0, width: 0)
    }

    /// The rows `range` of this block as a block of their own (slices of a block taller than the screen).
    public func slice(rows range: Range<Int>) -> Block {
        let glyphs = self.glyphs.filter { range.contains($0.row) }.map { g -> Glyph in
            var g = g
            g.row -= range.lowerBound
            return g
        }
        let isLast = range.upperBound >= rows
        return Block(glyphs: glyphs, rows: range.count, columns: columns,
                     end: isLast ? Placement(row: end.row - range.lowerBound, column: end.column, width: 0)
                                 : Placement(row: range.count, column: 0, width: 0))
    }

    /// Takes the first `count` rows off the top: their glyphs go, the rest move up (glyphs are in
    /// reading order, so those rows are a prefix: removed at once, where a predicate copied every
    /// glyph kept).
    public mutating func dropRows(_ count: Int) {
        let kept = glyphs.firstIndex { $0.row >= count } ?? glyphs.endIndex
        glyphs.removeSubrange(..<kept)
        for g in glyphs.indices { glyphs[g].row -= count }
        rows = max(0, rows - count)
    }

    /// Number of visible graphemes (what "scaled by text length" counts).
    public var count: Int { glyphs.count }
}

extension Block {
    /// The block moved as a whole to `alignment` in `width` columns by its widest row: every row
    /// shifts by the same amount, so the lines keep their shape relative to each other.
    public func placed(_ alignment: RowAlignment, in width: Int) -> Block {
        let widest = self.widest
        let shift = alignment.shift(widest: widest, in: width)
        guard shift > 0 else { return self }
        var moved = self
        for g in moved.glyphs.indices { moved.glyphs[g].column += shift }
        moved.columns = max(columns, widest + shift)
        return moved
    }

    /// Columns up to the right edge of its widest row.
    public var widest: Int { glyphs.reduce(0) { max($0, $1.column + $1.width) } }

    /// Rows down to the last one with a glyph (what a block shows, without trailing blank rows).
    public var visibleRows: Int { glyphs.reduce(0) { max($0, $1.row + 1) } }
}
