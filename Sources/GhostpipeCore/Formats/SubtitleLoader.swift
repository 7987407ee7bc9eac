/// Decodes and parses one subtitle file for the player and the overlay alike. Every problem is
/// reported as `NAME: what` or `NAME:LINE: what`, and whatever can be read still plays.
public enum SubtitleLoader {
    /// At most this many parser diagnostics are shown per file (then a count of the rest).
    public static let diagnosticLimit = 20

    /// The cues of file `name` (`-` for stdin) read as `bytes`, in `format` (nil: detected from the
    /// content and the name); nil when it cannot be read as subtitles at all.
    public static func parse(_ bytes: [UInt8], name: String, encoding: String?, format: SubtitleFormat?,
                             report: (String) -> Void) -> CueList? {
        let decoded: DecodedText
        do {
            decoded = try TextDecoder.decode(bytes, encoding: encoding)
        } catch {
            report("\(name): \(error)")
            return nil
        }
        if let warning = decoded.warning { report("\(name): \(warning)") }
        let fileFormat = format ?? FormatCatalog.detect(fileName: name == "-" ? nil : name, prefix: decoded.text)
        guard let parser = fileFormat.parser else {
            report("\(name): not a \(FormatCatalog.titles) file; skipped (--format \(FormatCatalog.parsers.map(\.name).joined(separator: "|")) reads it anyway)")
            return nil
        }
        let (cues, diagnostics) = parser.parse(decoded.text)
        for diagnostic in diagnostics.prefix(diagnosticLimit) { report("\(name):\(diagnostic.line): \(diagnostic.message)") }
        if diagnostics.count > diagnosticLimit {
            report("\(name): \(diagnostics.count - diagnosticLimit) more problems not shown")
        }
        if cues.isEmpty { report("\(name): no cues") }
        return cues
    }
}
