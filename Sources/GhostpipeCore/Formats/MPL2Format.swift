/// MPL2 (`.txt`, `.mpl`): `[start][end]text`, times in tenths of a second.
///
/// - `[100][]text` (no end) lasts until the next line, at most a few seconds.
/// - `|` breaks lines; at the start of a line `/` makes it italic, `\` bold, `_` underlined (as
///   FFmpeg's decoder reads them, in any order and number, after spaces too).
/// - A line that is not `[n][n]` is skipped and said.
struct MPL2Format: SubtitleParser {
    var name: String { "mpl2" }
    var aliases: [String] { ["mpl"] }
    var title: String { "MPL2" }
    var extensions: [String] { ["mpl", "mpl2"] }

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        return Self.timing(FilmText.trimmed(first)) != nil ? .yes : .no
    }

    func matches(_ prefix: String) -> Bool {
        FilmDetection.mostLines(prefix) { Self.timing($0) != nil }
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(validUTF8: Array(text.utf8)) }

    func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var film = FilmCues()
        FilmText.forEachLine(source) { raw, number in
            var line = FilmText.trimmed(raw)
            if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard !line.isEmpty else { return }
            guard let (start, end, textStart) = Self.timing(line) else {
                return film.skip(number, "not an MPL2 line '\(FilmText.snippet(line))'")
            }
            let startTime = start * Time.second / 10
            film.add(FilmCues.Line(start: startTime, end: end.map { max(startTime, $0 * Time.second / 10) },
                                   runs: Self.runs(line[textStart...]), line: number))
        }
        return film.finish()
    }

    /// `[start][end]` (end may be empty; times may be negative, as a shifted file has them), in
    /// tenths of a second below the timestamp limit, and where the text starts.
    static func timing(_ line: ArraySlice<UInt8>) -> (start: Int64, end: Int64?, text: Int)? {
        guard let (start, afterStart) = bracketed(line, line.startIndex), let start,
              let (end, afterEnd) = bracketed(line, afterStart) else { return nil }
        return (start, end, afterEnd)
    }

    private static func bracketed(_ line: ArraySlice<UInt8>, _ i: Int) -> (Int64?, Int)? {
        var k = i
        guard k < line.endIndex, line[k] == 91 else { return nil }
        k += 1
        var value: Int64?
        if let (n, after) = FilmText.number(line, at: k, allowMinus: true) {
            guard abs(n) < Time.timestampLimit / Time.second * 10 else { return nil }
            value = n
            k = after
        }
        guard k < line.endIndex, line[k] == 93 else { return nil }
        return (value, k + 1)
    }

    static func runs(_ text: ArraySlice<UInt8>) -> [StyledRun] {
        FilmText.runs(text) { line, style in
            // Spaces before a marker (`[12345][27890] /Italic`) leave it a marker, as FFmpeg and
            // GStreamer read it.
            if let marker = line.firstIndex(where: { $0 != 32 && $0 != 9 }), [47, 92, 95].contains(line[marker]) {
                line = line[marker...]
            }
            while let first = line.first {
                switch first {
                case 47: style.attributes.insert(.italic)
                case 92: style.attributes.insert(.bold)
                case 95: style.attributes.insert(.underline)
                default: return
                }
                line = line.dropFirst()
            }
        }
    }
}
