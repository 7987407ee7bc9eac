#if canImport(Glibc)
import Glibc
#endif

/// One screen's cells (the main screen or the alternate one): `rows × columns` packed cells in a
/// single allocation, addressed through a row map so that scrolling moves row numbers, not cells.
///
/// Logical row `r` lives in physical row `slots[(r + offset) % rows]`. Scrolling the whole screen only
/// turns `offset` (a ring); scrolling a region rotates that part of the map. Each physical row keeps an
/// *extent*: every cell at or beyond it is the default blank, so clearing a recycled row touches only
/// what was written (a `seq` line, not a whole row). Wide characters always occupy a head cell
/// (width 2 or more) and continuations (width 0); every operation that cuts one blanks the rest of it
/// (`WideCells.swift`).
///
/// This is a handle — a few pointers, no reference counting, so the printing hot path pays no
/// retain/release for it. `ScreenMemory` owns the memory and frees it; the ring offset and the
/// whole-screen dirty flag live in that memory too, so every copy of a handle agrees.
struct ScreenBuffer {
    let rows: Int
    let columns: Int
    private let storage: UnsafeMutablePointer<PackedCell>
    private let slots: UnsafeMutablePointer<Int>
    private let extents: UnsafeMutablePointer<Int>
    private let dirtyFlags: UnsafeMutablePointer<Bool>
    private let scratch: UnsafeMutablePointer<Int>
    /// [0]: the ring offset; [1]: nonzero when every row changed (after a full-screen scroll, a clear,
    /// a switch of screens).
    private let state: UnsafeMutablePointer<Int>

    /// Allocates a blank screen; `deallocate()` frees it.
    static func allocate(rows: Int, columns: Int) -> ScreenBuffer {
        ScreenBuffer(rows: max(1, rows), columns: max(1, columns))
    }

