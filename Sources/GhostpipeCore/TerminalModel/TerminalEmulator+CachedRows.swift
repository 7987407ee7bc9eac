import Glibc

/// A row's cells as `TerminalEmulator.row(_:reusing:)` made them, with the packed cells they were made
/// from: while the row holds the same, the same cells serve again.
public struct CachedRow {
    fileprivate var packed: [PackedCell]
    fileprivate var clusterGeneration: Int
    public fileprivate(set) var cells: [Cell]
    /// The row as a plain line, if it is one: a renderer may write it from its packed cells.
    fileprivate(set) var plain: PlainLine?
}

extension TerminalEmulator {
    /// Row `r` of the active screen as cells, `cached` again when the row holds what those were made
    /// from: no conversion, and the very same array, which a renderer comparing frames finds equal to
    /// its last at once. A view redrawn every frame (a stream scrolling through) mostly has rows that
    /// did not change, only moved.
    public func row(_ r: Int, reusing cached: CachedRow?) -> CachedRow {
        // Out of range (a row of a taller screen before a resize), empty, as `row(_:)` is.
        guard r >= 0 && r < rows else { return CachedRow(packed: [], clusterGeneration: clusterGeneration, cells: [], plain: nil) }
        let line = UnsafeBufferPointer(start: screen.line(r), count: columns)
        if let cached, cached.clusterGeneration == clusterGeneration, cached.packed.count == line.count,
           cached.packed.withUnsafeBufferPointer({ memcmp($0.baseAddress!, line.baseAddress!, line.count * MemoryLayout<PackedCell>.stride) == 0 }) {
            return cached
        }
        return CachedRow(packed: Array(line), clusterGeneration: clusterGeneration, cells: cells(from: line),
                         plain: PlainLine(line, columns: columns))
    }
}

extension TerminalEmulator {
    /// The lines that scrolled off since the last call, oldest first: a line still holding what
    /// `cached(k)` (the k-th line's row as last made) was made from is that row's cells again (a
    /// line that showed on the screen and then scrolled away is neither made again nor compared
    /// cell by cell by a renderer); a plain line (`PlainLine`) stays packed; any other is made into
    /// cells padded with blanks to the screen's width.
    func takeScrolledOff(reusing cached: (Int) -> CachedRow?) -> [ScrolledLine] {
        var result: [ScrolledLine] = []
        result.reserveCapacity(scrolledOff.count)
        let columns = columns
        // Each line read where the queue keeps it (copied once, if at all).
        droppedLines += scrolledOff.takeEach { line, _ in
            let k = result.count
            // The queue keeps a line's written extent; the rest of its row was blank.
            if let row = cached(k), row.clusterGeneration == clusterGeneration, row.packed.count >= line.count,
               row.packed.withUnsafeBufferPointer({ a in
                   line.isEmpty || memcmp(a.baseAddress!, line.baseAddress!, line.count * MemoryLayout<PackedCell>.stride) == 0 }),
               row.packed[line.count...].allSatisfy({ $0 == .blank }) {
                result.append(.cells(row.cells))
                return
            }
            if let plain = PlainLine(line, columns: columns) {
                result.append(.packed(plain))
                return
            }
            var end = line.count
            while end > 0 && line[end - 1] == .blank { end -= 1 }
            // Padded to the screen's width: a row that wide goes into a frame as it is (a scene pads a
            // shorter one, copying every cell of it, in every frame that shows it).
            result.append(.cells(cells(from: UnsafeBufferPointer(rebasing: line[..<end]), paddedTo: columns)))
        }
        return result
    }
}
