/// The attributes of an HTML-like tag (`<font color="#ff0000" face=Arial>`, `<P Class=KRCC>`,
/// `<SYNC Start=1000>`), as subtitle players read them: names in any case, values quoted with `"`
/// or `'` or bare up to whitespace, `/` and stray spaces ignored.
enum TagAttributes {
    /// The byte range of the value of attribute `name` (lowercase ASCII) in `p[start..<end]` (the
    /// tag's text after its name), or nil when the tag has none. The last one counts.
    static func value(of name: StaticString, _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>? {
        var k = start
        var found: Range<Int>?
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
            if Bytes.equalsIgnoringCase(p, nameStart, nameEnd, name) { found = valueStart..<valueEnd }
        }
        return found
    }
}
