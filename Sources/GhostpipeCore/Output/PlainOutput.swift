/// `-o plain` to a pipe or file: the input byte for byte (ill-formed UTF-8 included, as `cat` gives
/// it), each grapheme written at its instant (all
/// graphemes due together go out in one write); subtitles as each cue's text and a newline at its
/// start. No escape sequences of ghostpipe's own, no wrapping.
public final class PlainOutput: Output, RawCopyTarget {
    private let writes: GatheredWrites
    private let raw: Bool

    /// `raw`: the input goes through untouched (a pipe, a file); otherwise it was sanitized first
    /// (a terminal, where control characters and escape sequences from the input must not arrive).
    public init(sink: any ByteSink, raw: Bool = true) {
        writes = GatheredWrites(sink: sink)
        self.raw = raw
    }

    public func flush() throws { try writes.flush() }

    public struct Kind: OutputKind {
        public init() {}
        public var name: String { "plain" }
        public var summary: String {
            """
            the input text byte for byte to a pipe or a file, paced as the typewriter would type it (effects \
            draw on terminals only); to a terminal, the same text with control characters and escape sequences \
            removed (a terminal stream: the lines it ends with, each once it is final); for subtitles, each cue's text and a newline at its start
            """
        }
        public var writes: OutputWrites { .text }
        public func make(_ parts: OutputParts) throws -> any Output { PlainOutput(sink: parts.stdout, raw: !parts.stdoutIsTerminal) }
    }

    public var carriesTime: Bool { false }
    public var takesRawBytes: Bool { raw }
    /// Raw input is copied here as it is: the same bytes `graphemes` would write, with no work per grapheme.
    public var rawCopyTarget: (any RawCopyTarget)? { raw ? self : nil }

    public func graphemes(_ queue: GlyphQueue, _ range: Range<Int>, at stamp: Nanoseconds) throws {
        guard !range.isEmpty else { return }
        let bytes = queue.bytes[queue.start(of: range.lowerBound)..<queue.ends[range.upperBound - 1]]
        // Ill-formed UTF-8 of the input travelled as markers (UTF8Cleaner): its bytes go out as they came.
        let exact = bytes.withUnsafeBufferPointer { raw && UTF8Cleaner.holdsMarker($0) ? UTF8Cleaner.restoreInvalid($0) : nil }
        try (exact.map { $0[...] } ?? bytes).withUnsafeBufferPointer { try writes.add(at: stamp, $0) }
    }

    /// Text as an effect or a terminal stream shows it in the end: its graphemes, in reading order.
    public func shown(_ text: [TimedGrapheme], at stamp: Nanoseconds) throws {
        guard !text.isEmpty else { return }
        try writes.add(at: stamp) { out in
            for grapheme in text { out.append(contentsOf: grapheme.text.utf8) }
        }
    }

    /// Input bytes copied as they are (`RawCopy`).
    public func copy(_ bytes: [UInt8], at stamp: Nanoseconds) throws { try bytes.withUnsafeBufferPointer { try writes.add(at: stamp, $0) } }

    public func cue(_ cue: Cue, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws {
        var text = Array(TerminalSanitizer.clean(cue.plainText).utf8)
        while text.last == 0x0A { text.removeLast() }
        try text.withUnsafeBufferPointer { try writes.add(at: stamp, $0, then: 0x0A) }
    }

    public func cue(text: UnsafeBufferPointer<UInt8>, start: Nanoseconds, end: Nanoseconds, at stamp: Nanoseconds) throws {
        try writes.add(at: stamp, text, then: 0x0A)
    }
}
