/// Splits bytes that arrive in chunks into lines (without their `\n`), keeping at most `limit` bytes
/// of an unfinished line: a longer line is cut off and reported as too long, so a peer that never
/// sends a newline cannot make memory grow.
struct BoundedLines {
    let limit: Int
    private var pending: [UInt8] = []
    private var overlong = false

    init(limit: Int) { self.limit = limit }

    enum Line { case line([UInt8]), tooLong }

    /// The lines `bytes` completes, in order.
    mutating func push(_ bytes: UnsafeRawBufferPointer, _ each: (Line) throws -> Void) rethrows {
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            guard let found = rest.firstIndex(of: 0x0A) else {
                append(rest)
                return
            }
            let newline = start + found  // `rest` counts from 0
            append(UnsafeRawBufferPointer(rebasing: bytes[start..<newline]))
            try each(overlong ? .tooLong : .line(pending))
            pending.removeAll(keepingCapacity: true)
            overlong = false
            start = newline + 1
        }
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !overlong else { return }
        if pending.count + bytes.count > limit { overlong = true; pending.removeAll(); return }
        pending.append(contentsOf: bytes)
    }
}
