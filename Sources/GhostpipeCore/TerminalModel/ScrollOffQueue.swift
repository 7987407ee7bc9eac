#if canImport(Glibc)
import Glibc
#endif

/// Lines that scrolled off the top of the main screen and have not been taken yet, oldest first, at
/// most `limit` of them (older ones are dropped and counted). A line is stored up to its extent only
/// (a `seq` line costs a handful of cells, not a row), in one flat buffer.
///
/// Manually managed memory rather than arrays: appending happens on every scrolled line, and a
/// mutating array call on a class's property costs a dynamic exclusivity check each time, which
/// was a tenth of the time on `seq` output.
final class ScrollOffQueue {
    /// The most lines kept between two takes; 0 keeps none.
    var limit: Int
    /// Lines dropped because more than `limit` scrolled off between two takes.
    private(set) var dropped = 0

    private struct Line {
        var start: Int
        var count: Int
        var columns: Int
    }

    private var cells: UnsafeMutablePointer<PackedCell>
    private var cellCapacity = 1024
    private var cellCount = 0
    private var lines: UnsafeMutablePointer<Line>
    private var lineCapacity = 256
    private var lineCount = 0
    /// Lines before this index were dropped (compacted away from time to time).
    private var first = 0

    init(limit: Int) {
        self.limit = max(0, limit)
        cells = .allocate(capacity: cellCapacity)
        lines = .allocate(capacity: lineCapacity)
    }

    deinit {
        cells.deallocate()
        lines.deallocate()
    }

    var count: Int { lineCount - first }

    /// Keeps `extent` cells of a line from a screen `columns` wide.
    func append(_ line: UnsafeMutablePointer<PackedCell>, extent: Int, columns: Int) {
        guard limit > 0 else {
            dropped += 1
            return
        }
        if cellCount + extent > cellCapacity { growCells(to: cellCount + extent) }
        if lineCount == lineCapacity { growLines() }
        (cells + cellCount).initialize(from: line, count: extent)
        lines[lineCount] = Line(start: cellCount, count: extent, columns: columns)
        cellCount += extent
        lineCount += 1
        if lineCount - first > limit {
            dropped += lineCount - first - limit
            first = lineCount - limit
            if first >= max(limit, 256) { compact() }
        }
    }

    private func growCells(to needed: Int) {
        var capacity = cellCapacity * 2
        while capacity < needed { capacity *= 2 }
        let bigger = UnsafeMutablePointer<PackedCell>.allocate(capacity: capacity)
        bigger.initialize(from: cells, count: cellCount)
        cells.deallocate()
        cells = bigger
        cellCapacity = capacity
    }

    private func growLines() {
        let capacity = lineCapacity * 2
        let bigger = UnsafeMutablePointer<Line>.allocate(capacity: capacity)
        bigger.initialize(from: lines, count: lineCount)
        lines.deallocate()
        lines = bigger
        lineCapacity = capacity
    }

    /// Moves the kept lines to the front of the buffers.
    private func compact() {
        let base = first < lineCount ? lines[first].start : cellCount
        let keptCells = cellCount - base
        if keptCells > 0 { memmove(cells, cells + base, keptCells * MemoryLayout<PackedCell>.stride) }
        cellCount = keptCells
        let keptLines = lineCount - first
        for i in 0..<keptLines {
            var line = lines[first + i]
            line.start -= base
            lines[i] = line
        }
        lineCount = keptLines
        first = 0
    }

    /// Forgets every waiting line (ED 3: the program erased the scrollback).
    func removeAll() {
        cellCount = 0
        lineCount = 0
        first = 0
    }

    /// Hands out the waiting lines (their stored cells, and the width of the screen they left) and
    /// empties the queue; returns how many were dropped since the last take too.
    func take() -> (lines: [(cells: [PackedCell], columns: Int)], dropped: Int) {
        var result: [(cells: [PackedCell], columns: Int)] = []
        result.reserveCapacity(count)
        for i in first..<lineCount {
            let line = lines[i]
            result.append((Array(UnsafeBufferPointer(start: cells + line.start, count: line.count)), line.columns))
        }
        let taken = (result, dropped)
        removeAll()
        dropped = 0
        return taken
    }

    /// Hands each waiting line to `body` in place (its stored cells, and the width of the screen it
    /// left), oldest first, and empties the queue; returns how many were dropped since the last take
    /// too. No array is made for a line (a stream takes every line it draws).
    func takeEach(_ body: (UnsafeBufferPointer<PackedCell>, Int) -> Void) -> Int {
        for i in first..<lineCount {
            let line = lines[i]
            body(UnsafeBufferPointer(start: cells + line.start, count: line.count), line.columns)
        }
        let wasDropped = dropped
        removeAll()
        dropped = 0
        return wasDropped
    }

    /// Rewrites every stored cluster code (after the cluster table is compacted).
    func remapCodes(_ transform: (UInt32) -> UInt32) {
        let from = first < lineCount ? lines[first].start : cellCount
        for i in from..<cellCount where cells[i].code >= ClusterTable.firstCode {
            cells[i].code = transform(cells[i].code)
        }
    }
}
