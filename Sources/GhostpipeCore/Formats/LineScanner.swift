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
