/// One grapheme to lay out into a block: its text, look and (for the typewriter) its reveal offset,
/// with the look it has before then (karaoke), if it shows before then.
public struct StyledGrapheme: Sendable {
    public var text: String
    public var style: Style
    public var reveal: Nanoseconds?
    public var before: Style?
    public init(_ text: String, style: Style = .plain, reveal: Nanoseconds? = nil, before: Style? = nil) {
        self.text = text
        self.style = style
        self.reveal = reveal
        self.before = before
    }
}

/// How the rows of a block sit in its box, or (`--align`) how a block sits in the width.
public enum RowAlignment: String, CaseIterable, Sendable { case left, center, right }

/// `--place`: where a block sits vertically on a full screen, or the subtitles on the terminal
/// (`inline`: their band under the prompt; text flows as with `top`).
public enum BlockPlace: String, CaseIterable, Sendable { case top, middle, bottom, inline }

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

extension RowAlignment {
    /// How far right something `widest` columns wide moves to sit here in `width` columns.
    public func shift(widest: Int, in width: Int) -> Int {
        let slack = max(0, width - widest)
        switch self {
        case .left: return 0
        case .center: return slack / 2
        case .right: return slack
        }
    }
}

extension BlockPlace {
    /// The first of `rows` rows a block `height` rows tall starts on when placed here.
    public func top(height: Int, in rows: Int) -> Int {
        switch self {
        case .top, .inline: 0
        case .middle: max(0, (rows - height) / 2)
        case .bottom: max(0, rows - height)
        }
    }
}

/// Lays out a whole piece of text (a paragraph, a cue) into a `Block` with the same word wrap as the
/// streaming typewriter, then aligns each row in a box of `width` columns.
public enum BlockLayout {
    /// `graphemes` are extended grapheme clusters in reading order, with `"\n"` between lines.
    /// `boxWidth`: the box the rows are aligned in (defaults to the widest row).
    public static func layout(_ graphemes: [StyledGrapheme], width: Int, alignment: RowAlignment = .left,
                              tabWidth: Int = 8, boxWidth: Int? = nil, widths measured: (any ColumnWidths)? = nil,
                              startColumn: Int = 0) -> Block {
        mappedLayout(graphemes, width: width, alignment: alignment, tabWidth: tabWidth, boxWidth: boxWidth,
                     widths: measured, startColumn: startColumn).block
    }

    /// `layout`, and for each grapheme the index of its glyph in the block (-1 for what draws
    /// nothing: spaces, line breaks, zero-width clusters).
    public static func mappedLayout(_ graphemes: [StyledGrapheme], width: Int, alignment: RowAlignment = .left,
                                    tabWidth: Int = 8, boxWidth: Int? = nil, widths measured: (any ColumnWidths)? = nil,
                                    startColumn: Int = 0) -> (block: Block, glyphOf: [Int]) {
        var flow = FlowLayout(width: width, tabWidth: tabWidth, column: startColumn)
        var placements: [Placement] = []
        placements.reserveCapacity(graphemes.count)
        var widths: [Int] = []
        var kinds: [GraphemeKind] = []
        for g in graphemes {
            let kind = g.text.utf8.withContiguousStorageIfAvailable { GraphemeKind.of($0) } ?? GraphemeKind.of(Array(g.text.utf8).withUnsafeBufferPointer { $0 })
            let w = kind == .newline || kind == .tab ? 0 : (measured?.width(of: g.text) ?? DisplayWidth.of(g.text))
            kinds.append(kind)
            widths.append(w)
            flow.add(kind, width: w)
            placements += flow.drain()
        }
        flow.flushHeldWord()
        placements += flow.drain()

        var glyphs: [Glyph] = []
        var glyphOf = [Int](repeating: -1, count: graphemes.count)
        var rows = 0
        for (k, g) in graphemes.enumerated() {
            let p = placements[k]
            rows = max(rows, p.row + (kinds[k] == .newline ? 0 : 1))
            guard p.width > 0, !kinds[k].isBlank, widths[k] > 0 else { continue }
            glyphOf[k] = glyphs.count
            glyphs.append(Glyph(g.text, row: p.row, column: p.column, width: p.width, style: g.style, reveal: g.reveal,
                                before: g.before))
        }
        if kinds.contains(where: \.isMotion) {
            overwrite(&glyphs, glyphOf: &glyphOf, placements: placements, kinds: kinds)
        }
        var rowWidths: [Int: Int] = [:]
        for glyph in glyphs { rowWidths[glyph.row] = max(rowWidths[glyph.row] ?? 0, glyph.column + glyph.width) }
        // A text ending in a line break still counts the rows before it.
        if let last = placements.last, kinds.last == .newline { rows = max(rows, last.row + 1) }
        let widest = rowWidths.values.max() ?? 0
        let box = max(boxWidth ?? widest, widest)
        if alignment != .left {
            for i in glyphs.indices {
                let slack = box - (rowWidths[glyphs[i].row] ?? 0)
                glyphs[i].column += alignment == .center ? slack / 2 : slack
            }
        }
        return (Block(glyphs: glyphs, rows: rows, columns: box, end: Placement(row: flow.row, column: flow.column, width: 0)), glyphOf)
    }

    /// After a carriage return or backspace, what is written again over a cell replaces what was
    /// there, as on a terminal: a glyph (a wide one wholly, even if only half is covered) or a space
    /// (which blanks it) takes the place of earlier glyphs, so every effect ends on the screen `cat`
    /// leaves. A tab moves without erasing.
    static func overwrite(_ glyphs: inout [Glyph], glyphOf: inout [Int], placements: [Placement], kinds: [GraphemeKind]) {
        struct Cell: Hashable { var row: Int, column: Int }
        var owner: [Cell: Int] = [:]
        var removed = Set<Int>()
        for k in placements.indices {
            let p = placements[k]
            let drawn = glyphOf[k]
            guard p.width > 0, drawn >= 0 || kinds[k] == .space else { continue }
            for column in p.column..<(p.column + p.width) {
                if let earlier = owner[Cell(row: p.row, column: column)] {
                    removed.insert(earlier)
                    let g = glyphs[earlier]
                    for c in g.column..<(g.column + g.width) { owner[Cell(row: g.row, column: c)] = nil }
                }
            }
            guard drawn >= 0 else { continue }
            for column in p.column..<(p.column + p.width) { owner[Cell(row: p.row, column: column)] = drawn }
        }
        guard !removed.isEmpty else { return }
        var newIndex = [Int](repeating: -1, count: glyphs.count)
        var kept: [Glyph] = []
        for (i, glyph) in glyphs.enumerated() where !removed.contains(i) {
            newIndex[i] = kept.count
            kept.append(glyph)
        }
        glyphs = kept
        glyphOf = glyphOf.map { $0 >= 0 ? newIndex[$0] : -1 }
    }

    /// Splits a string into styled graphemes.
    public static func graphemes(_ text: String, style: Style = .plain) -> [StyledGrapheme] {
        text.map { StyledGrapheme(String($0), style: style) }
    }
}
