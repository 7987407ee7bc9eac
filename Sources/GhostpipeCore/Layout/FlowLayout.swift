/// Word-wraps a stream of graphemes into rows of a fixed width, deciding each word's row *before*
/// its first grapheme can be shown, so nothing on screen ever moves.
///
/// A word (a run without break opportunities) is held until its end is known or it no longer fits in
/// what is left of the row; then it either stays or moves to the next row as a whole. A word longer
/// than a whole row breaks at a grapheme boundary; a wide grapheme never straddles the margin.
/// Breaks are allowed at spaces and tabs, and before each CJK ideograph or kana (text written
/// without spaces, UAX #14 class ID); punctuation stays with the ideograph before it. Spaces that
/// reach the margin hang there (they take no cell and never start a row).
///
/// Placements come out in input order through `drain`. At most one word is held, and a held word is
/// never wider than a row, so memory stays bounded on endless input.
public struct FlowLayout {
    public private(set) var width: Int
    public var tabWidth: Int

    /// Where the next grapheme would go.
    public private(set) var row = 0
    public private(set) var column = 0

    private var held: [Int] = []        // widths of the held word's graphemes
    private var heldWidth = 0
    private var heldHasIdeograph = false
    /// The current word's row is decided; its remaining graphemes are placed as they come.
    private var wordDecided = false
    private var placed: [Placement] = []

    /// Starts at document row `row`, `column` (0, or where a prompt or earlier text left off).
    public init(width: Int, tabWidth: Int = 8, row: Int = 0, column: Int = 0) {
        self.width = max(1, width)
        self.tabWidth = max(1, tabWidth)
        self.row = row
        self.column = max(0, min(column, self.width))
        firstRow = row
        firstColumn = self.column
    }

    /// Where the text began: a carriage return on that row goes back to here, not into a prompt.
    private let firstRow: Int
    private let firstColumn: Int

    /// Number of graphemes added but not yet placed.
    public var heldCount: Int { held.count }

    /// Adds the next grapheme. Its placement (and those of held graphemes it resolves) becomes
    /// available from `drain`.
    public mutating func add(_ kind: GraphemeKind, width graphemeWidth: Int) {
        switch kind {
        case .newline:
            placeHeldWord()
            placed.append(Placement(row: row, column: column, width: 0))
            row += 1
            column = 0
            wordDecided = false
        case .carriageReturn, .backspace:
            // As on a terminal: back to the row's start (not into a prompt before the text's first
            // column), or one column back; what follows overwrites. The placement is where the head
            // lands.
            placeHeldWord()
            wordDecided = false
            let rowStart = row == firstRow ? firstColumn : 0
            column = kind == .carriageReturn ? rowStart : max(rowStart, min(column, width) - 1)
            placed.append(Placement(row: row, column: column, width: 0))
        case .space, .tab:
            placeHeldWord()
            wordDecided = false
            placeBlank(until: kind == .tab ? (column / tabWidth + 1) * tabWidth : column + graphemeWidth)
        case .ideograph:
            if heldHasIdeograph || wordDecided { placeHeldWord(); wordDecided = false }
            heldHasIdeograph = true
            addToWord(graphemeWidth)
        default:
            if graphemeWidth == 0 && held.isEmpty && !wordDecided {
                // Zero-width, nothing to attach to (a BOM, a lone joiner): no cell, no decision.
                placed.append(Placement(row: row, column: column, width: 0))
                return
            }
            addToWord(graphemeWidth)
        }
    }

    /// The input paused or ended: place the held word now (on this row if it fits). Later graphemes of
    /// the same word then follow it on screen, breaking at the margin if they must.
    public mutating func flushHeldWord() {
        guard !held.isEmpty else { return }
        placeHeldWord()
        wordDecided = true
    }

