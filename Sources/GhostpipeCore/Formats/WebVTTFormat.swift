/// WebVTT (`.vtt`) in the format catalogue.
struct WebVTTFormat: SubtitleParser {
    var name: String { "vtt" }
    var aliases: [String] { ["webvtt"] }
    var title: String { "WebVTT" }
    var extensions: [String] { ["vtt", "webvtt"] }

    /// The `WEBVTT` signature on the first line.
    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        return first.starts(with: Array("WEBVTT".utf8)) ? .yes : .no
    }

    func matches(_ prefix: String) -> Bool { WebVTTParser.hasSignature(prefix) }

    /// A file that is to be WebVTT but lacks the signature is read as SubRip (its cues usually are
    /// SubRip-compatible), after a diagnostic that says so.
    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) {
        if WebVTTParser.hasSignature(text) { return WebVTTParser.parse(text) }
        let srt = SubRipParser.parse(text)
        return (srt.cues, [Diagnostic(line: 1, message: "no 'WEBVTT' signature; read as SubRip")] + srt.diagnostics)
    }
}
