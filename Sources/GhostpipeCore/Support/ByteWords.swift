/// Eight bytes at a time ("SIMD within a register"): the scans that look at every byte of a large
/// input (line counting, JSON escaping, plain-text checks) skip the words with nothing to see.
/// Each mask has the high bit of a byte set exactly where that byte matches (no false positives).
enum ByteWords {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    @inline(__always) static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    }

    @inline(__always) static func store(_ w: UInt64, _ p: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(p).storeBytes(of: w, as: UInt64.self)
    }

    /// Bytes of `w` that are zero.
    @inline(__always) static func zeros(_ w: UInt64) -> UInt64 {
        ~(((w & low7) &+ low7) | w | low7)
    }

    /// Bytes of `w` equal to `byte`.
    @inline(__always) static func equal(_ w: UInt64, _ byte: UInt8) -> UInt64 {
        zeros(w ^ (UInt64(byte) &* ones))
    }

    /// How many bytes a mask marks (a multiply: the baseline x86-64 has no popcount instruction).
    @inline(__always) static func count(_ mask: UInt64) -> Int {
        Int(((mask >> 7) &* ones) >> 56)
    }

    /// Bytes of `w` below 0x20 (C0 controls).
    @inline(__always) static func controls(_ w: UInt64) -> UInt64 {
        zeros(w & 0xE0E0_E0E0_E0E0_E0E0)
    }

    // Yes/no tests, a step cheaper than the masks above: nonzero when some byte of `w` matches. Only
    // the lowest mark is sure (a borrow may mark the byte above a match), so they skip words and find
    // the first match (`firstMarked`, of one test or of several ORed), and never count.
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte of `w` is zero.
    @inline(__always) static func anyZero(_ w: UInt64) -> UInt64 { (w &- ones) & ~w & high }

    /// Whether some byte of `w` is `byte`.
    @inline(__always) static func anyEqual(_ w: UInt64, _ byte: UInt8) -> UInt64 {
        anyZero(w ^ (UInt64(byte) &* ones))
    }

    /// Whether some byte of `w` is below 0x20.
    @inline(__always) static func anyControl(_ w: UInt64) -> UInt64 {
        anyZero(w & 0xE0E0_E0E0_E0E0_E0E0)
    }

    /// The first byte a nonzero yes/no mask marks (0…7): the bytes before it do not match.
    @inline(__always) static func firstMarked(_ mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }

    /// Bytes of the word at `p` that are `first` followed by `second` (reads `p[8]` too): a
    /// two-byte sequence looked for eight positions at a time. Exact, like ``equal(_:_:)``.
    @inline(__always) static func equalPair(_ p: UnsafePointer<UInt8>, _ first: UInt8, _ second: UInt8) -> UInt64 {
        equal(load(p), first) & equal(load(p + 1), second)
    }

    // Decimal digits, eight at a time (a time in milliseconds, read where it stands).

    /// How many of the first bytes of `w` are ASCII digits (0…8).
    @inline(__always) static func leadingDigits(_ w: UInt64) -> Int {
        let values = w ^ (0x30 &* ones)                                // '0'…'9' become 0…9
        // Marks the bytes above 9; a carry out of a marked byte may mark the next, never an earlier one.
        return firstMarked((values | (values &+ 0x76 &* ones)) & high)
    }

    /// The number the first `count` (1…8) bytes of `w` write in decimal, when they are digits.
    @inline(__always) static func decimalValue(_ w: UInt64, digits count: Int) -> UInt64 {
        // The digits' values in the top bytes, zeros before them: the eight-digit case.
        var v = (w & (0x0F &* ones)) &<< UInt64(64 &- 8 &* count)
        v = v &* 10 &+ (v &>> 8)                                       // bytes 0, 2, 4, 6: pairs
        let pairs: UInt64 = 0x0000_00FF_0000_00FF
        return ((v & pairs) &* (100 &+ 1_000_000 &<< 32) &+ ((v &>> 16) & pairs) &* (1 &+ 10_000 &<< 32)) &>> 32
    }
}
