/// YouTube's SBV (`.sbv`, what YouTube Studio downloads as "sbv"): blocks of a timing line
/// `h:mm:ss.mmm,h:mm:ss.mmm` and text lines, separated by blank lines. No markup; `[br]` (some
/// writers') breaks the line. Read leniently: any line endings, one or two digits of hours, minutes
/// and seconds, a fraction of any length or none, spaces around the comma. A block whose timing line
/// cannot be read is skipped with a ``Diagnostic``; the rest still plays.
///
/// Streaming: blocks as SubRip's, each complete once the next begins (a timing line after a blank
/// line), or once the input pauses after its blank line.
struct SBVFormat: SubtitleParser, StreamableSubtitles {
    var name: String { "sbv" }
    var aliases: [String] { ["youtube-sbv"] }
    var title: String { "YouTube SBV" }
    var extensions: [String] { ["sbv"] }

    /// A timing line first.
    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard var first = lines.first else { return .needMore }
        if first.starts(with: [0xEF, 0xBB, 0xBF]) { first = first.dropFirst(3) }
        return Self.isTimingLine(first) ? .yes : .no
    }

    /// A timing line as the first non-blank line.
    func matches(_ prefix: String) -> Bool {
        for line in prefix.utf8.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 10 || $0 == 13 }) {
            var bytes = line[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            guard bytes.contains(where: { $0 != 32 && $0 != 9 }) else { continue }
            return Self.isTimingLine(bytes)
        }
        return false
    }

    /// A timing line as YouTube writes it: both times with three decimals (a SubViewer 2 line,
    /// `00:00:01.00,00:00:04.00`, has two; the parser itself takes any).
    static func isTimingLine<Line: Collection>(_ line: Line) -> Bool where Line.Element == UInt8 {
        guard timing(line) != nil, let comma = line.firstIndex(of: 44) else { return false }
        func milliseconds<Part: Collection>(_ part: Part) -> Bool where Part.Element == UInt8 {
            let text = Array(part).filter { $0 != 32 && $0 != 9 }
            guard let dot = text.lastIndex(of: 46) else { return false }
            return text.count - dot - 1 == 3
        }
        return milliseconds(line[..<comma]) && milliseconds(line[line.index(after: comma)...])
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(validUTF8: Array(text.utf8)) }

    func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var cues: [Cue] = []
        var diagnostics: [Diagnostic] = []
        source.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return }
            var scanner = LineScanner(p, count: b.count)
            var current: (start: Nanoseconds, end: Nanoseconds, line: Int, text: [UInt8])?
            var skipping = false
            func finish() {
                if let c = current {
                    let text = String(decoding: c.text, as: UTF8.self).replacing("[br]", with: "\n")
                    if !text.isEmpty { cues.append(Cue(start: c.start, end: c.end, runs: [StyledRun(text)], sourceLine: c.line)) }
                }
                current = nil
            }
            while let line = scanner.next() {
                var start = line.start
                if line.number == 1, line.end - start >= 3, p[start] == 0xEF, p[start + 1] == 0xBB, p[start + 2] == 0xBF { start += 3 }
                let bytes = UnsafeBufferPointer(start: p + start, count: line.end - start)
                if SourceLine(start: start, end: line.end, number: 0).isBlank(in: p) {
                    finish()
                    skipping = false
                    continue
                }
                if current == nil, !skipping {
                    if let (from, to) = Self.timing(bytes[...]) {
                        current = (from, max(from, to), line.number, [])
                    } else {
                        diagnostics.append(Diagnostic(line: line.number, message:
                            "bad timing line '\(Bytes.snippet(p, start, line.end, limit: 40))'; block skipped"))
                        skipping = true
                    }
                    continue
                }
                guard current != nil else { continue }
                if !current!.text.isEmpty { current!.text.append(10) }
                current!.text.append(contentsOf: bytes)
            }
            finish()
        }
        return (CueList(cues), diagnostics)
    }

    /// `h:mm:ss.mmm,h:mm:ss.mmm`: its two times.
    static func timing<Line: Collection>(_ line: Line) -> (Nanoseconds, Nanoseconds)? where Line.Element == UInt8 {
        guard let comma = line.firstIndex(of: 44) else { return nil }
        guard let a = time(line[..<comma]), let b = time(line[line.index(after: comma)...]) else { return nil }
        return (a, b)
    }

    /// `h:mm:ss.fff` (`mm:ss.fff` too), spaces around.
    static func time<Text: Collection>(_ text: Text) -> Nanoseconds? where Text.Element == UInt8 {
        let t = text.drop(while: { $0 == 32 || $0 == 9 })
        let trimmed = t.prefix(while: { $0 != 32 && $0 != 9 })
        guard t.dropFirst(trimmed.count).allSatisfy({ $0 == 32 || $0 == 9 }) else { return nil }
        let parts = trimmed.split(separator: 58, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var total: Int64 = 0
        for (k, part) in parts.enumerated() {
            let last = k == parts.count - 1
            let whole = last ? part.prefix(while: { $0 != 46 }) : part
            guard (1...2).contains(whole.count) || (k == 0 && (1...3).contains(whole.count)),
                  whole.allSatisfy(Bytes.isDigit) else { return nil }
            let value = whole.reduce(Int64(0)) { $0 * 10 + Int64($1 - 48) }
            if k > 0, value > 59 { return nil }
            total = total * 60 + value
            if last {
                var ns = total * Time.second
                let fraction = part.dropFirst(whole.count)
                if !fraction.isEmpty {
                    let digits = Array(fraction.dropFirst())
                    guard digits.count <= 9, digits.allSatisfy(Bytes.isDigit) else { return nil }
                    var scale = Time.second
                    for d in digits { scale /= 10; ns += Int64(d - 48) * scale }
                }
                return ns
            }
        }
        return nil
    }

    // MARK: Streaming

    /// The first and the last timing line that begin a block (the text's first line, or after a
    /// blank one).
    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)? {
        guard let p = bytes.baseAddress else { return nil }
        var scanner = LineScanner(p, count: bytes.count)
        var first: Int?, last = 0
        var afterBlank = true
        while let line = scanner.next() {
            var start = line.start
            if start == 0, line.end >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { start = 3 }
            let blank = line.isBlank(in: p)
            if afterBlank, !blank, Self.timing(UnsafeBufferPointer(start: p + start, count: line.end - start)) != nil {
                if first == nil { first = line.start }
                last = line.start
            }
            afterBlank = blank
        }
        guard let first else { return nil }
        return (first, last)
    }

    var hasHeader: Bool { false }

    func pausedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { PausedBlocks.end(bytes) }
}
