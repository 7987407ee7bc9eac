extension SubtitleFormat {
    /// Decides the format of a stream from what has arrived so far, as early as its first lines
    /// allow, so that streamed text is not held back waiting for a 64 KiB prefix. Returns nil while
    /// more bytes are needed. At the end of the stream (or with 64 KiB), the full `detect` decides.
    ///
    /// `WEBVTT` first → WebVTT; a timing line first, or an index line then a timing line → SubRip;
    /// any other first line → text.
    public static func sniff(_ prefix: [UInt8], fileName: String?, atEnd: Bool) -> SubtitleFormat? {
        if atEnd || prefix.count >= 1 << 16 { return detect(fileName: fileName, prefix: prefix) }
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        // Complete lines only; the last one may still be arriving.
        let lines = bytes.split(omittingEmptySubsequences: false, whereSeparator: { $0 == 0x0A || $0 == 0x0D })
        let complete = lines.dropLast()
        let nonBlank = complete.filter { line in line.contains { !($0 == 0x20 || $0 == 0x09) } }
        guard let first = nonBlank.first else {
            // Nothing but blank lines yet: wait (a subtitle file may start with blank lines).
            return nil
        }
        let firstText = String(decoding: first, as: UTF8.self).trimmingASCIIWhitespace()
        if firstText.hasPrefix("WEBVTT") { return detect(fileName: fileName, prefix: prefix) }
        let upToFirst = Array(prefix[..<(first.endIndex)]) + [0x0A]
        if detect(fileName: nil, prefix: upToFirst) == .srt { return .srt }
        if !firstText.isEmpty && firstText.allSatisfy(\.isASCIIDigit) {
            // An index line: the next line decides.
            guard nonBlank.count >= 2 else { return nil }
            let upToSecond = Array(prefix[..<(nonBlank[nonBlank.startIndex + 1].endIndex)]) + [0x0A]
            return detect(fileName: nil, prefix: upToSecond) == .srt ? .srt : .text
        }
        return .text
    }
}
