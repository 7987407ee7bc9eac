/// Horizontal tab stops, one flag per column: every 8 columns by default (xterm), set with HTS,
/// cleared with TBC, reset to the default with DECST8C. Columns added by a resize get default stops.
struct TabStops {
    private var stops: [Bool]

    init(columns: Int) {
        stops = (0..<columns).map { $0 % 8 == 0 }
    }

    var columns: Int { stops.count }

    mutating func set(_ column: Int) { if column >= 0 && column < stops.count { stops[column] = true } }
    mutating func clear(_ column: Int) { if column >= 0 && column < stops.count { stops[column] = false } }
    mutating func clearAll() { for i in stops.indices { stops[i] = false } }
    mutating func resetToDefault() { self = TabStops(columns: stops.count) }

    mutating func resize(columns: Int) {
        if columns < stops.count {
            stops.removeLast(stops.count - columns)
        } else {
            for c in stops.count..<columns { stops.append(c % 8 == 0) }
        }
    }

    /// The next stop after `column`, or the last column if there is none.
    func next(after column: Int) -> Int {
        var c = column + 1
        while c < stops.count - 1 && !stops[c] { c += 1 }
        return min(c, stops.count - 1)
    }

    /// The previous stop before `column`, or column 0.
    func previous(before column: Int) -> Int {
        var c = min(column, stops.count) - 1
        while c > 0 && !stops[c] { c -= 1 }
        return max(c, 0)
    }
}
