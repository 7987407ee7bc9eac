/// Every subtitle format ghostpipe reads, in the order they are tried; everything else is text.
/// `--format` values, `--help`, the man page, the completions and messages come from here.
public enum FormatCatalog {
    public static let parsers: [any SubtitleParser] = [
        WebVTTFormat(),
        SubRipFormat(),
        ASSFormat(),
        SAMIFormat(),
        // Before LRC: a segment's `[00:00:01.000 --> …]` begins as an LRC time tag does.
        WhisperCppFormat(),
        LRCFormat(),
        // Before the film formats: a caption line (timecode, tab, hex words) is also a TMPlayer
        // line, and an SBV timing line (milliseconds) a lenient SubViewer 2 one.
        SCCFormat(),
        SBVFormat(),
        MicroDVDFormat(),
        SubViewerFormat(),
        MPL2Format(),
        TMPlayerFormat(),
        SpruceSTLFormat(),
        EBUSTLFormat(),
        TTMLFormat(),
        YouTubeTimedTextFormat(),
        YouTubeTranscriptFormat(),
        VoskFormat(),
        // Last: three numbers and text is the loosest shape.
        WhisperStreamingFormat(),
    ]

    public static func parser(named name: String) -> (any SubtitleParser)? {
        let lower = name.lowercased()
        return parsers.first { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// "SubRip or WebVTT" for messages.
    public static var titles: String { parsers.map(\.title).listed("or") }

    /// "SubRip .srt and WebVTT .vtt" for `--help` and the man page.
    public static var listing: String {
        parsers.map { "\($0.title) .\($0.extensions.first ?? $0.name)" }.listed("and")
    }

    /// What a file is, from its first 64 KiB (decoded) and its name: content first — a format whose
    /// content matches — then the extension, else text.
    public static func detect(fileName: String?, prefix: String) -> SubtitleFormat {
        let head = String(prefix.utf8.prefix(1 << 16)) ?? String(decoding: prefix.utf8.prefix(1 << 16), as: UTF8.self)
        if let parser = parsers.first(where: { $0.matches(head) }) { return SubtitleFormat(parser.name) }
        if let fileName, let dot = fileName.lastIndex(of: ".") {
            let ext = fileName[fileName.index(after: dot)...].lowercased()
            if let parser = parsers.first(where: { $0.extensions.contains(ext) }) { return SubtitleFormat(parser.name) }
        }
        return .text
    }

    /// `detect` on raw bytes: a binary format by its bytes, then text (UTF-8 leniently, or UTF-16
    /// after its byte order mark).
    public static func detect(fileName: String?, prefix bytes: [UInt8]) -> SubtitleFormat {
        if let binary = binaryFormat(bytes.prefix(1 << 16)) { return binary }
        return detect(fileName: fileName, prefix: roughText(bytes.prefix(1 << 16)))
    }

    /// The binary format whose signature `bytes` begin with (an EBU STL file's GSI block), if any.
    static func binaryFormat(_ bytes: ArraySlice<UInt8>) -> SubtitleFormat? {
        parsers.first { $0.isBinary && $0.matches(bytes: bytes) == .yes }.map { SubtitleFormat($0.name) }
    }

    /// Decides the format of a stream from what has arrived so far, as early as its first lines
    /// allow; nil while more is needed. At the end of the stream (or with 64 KiB) `detect` decides.
    public static func sniff(_ prefix: [UInt8], fileName: String?, atEnd: Bool) -> SubtitleFormat? {
        if atEnd || prefix.count >= 1 << 16 { return detect(fileName: fileName, prefix: prefix) }
        var unsure = false
        for parser in parsers where parser.isBinary {
            switch parser.matches(bytes: prefix[...]) {
            case .yes: return SubtitleFormat(parser.name)
            case .needMore: unsure = true
            case .no: continue
            }
        }
        if unsure { return nil }
        let text = Array(roughText(prefix[...]).utf8)
        // Complete lines only; the last one may still be arriving.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == 0x0A || $0 == 0x0D }).dropLast()
            .filter { line in line.contains { !($0 == 0x20 || $0 == 0x09) } }
        if let first = lines.first, first.starts(with: [0xEF, 0xBB, 0xBF]) { lines[0] = first.dropFirst(3) }
        guard !lines.isEmpty else { return nil }  // blank lines so far: a subtitle file may start so
        for parser in parsers where !parser.isBinary {
            switch parser.recognize(Array(lines.prefix(8))) {
            case .yes: return SubtitleFormat(parser.name)
            case .needMore: unsure = true
            case .no: continue
            }
        }
        return unsure && lines.count < 8 ? nil : .text
    }

    /// Whether a stream that paused before its first line was complete is surely text: nothing
    /// there could begin a subtitle file's first line (a digit, a signature's letter, a BOM, `[`, `<`,
    /// MicroDVD's `{`, Spruce STL's `$` directives and `//` comments).
    public static func cannotBeSubtitles(_ prefix: [UInt8]) -> Bool {
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else { return false }
        return !(Bytes.isDigit(first) || first == UInt8(ascii: "W") || first == UInt8(ascii: "S") || first == UInt8(ascii: "[") || first == UInt8(ascii: "<")
                 || first == 0xFF || first == 0xFE || first == 0x2D
                 || first == UInt8(ascii: "{") || first == UInt8(ascii: "$") || first == UInt8(ascii: "/") || first == 0)
    }

    /// Bytes as text for recognising a format: UTF-32 or UTF-16 after its byte order mark, else UTF-8
    /// leniently.
    static func roughText(_ bytes: ArraySlice<UInt8>) -> String {
        let little32 = bytes.starts(with: [0xFF, 0xFE, 0, 0]), big32 = bytes.starts(with: [0, 0, 0xFE, 0xFF])
        if little32 || big32 {
            var scalars = String.UnicodeScalarView()
            var i = bytes.startIndex + 4
            while i + 3 < bytes.endIndex {
                let (a, b, c, d) = (UInt32(bytes[i]), UInt32(bytes[i + 1]), UInt32(bytes[i + 2]), UInt32(bytes[i + 3]))
                scalars.append(Unicode.Scalar(little32 ? a | b << 8 | c << 16 | d << 24 : a << 24 | b << 16 | c << 8 | d) ?? "\u{FFFD}")
                i += 4
            }
            return String(scalars)
        }
        let little = bytes.starts(with: [0xFF, 0xFE]), big = bytes.starts(with: [0xFE, 0xFF])
        guard little || big else { return String(decoding: bytes, as: UTF8.self) }
        var units: [UInt16] = []
        var i = bytes.startIndex + 2
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(little ? a | b << 8 : a << 8 | b)
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}

extension SubtitleFormat {
    /// See `FormatCatalog.detect`.
    public static func detect(fileName: String?, prefix: String) -> SubtitleFormat { FormatCatalog.detect(fileName: fileName, prefix: prefix) }
    public static func detect(fileName: String?, prefix: [UInt8]) -> SubtitleFormat { FormatCatalog.detect(fileName: fileName, prefix: prefix) }
    /// See `FormatCatalog.sniff`.
    public static func sniff(_ prefix: [UInt8], fileName: String?, atEnd: Bool) -> SubtitleFormat? {
        FormatCatalog.sniff(prefix, fileName: fileName, atEnd: atEnd)
    }
    public static func cannotBeSubtitles(_ prefix: [UInt8]) -> Bool { FormatCatalog.cannotBeSubtitles(prefix) }
}

/// Parsing by format.
public enum Subtitles {
    /// Parses `text` as `format` (no cues for text).
    public static func parse(_ text: String, as format: SubtitleFormat) -> (cues: CueList, diagnostics: [Diagnostic]) {
        format.parser?.parse(text) ?? (CueList(), [])
    }

    /// Parses valid UTF-8 (decoded text) as `format`, without a `String` of it.
    static func parse(validUTF8 text: [UInt8], as format: SubtitleFormat) -> (cues: CueList, diagnostics: [Diagnostic]) {
        format.parser?.parse(validUTF8: text) ?? (CueList(), [])
    }
}
