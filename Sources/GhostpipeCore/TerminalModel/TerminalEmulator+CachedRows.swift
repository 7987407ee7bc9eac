import Glibc

/// A row's cells as `TerminalEmulator.row(_:reusing:)` made them, with the packed cells they were made
/// from: while the row holds the same, the same cells serve again.
public struct CachedRow {
    fileprivate var packed: [PackedCell]
    fileprivate var clusterGeneration: Int
    public fileprivate(set) var cells: [Cell]
}

extension TerminalEmulator {
    /// Row `r` of the active screen as cells, `cached` again when the row holds what those were made
    /// from: no conversion, and the very same array, which a renderer comparing frames finds equal to
    /// its last at once. A view redrawn every frame (a stream scrolling through) mostly has rows that
    /// did not change, only moved.
    public func row(_ r: Int, reusing cached: CachedRow?) -> CachedRow {
        let line = UnsafeBufferPointer(start: screen.line(r), count: columns)
        if let cached, cached.clusterGeneration == clusterGeneration, cached.packed.count == line.count,
           cached.packed.withUnsafeBufferPointer({ memcmp($0.baseAddress!, line.baseAddress!, line.count * MemoryLayout<PackedCell>.stride) == 0 }) {
            return cached
        }
        return CachedRow(packed: Array(line), clusterGeneration: clusterGeneration, cells: cells(from: line))
    }
}