    /// `add` for each of `kinds` with its width, the placements resolved appended to `placements`
    /// (a batch laid out in one call, straight into the glyph queue's placements).
    public mutating func add(_ kinds: UnsafeBufferPointer<GraphemeKind>, widths: UnsafeBufferPointer<UInt8>,
                             placingInto placements: inout [Placement]) {
        // What was resolved before (a held word placed by a pause) comes first.
        if !placed.isEmpty { placements.append(contentsOf: drain()) }
        swap(&placed, &placements)
        defer { swap(&placed, &placements) }
        var k = 0
        while k < kinds.count {
            if held.isEmpty && !wordDecided
                && (widths[k] > 0 && Self.continuesWord(kinds[k]) || kinds[k] == .space || kinds[k] == .newline) {
                // Words whose end is in the batch (a break follows) and that fit on this row go
                // where holding them would put them, without being held; so do the spaces that fit
                // whole and the line ends between them (`add` of each places it so, the word before
                // having left nothing held). Written in place, a run of them at once: a capacity and
                // uniqueness check per grapheme, or per word, cost more than the placing (and a run
                // a word, ended by each second space and line end, was a run or more a line).
                let (width, first) = (self.width, k)
                var (row, column, spaced) = (self.row, self.column, false)
                placed.append(addingCapacity: kinds.count - first) { span in
                    span.withUnsafeMutableBufferPointer { room, written in
                        // Wrapping arithmetic: indices within the batch, widths of at most 8 each.
                        while k < kinds.count {
                            let (kind, w) = (kinds[k], Int(widths[k]))
                            if w > 0 && Self.continuesWord(kind) {
                                // Each grapheme placed as the word is read (one pass): the word is
                                // taken only if it ends in the batch and fits, else its places are
                                // left unwritten (not counted) for `add`.
                                var (end, total) = (k, column)
                                while end < kinds.count && Self.continuesWord(kinds[end]) {
                                    let w = Int(widths[end])
                                    room[end &- first] = Placement(row: row, column: total, width: w)
                                    total &+= w
                                    end &+= 1
                                }
                                guard end < kinds.count, kinds[end] != .ideograph, total <= width else { break }
                                (column, k) = (total, end)
                            } else if kind == .space && column < width && w <= width &- column {
                                room[k &- first] = Placement(row: row, column: column, width: w)
                                (column, k, spaced) = (column &+ w, k &+ 1, true)
                            } else if kind == .newline {
                                room[k &- first] = Placement(row: row, column: column, width: 0)
                                (row, column, k, spaced) = (row &+ 1, 0, k &+ 1, true)
                            } else {
                                break
                            }
                        }
                        written = k - first
                    }
                }
                (self.row, self.column) = (row, column)
                if spaced { heldHasIdeograph = false }
                if k > first { continue }
            }
            if wordDecided && held.isEmpty && Self.continuesWord(kinds[k]) {
                // The rest of a word too long for a row (a ten-megabyte line): each grapheme placed
                // as `placeBreaking` places it, a run of them written in place at once.
                let (width, first) = (self.width, k)
                var (row, column) = (self.row, self.column)
                placed.append(addingCapacity: kinds.count - first) { span in
                    span.withUnsafeMutableBufferPointer { room, written in
                        while k < kinds.count && Self.continuesWord(kinds[k]) {
                            let w = Int(widths[k])
                            if column &+ w > width && column > 0 { (row, column) = (row &+ 1, 0) }
                            room[k &- first] = Placement(row: row, column: column, width: w)
                            column &+= w
                            k &+= 1
                        }
                        written = k - first
                    }
                }
                (self.row, self.column) = (row, column)
                continue
            }
            add(kinds[k], width: Int(widths[k]))
            k += 1
        }
    }

    /// Whether a grapheme of this kind joins the word before it (`add`'s last case): anything but a
    /// line end, a motion, a blank, or an ideograph (which decides words of its own).
    @inline(__always)
    private static func continuesWord(_ kind: GraphemeKind) -> Bool {
        switch kind {
        case .newline, .carriageReturn, .backspace, .space, .tab, .ideograph: return false
        default: return true
        }
    }

    /// Placements resolved since the last call, in input order.
    public mutating func drain() -> [Placement] {
        defer { placed.removeAll(keepingCapacity: true) }
        return placed
    }

    // MARK: - Words

    private mutating func addToWord(_ w: Int) {
        if wordDecided {
            placeBreaking(w)
            return
        }
        held.append(w)
        heldWidth += w
        if heldWidth > width - column {
            // It will not fit on this row: decide now, before any of it is shown.
            if column > 0 { newRow() }
            placeHeld()
            wordDecided = true
        }
    }

    private mutating func placeHeldWord() {
        guard !held.isEmpty else { heldHasIdeograph = false; return }
        if heldWidth > width - column && column > 0 { newRow() }
        placeHeld()
    }

    /// Places the held graphemes one by one, then holds none. (Read in place: a copy of `held`
    /// made emptying it allocate a new buffer at every word.)
    private mutating func placeHeld() {
        for i in held.indices { placeBreaking(held[i]) }
        clearHeld()
    }

    private mutating func clearHeld() {
        held.removeAll(keepingCapacity: true)
        heldWidth = 0
        heldHasIdeograph = false
    }

    /// Places one grapheme at the cursor, moving to a new row first if it would cross the margin.
    private mutating func placeBreaking(_ w: Int) {
        if column + w > width && column > 0 { newRow() }
        placed.append(Placement(row: row, column: column, width: w))
        column += w
    }

    private mutating func placeBlank(until stop: Int) {
        if column >= width {
            placed.append(Placement(row: row, column: column, width: 0))  // hangs in the margin
            return
        }
        let end = min(stop, width)
        placed.append(Placement(row: row, column: column, width: end - column))
        column = end
    }

    private mutating func newRow() {
        row += 1
        column = 0
    }
}
