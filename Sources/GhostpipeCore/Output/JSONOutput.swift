/// `-o json`: one object per line. Text: `{"time":S,"text":"…"}` per grapheme, S in seconds since the
/// show began, in reading order — the instant the grapheme shows in its final look under the
/// effect (for the typewriter, when it is typed; effects that reveal out of reading order give
/// times that go back and forth). Subtitles: `{"start":S,"end":E,"text":"…"}` per cue, then what the
/// cue has of `"track":"KRCC","lang":"ko-KR"` (SAMI classes), `"style":"Default"` (ASS styles, an
/// LRC title card), `"place":"top"` and `"align":"left"` (where the file puts it, when that is not
/// the bottom, centred) and `"words":[{"time":S,"text":"…"},…]` (word and syllable timing). Written as
/// the instants come (all at once with `--instant`, times unchanged). Text is sanitized: escape
/// sequences and control characters of the input are not graphemes.
public final class JSONOutput: Output {
    private let writes: GatheredWrites
    private let origin: Nanoseconds

    public init(sink: any ByteSink, origin: Nanoseconds) {
        writes = GatheredWrites(sink: sink)
        self.origin = origin
    }

    public func flush() throws { try writes.flush() }

    public struct Kind: OutputKind {
        public init() {}
        public var name: String { "json" }
        public var summary: String {
            """
            one JSON object per line: {"time":S,"text":"..."} for each grapheme of text, in reading order, with \
            the instant it shows in its final look under the effect (escape sequences of the input removed; a \
            terminal stream gives the cells its lines end with, row by row), or \
            {"start":S,"end":E,"text":"..."} for each cue at its start, with times in seconds, followed by what \
            the cue has of "track":"KRCC","lang":"ko-KR" (SAMI classes), "style":"Default" (ASS styles; an LRC \
            title card is "title"), "place":"top","align":"left" (where the file puts it, when not at the \
            bottom, centred) and "words":[{"time":S,"text":"..."},...] (word and syllable timing)
            """
        }
        public var writes: OutputWrites { .text }
        public func make(_ parts: OutputParts) throws -> any Output { JSONOutput(sink: parts.stdout, origin: parts.origin) }
    }

    public var carriesTime: Bool { true }

    /// Static strings: appended from their bytes, with no reference to count.
    private static let timeKey: StaticString = "{\"time\":", textKey: StaticString = ",\"text\":", lineEnd: StaticString = "}\n"

    public func graphemes(_ queue: GlyphQueue, _ range: Range<Int>, at stamp: Nanoseconds) throws {
        guard !range.isEmpty else { return }
        precondition(range.upperBound <= queue.instants.count, "json: graphemes without instants")
        // Written through a pointer into room for the worst case, kept tight (the times' digits
        // and the text's escapes as they are in this range): the room decides when to flush.
        let textStart = queue.start(of: range.lowerBound), textEnd = queue.ends[range.upperBound - 1]
        let plain = queue.bytes.withUnsafeBufferPointer {
            !TerminalSanitizer.needsCleaning(UnsafeBufferPointer(rebasing: $0[textStart..<textEnd]))
        }
        let textBound = plain ? JSONWriter.plainStringBound(textEnd - textStart) : JSONWriter.stringBound(textEnd - textStart)
        let secondsBound = JSONWriter.secondsBound(upTo: queue.instants[range].lazy.map { [origin] in abs($0 - origin) }.max() ?? 0)
        let bound = range.count * (Self.timeKey.utf8CodeUnitCount + secondsBound + Self.textKey.utf8CodeUnitCount
                                   + JSONWriter.stringBound(0) + Self.lineEnd.utf8CodeUnitCount) + textBound
        let (timeKey, textKey, lineEnd) = (Self.timeKey, Self.textKey, Self.lineEnd)
        try writes.add(at: stamp, upTo: bound) { writer in
            queue.bytes.withUnsafeBufferPointer { bytes in
                queue.ends.withUnsafeBufferPointer { ends in
                    queue.instants.withUnsafeBufferPointer { instants in
                        var whole = JSONWriter.WholeSeconds()
                        for k in range {
                            writer.raw(timeKey)
                            writer.seconds(instants[k] - origin, reusing: &whole)
                            writer.raw(textKey)
                            let start = k == 0 ? 0 : ends[k - 1]
                            if ends[k] - start == 1, case let b = bytes[start], b >= 0x20, b < 0x7F, b != 0x22, b != 0x5C {
                                // Most graphemes of most text: one printable ASCII byte, nothing to escape.
                                writer.byte(0x22); writer.byte(b); writer.byte(0x22)
                            } else if plain, case let cluster = UnsafeBufferPointer(rebasing: bytes[start..<ends[k]]),
                                      !cluster.contains(where: { $0 < 0x80 }) {
                                // The rest of most text (Hangul, emoji): no C1 control in the batch (`plain`)
                                // and no ASCII in the cluster, so nothing to escape either.
                                writer.quoted(cluster)
                            } else {
                                writer.string(utf8: UnsafeBufferPointer(rebasing: bytes[start..<ends[k]]))
                            }
                            writer.raw(lineEnd)
                        }
                    }
                }
            }
        }
    }

