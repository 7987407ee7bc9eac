/// The two shapes of the generated code page tables (`CodePageTables.generated.swift`). Both are
/// built from their strings on first use: a table costs nothing until a file needs it.

/// A single-byte code page whose lower half is ASCII: one scalar for each byte 0x80–0xFF.
struct SingleByteTable: Sendable {
    private let upper: [UInt32]

    init(upperHalf: String) {
        upper = upperHalf.unicodeScalars.map(\.value)
        precondition(upper.count == 128, "a single-byte table maps 128 bytes")
    }

    /// The scalar for `byte` (U+FFFD where the code page maps nothing).
    @inline(__always)
    subscript(byte: UInt8) -> UInt32 {
        byte < 0x80 ? UInt32(byte) : upper[Int(byte &- 0x80)]
    }
}

/// A double-byte table: one row per lead byte, one scalar per trail byte of the table's range.
struct DoubleByteTable: Sendable {
    let leads: ClosedRange<UInt8>
    let trails: ClosedRange<UInt8>
    private let width: Int
    private let cells: [UInt32]

    /// `rows`: one string per lead byte, one character per trail byte from the first; a row may stop
    /// early (the rest of it is unmapped).
    init(leads: ClosedRange<UInt8>, trails: ClosedRange<UInt8>, rows: [String]) {
        precondition(rows.count == leads.count, "one row per lead byte")
        self.leads = leads
        self.trails = trails
        width = trails.count
        var cells = [UInt32](repeating: 0xFFFD, count: rows.count * width)
        for (r, row) in rows.enumerated() {
            var k = r * width
            for scalar in row.unicodeScalars {
                cells[k] = scalar.value
                k += 1
            }
            precondition(k <= (r + 1) * width, "a row is longer than the trail range")
        }
        self.cells = cells
    }

    /// The scalar for `lead`, `trail`, or U+FFFD when the pair is outside the table or unmapped.
    @inline(__always)
    subscript(lead: UInt8, trail: UInt8) -> UInt32 {
        guard leads.contains(lead), trails.contains(trail) else { return 0xFFFD }
        return cells[Int(lead &- leads.lowerBound) * width + Int(trail &- trails.lowerBound)]
    }
}
