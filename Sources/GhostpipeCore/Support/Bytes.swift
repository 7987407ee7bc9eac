/// Small byte helpers shared by the parsers and colour names.
enum Bytes {
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
    @inline(__always) static func isSpaceOrTab(_ b: UInt8) -> Bool { b == 32 || b == 9 }
    /// ASCII whitespace as the WHATWG defines it: tab, LF, FF, CR, space.
    @inline(__always) static func isASCIIWhitespace(_ b: UInt8) -> Bool {
        b <= 32 && (0x1_0000_3600 as UInt64) >> b & 1 != 0    // one test for the five: bits 9, 10, 12, 13, 32
    }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 97 < 26 }
    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { b &- 65 < 26 ? b | 0x20 : b }

    /// Whether `p[start..<end]` is `lowercase` (ASCII, given in lower case) in any case: tag and
    /// attribute names compared where they are, without making a string or an array of them.
    @inline(__always)
    static func equalsIgnoringCase(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ lowercase: StaticString) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        guard end - start == count else { return false }
        let wanted = lowercase.utf8Start
        var k = 0
        while k < count {
            if lower(p[start + k]) != wanted[k] { return false }
            k += 1
        }
        return true
    }

    /// True when `p[start..<end]` contains `-->`.
    static func containsArrow(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        while i + 2 < end {
            if p[i + 2] == 62 /* > */ {
                if p[i] == 45 && p[i + 1] == 45 { return true }
                i += 1
            } else {
                i += p[i + 2] == 45 ? 1 : 3
            }
        }
        return false
    }

    /// The text of `p[start..<end]` for a message, cut to a sensible length.
    static func snippet(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, limit: Int = 60) -> String {
        var stop = min(end, start + limit)
        // Do not cut a UTF-8 sequence in half.
        while stop < end, stop > start, p[stop] & 0xC0 == 0x80 { stop -= 1 }
        let text = String(decoding: UnsafeBufferPointer(start: p + start, count: max(0, stop - start)), as: UTF8.self)
        return stop < end ? text + "…" : text
    }
}
