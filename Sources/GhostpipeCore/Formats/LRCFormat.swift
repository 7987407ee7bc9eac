import Glibc

/// LRC lyrics (`.lrc`) in the format catalogue. Read as it arrives, in parts of whole lines: lines
/// may come in any order (sorted within a window, see ``OpenEndedWindow``), and one line may show
/// at several times.
struct LRCFormat: SubtitleParser, OpenEndedSubtitles {
    var name: String { "lrc" }
    var aliases: [String] { ["lyrics"] }
    var title: String { "LRC" }
    var extensions: [String] { ["lrc"] }

    /// The ID tags that begin LRC files.
    static let idTags: Set<String> = ["ti", "ar", "al", "au", "by", "offset", "length", "re", "ve", "id", "#"]

    /// Whether a line starts with an LRC tag: a time tag (with its fraction, unless `loose`) or a
    /// known ID tag. `[12:30] <bob> hi` (a chat log) is not one.
    static func startsWithTag(_ line: ArraySlice<UInt8>, loose: Bool) -> Bool {
        let bytes = Array(line.drop { $0 == 32 || $0 == 9 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF })
        guard bytes.first == 91, let close = bytes.firstIndex(of: 93) else { return false }
        return bytes.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return false }
            if Bytes.isDigit(p[1]) {
                return LRCParser.timeTag(p, 1, close) != nil && (loose || bytes[1..<close].contains(46))
            }
            return LRCParser.idTag(p, 1, close).map { idTags.contains($0.0) } ?? false
        }
    }

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        return Self.startsWithTag(first, loose: true) ? .yes : .no
    }

    /// Most of the first ten non-blank lines start with LRC tags (three of them, or all of a
    /// shorter file).
    func matches(_ prefix: String) -> Bool {
        var seen = 0, tagged = 0
        for line in prefix.utf8.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 10 || $0 == 13 }) {
            guard line.contains(where: { $0 != 32 && $0 != 9 }) else { continue }
            seen += 1
            if Self.startsWithTag(Array(line)[...], loose: false) { tagged += 1 }
            if tagged >= 3 { return true }
            if seen >= 10 { break }
        }
        return tagged > 0 && tagged == seen
    }

    /// From the first line that starts with `[` (what comes before it is read with it) to the
    /// start of the last line, which may still grow.
    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)? {
        guard let p = bytes.baseAddress else { return nil }
        let n = bytes.count
        var k = 0
        while k < n {
            var i = k
            while i < n, Bytes.isSpaceOrTab(p[i]) { i += 1 }
            if i < n, p[i] == 91 { return (k, max(k, PausedBlocks.lastLineEnd(bytes))) }
            // The next line.
            guard let lf = memchr(p + i, 10, n - i) else {
                guard let cr = memchr(p + i, 13, n - i) else { return nil }
                k = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(cr)) + 1
                continue
            }
            let at = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(lf))
            if let cr = memchr(p + i, 13, at - i) { k = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(cr)) + 1 } else { k = at + 1 }
        }
        return nil
    }

    var hasHeader: Bool { false }

    func openEndedReader() -> any OpenEndedReader { LRCStream() }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { LRCParser.parse(text) }
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { LRCParser.parse(validUTF8: text) }
}
