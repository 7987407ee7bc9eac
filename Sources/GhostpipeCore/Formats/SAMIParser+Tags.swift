import Glibc

/// The tags that shape a SAMI file, as the general rule reads them: any case, quoted or not, in any
/// order (the usual ones have a faster reading, `SAMIParser+UsualTags.swift`).
extension SAMIParser {
    /// A tag at `p[i]` (which is `<`): which of the tags that shape the file it is, whether it
    /// closes, where its attributes start, and where it ends (just past `>`); nil when `<` does not
    /// start a tag.
    struct Tag {
        var name: Name
        var closing: Bool
        var attributes: Int
        var end: Int
    }

    /// The tags the parser acts on; every other one is markup inside the text.
    enum Name { case sami, head, style, body, sync, p, other }

    static func readTag(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Tag? {
        var k = i + 1
        var closing = false
        if k < n, p[k] == 47 { closing = true; k += 1 }
        guard k < n, Bytes.isLetter(p[k]) else { return nil }
        let nameStart = k
        // The name's first four bytes in lower case (`| 0x20` lowers letters and keeps digits).
        var packed: UInt32 = 0
        while k < n, Bytes.isLetter(p[k]) || Bytes.isDigit(p[k]), k &- nameStart < 16 {
            if k &- nameStart < 4 { packed = packed &<< 8 | UInt32(p[k] | 0x20) }
            k &+= 1
        }
        let attributes = k
        let name: Name
        switch k - nameStart {
        case 1: name = packed == 0x70 ? .p : .other                                              // p
        case 4:
            switch packed {
            case 0x7379_6E63: name = .sync                                                       // sync
            case 0x626F_6479: name = .body                                                       // body
            case 0x7361_6D69: name = .sami                                                       // sami
            case 0x6865_6164: name = .head                                                       // head
            default: name = .other
            }
        case 5: name = packed == 0x7374_796C && p[nameStart + 4] | 0x20 == 0x65 ? .style : .other   // style
        default: name = .other
        }
        // Up to `>`; a `<` first means this was not a tag. Eight bytes at a time.
        while k &+ 8 <= n {
            let word = ByteWords.load(p + k)
            let marks = ByteWords.equal(word, 62) | ByteWords.equal(word, 60)
            if marks != 0 {
                k &+= marks.trailingZeroBitCount &>> 3
                break
            }
            k &+= 8
        }
        while k < n, p[k] != 62, p[k] != 60 { k += 1 }
        if k < n, p[k] == 60 { return nil }
        return Tag(name: name, closing: closing, attributes: attributes, end: min(n, k + 1))
    }

    /// A `<SYNC>`'s start and end times as the general rule reads them (the last of each counts).
    static func syncTimes(_ p: UnsafePointer<UInt8>, _ tag: Tag) -> (start: Nanoseconds?, end: Nanoseconds?) {
        var startValue: Range<Int>?, endValue: Range<Int>?
        if let value = TagAttributes.only("start", p, tag.attributes, tag.end - 1) {
            startValue = value                                          // the usual `<SYNC Start=1000>`
        } else {
            TagAttributes.forEach(p, tag.attributes, tag.end - 1) { nameStart, nameEnd, value in
                if Bytes.equalsIgnoringCase(p, nameStart, nameEnd, "start") {
                    startValue = value
                } else if Bytes.equalsIgnoringCase(p, nameStart, nameEnd, "end") {
                    endValue = value
                }
            }
        }
        return (startValue.flatMap { milliseconds(p, $0) }, endValue.flatMap { milliseconds(p, $0) })
    }

    /// A `<P>`'s class as the general rule reads it.
    static func className(_ p: UnsafePointer<UInt8>, _ tag: Tag) -> Range<Int>? {
        TagAttributes.only("class", p, tag.attributes, tag.end - 1)
            ?? TagAttributes.value(of: "class", p, tag.attributes, tag.end - 1)
    }

    /// Where `needle` (ASCII, matched in any case) first occurs in `p[from..<n]`.
    static func find(_ p: UnsafePointer<UInt8>, _ from: Int, _ n: Int, _ needle: StaticString) -> Int? {
        needle.withUTF8Buffer { b in
            let count = b.count
            var k = from
            while k + count <= n {
                guard let hit = memchr(p + k, Int32(b[0]), n - k - count + 1) else { return nil }
                let at = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(hit))
                if (0..<count).allSatisfy({ Bytes.lower(p[at + $0]) == b[$0] }) { return at }
                k = at + 1
            }
            return nil
        }
    }

    /// A start or end time in milliseconds (`1000`, `"1000"`, `1000ms`); nil without digits.
    static func milliseconds(_ p: UnsafePointer<UInt8>, _ value: Range<Int>) -> Nanoseconds? {
        let end = value.upperBound
        var k = value.lowerBound
        while k < end, Bytes.isSpaceOrTab(p[k]) { k &+= 1 }
        // At most 12 digits: nothing overflows, in nanoseconds either.
        let first = k
        var ms: Int64 = 0
        while k < end, k &- first < 12, Bytes.isDigit(p[k]) { ms = ms &* 10 &+ Int64(p[k] &- 48); k &+= 1 }
        // More digits: a time no file means (cut to twelve, it would be another one).
        if k < end, Bytes.isDigit(p[k]) { return nil }
        return k > first ? ms &* Time.millisecond : nil
    }

    /// Whether `p[start..<end]` holds a run of more than 12 digits (a time ``milliseconds(_:_:)`` refuses).
    static func hasLongNumber(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var run = 0
        for k in start..<end {
            run = Bytes.isDigit(p[k]) ? run + 1 : 0
            if run > 12 { return true }
        }
        return false
    }
}
