/// `-o plain` to a pipe or file: the input byte for byte, each grapheme written at its instant (all
/// graphemes due together go out in one write); subtitles as each cue's text and a newline at its
/// start. No escape sequences of ghostpipe's own, no wrapping.
public final class PlainOutput: Output {
    private let sink: any ByteSink
    private let raw: Bool

    /// `raw`: the input goes through untouched (a pipe, a file); otherwise it was sanitized first
    /// (a terminal, where control characters and escape sequences from the input must not arrive).
    public init(sink: any ByteSink, raw: Bool = true) {
        self.sink = sink
        self.raw = raw
    }

    public var carriesTime: Bool { false }
    public var takesRawBytes: Bool { raw }

    public func graphemes(_ queue: GlyphQueue, _ range: Range<Int>, at stamp: Nanoseconds) throws {
        guard !range.isEmpty else { return }
        try sink.write(Array(queue.bytes[queue.start(of: range.lowerBound)..<queue.ends[range.upperBound - 1]]), at: stamp)
    }

    public func cue(_ cue: Cue, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws {
        var text = Array(TerminalSanitizer.clean(cue.plainText).utf8)
        while text.last == 0x0A { text.removeLast() }
        text.append(0x0A)
        try sink.write(text, at: stamp)
    }
}
