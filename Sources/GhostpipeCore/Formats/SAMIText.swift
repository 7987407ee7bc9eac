/// The text of a SAMI paragraph → styled runs: HTML's white space (runs of spaces and line breaks
/// are one space, none at the start or end of a line), comments dropped, then SubRip's tag and
/// character-reference reading (`<br>`, `<b> <i> <u> <s>`, `<font color>`) with every other tag
/// hidden.
enum SAMIText {
    static func runs(_ raw: UnsafeBufferPointer<UInt8>) -> [StyledRun] {
        let text = collapsed(raw)
        guard !text.isEmpty else { return [] }
        let runs = text.withUnsafeBufferPointer { SubRipMarkup.parseMarkup($0, placement: CuePlacement(), html: true).runs }
        return trimmingLineEdges(runs)
    }

    /// White space collapsed to single spaces, comments removed.
    static func collapsed(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard let p = raw.baseAddress else { return [] }
        let n = raw.count
        var out: [UInt8] = []
        out.reserveCapacity(n)
        var k = 0
        while k < n {
            let c = p[k]
            if Bytes.isASCIIWhitespace(c) {
                if out.last != 32 { out.append(32) }
                k += 1
            } else if c == 60, k + 3 < n, p[k + 1] == 33, p[k + 2] == 45, p[k + 3] == 45 {
                k = SAMIParser.find(p, k + 4, n, "-->").map { $0 + 3 } ?? n
            } else {
                out.append(c == 0 ? 32 : c)
                k += 1
            }
        }
        return out
    }

    /// Spaces at the start and end of the text and around its line breaks removed, across runs.
    static func trimmingLineEdges(_ runs: [StyledRun]) -> [StyledRun] {
        var out: [StyledRun] = []
        var atLineStart = true
        for run in runs {
            var text = ""
            for character in run.text {
                // One space between words, across tags too (`a <b> </b> b`).
                if character == " " && (atLineStart || text.last == " " || (text.isEmpty && out.last?.text.last == " ")) { continue }
                if character == "\n" {
                    while text.last == " " { text.removeLast() }
                    if text.isEmpty, var last = out.last {
                        while last.text.last == " " { last.text.removeLast() }
                        out[out.count - 1] = last
                    }
                    atLineStart = true
                } else {
                    atLineStart = false
                }
                text.append(character)
            }
            if !text.isEmpty { var trimmed = run; trimmed.text = text; out.append(trimmed) }
        }
        while var last = out.last {
            while last.text.last == " " || last.text.last == "\n" { last.text.removeLast() }
            if last.text.isEmpty { out.removeLast() } else { out[out.count - 1] = last; break }
        }
        return out.filter { !$0.text.isEmpty }
    }
}
