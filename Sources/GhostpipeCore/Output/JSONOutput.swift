/// `-o json`: one object per line. Text: `{"time":S,"text":"…"}` per grapheme, S in seconds since the
/// show began, in reading order — the instant the grapheme shows in its final look under the
/// effect (for the typewriter, when it is typed; effects that reveal out of reading order give
/// times that go back and forth). Subtitles: `{"start":S,"end":E,"text":"…"}` per cue. Written as
/// the instants come (all at once with `--instant`, times unchanged). Text is sanitized: escape
/// sequences and control characters of the input are not graphemes.
public final class JSONOutput: Output {
    private let sink: any ByteSink
    private let origin: Nanoseconds

    public init(sink: any ByteSink, origin: Nanoseconds) {
        self.sink = sink
        self.origin = origin
    }

    public var carriesTime: Bool { true }

    public func graphemes(_ queue: GlyphQueue, _ range: Range<Int>, at stamp: Nanoseconds) throws {
        guard !range.isEmpty else { return }
        var out: [UInt8] = []
        for k in range { append(queue.string(k), time: queue.instants[k], to: &out) }
        try sink.write(out, at: stamp)
    }

    public func shown(_ text: [TimedGrapheme], at stamp: Nanoseconds) throws {
        guard !text.isEmpty else { return }
        var out: [UInt8] = []
        for grapheme in text { append(grapheme.text, time: grapheme.time, to: &out) }
        try sink.write(out, at: stamp)
    }

    private func append(_ text: String, time: Nanoseconds, to out: inout [UInt8]) {
        out.append(contentsOf: "{\"time\":".utf8)
        JSON.appendSeconds(time - origin, to: &out)
        out.append(contentsOf: ",\"text\":".utf8)
        JSON.appendString(text, to: &out)
        out.append(contentsOf: "}\n".utf8)
    }

    public func cue(_ cue: Cue, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws {
        var line: [UInt8] = Array("{\"start\":".utf8)
        JSON.appendMilliseconds(start, to: &line)
        line.append(contentsOf: ",\"end\":".utf8)
        JSON.appendMilliseconds(end, to: &line)
        line.append(contentsOf: ",\"text\":".utf8)
        var text = Substring(TerminalSanitizer.clean(cue.plainText))
        while text.last == "\n" { text = text.dropLast() }
        JSON.appendString(text, to: &line)
        line.append(contentsOf: "}\n".utf8)
        try sink.write(line, at: stamp)
    }
}
