/// SubRip (`.srt`) in the format catalogue.
struct SubRipFormat: SubtitleParser, StreamableSubtitles {
    var name: String { "srt" }
    var aliases: [String] { ["subrip"] }
    var title: String { "SubRip" }
    var extensions: [String] { ["srt"] }

    /// A timing line first, or an index line and then a timing line.
    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        if Self.isTimingLine(first) { return .yes }
        let trimmed = first.drop { $0 == 0x20 || $0 == 0x09 }
        guard !trimmed.isEmpty, trimmed.allSatisfy({ Bytes.isDigit($0) || $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { return .no }
        guard lines.count >= 2 else { return .needMore }
        return Self.isTimingLine(lines[1]) ? .yes : .no
    }

    /// A timing line among the first five non-blank lines (a `.vtt` without its signature too:
    /// players read it as SubRip).
    func matches(_ prefix: String) -> Bool {
        var text = prefix
        return text.withUTF8 { buffer in
            guard let p = buffer.baseAddress else { return false }
            var scanner = LineScanner(p, count: buffer.count)
            var nonBlank = 0
            while nonBlank < 5, let line = scanner.next() {
                var first = line.start
                while first < line.end, Bytes.isASCIIWhitespace(p[first]) || p[first] == 0xEF || p[first] == 0xBB || p[first] == 0xBF {
                    first += 1
                }
                guard first < line.end else { continue }
                nonBlank += 1
                if Bytes.isDigit(p[first]), case .timing = SubRipParser.parseTimingLine(p, first, line.end) { return true }
            }
            return false
        }
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { SubRipParser.parse(text) }

    static func isTimingLine(_ line: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(line)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return false }
            var first = 0
            while first < buffer.count, Bytes.isASCIIWhitespace(p[first]) { first += 1 }
            guard first < buffer.count, Bytes.isDigit(p[first]) else { return false }
            if case .timing = SubRipParser.parseTimingLine(p, first, buffer.count) { return true }
            return false
        }
    }

    /// Where cues start: at their index line (a number, or a line after a blank one, right before a
    /// timing line), or their timing line.
    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)? {
        guard let p = bytes.baseAddress else { return nil }
        var scanner = LineScanner(p, count: bytes.count)
        var firstCue: Int?
        var last = 0
        var previous: (start: Int, isIndex: Bool)?
        var afterBlank = true
        while let line = scanner.next() {
            var first = line.start
            while first < line.end, Bytes.isSpaceOrTab(p[first]) { first += 1 }
            guard first < line.end else { previous = nil; afterBlank = true; continue }
            if Bytes.isDigit(p[first]), case .timing = SubRipParser.parseTimingLine(p, first, line.end) {
                last = previous.map { $0.isIndex ? $0.start : line.start } ?? line.start
                if firstCue == nil { firstCue = last }
            }
            var isNumber = true
            var k = first
            while k < line.end, !Bytes.isSpaceOrTab(p[k]), p[k] != 13 { if !Bytes.isDigit(p[k]) { isNumber = false; break }; k += 1 }
            previous = (line.start, isNumber || afterBlank)
            afterBlank = false
        }
        return firstCue.map { ($0, last) }
    }

    var hasHeader: Bool { false }
}
