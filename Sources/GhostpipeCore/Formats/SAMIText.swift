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
    /// The rule is on characters; it is applied to bytes when every space and line break is a
    /// character of its own, as in nearly all text (see ``spacesStandAlone(_:)``).
    static func trimmingLineEdges(_ runs: [StyledRun]) -> [StyledRun] {
        runs.allSatisfy { spacesStandAlone($0.text) } ? trimmingLineEdgesOfBytes(runs) : trimmingLineEdgesOfCharacters(runs)
    }

    /// ``trimmingLineEdges(_:)`` on UTF-8 bytes: the same steps, with a space or a line break as
    /// one byte.
    static func trimmingLineEdgesOfBytes(_ runs: [StyledRun]) -> [StyledRun] {
        var out: [(run: StyledRun, bytes: [UInt8])] = []
        var atLineStart = true
        for run in runs {
            var text: [UInt8] = []
            text.reserveCapacity(run.text.utf8.count)
            for c in run.text.utf8 {
                if c == 32 && (atLineStart || text.last == 32 || (text.isEmpty && out.last?.bytes.last == 32)) { continue }
                if c == 10 {
                    while text.last == 32 { text.removeLast() }
                    if text.isEmpty, !out.isEmpty {
                        while out[out.count - 1].bytes.last == 32 { out[out.count - 1].bytes.removeLast() }
                    }
                    atLineStart = true
                } else {
                    atLineStart = false
                }
                text.append(c)
            }
            if !text.isEmpty { out.append((run, text)) }
        }
        while let last = out.last {
            var bytes = last.bytes
            while bytes.last == 32 || bytes.last == 10 { bytes.removeLast() }
            if bytes.isEmpty { out.removeLast() } else { out[out.count - 1].bytes = bytes; break }
        }
        return out.compactMap { piece in
            guard !piece.bytes.isEmpty else { return nil }
            var run = piece.run
            run.text = String(decoding: piece.bytes, as: UTF8.self)
            return run
        }
    }

    /// Whether every space and line feed of `text` is a character (a grapheme cluster) by itself,
    /// and no carriage return could join a line feed: the neighbours of each space are characters
    /// that never cluster with it (ASCII, Hangul, CJK, kana, common symbols and emoji; not a
    /// combining mark, joiner or prepended mark), told from their code points.
    static func spacesStandAlone(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            let n = b.count
            var i = 0
            while i < n {
                let c = b[i]
                if c == 13 { return false }
                if c == 32 {
                    if i + 1 < n, b[i + 1] >= 0x80, !neverClusters(scalarStarting(b, at: i + 1)) { return false }
                    if i > 0, b[i - 1] >= 0x80 {
                        var start = i - 1
                        while start > 0, b[start] & 0xC0 == 0x80 { start -= 1 }
                        if !neverClusters(scalarStarting(b, at: start)) { return false }
                    }
                }
                i += 1
            }
            return true
        }
    }

    /// The code point of the UTF-8 sequence at `b[i]` (valid UTF-8: it is a String's).
    static func scalarStarting(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
        let lead = UInt32(b[i])
        func next(_ k: Int) -> UInt32 { i + k < b.count ? UInt32(b[i + k] & 0x3F) : 0 }
        if lead < 0x80 { return lead }
        if lead < 0xE0 { return (lead & 0x1F) << 6 | next(1) }
        if lead < 0xF0 { return (lead & 0x0F) << 12 | next(1) << 6 | next(2) }
        return (lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3)
    }

    /// Code points that are never Extend, ZWJ, SpacingMark or Prepend (the grapheme cluster breaks
    /// that join a space to its neighbour): a conservative list of the common ones.
    static func neverClusters(_ v: UInt32) -> Bool {
        switch v {
        case 0..<0x300,                      // ASCII, Latin-1, Latin Extended, IPA, modifier letters
             0x2010...0x2027, 0x2030...0x205E, // punctuation (not the joiners and format controls)
             0x2190...0x23FF, 0x2600...0x27BF, // arrows, technical, symbols, dingbats
             0x3040...0x3096, 0x30A0...0x30FF, // kana (not the combining sound marks)
             0x4E00...0x9FFF, 0xAC00...0xD7A3, // CJK ideographs, Hangul syllables
             0xFF01...0xFF9D,                  // full-width forms (not the half-width sound marks)
             0x1F000...0x1F3FA, 0x1F400...0x1FAFF:   // emoji (not the skin tone modifiers)
            return true
        default:
            return false
        }
    }

    /// ``trimmingLineEdges(_:)`` on characters.
    static func trimmingLineEdgesOfCharacters(_ runs: [StyledRun]) -> [StyledRun] {
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
