import Glibc

/// One line of a UTF-8 buffer: bytes `start..<end` (terminator excluded) and its 1-based number.
struct SourceLine {
    var start: Int
    var end: Int
    var number: Int
    var isEmpty: Bool { start == end }

    /// Whether it holds only spaces and tabs, in the buffer at `p`.
    func isBlank(in p: UnsafePointer<UInt8>) -> Bool {
        var k = start
        while k < end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
        return k == end
    }
}

/// Walks the lines of a UTF-8 buffer without copying. LF, CRLF and bare CR all end a line, in any
/// mix (the WebVTT parser's first step, and what every SRT player does). The next CR and LF are
/// found with `memchr` and remembered, so each byte is looked at about once, even in a bare-CR file.
struct LineScanner {
    let base: UnsafePointer<UInt8>
    let count: Int
    /// Where the next line starts.
    private(set) var position: Int
    /// The number the next line will have.
    private(set) var nextNumber: Int
    private var nextLF = -1
    private var nextCR = -1

    init(_ base: UnsafePointer<UInt8>, count: Int, position: Int = 0, firstLineNumber: Int = 1) {
        self.base = base
        self.count = count
        self.position = position
        self.nextNumber = firstLineNumber
    }

    var atEnd: Bool { position >= count }

    /// The number of lines to reserve room for (a line-based format with a record per line), from
    /// the line feeds in the first 256 KiB, with a margin, as
    /// `SubRipParser.estimateCueCount` does for cues.
    static func estimateLineCount(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        let sample = min(n, 1 << 18)
        var lines = 0
        for i in 0..<sample where p[i] == 10 { lines += 1 }
        let estimate = Double(lines + 1) * Double(n) / Double(sample) * 1.1 + 16
        return min(Int(estimate), n / 4 + 1)
    }

    @inline(__always)
    private func find(_ byte: UInt8, from start: Int) -> Int {
        guard start < count, let hit = memchr(base + start, Int32(byte), count - start) else { return count }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
    }

    /// The next line, or nil at the end of the buffer (a final line without terminator counts;
    /// a terminator at the very end does not start another, empty, line).
    @inline(__always)
    mutating func next() -> SourceLine? {
        let start = position
        guard start < count else { return nil }
        if nextLF < start { nextLF = find(10, from: start) }
        if nextCR < start { nextCR = find(13, from: start) }
        let end: Int
        if nextCR < nextLF {
            end = nextCR
            position = end + 1 < count && base[end + 1] == 10 ? end + 2 : end + 1
        } else {
            end = nextLF
            position = end < count ? end + 1 : count
        }
        let line = SourceLine(start: start, end: end, number: nextNumber)
        nextNumber += 1
        return line
    }
}

extension LineScanner {
    /// The line that ends right before `next` (a line's start, or the buffer's end), walking back:
    /// nil at the buffer's start. Its number is unknown (0).
    static func line(before next: Int, in base: UnsafePointer<UInt8>) -> SourceLine? {
        guard next > 0 else { return nil }
        var end = next
        // The terminator that ends it, if any (the buffer's last line may have none).
        if base[end - 1] == 10 {
            end -= 1
            if end > 0 && base[end - 1] == 13 { end -= 1 }
        } else if base[end - 1] == 13 {
            end -= 1
        }
        var start = end
        while start > 0 && base[start - 1] != 10 && base[start - 1] != 13 { start -= 1 }
        return SourceLine(start: start, end: end, number: 0)
    }
}

/// Small byte helpers shared by the parsers.
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
