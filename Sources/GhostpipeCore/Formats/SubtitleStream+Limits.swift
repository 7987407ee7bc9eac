/// What a subtitle stream holds at most: a cue's text, a line, a file read whole; a cue longer
/// than that is cut, and what goes is counted and said.
extension SubtitleStream {
    /// A cue's text is cut after this many bytes, a line after `maxLine`.
    public static let maxCueText = 1 << 18
    public static let maxLine = 1 << 16
    /// A format read whole is read up to this many bytes (of UTF-8); the rest is dropped.
    public static let maxWholeFile = 1 << 26

    /// A cue's text is at most `maxCueText` bytes.
    static func cut(_ cue: Cue) -> Cue {
        var total = 0
        var cue = cue
        for r in cue.runs.indices {
            let count = cue.runs[r].text.utf8.count
            if total + count > maxCueText {
                let keep = maxCueText - total
                cue.runs[r].text = String(decoding: cue.runs[r].text.utf8.prefix(max(0, keep)), as: UTF8.self)
                cue.runs.removeSubrange((r + 1)...)
                return cue
            }
            total += count
        }
        return cue
    }

    /// What is said of a cue whose text was cut at `maxCueText` bytes, whether it was cut when built
    /// or while read: `dropped` bytes of its text went.
    static func cueTextCut(dropped: Int) -> String {
        "cue text cut at \(maxCueText) bytes (\(dropped) more bytes dropped)"
    }

    /// Each cue of `cues` cut when it is built (its text is longer than `maxCueText` bytes): its
    /// line within the part, and how many bytes of its text in the file go.
    static func excessText(_ cues: CueList) -> [(line: Int, bytes: Int)] {
        var excess: [(line: Int, bytes: Int)] = []
        func textBytes(_ cue: Cue) -> Int { cue.runs.reduce(0) { $0 + $1.text.utf8.count } }
        switch cues.storage {
        case .compact(let compact):
            // Only a cue whose source text is longer can be: the rest are not built here. Counted
            // in the file's bytes (the markup and the spaces that end lines are not shown).
            for (i, r) in compact.records.enumerated() where Int(r.textEnd) - Int(r.textStart) > maxCueText {
                guard textBytes(compact.cue(at: i)) > maxCueText else { continue }
                let text = compact.source[Int(r.textStart)..<Int(r.textEnd)]
                excess.append((Int(r.line), text.count - trailingLineEnds(text) - maxCueText))
            }
        case .explicit(let list):
            for cue in list where textBytes(cue) > maxCueText { excess.append((cue.sourceLine, textBytes(cue) - maxCueText)) }
        }
        return excess
    }
}
