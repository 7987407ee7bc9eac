/// whisper_streaming's output (`whisper_online.py`, also with the faster-whisper backend): a line per
/// confirmed piece of text, `EMIT BEGIN END text` — when it was emitted (milliseconds since
/// processing began, with a fraction: `%1.4f`), and the audio it covers (milliseconds). Only
/// confirmed text is printed: every line is a final utterance, timed BEGIN to END.
///
/// `4186.3606 0 1720  Takhle to je` → a cue from 0 to 1.72 s. A line that is not three numbers and
/// text is said and skipped.
struct WhisperStreamingFormat: LiveCaptionFormat {
    var name: String { "whisper-streaming" }
    var aliases: [String] { ["whisper_streaming", "whisper-online", "faster-whisper"] }
    var title: String { "whisper_streaming" }
    var extensions: [String] { ["whisper-online"] }

    /// Told by content only when EMIT has its fraction (`%1.4f`): three whole numbers and words
    /// begin many a text file. `--format whisper-streaming` reads lines without it too.
    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        return Self.timing(FilmText.trimmed(first), strict: true) != nil ? .yes : .no
    }

    func matches(_ prefix: String) -> Bool {
        FilmDetection.mostLines(prefix) { Self.timing($0, strict: true) != nil }
    }

    func events(_ source: [UInt8]) -> (events: [LiveEvent], diagnostics: [Diagnostic]) {
        var events: [LiveEvent] = []
        var diagnostics: [Diagnostic] = []
        FilmText.forEachLine(source) { raw, number in
            var line = FilmText.trimmed(raw)
            if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard !line.isEmpty else { return }
            guard let (begin, end, textStart) = Self.timing(line) else {
                diagnostics.append(Diagnostic(line: number, message: "not a whisper_streaming line (EMIT BEGIN END text) '\(FilmText.snippet(line))'"))
                return
            }
            let text = LiveLines.text(line[textStart...])
            guard !text.isEmpty else { return }
            events.append(.final(LiveUtterance(runs: [StyledRun(text)], start: begin, end: end, line: number)))
        }
        return (events, diagnostics)
    }

    /// `EMIT BEGIN END` then a space and text: the audio's times and where the text starts. BEGIN
    /// must not come after END.
    static func timing(_ line: ArraySlice<UInt8>, strict: Bool = false) -> (begin: Nanoseconds, end: Nanoseconds, text: Int)? {
        guard let (_, a) = milliseconds(line, at: line.startIndex), a < line.endIndex, line[a] == 32,
              !strict || line[line.startIndex..<a].contains(UInt8(ascii: ".")),
              let (begin, b) = milliseconds(line, at: a + 1), b < line.endIndex, line[b] == 32,
              let (end, c) = milliseconds(line, at: b + 1), c < line.endIndex, Bytes.isSpaceOrTab(line[c]),
              begin <= end else { return nil }
        return (begin, end, c + 1)
    }

    /// A number of milliseconds, with an optional fraction (up to six digits), and where it stops.
    static func milliseconds(_ line: ArraySlice<UInt8>, at i: Int) -> (Nanoseconds, Int)? {
        guard let (whole, a) = FilmText.number(line, at: i), whole < Time.timestampLimit / Time.millisecond else { return nil }
        var time = whole * Time.millisecond
        guard a < line.endIndex, line[a] == UInt8(ascii: ".") else { return (time, a) }
        guard let (fraction, b) = FilmText.number(line, at: a + 1), b - a - 1 <= 6 else { return nil }
        var scale = Time.millisecond
        for _ in 0..<(b - a - 1) { scale /= 10 }
        time += fraction * scale
        return (time, b)
    }
}
