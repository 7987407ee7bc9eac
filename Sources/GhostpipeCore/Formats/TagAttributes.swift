/// The attributes of an HTML-like tag (`<font color="#ff0000" face=Arial>`, `<P Class=KRCC>`,
/// `<SYNC Start=1000>`), as subtitle players read them: names in any case, values quoted with `"`
/// or `'` or bare up to whitespace, `/` and stray spaces ignored.
enum TagAttributes {
    /// The byte range of the value of attribute `name` (lowercase ASCII) in `p[start..<end]` (the
    /// tag's text after its name), or nil when the tag has none. The last one counts.
    static func value(of name: StaticString, _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>? {
        var found: Range<Int>?
        forEach(p, start, end) { nameStart, nameEnd, value in
            if Bytes.equalsIgnoringCase(p, nameStart, nameEnd, name) { found = value }
        }
        return found
    }

    /// The value when `p[start..<end]` is nothing but ` name=value` (the name, lowercase ASCII
    /// letters, in any case; the value bare), which nearly every `<SYNC>` and `<P>` is; nil for
    /// anything else. What ``value(of:_:_:_:)`` gives then, without reading the tag in general.
    @inline(__always)
    static func only(_ name: StaticString, _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>? {
        let count = name.utf8CodeUnitCount
        let valueStart = start + count + 2
        guard valueStart < end, p[start] == 32, p[valueStart - 1] == 61,
              Bytes.equalsIgnoringCase(p, start + 1, valueStart - 1, name) else { return nil }
        var k = valueStart
        while k < end, p[k] > 32, p[k] != 34, p[k] != 39 { k += 1 }
        return k == end ? valueStart..<end : nil
    }

    /// Calls `body` with the name's byte range and the value's of each attribute in `p[start..<end]`
    /// that has a value, in order: a tag whose caller wants several of them reads it once.
    @inline(__always)
    static func forEach(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ body: (Int, Int, Range<Int>) -> Void) {
        // Fast path for the usual ` Name=value` (one attribute, a letter name, a bare value).
        if end - start > 2, p[start] == 32, Bytes.isLetter(p[start + 1]) {
            var equals = start + 2
            while equals < end, Bytes.isLetter(p[equals]) { equals += 1 }
            if equals + 1 < end, p[equals] == 61 {
                var k = equals + 1
                while k < end, p[k] > 32, p[k] != 34, p[k] != 39 { k += 1 }
                if k == end {
                    body(start + 1, equals, equals + 1..<end)
                    return
                }
            }
        }
        var k = start
        while k < end {
            while k < end, Bytes.isASCIIWhitespace(p[k]) || p[k] == 47 { k += 1 }   // spaces, /
            let nameStart = k
            while k < end, p[k] != 61, !Bytes.isASCIIWhitespace(p[k]) { k += 1 }   // =
            let nameEnd = k
            while k < end, Bytes.isASCIIWhitespace(p[k]) { k += 1 }
            guard k < end, p[k] == 61 else { continue }
            k += 1
            while k < end, Bytes.isASCIIWhitespace(p[k]) { k += 1 }
            var valueStart = k, valueEnd = k
            if k < end, p[k] == 34 || p[k] == 39 {                                    // " or '
                let quote = p[k]
                valueStart = k + 1
                k += 1
                while k < end, p[k] != quote { k += 1 }
                valueEnd = k
                if k < end { k += 1 }
            } else {
                while k < end, !Bytes.isASCIIWhitespace(p[k]) { k += 1 }
                valueEnd = k
            }
            body(nameStart, nameEnd, valueStart..<valueEnd)
        }
    }
}
