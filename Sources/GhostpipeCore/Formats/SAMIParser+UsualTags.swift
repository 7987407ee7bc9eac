/// The tags nearly every SAMI file writes the same way (`<SYNC Start=N>`, `<P Class=X>`), read
/// where they stand a word at a time; anything else falls back to the general reading.
extension SAMIParser {
    /// `<SYNC Start=N>` at `p[lt]` (names in any case, one to twelve digits, nothing else): its start
    /// and where it ends (just past `>`), as ``readTag(_:_:_:)`` and ``syncTimes(_:_:)`` read it;
    /// nil for any other tag. Nearly every sync of a file is one.
    @inline(__always)
    static func usualSync(_ p: UnsafePointer<UInt8>, _ lt: Int, _ n: Int) -> (start: Nanoseconds, end: Int)? {
        // `<sync st` with its letters lowered (`| 0x20` only on them: `<` and space exact), then `art=`.
        guard lt &+ 13 <= n,
              ByteWords.load(p + lt) | 0x2020_0020_2020_2000 == 0x7473_2063_6E79_733C,
              UnsafeRawPointer(p + lt + 8).loadUnaligned(as: UInt32.self) | 0x0020_2020 == 0x3D74_7261 else { return nil }
        var k = lt &+ 12
        // Up to seven digits and `>` (times below 2.7 hours) read as one word; up to twelve as two.
        if k &+ 8 <= n {
            let word = ByteWords.load(p + k)
            let digits = ByteWords.leadingDigits(word)
            if digits > 0, digits < 8, word &>> UInt64(digits &* 8) & 0xFF == 62 {
                return (Int64(ByteWords.decimalValue(word, digits: digits)) &* Time.millisecond, k &+ digits &+ 1)
            }
            if digits == 8, k &+ 16 <= n {
                let next = ByteWords.load(p + (k &+ 8))
                let more = ByteWords.leadingDigits(next)
                if more < 5, next &>> UInt64(more &* 8) & 0xFF == 62 {
                    var ms = Int64(ByteWords.decimalValue(word, digits: 8))
                    if more > 0 {
                        for _ in 0..<more { ms &*= 10 }
                        ms &+= Int64(ByteWords.decimalValue(next, digits: more))
                    }
                    return (ms &* Time.millisecond, k &+ 8 &+ more &+ 1)
                }
            }
        }
        let first = k
        var ms: Int64 = 0
        while k < n, k &- first < 12, Bytes.isDigit(p[k]) { ms = ms &* 10 &+ Int64(p[k] &- 48); k &+= 1 }
        guard k > first, k < n, p[k] == 62 else { return nil }
        return (ms &* Time.millisecond, k &+ 1)
    }

    /// `<P Class=X>` at `p[lt]` (names in any case, a bare value): the class's name and where the tag
    /// ends, as ``readTag(_:_:_:)`` and ``className(_:_:)`` read it; nil for any other tag.
    @inline(__always)
    static func usualParagraph(_ p: UnsafePointer<UInt8>, _ lt: Int, _ n: Int) -> (className: Range<Int>, end: Int)? {
        // `<p class` with its letters lowered, then `=`.
        guard lt &+ 10 <= n,
              ByteWords.load(p + lt) | 0x2020_2020_2000_2000 == 0x7373_616C_6320_703C, p[lt &+ 8] == 61 else { return nil }
        var k = lt &+ 9
        while k < n, p[k] > 32, p[k] != 34, p[k] != 39, p[k] != 60, p[k] != 62 { k &+= 1 }
        guard k < n, p[k] == 62 else { return nil }
        return (lt &+ 9..<k, k &+ 1)
    }

    /// A class name of one to eight bytes, as one word (its bytes, zeros after them): the name a
    /// file's paragraphs nearly all repeat, compared where it stands.
    struct ShortName {
        var word: UInt64
        var count: Int

        init?(_ p: UnsafePointer<UInt8>, _ name: Range<Int>, _ n: Int) {
            guard name.count > 0, name.count <= 8, name.lowerBound &+ 8 <= n,
                  !name.contains(where: { p[$0] <= 32 || p[$0] == 34 || p[$0] == 39 || p[$0] == 60 || p[$0] == 62 })
            else { return nil }   // a quoted name with a space, say, is not read this way
            count = name.count
            word = ByteWords.load(p + name.lowerBound) & Self.mask(count)
        }

        @inline(__always) static func mask(_ count: Int) -> UInt64 { ~0 &>> UInt64(64 &- 8 &* count) }
    }

    /// `<P Class=X>` at `p[lt]` where X is `name`: where the tag ends, as ``usualParagraph(_:_:_:)``
    /// reads it (X's bytes end the name: none is a space, quote, `<` or `>`); nil for any other tag.
    @inline(__always)
    static func paragraph(_ p: UnsafePointer<UInt8>, _ lt: Int, _ n: Int, named name: ShortName) -> Int? {
        let close = lt &+ 9 &+ name.count
        guard lt &+ 17 <= n, close < n,
              ByteWords.load(p + lt) | 0x2020_2020_2000_2000 == 0x7373_616C_6320_703C, p[lt &+ 8] == 61,
              ByteWords.load(p + (lt &+ 9)) & ShortName.mask(name.count) == name.word, p[close] == 62 else { return nil }
        return close &+ 1
    }
}
