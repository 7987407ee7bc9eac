/// LRC lyrics (`.lrc`) in the format catalogue. Read whole: lines come in any order, and one line
/// may show at several times.
struct LRCFormat: SubtitleParser {
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

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { LRCParser.parse(text) }
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { LRCParser.parse(validUTF8: text) }
}