    public func shown(_ text: [TimedGrapheme], at stamp: Nanoseconds) throws {
        guard !text.isEmpty else { return }
        try writes.add(at: stamp) { out in
            for grapheme in text { append(grapheme.text, time: grapheme.time, to: &out) }
        }
    }

    private func append(_ text: String, time: Nanoseconds, to out: inout [UInt8]) {
        out.append(contentsOf: "{\"time\":".utf8)
        JSON.appendSeconds(time - origin, to: &out)
        out.append(contentsOf: ",\"text\":".utf8)
        JSON.appendString(text, to: &out)
        out.append(contentsOf: "}\n".utf8)
    }

    public func cue(_ cue: Cue, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws {
        try writes.add(at: stamp) { line in
        line.append(contentsOf: "{\"start\":".utf8)
        JSON.appendMilliseconds(start, to: &line)
        line.append(contentsOf: ",\"end\":".utf8)
        JSON.appendMilliseconds(end, to: &line)
        line.append(contentsOf: ",\"text\":".utf8)
        var text = Substring(TerminalSanitizer.clean(cue.plainText))
        while text.last == "\n" { text = text.dropLast() }
        JSON.appendString(text, to: &line)
        if let track = cue.track {
            line.append(contentsOf: ",\"track\":".utf8)
            JSON.appendString(track.name, to: &line)
            if let language = track.language {
                line.append(contentsOf: ",\"lang\":".utf8)
                JSON.appendString(language, to: &line)
            }
        }
        if let style = cue.styleName {
            line.append(contentsOf: ",\"style\":".utf8)
            JSON.appendString(style, to: &line)
        }
        if let place = Self.place(cue.placement.vertical) {
            line.append(contentsOf: ",\"place\":".utf8)
            JSON.appendString(place, to: &line)
        }
        if cue.placement.alignment != .center {
            line.append(contentsOf: ",\"align\":".utf8)
            JSON.appendString("\(cue.placement.alignment)", to: &line)
        }
        if cue.runs.contains(where: { $0.at != nil }) { appendWords(cue, start: start, to: &line) }
        line.append(contentsOf: "}\n".utf8)
        }
    }

    /// `--partials`: `{"time":S,"partial":"…"}`, S when it arrived.
    public func partial(_ hypothesis: PartialHypothesis, at stamp: Nanoseconds) throws {
        try writes.add(at: stamp) { line in
            line.append(contentsOf: "{\"time\":".utf8)
            JSON.appendSeconds(stamp - origin, to: &line)
            line.append(contentsOf: ",\"partial\":".utf8)
            JSON.appendString(TerminalSanitizer.clean(hypothesis.text), to: &line)
            line.append(contentsOf: "}\n".utf8)
        }
    }

    /// Where the file puts a cue, when not at the bottom (`top`, `middle`, WebVTT's `line:N`, `N%`).
    static func place(_ vertical: CuePlacement.Vertical) -> String? {
        switch vertical {
        case .bottom: return nil
        case .top: return "top"
        case .middle: return "middle"
        case .line(let n): return "line:\(n)"
        case .percent(let p): return "\(p)%"
        }
    }

    private static let startKey: StaticString = "{\"start\":", endKey: StaticString = ",\"end\":"

    public func cue(text: UnsafeBufferPointer<UInt8>, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws {
        let (startKey, endKey, textKey, lineEnd) = (Self.startKey, Self.endKey, Self.textKey, Self.lineEnd)
        let bound = startKey.utf8CodeUnitCount + endKey.utf8CodeUnitCount + 2 * JSONWriter.secondsBound
            + textKey.utf8CodeUnitCount + JSONWriter.plainStringBound(text.count) + lineEnd.utf8CodeUnitCount
        try writes.add(at: stamp, upTo: bound) { writer in
            writer.raw(startKey)
            writer.milliseconds(start)
            writer.raw(endKey)
            writer.milliseconds(end)
            writer.raw(textKey)
            writer.sanitizedString(utf8: text)
            writer.raw(lineEnd)
        }
    }

    /// `,"words":[…]`: the cue's text cut where its instants change, each piece with its instant
    /// (the cue's start for text before the first).
    private func appendWords(_ cue: Cue, start: Nanoseconds, to line: inout [UInt8]) {
        var words: [(time: Nanoseconds, text: String)] = []
        var time = start
        for run in cue.runs {
            if let at = run.at { time = at }
            if let last = words.last, last.time == time { words[words.count - 1].text += run.text } else { words.append((time, run.text)) }
        }
        line.append(contentsOf: ",\"words\":[".utf8)
        for (k, word) in words.enumerated() {
            if k > 0 { line.append(0x2C) }
            line.append(contentsOf: "{\"time\":".utf8)
            JSON.appendMilliseconds(word.time, to: &line)
            line.append(contentsOf: ",\"text\":".utf8)
            JSON.appendString(TerminalSanitizer.clean(word.text), to: &line)
            line.append(0x7D)
        }
        line.append(0x5D)
    }
}

