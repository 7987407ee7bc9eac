/// SubViewer 1 and 2 (`.sub`).
///
/// - SubViewer 2: an `[INFORMATION]` … `[END INFORMATION]` header (and `[SUBTITLE]`, `[COLF]…`
///   lines) that is read and left, then blocks of a timing line `hh:mm:ss.cc,hh:mm:ss.cc` and text
///   lines; `[br]` breaks a line, and the text takes SubRip's tags (`<i>`, as gaupol reads it).
/// - SubViewer 1: `[hh:mm:ss]` lines, each followed by its text: it shows until the next
///   `[hh:mm:ss]` (an empty text clears); `|` breaks a line. The `[TITLE]`, `[AUTHOR]`, `[BEGIN]`
///   and `*** START SCRIPT ***` lines around them are left.
/// - Fractions may have one to three digits (`.5`, `.50`, `.500`: hundredths as written by
///   SubViewer, milliseconds by some converters); times may be negative (a shifted file).
struct SubViewerFormat: SubtitleParser {
    var name: String { "subviewer" }
    var aliases: [String] { ["subviewer1", "subviewer2"] }
    var title: String { "SubViewer" }
    var extensions: [String] { ["sub"] }

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first.map(FilmText.trimmed) else { return .needMore }
        if Self.isHeader(first) { return .yes }
        if Self.timing(first) != nil || Self.shortTime(first) != nil { return .yes }
        return .no
    }

    /// `[INFORMATION]` or SubViewer 1's `[BEGIN]`/`START SCRIPT` among the first lines, or a first
    /// line that is a SubViewer 2 timing line (`00:00:01.00,00:00:04.00`: nothing else looks so).
    func matches(_ prefix: String) -> Bool {
        var first = true
        for raw in Array(prefix.utf8.prefix(4096)).split(whereSeparator: { $0 == 10 || $0 == 13 }).prefix(40) {
            var line = FilmText.trimmed(raw)
            if first, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            if Self.isHeader(line) || first && Self.timing(line) != nil { return true }
            if !line.isEmpty { first = false }
        }
        return false
    }

    static func isHeader(_ line: ArraySlice<UInt8>) -> Bool {
        let upper = String(decoding: line.prefix(40), as: UTF8.self).uppercased()
        return upper.hasPrefix("[INFORMATION]") || upper.contains("START SCRIPT") || upper == "[SUBTITLE]" || upper == "[TITLE]"
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(validUTF8: Array(text.utf8)) }

    func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var film = FilmCues()
        var inHeader = false
        var seenTime = false
        // SubViewer 2: the block being read (its times, text lines); SubViewer 1: the time whose text comes next.
        var block: (start: Nanoseconds, end: Nanoseconds, line: Int, text: [UInt8])?
        var shortStart: (time: Nanoseconds, line: Int)?
        func endBlock() {
            guard let b = block else { return }
            block = nil
            film.add(FilmCues.Line(start: b.start, end: b.end, runs: Self.runs(b.text), line: b.line))
        }
        FilmText.forEachLine(source) { raw, number in
            var line = FilmText.trimmed(raw)
            if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            if let pending = shortStart {
                // SubViewer 1: this line is the text of the time before it.
                shortStart = nil
                if Self.shortTime(line) == nil {
                    let runs = FilmText.runs(line)
                    film.add(FilmCues.Line(start: pending.time, end: nil, runs: runs.isEmpty ? nil : runs, line: pending.line))
                    return
                }
                film.add(FilmCues.Line(start: pending.time, end: nil, runs: nil, line: pending.line))
            }
            if line.isEmpty { return endBlock() }
            let upper = String(decoding: line.prefix(20), as: UTF8.self).uppercased()
            if upper.hasPrefix("[INFORMATION]") { inHeader = true; return }
            if inHeader { if upper.hasPrefix("[END INFORMATION]") { inHeader = false }; return }
            if let (start, end) = Self.timing(line) {
                seenTime = true
                endBlock()
                block = (start, max(start, end), number, [])
                return
            }
            if let time = Self.shortTime(line) {
                seenTime = true
                endBlock()
                shortStart = (time, number)
                return
            }
            if var b = block {
                if !b.text.isEmpty { b.text.append(10) }
                b.text.append(contentsOf: line)
                block = b
                return
            }
            // Header lines (and their values, before the first time) and SubViewer 1's frame are
            // left; anything else is said.
            if line.first == 91 || line.first == 42 || !seenTime { return }
            film.skip(number, "not a SubViewer line '\(FilmText.snippet(line))'")
        }
        endBlock()
        if let pending = shortStart { film.add(FilmCues.Line(start: pending.time, end: nil, runs: nil, line: pending.line)) }
        return film.finish()
    }

    /// SubViewer 2's text: `[br]` breaks a line; SubRip's tags style it.
    static func runs(_ text: [UInt8]) -> [StyledRun] {
        var lines: [UInt8] = []
        lines.reserveCapacity(text.count)
        var k = 0
        while k < text.count {
            if text[k] == 91, k + 3 < text.count, Bytes.lower(text[k + 1]) == 98, Bytes.lower(text[k + 2]) == 114, text[k + 3] == 93 {
                lines.append(10)
                k += 4
            } else {
                lines.append(text[k])
                k += 1
            }
        }
        return lines.withUnsafeBufferPointer { FilmText.trimmedRuns(SubRipMarkup.parse($0, placement: CuePlacement()).runs) }
    }

    /// `hh:mm:ss.cc,hh:mm:ss.cc`.
    static func timing(_ line: ArraySlice<UInt8>) -> (Nanoseconds, Nanoseconds)? {
        guard let (start, k) = FilmText.clock(line, line.startIndex, fraction: true), k < line.endIndex, line[k] == 44,
              let (end, e) = FilmText.clock(line, k + 1, fraction: true) else { return nil }
        return FilmText.trimmed(line[e...]).isEmpty ? (start, end) : nil
    }

    /// SubViewer 1's `[hh:mm:ss]`.
    static func shortTime(_ line: ArraySlice<UInt8>) -> Nanoseconds? {
        guard line.first == 91, let (time, k) = FilmText.clock(line, line.startIndex + 1, fraction: false),
              k + 1 == line.endIndex, line[k] == 93 else { return nil }
        return time
    }
}
