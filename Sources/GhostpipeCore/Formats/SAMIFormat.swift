/// SAMI (`.smi`, `.sami`) in the format catalogue. Read whole: a cue ends where the next text of its
/// class begins, which may come anywhere later.
struct SAMIFormat: SubtitleParser {
    var name: String { "sami" }
    var aliases: [String] { ["smi"] }
    var title: String { "SAMI" }
    var extensions: [String] { ["smi", "sami"] }

    /// `<SAMI>` on the first line.
    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        return Self.startsWithSAMI(first.drop { $0 == 32 || $0 == 9 }) ? .yes : .no
    }

    static func startsWithSAMI(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count >= 5 && zip(bytes.prefix(5), "<sami".utf8).allSatisfy { Bytes.lower($0) == $1 }
    }

    /// `<SAMI` in the first kilobyte, or a `<SYNC` tag anywhere in the prefix (files without the
    /// outer tags play in PotPlayer too).
    func matches(_ prefix: String) -> Bool {
        let bytes = Array(prefix.utf8)
        return bytes.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return false }
            if let at = SAMIParser.find(p, 0, min(b.count, 1024), "<sami"), at >= 0 { return true }
            if let at = SAMIParser.find(p, 0, b.count, "<sync"), at + 5 < b.count, Bytes.isASCIIWhitespace(p[at + 5]) { return true }
            return false
        }
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { SAMIParser.parse(text) }
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { SAMIParser.parse(validUTF8: text) }
}
