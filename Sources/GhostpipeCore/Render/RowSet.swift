/// A few document rows the renderer knows something about (created blank; content unknown): kept
/// sorted in an array. It holds a handful at a time, mostly added at its end as rows are created
/// below the others, so a search of a few words does what a hashed set did with a seeded hash per
/// insert and removal (a tenth of a recording's time on short lines).
struct RowSet {
    private var rows: [Int] = []

    var isEmpty: Bool { rows.isEmpty }
    var count: Int { rows.count }

    /// Where `row` is, or would be inserted to keep the order.
    @inline(__always) private func index(of row: Int) -> Int {
        var (low, high) = (0, rows.count)
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func contains(_ row: Int) -> Bool {
        let i = index(of: row)
        return i < rows.count && rows[i] == row
    }

    mutating func insert(_ row: Int) {
        if rows.last.map({ $0 < row }) ?? true { rows.append(row); return }
        let i = index(of: row)
        if rows[i] != row { rows.insert(row, at: i) }
    }

    mutating func remove(_ row: Int) {
        guard let last = rows.last else { return }
        // Mostly the row just created (typed on at once).
        if last == row { rows.removeLast(); return }
        let i = index(of: row)
        if i < rows.count && rows[i] == row { rows.remove(at: i) }
    }

    /// Forgets the rows above `row` (scrolled off: nothing is drawn there again).
    mutating func removeAll(below row: Int) {
        guard let first = rows.first, first < row else { return }
        rows.removeFirst(index(of: row))
    }
}
