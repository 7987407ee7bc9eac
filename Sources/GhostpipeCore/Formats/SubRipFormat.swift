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
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { SubRipParser.parse(validUTF8: text) }

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
    /// timing line), or their timing line. The first is found from the start and the last from the
    /// end, so a stream's part is not read twice before it is parsed.
    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)? {
        guard let p = bytes.baseAddress else { return nil }
        var scanner = LineScanner(p, count: bytes.count)
        var previous: SourceLine?
        while let line = scanner.next() {
            if Self.isTiming(line, p) { return (Self.cueStart(timing: line, previous: previous, p), last(p, bytes.count)) }
            previous = line
        }
        return nil
    }

    /// The start of the last cue, walking lines back from the end (there is a timing line).
    private func last(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var next = count
        while let line = LineScanner.line(before: next, in: p) {
            if Self.isTiming(line, p) { return Self.cueStart(timing: line, previous: LineScanner.line(before: line.start, in: p), p) }
            next = line.start
        }
        return 0
    }

    private static func isTiming(_ line: SourceLine, _ p: UnsafePointer<UInt8>) -> Bool {
        var first = line.start
        while first < line.end, Bytes.isSpaceOrTab(p[first]) { first += 1 }
        guard first < line.end, Bytes.isDigit(p[first]), case .timing = SubRipParser.parseTimingLine(p, first, line.end) else { return false }
        return true
    }

    /// A cue starts at the line before its timing line when that line is its index: a number, or
    /// any line after a blank one (or at the start).
    private static func cueStart(timing: SourceLine, previous: SourceLine?, _ p: UnsafePointer<UInt8>) -> Int {
        guard let previous, !previous.isBlank(in: p) else { return timing.start }
        var isNumber = true
        var k = previous.start
        while k < previous.end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
        while k < previous.end, !Bytes.isSpaceOrTab(p[k]), p[k] != 13 { if !Bytes.isDigit(p[k]) { isNumber = false; break }; k += 1 }
        if isNumber { return previous.start }
        let before = LineScanner.line(before: previous.start, in: p)
        return before.map { $0.isBlank(in: p) } ?? true ? previous.start : timing.start
    }

    var hasHeader: Bool { false }

    func pausedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { PausedBlocks.end(bytes) }
}
