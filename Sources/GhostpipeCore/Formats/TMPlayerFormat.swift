/// TMPlayer (`.txt`, `.tmp`): `hh:mm:ss:text`, a line's start only.
///
/// - Variants: one-digit hours (`0:00:01:`), `=` for `:` (`00:00:01=text`), TMPlayer+'s numbered
///   lines (`00:00:01,1=first`, `00:00:01,2=second`: one subtitle of two lines), a negative time
///   (a shifted file).
/// - A line shows until the next one begins, at most as long as it takes to read: half a second
///   and 67 ms per character of the line (pysubs2's rule, which the corpus is checked against); an
///   empty text clears.
/// - `|` breaks lines.
struct TMPlayerFormat: SubtitleParser {
    var name: String { "tmplayer" }
    var aliases: [String] { ["tmp"] }
    var title: String { "TMPlayer" }
    var extensions: [String] { ["tmp"] }

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        return Self.isLine(FilmText.trimmed(first)) ? .yes : .no
    }

    /// A TMPlayer line, and not Spruce STL's `00:00:01:00 , 00:00:02:00 , text`.
    static func isLine(_ line: ArraySlice<UInt8>) -> Bool {
        timing(line) != nil && SpruceSTLFormat.timing(line) == nil
    }

    /// Most of the first ten lines (a chat log with a time or two is text).
    func matches(_ prefix: String) -> Bool {
        FilmDetection.mostLines(prefix) { Self.isLine($0) }
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(validUTF8: Array(text.utf8)) }

    func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var film = FilmCues()
        var numbered: (time: Nanoseconds, text: [UInt8], line: Int, length: Int)?
        func addNumbered() {
            guard let n = numbered else { return }
            numbered = nil
            let runs = FilmText.runs(n.text[...])
            film.add(FilmCues.Line(start: n.time, end: nil, runs: runs.isEmpty ? nil : runs, line: n.line,
                                   longest: Self.readingTime(n.length)))
        }
        FilmText.forEachLine(source) { raw, number in
            var line = FilmText.trimmed(raw)
            if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard !line.isEmpty else { return }
            guard let (time, part, textStart) = Self.timing(line) else {
                return film.skip(number, "not a TMPlayer line '\(FilmText.snippet(line))'")
            }
            let text = line[textStart...]
            // Its line end counts too, as pysubs2 counts it: none after the file's last line.
            let length = String(decoding: raw, as: UTF8.self).unicodeScalars.count + (raw.endIndex < source.endIndex ? 1 : 0)
            if part != nil {
                // TMPlayer+: the lines of one subtitle share its time.
                if let n = numbered, n.time == time {
                    if !text.isEmpty { numbered!.text += (n.text.isEmpty ? [] : [124]) + text }
                    numbered!.length = max(n.length, length)
                    return
                }
                addNumbered()
                numbered = (time, Array(text), number, length)
                return
            }
            addNumbered()
            let runs = FilmText.runs(text)
            film.add(FilmCues.Line(start: time, end: nil, runs: runs.isEmpty ? nil : runs, line: number,
                                   longest: Self.readingTime(length)))
        }
        addNumbered()
        return film.finish()
    }

    /// How long a line of `characters` (its timestamp and end included, as pysubs2 counts) shows at most.
    static func readingTime(_ characters: Int) -> Nanoseconds {
        500 * Time.millisecond + Nanoseconds(min(characters, 1 << 20)) * 67 * Time.millisecond
    }

    /// `[-]h:mm:ss` then `:` or `=`, or `,n=`: the time, the line number of TMPlayer+ (nil
    /// otherwise) and where the text starts.
    static func timing(_ line: ArraySlice<UInt8>) -> (Nanoseconds, Int64?, Int)? {
        guard let (time, k) = FilmText.clock(line, line.startIndex, fraction: false), k < line.endIndex else { return nil }
        if line[k] == 58 || line[k] == 61 { return (time, nil, k + 1) }
        if line[k] == 44, let (n, e) = FilmText.number(line, at: k + 1), e < line.endIndex, line[e] == 61 { return (time, n, e + 1) }
        return nil
    }
}
