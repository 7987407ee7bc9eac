/// whisper.cpp's output (`whisper-cli`, and the `stream` example), read line by line:
///
/// - `[00:00:01.000 --> 00:00:03.500]  text`: a final segment with its times (also `mm:ss.mmm`;
///   `--print-colors` escapes are dropped from the text).
/// - `stream` with VAD prints `### Transcription N START | t0 = T ms | t1 = … ms` before a chunk's
///   segments: their times count from T; `### Transcription N END` ends the chunk.
/// - `stream` without timestamps rewrites its line (`ESC[2K` and a CR) as the hypothesis changes and
///   ends it with a line feed: a piece ended by a lone CR is a partial hypothesis (the blanking
///   pieces are not), a line ended by a line feed a final utterance (timed by its arrival).
/// - `[Start speaking]` is nothing; a line that begins with `[` and is no segment is said and skipped.
struct WhisperCppFormat: LiveCaptionFormat {
    var name: String { "whisper-cpp" }
    var aliases: [String] { ["whisper.cpp", "whisper"] }
    var title: String { "whisper.cpp" }
    var extensions: [String] { ["whisper"] }

    static let startSpeaking = Array("[Start speaking]".utf8)
    static let transcription = Array("### Transcription ".utf8)

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first.map(FilmText.trimmed) else { return .needMore }
        if first.elementsEqual(Self.startSpeaking) || first.starts(with: Self.transcription) { return .yes }
        return Self.segment(first) != nil ? .yes : .no
    }

    func matches(_ prefix: String) -> Bool {
        // `stream`'s first line, whatever follows (rewrites, or chunks of segments).
        if let first = Array(prefix.utf8).split(whereSeparator: { $0 == 10 || $0 == 13 }).lazy.map(FilmText.trimmed).first(where: { !$0.isEmpty }),
           first.elementsEqual(Self.startSpeaking) || first.starts(with: Self.transcription) { return true }
        return FilmDetection.mostLines(prefix, skipping: { $0.elementsEqual(Self.startSpeaking) || $0.starts(with: Self.transcription) }) {
            Self.segment($0) != nil
        }
    }

    func events(_ source: [UInt8]) -> (events: [LiveEvent], diagnostics: [Diagnostic]) {
        var events: [LiveEvent] = []
        var diagnostics: [Diagnostic] = []
        var chunkStart: Nanoseconds = 0
        var lastPartial = ""
        source.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var scanner = LineScanner(base, count: buffer.count)
            while let found = scanner.next() {
                var line = source[found.start..<found.end]
                if found.number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
                // A lone CR ends a rewritten piece (CR LF ends a line).
                let rewritten = found.end < buffer.count && base[found.end] == 13
                    && !(found.end + 1 < buffer.count && base[found.end + 1] == 10)
                let text = LiveLines.text(line)
                let trimmed = Array(text.utf8)[...]
                if rewritten {
                    // The `ESC[2K` and the spaces that blank the line come with the next
                    // hypothesis, in the same write: they are no hypothesis of their own.
                    if !text.isEmpty, text != lastPartial { events.append(.partial(PartialHypothesis(text: text, sourceLine: found.number))) }
                    if !text.isEmpty { lastPartial = text }
                    continue
                }
                lastPartial = ""
                guard !trimmed.isEmpty, !trimmed.elementsEqual(Self.startSpeaking) else { continue }
                if trimmed.starts(with: Self.transcription) {
                    chunkStart = Self.chunkStart(trimmed) ?? 0
                    continue
                }
                if let (start, end, textStart) = Self.segment(trimmed) {
                    let words = LiveLines.text(trimmed[textStart...])
                    guard !words.isEmpty else { continue }
                    events.append(.final(LiveUtterance(runs: [StyledRun(words)], start: chunkStart + start,
                                                       end: chunkStart + end, line: found.number)))
                } else if trimmed.first == UInt8(ascii: "[") {
                    diagnostics.append(Diagnostic(line: found.number, message: "not a whisper.cpp segment ([hh:mm:ss.mmm --> hh:mm:ss.mmm] text) '\(FilmText.snippet(line))'"))
                } else {
                    events.append(.final(LiveUtterance(runs: [StyledRun(text)], start: nil, end: nil, line: found.number)))
                }
            }
        }
        return (events, diagnostics)
    }

    /// `[t0 --> t1]` (each `hh:mm:ss.mmm` or `mm:ss.mmm`) and where the text after it starts.
    static func segment(_ line: ArraySlice<UInt8>) -> (start: Nanoseconds, end: Nanoseconds, text: Int)? {
        guard line.first == UInt8(ascii: "["), let (start, a) = timestamp(line, at: line.startIndex + 1) else { return nil }
        let arrow = Array(" --> ".utf8)
        guard line[a...].starts(with: arrow), let (end, b) = timestamp(line, at: a + arrow.count),
              b < line.endIndex, line[b] == UInt8(ascii: "]"), start <= end else { return nil }
        return (start, end, b + 1)
    }

    /// `hh:mm:ss.mmm` or `mm:ss.mmm` (whisper.cpp's `to_timestamp`, and its older form).
    static func timestamp(_ line: ArraySlice<UInt8>, at i: Int) -> (Nanoseconds, Int)? {
        if let full = FilmText.clock(line, i, fraction: true) { return full }
        guard let (m, a) = FilmText.number(line, at: i), a < line.endIndex, line[a] == 58,
              let (s, b) = FilmText.number(line, at: a + 1), b - a == 3, s < 60,
              b < line.endIndex, line[b] == 46, let (f, c) = FilmText.number(line, at: b + 1), c - b == 4 else { return nil }
        return ((m * 60 + s) * Time.second + f * Time.millisecond, c)
    }

    /// `t0 = T ms` in a `### Transcription N START` line.
    static func chunkStart(_ line: ArraySlice<UInt8>) -> Nanoseconds? {
        let key = Array("t0 = ".utf8)
        guard let at = line.indices.first(where: { line[$0...].starts(with: key) }),
              let (ms, _) = FilmText.number(line, at: at + key.count), ms < Time.timestampLimit / Time.millisecond else { return nil }
        return ms * Time.millisecond
    }
}
