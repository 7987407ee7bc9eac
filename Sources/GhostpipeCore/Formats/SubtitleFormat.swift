/// What a file holds: plain text to pace, or timed subtitles in one of the catalogue's formats. The
/// name is what `--format` takes (`text`, `srt`, `vtt`, …).
public struct SubtitleFormat: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    init(_ name: String) { self.name = name }

    public static let text = SubtitleFormat("text")
    public static let srt = SubtitleFormat("srt")
    public static let vtt = SubtitleFormat("vtt")

    /// `--format NAME`: text, or a catalogue format by name or alias (case-insensitive).
    public init?(named name: String) {
        let lower = name.lowercased()
        if lower == "text" || lower == "txt" { self = .text; return }
        guard let parser = FormatCatalog.parser(named: lower) else { return nil }
        self = SubtitleFormat(parser.name)
    }

    /// The parser that reads this format (nil for text).
    public var parser: (any SubtitleParser)? { FormatCatalog.parser(named: name) }
    public var description: String { parser?.title ?? "text" }
}

/// How sure a parser is that a stream's first lines are in its format.
public enum Recognition: Sendable {
    case yes, no
    /// Say again with another line.
    case needMore
}

/// One subtitle format: its names, how it is recognised, and its parser. A new format is one type
/// conforming to this plus one line in `FormatCatalog.parsers`.
public protocol SubtitleParser: Sendable {
    /// What `--format` takes, and other names for it.
    var name: String { get }
    var aliases: [String] { get }
    /// The format's name for people ("SubRip").
    var title: String { get }
    /// File name extensions, lowercase, without the dot.
    var extensions: [String] { get }
    /// From the complete non-blank lines a stream began with (UTF-8, a BOM removed): whether it is
    /// this format, as early as they allow, so streamed text is not held back.
    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition
    /// From a file's first 64 KiB: whether its content says it is this format (looser than
    /// `recognize`: players look a few lines further).
    func matches(_ prefix: String) -> Bool
    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic])
    /// `parse` over text already decoded and validated (a stream's part): a parser that reads bytes
    /// keeps them as they are instead of validating them again as a `String`.
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic])
    /// `parse` with what the command line says of the file (`--fps`): `input` is the decoded text
    /// (valid UTF-8), or a binary format's bytes as they came.
    func parse(_ input: [UInt8], options: ParseOptions) -> (cues: CueList, diagnostics: [Diagnostic])
    /// Whether the format is binary (EBU STL): its bytes are not decoded as text but parsed as
    /// they are, and it is recognised by `matches(bytes:)` before anything is called binary content.
    var isBinary: Bool { get }
    /// From a file's first bytes, before they are decoded: whether they are this binary format.
    func matches(bytes: ArraySlice<UInt8>) -> Recognition
}

/// What the command line says about how to read a subtitle file.
public struct ParseOptions: Hashable, Sendable {
    /// `--fps`: the frame rate of formats that count frames (MicroDVD, Spruce STL), over what the
    /// file says or the format's default.
    public var frameRate: Double?
    /// `--channel`: the CEA-608 caption channel an SCC file is read on, 1–4.
    public var channel = 1
    public init(frameRate: Double? = nil, channel: Int = 1) {
        self.frameRate = frameRate
        self.channel = channel
    }
}

extension SubtitleParser {
    public var aliases: [String] { [] }
    public var isBinary: Bool { false }
    public func matches(bytes: ArraySlice<UInt8>) -> Recognition { .no }
    public func parse(_ input: [UInt8], options: ParseOptions) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(validUTF8: input)
    }
    public func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(String(decoding: text, as: UTF8.self))
    }
}

/// Reading a stream of subtitles as it arrives (see `SubtitleStream`).
public protocol StreamableSubtitles {
    /// Where the first and the last cue begin in `bytes` (UTF-8 text of a stream, not parsed yet),
    /// or nil when no cue has begun. The last one may still grow; what is before it is complete.
    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)?
    /// Whether what comes before the first cue is a header every later part is read after (WebVTT:
    /// the signature, styles).
    var hasHeader: Bool { get }
    /// What of the header to keep and read every later part after (ASS: not its embedded fonts).
    func header(_ bytes: ArraySlice<UInt8>) -> [UInt8]
    /// How much of `bytes` (a cue has begun in them) a pause in the input shows complete — a live
    /// writer writes whole blocks, so a pause after one shows it at once. Never a line cut short:
    /// a pipe can pause anywhere (a loaded machine, a slow disk), and a cue cut there lost its
    /// end and, glued to what followed, the next cue. Default: up to the last line's end (a
    /// format whose cues are lines: ASS).
    func pausedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int
    /// Whether `cueStarts` finds the same starts in the tail of a text that holds none before it
    /// (SAMI's `<SYNC`, found by searching): a long header is then not searched again from its
    /// start at every read (60 MB of it took minutes).
    var startsAreFoundInAnyTail: Bool { get }
}

extension StreamableSubtitles {
    public func header(_ bytes: ArraySlice<UInt8>) -> [UInt8] { Array(bytes) }
    public func pausedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { PausedBlocks.lastLineEnd(bytes) }
    public var startsAreFoundInAnyTail: Bool { false }
}

/// What a pause completes in formats of blocks — an optional number or name, a timing line, text,
/// and a blank line (SubRip, WebVTT).
enum PausedBlocks {
    /// Everything, when it ends with a blank line (a block closed: what a writer of whole blocks
    /// pauses after); else 0, and only what the next cue's start shows complete is. A pause after
    /// a line of text cannot tell the cue's last line from one more to come (a cue cut there lost
    /// its later lines), nor a cue's number from its text.
    static func end(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let end = lastLineEnd(bytes)
        guard end > 0, let p = bytes.baseAddress, let last = LineScanner.line(before: end, in: p) else { return 0 }
        return last.isBlank(in: p) ? end : 0
    }

    /// Just after the last line terminator (LF, CR LF or a lone CR) in `bytes`; 0 when none.
    static func lastLineEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = bytes.count
        while end > 0, bytes[end - 1] != 10, bytes[end - 1] != 13 { end -= 1 }
        return end
    }
}
