/// Vosk's recogniser output (`.vosk`, also `vosk-api`'s server and `test_microphone.py`): a JSON
/// object per result, on one line or pretty-printed over several as Vosk itself prints them.
///
/// - `{"partial": "…"}`: a partial hypothesis (see `PartialHypothesis`).
/// - `{"text": "…"}`: a final utterance; with `SetWords(true)` also `"result": [{"conf": 1.0,
///   "end": 1.11, "start": 0.87, "word": "one"}, …]`, word times in seconds since the recogniser
///   began: they time the cue (first start to last end) and each word shows at its start (word
///   instants, as srv3's `<s t=…>`). With alternatives, the first of `"alternatives": […]`.
/// - An empty final (silence) clears the hypothesis: it is passed on as an empty partial.
/// - Anything else is said with its line and skipped.
struct VoskFormat: LiveCaptionFormat {
    var name: String { "vosk" }
    var aliases: [String] { ["vosk-json"] }
    var title: String { "Vosk JSON" }
    var extensions: [String] { ["vosk"] }

    static let keys: Set<String> = ["partial", "text", "result", "alternatives"]

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        let opening = FilmText.trimmed(first)
        guard opening.first == UInt8(ascii: "{") else { return .no }
        // Pretty-printed: the first key is on the next line.
        if opening.count == 1 { return lines.count > 1 ? Self.firstKey(FilmText.trimmed(lines[1])) : .needMore }
        return Self.firstKey(opening.dropFirst())
    }

    /// Whether a line (after an object's `{`) begins with one of Vosk's keys.
    private static func firstKey(_ text: ArraySlice<UInt8>) -> Recognition {
        var rest = text
        while let b = rest.first, Bytes.isSpaceOrTab(b) { rest = rest.dropFirst() }
        guard rest.first == UInt8(ascii: "\"") else { return .no }
        let key = rest.dropFirst().prefix { $0 != UInt8(ascii: "\"") }
        return keys.contains(String(decoding: key, as: UTF8.self)) ? .yes : .no
    }

    func matches(_ prefix: String) -> Bool {
        let lines = Array(prefix.utf8).split(whereSeparator: { $0 == 10 || $0 == 13 })
            .filter { !FilmText.trimmed($0).isEmpty }.prefix(2)
        return recognize(Array(lines)) == .yes
    }

    /// A result begins on a line that begins with `{`.
    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)? {
        LiveLines.starts(bytes) { $0 == UInt8(ascii: "{") }
    }

    /// A pause completes the objects closed so far (a pretty-printed one may be half written).
    func pausedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var objects = JSONObjects()
        var end = 0
        for k in 0..<bytes.count {
            objects.take(bytes[k])
            if (bytes[k] == 10 || bytes[k] == 13), objects.isBetween { end = k + 1 }
        }
        return end
    }

    func events(_ source: [UInt8]) -> (events: [LiveEvent], diagnostics: [Diagnostic]) {
        var events: [LiveEvent] = []
        var diagnostics: [Diagnostic] = []
        var k = 0, line = 1
        if source.starts(with: [0xEF, 0xBB, 0xBF]) { k = 3 }
        /// Steps over byte `k`, counting the lines it ends (LF, CR LF, a lone CR).
        func step() {
            if source[k] == 13 || source[k] == 10 && (k == 0 || source[k - 1] != 13) { line += 1 }
            k += 1
        }
        while k < source.count {
            let b = source[k]
            if b == 0x20 || b == 0x09 || b == 10 || b == 13 { step(); continue }
            let startLine = line, start = k
            guard b == UInt8(ascii: "{") else {
                // Not an object: skipped to the line's end.
                while k < source.count, source[k] != 10, source[k] != 13 { k += 1 }
                diagnostics.append(Diagnostic(line: startLine, message: "not a Vosk result (a JSON object) '\(FilmText.snippet(source[start..<k]))'"))
                continue
            }
            var objects = JSONObjects()
            while k < source.count {
                objects.take(source[k])
                step()
                if objects.isBetween { break }
                // A line that begins with `{` begins the next result: this one was cut short.
                if k < source.count, source[k] == UInt8(ascii: "{"), source[k - 1] == 10 || source[k - 1] == 13 { break }
            }
            guard let value = JSONValue.parse(source[start..<k]) else {
                var shown = source[start..<min(k, start + 80)]
                while let last = shown.last, last == 10 || last == 13 || Bytes.isSpaceOrTab(last) { shown = shown.dropLast() }
                diagnostics.append(Diagnostic(line: startLine, message: "not valid JSON '\(FilmText.snippet(shown))'"))
                continue
            }
            if let event = Self.event(value, line: startLine) {
                events.append(event)
            } else {
                diagnostics.append(Diagnostic(line: startLine, message: "a JSON object without \"partial\" or \"text\"; skipped"))
            }
        }
        return (events, diagnostics)
    }

    /// The event a result object says, or nil when it is not one.
    static func event(_ value: JSONValue, line: Int) -> LiveEvent? {
        if let partial = value["partial"]?.string {
            return .partial(PartialHypothesis(text: LiveLines.text(Array(partial.utf8)[...]), sourceLine: line))
        }
        // With alternatives: the most likely one.
        let result: JSONValue
        if case .array(let alternatives)? = value["alternatives"], let best = alternatives.first { result = best } else { result = value }
        guard let text = result["text"]?.string else { return nil }
        let words = Self.words(result["result"])
        let plain = LiveLines.text(Array(text.utf8)[...])
        guard !plain.isEmpty || !words.isEmpty else {
            return .partial(PartialHypothesis(text: "", sourceLine: line))
        }
        guard !words.isEmpty else {
            return .final(LiveUtterance(runs: [StyledRun(plain)], start: nil, end: nil, line: line))
        }
        var runs: [StyledRun] = []
        for (i, word) in words.enumerated() {
            runs.append(StyledRun(i + 1 < words.count ? word.text + " " : word.text, at: word.start))
        }
        return .final(LiveUtterance(runs: runs, start: words[0].start, end: words.map(\.end).max(), line: line))
    }

    /// Vosk's `result` words, in seconds: those with a word and a start.
    private static func words(_ value: JSONValue?) -> [(text: String, start: Nanoseconds, end: Nanoseconds)] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { item in
            guard let word = item["word"]?.string, case let text = LiveLines.text(Array(word.utf8)[...]), !text.isEmpty,
                  let start = item["start"]?.number.flatMap(Self.nanoseconds) else { return nil }
            let end = item["end"]?.number.flatMap(Self.nanoseconds).map { max($0, start) } ?? start
            return (text, start, end)
        }
    }

    /// Seconds (a recogniser's) as a time, within the timestamp limit.
    static func nanoseconds(_ seconds: Double) -> Nanoseconds? {
        guard seconds.isFinite, seconds >= 0, seconds < Double(Time.timestampLimit / Time.second) else { return nil }
        return Nanoseconds((seconds * 1e9).rounded())
    }
}

/// Where JSON objects begin and end in a stream of bytes: the depth of `{`/`[` outside strings.
struct JSONObjects {
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Some object has begun since the last time it was between objects.
    private var begun = false

    mutating func take(_ b: UInt8) {
        if inString {
            if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
            return
        }
        switch b {
        case UInt8(ascii: "\""): inString = depth > 0
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; begun = true
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth = max(0, depth - 1)
        default: break
        }
    }

    /// Outside every object (and one was read: a blank stretch before any is not an end).
    var isBetween: Bool { depth == 0 && !inString && begun }
}
