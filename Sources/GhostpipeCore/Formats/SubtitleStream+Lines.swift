import Glibc

/// Lines counted as the parsers number them, so that a part's messages name the file's lines.
extension SubtitleStream {
    /// Lines ended in `bytes` (LF, CR LF, a lone CR), as the parsers number them.
    static func lineCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            if memchr(base, 13, bytes.count) == nil {
                // LF only (most files): eight bytes at a time, counting the bytes equal to LF.
                var count = 0, i = 0
                while i + 8 <= bytes.count {
                    count &+= ByteWords.count(ByteWords.equal(ByteWords.load(base + i), 0x0A))
                    i += 8
                }
                while i < bytes.count { count &+= base[i] == 0x0A ? 1 : 0; i += 1 }
                return count
            }
            var count = 0
            var previousCR = false
            for byte in bytes {
                if byte == 0x0A { if !previousCR { count += 1 }; previousCR = false } else if byte == 0x0D { count += 1; previousCR = true } else { previousCR = false }
            }
            return count
        }
    }

    /// How many line terminators (CR, LF) end `bytes`.
    static func trailingLineEnds(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in bytes.reversed() {
            guard byte == 10 || byte == 13 else { break }
            count += 1
        }
        return count
    }
}
