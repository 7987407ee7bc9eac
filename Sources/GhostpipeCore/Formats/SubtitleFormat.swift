/// What a file holds: plain text to pace, or timed subtitles.
public enum SubtitleFormat: String, Sendable, CaseIterable {
    case text, srt, vtt

    /// Guesses the format from the beginning of the decoded text and the file name; `--format`
    /// overrides this. In order: the `WEBVTT` signature (after an optional BOM) → `.vtt`; a SubRip
    /// timing line among the first five non-blank lines → `.srt` (also for a `.vtt` file without the
    /// signature, which players read as SubRip); then the extension `.srt`, `.vtt`/`.webvtt`; else
    /// `.text`. Only the first 64 KiB of `prefix` are looked at.
    public static func detect(fileName: String?, prefix: String) -> SubtitleFormat {
        var text = prefix
        let found: SubtitleFormat? = text.withUTF8 { buffer in
            guard let p = buffer.baseAddress else { return nil }
            let n = min(buffer.count, 1 << 16)
            if WebVTTParser.hasSignature(p, n) { return .vtt }
            var scanner = LineScanner(p, count: n)
            var nonBlank = 0
            while nonBlank < 5, let line = scanner.next() {
                var first = line.start
                while first < line.end, Bytes.isASCIIWhitespace(p[first]) || p[first] == 0xEF || p[first] == 0xBB || p[first] == 0xBF {
                    first += 1
                }
                guard first < line.end else { continue }
                nonBlank += 1
                if Bytes.isDigit(p[first]), case .timing = SubRipParser.parseTimingLine(p, first, line.end) { return .srt }
            }
            return nil
        }
        if let found { return found }
        if let fileName {
            let lower = fileName.lowercased()
            if lower.hasSuffix(".srt") { return .srt }
            if lower.hasSuffix(".vtt") || lower.hasSuffix(".webvtt") { return .vtt }
        }
        return .text
    }

    /// ``detect(fileName:prefix:)`` on raw bytes (decoded leniently as UTF-8).
    public static func detect(fileName: String?, prefix: [UInt8]) -> SubtitleFormat {
        detect(fileName: fileName, prefix: String(decoding: prefix.prefix(1 << 16), as: UTF8.self))
    }
}

/// Parsing by format, with the fallback players use.
public enum Subtitles {
    /// Parses `text` as SubRip or WebVTT. A file that is to be WebVTT but lacks the signature is read
    /// as SubRip (its cues usually are SubRip-compatible), after a diagnostic that says so. For
    /// `.text`, returns no cues.
    public static func parse(_ text: String, as format: SubtitleFormat) -> (cues: CueList, diagnostics: [Diagnostic]) {
        switch format {
        case .text:
            return (CueList(), [])
        case .srt:
            return SubRipParser.parse(text)
        case .vtt:
            let vtt = WebVTTParser.parse(text)
            if WebVTTParser.hasSignature(text) { return vtt }
            let srt = SubRipParser.parse(text)
            return (srt.cues, [Diagnostic(line: 1, message: "no 'WEBVTT' signature; read as SubRip")] + srt.diagnostics)
        }
    }
}
