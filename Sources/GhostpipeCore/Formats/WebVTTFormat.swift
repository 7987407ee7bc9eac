/// WebVTT (`.vtt`) in the format catalogue.
struct WebVTTFormat: SubtitleParser, StreamableSubtitles {
    var name: String { "vtt" }
    var aliases: [String] { ["webvtt"] }
    var title: String { "WebVTT" }
    var extensions: [String] { ["vtt", "webvtt"] }

    /// The `WEBVTT` signature on the first line.
    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        return first.starts(with: Array("WEBVTT".utf8)) ? .yes : .no
    }

    func matches(_ prefix: String) -> Bool { WebVTTParser.hasSignature(prefix) }

    /// A file that is to be WebVTT but lacks the signature is read as SubRip (its cues usually are
    /// SubRip-compatible), after a diagnostic that says so.
    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(validUTF8: Array(text.utf8)) }

    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        let signed = text.withUnsafeBufferPointer { $0.baseAddress.map { WebVTTParser.hasSignature($0, min(text.count, 16)) } ?? false }
        if signed { return WebVTTParser.parse(validUTF8: text) }
        let srt = SubRipParser.parse(validUTF8: text)
        return (srt.cues, [Diagnostic(line: 1, message: "no 'WEBVTT' signature; read as SubRip")] + srt.diagnostics)
    }

    /// Block starts (the line after a blank one) of blocks whose first or second line holds `-->`.
    private func cueBlockStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let p = bytes.baseAddress else { return [] }
        var scanner = LineScanner(p, count: bytes.count)
        var starts: [Int] = []
        var blockStart: Int?
        var lineInBlock = 0
        var afterBlank = true  // the text not parsed yet always begins at a block's start
        while let line = scanner.next() {
            if line.start == line.end || (line.end - line.start == 1 && p[line.start] == 13) {
                afterBlank = true
                blockStart = nil
                continue
            }
            if afterBlank { blockStart = line.start; lineInBlock = 0; afterBlank = false } else { lineInBlock += 1 }
            if let start = blockStart, lineInBlock <= 1, Self.holdsArrow(p, line.start, line.end) {
                if starts.last != start { starts.append(start) }
            }
        }
        return starts
    }

    private static func holdsArrow(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = start
        while k + 2 < end { if p[k] == 45, p[k + 1] == 45, p[k + 2] == 62 { return true }; k += 1 }
        return false
    }

    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)? {
        let starts = cueBlockStarts(bytes)
        guard let first = starts.first, let last = starts.last else { return nil }
        return (first, last)
    }

    var hasHeader: Bool { true }

    func pausedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { PausedBlocks.end(bytes) }
}
