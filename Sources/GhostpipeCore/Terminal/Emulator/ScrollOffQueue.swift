/// Lines that scrolled off the top of the main screen and have not been taken yet, oldest first, at
/// most `limit` of them (older ones are dropped and counted). A line is stored up to its extent only
/// (a `seq` line costs a handful of cells, not a row), in one flat array.
struct ScrollOffQueue {
    /// The most lines kept between two takes; 0 keeps none.
    var limit: Int
    /// Lines dropped because more than `limit` scrolled off between two takes.
    private(set) var dropped = 0
    private var cells: [PackedCell] = []
    private var starts: [Int] = []
    private var widths: [Int] = []
    /// Lines before this index were dropped (compacted away from time to time).
    private var first = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    var count: Int { starts.count - first }

    /// Keeps `extent` cells of a line from a screen `columns` wide.
    mutating func append(_ line: UnsafeMutablePointer<PackedCell>, extent: Int, columns: Int) {
        guard limit > 0 else {
            dropped += 1
            return
        }
        starts.append(cells.count)
        widths.append(columns)
        cells.append(contentsOf: UnsafeBufferPointer(start: line, count: extent))
        if count > limit {
            dropped += count - limit
            first = starts.count - limit
            if first >= max(limit, 256) { compact() }
        }
    }

    private mutating func compact() {
        let base = first < starts.count ? starts[first] : cells.count
        cells.removeSubrange(0..<base)
        starts = starts[first...].map { $0 - base }
        widths.removeSubrange(0..<first)
        first = 0
    }

    /// Forgets every waiting line (ED 3: the program erased the scrollback).
    mutating func removeAll() {
        cells.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        widths.removeAll(keepingCapacity: true)
        first = 0
    }

    /// Hands out the waiting lines (stored cells and the width of the screen they left) and empties
    /// the queue.
    mutating func take() -> (lines: [(cells: ArraySlice<PackedCell>, columns: Int)], dropped: Int) {
        var lines: [(cells: ArraySlice<PackedCell>, columns: Int)] = []
        lines.reserveCapacity(count)
        for i in first..<starts.count {
            let end = i + 1 < starts.count ? starts[i + 1] : cells.count
            lines.append((cells[starts[i]..<end], widths[i]))
        }
        let result = (lines, dropped)
        removeAll()
        dropped = 0
        return result
    }

    /// Rewrites every stored cell code (after the cluster table is compacted).
    mutating func remapCodes(_ transform: (UInt32) -> UInt32) {
        let from = first < starts.count ? starts[first] : cells.count
        for i in from..<cells.count where cells[i].code >= ClusterTable.firstCode {
            cells[i].code = transform(cells[i].code)
        }
    }
}