    private init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        storage = .allocate(capacity: rows * columns)
        storage.initialize(repeating: .blank, count: rows * columns)
        slots = .allocate(capacity: rows)
        for r in 0..<rows { (slots + r).initialize(to: r) }
        extents = .allocate(capacity: rows)
        extents.initialize(repeating: 0, count: rows)
        dirtyFlags = .allocate(capacity: rows)
        dirtyFlags.initialize(repeating: true, count: rows)
        scratch = .allocate(capacity: rows)
        scratch.initialize(repeating: 0, count: rows)
        state = .allocate(capacity: 2)
        state.initialize(repeating: 0, count: 2)
        state[1] = 1
    }

    func deallocate() {
        storage.deallocate()
        slots.deallocate()
        extents.deallocate()
        dirtyFlags.deallocate()
        scratch.deallocate()
        state.deallocate()
    }

    private var offset: Int {
        get { state[0] }
        nonmutating set { state[0] = newValue }
    }

    private var everythingDirty: Bool {
        get { state[1] != 0 }
        nonmutating set { state[1] = newValue ? 1 : 0 }
    }

    // MARK: - Addressing

    @inline(__always)
    private func ring(_ row: Int) -> Int {
        let i = row + offset
        return i >= rows ? i - rows : i
    }

    @inline(__always)
    private func physical(_ row: Int) -> Int { slots[ring(row)] }

    /// The cells of logical row `row` (0 ≤ row < rows), `columns` of them.
    @inline(__always)
    func line(_ row: Int) -> UnsafeMutablePointer<PackedCell> { storage + physical(row) * columns }

    /// Cells at and beyond this column of `row` are default blanks.
    @inline(__always)
    func extent(_ row: Int) -> Int { extents[physical(row)] }

    /// Records that cells of `row` up to (not including) `end` were written.
    @inline(__always)
    func noteWritten(_ row: Int, through end: Int) {
        let p = physical(row)
        if extents[p] < end { extents[p] = end }
        dirtyFlags[row] = true
    }

    @inline(__always)

    func markAllDirty() { everythingDirty = true }

    /// The rows changed since the last call, in order; clears the record.
    func takeDirtyRows() -> [Int] {
        var result: [Int] = []
        for r in 0..<rows where everythingDirty || dirtyFlags[r] {
            result.append(r)
            dirtyFlags[r] = false
        }
        everythingDirty = false
        return result
    }

    /// Whether `row` holds nothing but default blanks.
    func isBlank(_ row: Int) -> Bool {
        let cells = line(row)
        for c in 0..<extent(row) where cells[c] != .blank { return false }
        return true
    }

    // MARK: - Erasing

    /// Sets cells `from..<to` of `row` to `fill`, blanking the outer half of any wide cell cut at either end.
    func erase(row: Int, from start: Int, to end: Int, fill: PackedCell) {
        let start = max(0, start), end = min(columns, end)
        guard start < end else { return }
        let cells = line(row)
        let p = physical(row)
        PackedCell.cutBefore(cells, at: start)
        PackedCell.cutAfter(cells, at: end, columns: columns)
        if fill == .blank {
            let limit = min(end, extents[p])
            if start < limit { for c in start..<limit { cells[c] = fill } }
            if end >= extents[p] { extents[p] = min(extents[p], start) }
        } else {
            for c in start..<end { cells[c] = fill }
            if extents[p] < end { extents[p] = end }
        }
        dirtyFlags[row] = true
    }

    /// Sets the whole of `row` to `fill`.
    @inline(__always)
    func clear(row: Int, fill: PackedCell) {
        let p = physical(row)
        let cells = storage + p * columns
        if fill == .blank {
            let e = extents[p]
            if e > 0 { cells.update(repeating: fill, count: e) }
            extents[p] = 0
        } else {
            cells.update(repeating: fill, count: columns)
            extents[p] = columns
        }
        dirtyFlags[row] = true
    }

    /// Sets every cell to `fill`.
    func clearAll(fill: PackedCell) {
        for r in 0..<rows { clear(row: r, fill: fill) }
        everythingDirty = true
    }

    // MARK: - Scrolling

    /// Moves rows `top...bottom` up by `count`; the rows that leave the top come back at the bottom
    /// as `fill`. (Callers that keep scrollback copy the top rows out first.)
    func scrollUp(top: Int, bottom: Int, count: Int, fill: PackedCell) {
        guard top >= 0, bottom < rows, top <= bottom else { return }
        let n = min(count, bottom - top + 1)
        guard n > 0 else { return }
        if top == 0 && bottom == rows - 1 {
            offset += n
            if offset >= rows { offset -= rows }
            everythingDirty = true
        } else {
            rotate(top: top, bottom: bottom, by: n)
            for r in top...bottom { dirtyFlags[r] = true }
        }
        for r in (bottom - n + 1)...bottom { clear(row: r, fill: fill) }
    }

    /// Moves rows `top...bottom` down by `count`; the rows that leave the bottom come back at the top
    /// as `fill`.
    func scrollDown(top: Int, bottom: Int, count: Int, fill: PackedCell) {
        guard top >= 0, bottom < rows, top <= bottom else { return }
        let height = bottom - top + 1
        let n = min(count, height)
        guard n > 0 else { return }
        if top == 0 && bottom == rows - 1 {
            offset -= n
            if offset < 0 { offset += rows }
            everythingDirty = true
        } else {
            rotate(top: top, bottom: bottom, by: height - n)
            for r in top...bottom { dirtyFlags[r] = true }
        }
        for r in top..<(top + n) { clear(row: r, fill: fill) }
    }

    /// Rotates the row map of `top...bottom` so that row `top + by` becomes row `top`.
    private func rotate(top: Int, bottom: Int, by shift: Int) {
        let height = bottom - top + 1
        for k in 0..<height { scratch[k] = slots[ring(top + (k + shift) % height)] }
        for k in 0..<height { slots[ring(top + k)] = scratch[k] }
    }

    // MARK: - Inserting and deleting cells

    /// Shifts cells from `column` right by `count` (those pushed past the right margin are lost) and
    /// fills the gap with `fill`.
    func insertCells(row: Int, at column: Int, count: Int, fill: PackedCell) {
        guard column >= 0, column < columns else { return }
        let n = min(count, columns - column)
        guard n > 0 else { return }
        let cells = line(row)
        let p = physical(row)
        // A wide cell cut at `column` is blanked whole (its halves would be apart).
        PackedCell.cutBefore(cells, at: column)
        PackedCell.cutAfter(cells, at: column, columns: columns)
        let moved = columns - column - n
        if moved > 0 { memmove(cells + column + n, cells + column, moved * MemoryLayout<PackedCell>.stride) }
        PackedCell.cutAtMargin(cells, columns: columns)
        (cells + column).update(repeating: fill, count: n)
        let grown = extents[p] > column ? min(columns, extents[p] + n) : extents[p]
        extents[p] = fill == .blank ? grown : max(grown, column + n)
        dirtyFlags[row] = true
    }

    /// Removes `count` cells at `column`, shifting the rest of the row left, and fills the right end
    /// with `fill`.
    func deleteCells(row: Int, at column: Int, count: Int, fill: PackedCell) {
        guard column >= 0, column < columns else { return }
        let n = min(count, columns - column)
        guard n > 0 else { return }
        let cells = line(row)
        let p = physical(row)
        PackedCell.cutBefore(cells, at: column)
        PackedCell.cutAfter(cells, at: column, columns: columns)
        PackedCell.cutAfter(cells, at: column + n, columns: columns)
        let moved = columns - column - n
        if moved > 0 { memmove(cells + column, cells + column + n, moved * MemoryLayout<PackedCell>.stride) }
        (cells + columns - n).update(repeating: fill, count: n)
        if fill != .blank { extents[p] = columns }
        dirtyFlags[row] = true
    }

    // MARK: - Resizing

    /// A copy of this screen at a new size, content kept at the top left (no reflow). When rows are
    /// lost, blank rows below `keepingRow` go first, then rows from the top (so the row the cursor is
    /// on stays visible, as in xterm); `droppedTop` says how many left from the top, so the caller can
    /// take them from this buffer as scrollback.
    func resized(rows newRows: Int, columns newColumns: Int, keepingRow: Int) -> (buffer: ScreenBuffer, droppedTop: Int) {
        let result = ScreenBuffer.allocate(rows: newRows, columns: newColumns)
        var droppedTop = 0
        var droppedBottom = 0
        if result.rows < rows {
            var excess = rows - result.rows
            var r = rows - 1
            while excess > 0 && r > keepingRow && isBlank(r) {
                droppedBottom += 1
                excess -= 1
                r -= 1
            }
            droppedTop = excess
        }
        let kept = min(result.rows, rows - droppedTop - droppedBottom)
        let width = min(columns, result.columns)
        for r in 0..<kept {
            let source = line(r + droppedTop)
            let target = result.line(r)
            target.update(from: source, count: width)
            if width < columns { PackedCell.cutAtMargin(target, columns: width) }
            result.extents[result.physical(r)] = min(extent(r + droppedTop), width)
        }
        return (result, droppedTop)
    }
}
