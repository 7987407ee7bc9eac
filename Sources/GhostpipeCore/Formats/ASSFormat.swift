/// ASS and SSA (`.ass`, `.ssa`) in the format catalogue.
///
/// Streaming: an event is one line, and players expect them in time order (they usually are), so
/// events play as they arrive: each line is complete once the next begins (or the input pauses, or
/// ends), and each part is read after the header — the script info, the styles and the events'
/// `Format:` line; embedded fonts and pictures are not kept for it.
struct ASSFormat: SubtitleParser, StreamableSubtitles {
    var name: String { "ass" }
    var aliases: [String] { ["ssa"] }
    var title: String { "ASS/SSA" }
    var extensions: [String] { ["ass", "ssa"] }

    /// The section names that begin an ASS/SSA file (the first is almost always `[Script Info]`).
    static let sections: [String] = ["[script info]", "[v4+ styles]", "[v4 styles]", "[events]"]

    static func isSectionLine(_ line: some Collection<UInt8>) -> Bool {
        let text = String(decoding: line, as: UTF8.self).trimmingASCIIWhitespace().lowercased()
        return sections.contains(text)
    }

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        return Self.isSectionLine(first) ? .yes : .no
    }

    /// One of its sections among the first ten non-blank lines (comments and a title may come first).
    func matches(_ prefix: String) -> Bool {
        var seen = 0
        for line in prefix.utf8.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 10 || $0 == 13 }) {
            var bytes = line[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            guard bytes.contains(where: { $0 != 32 && $0 != 9 }) else { continue }
            if Self.isSectionLine(bytes) { return true }
            seen += 1
            if seen >= 10 { return false }
        }
        return false
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { ASSParser.parse(text) }
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { ASSParser.parse(validUTF8: text) }

    /// The first event line (`Dialogue:` or `Comment:`), and the last line begun: every line is
    /// complete once the next begins (all of them when the text ends with a line break).
    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)? {
        guard let p = bytes.baseAddress else { return nil }
        var scanner = LineScanner(p, count: bytes.count)
        var first: Int?
        var last = 0
        while let line = scanner.next() {
            last = line.start
            guard first == nil else { continue }
            var k = line.start
            while k < line.end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
            if ASSParser.starts(p, k, line.end, "Dialogue:") || ASSParser.starts(p, k, line.end, "Comment:") { first = line.start }
        }
        guard let first else { return nil }
        if let end = bytes.last, end == 10 || end == 13 { last = bytes.count }
        return (first, max(first, last))
    }

    var hasHeader: Bool { true }

    /// The header without the sections events do not need (`[Fonts]`, `[Graphics]`, Aegisub's).
    func header(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var kept: [UInt8] = []
        var keeping = true
        for line in bytes.split(omittingEmptySubsequences: false, whereSeparator: { $0 == 10 }) {
            let trimmed = line.drop { $0 == 32 || $0 == 9 }
            if trimmed.first == 91 { keeping = Self.isSectionLine(trimmed) }
            if keeping {
                kept.append(contentsOf: line)
                kept.append(10)
            }
        }
        return kept
    }
}
