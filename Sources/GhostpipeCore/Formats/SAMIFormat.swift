import Glibc

/// SAMI (`.smi`, `.sami`) in the format catalogue. Read as it arrives, in parts of whole syncs
/// after the file's header: a cue ends where the next text of its class begins, which may come
/// anywhere later (see ``OpenEndedWindow``).
struct SAMIFormat: SubtitleParser, OpenEndedSubtitles {
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

    /// The first and the last `<SYNC`: a sync is complete once the next begins.
    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)? {
        guard let p = bytes.baseAddress else { return nil }
        let n = bytes.count
        func isSync(_ at: Int) -> Bool {
            at + 5 < n && SAMIParser.find(p, at, at + 5, "<sync") == at && (Bytes.isASCIIWhitespace(p[at + 5]) || p[at + 5] == 62)
        }
        var from = 0
        var first: Int?
        while let at = SAMIParser.find(p, from, n, "<sync") {
            if isSync(at) { first = at; break }
            from = at + 1
        }
        guard let first else { return nil }
        var at = n - 1
        while at > first {
            if p[at] == 60, isSync(at) { return (first, at) }
            at -= 1
        }
        return (first, first)
    }

    /// The syncs are in the body: what comes before the first (the `<STYLE>` that declares the
    /// classes) is read before every part.
    var hasHeader: Bool { true }

    var startsAreFoundInAnyTail: Bool { true }

    /// A pause completes nothing: a sync's text runs until the next sync.
    func pausedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { 0 }

    func openEndedReader() -> any OpenEndedReader { SAMIStream() }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { SAMIParser.parse(text) }
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { SAMIParser.parse(validUTF8: text) }
}
