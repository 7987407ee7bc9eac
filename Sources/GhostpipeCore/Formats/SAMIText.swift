/// The text of a SAMI paragraph → styled runs: HTML's white space (runs of spaces and line breaks
/// are one space, none at the start or end of a line), comments dropped, then SubRip's tag and
/// character-reference reading (`<br>`, `<b> <i> <u> <s>`, `<font color>`) with every other tag
/// hidden.
enum SAMIText {
    static func runs(_ raw: UnsafeBufferPointer<UInt8>) -> [StyledRun] {
        if let runs = onePassRuns(raw) { return runs }
        return markupRuns(raw)
    }

    /// ``runs(_:)`` in three passes (white space, markup, line edges): the general rule.
    static func markupRuns(_ raw: UnsafeBufferPointer<UInt8>) -> [StyledRun] {
        let text = collapsed(raw)
        guard !text.isEmpty else { return [] }
        let runs = text.withUnsafeBufferPointer { SubRipMarkup.parseMarkup($0, placement: CuePlacement(), html: true).runs }
        return trimmingLineEdges(runs)
    }

    /// ``runs(_:)`` in one pass, for text without references or comments (nearly all): white space
    /// collapsed, none at the edges of a line, `<br>` a line break, the style tags read as
    /// ``SubRipMarkup`` reads them, every other tag hidden. A space is held until text on the same
    /// line follows it; the runs are where the general rule makes them (a run of a style starts
    /// where text or white space of another style was written, even white space that is dropped).
    /// Nil (the general rule is needed) at a `&`, a NUL, a `<` that is not a tag or a tag with
    /// white space that collapsing would change, or a space that might join a character beside it.
    static func onePassRuns(_ raw: UnsafeBufferPointer<UInt8>) -> [StyledRun]? {
        guard let p = raw.baseAddress, raw.count > 0 else { return [] }
        let n = raw.count
        // Never longer than what was read: written in place, without a check per byte.
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        defer { buffer.deallocate() }
        var w = OnePassWriter(o: buffer)
        var open: [SubRipMarkup.Tag] = []
        var k = 0
        while k < n {
            // Eight bytes of text at a time, single spaces inside it too when no character beside
            // them is non-ASCII (it might join them) and the word neither starts nor ends with one
            // (what is around it decides).
            if !w.space, k + 8 <= n {
                var touched = false
                while k + 8 <= n {
                    let word = ByteWords.load(p + k)
                    if ByteWords.controls(word) | ByteWords.equal(word, 60) | ByteWords.equal(word, 38) != 0 { break }
                    let spaces = ByteWords.equal(word, 32)
                    if spaces != 0 {
                        let edges: UInt64 = 0x8000_0000_0000_0080
                        if spaces & edges != 0 || (spaces << 8 | spaces >> 8) & (word & 0x8080_8080_8080_8080 | spaces) != 0 { break }
                    }
                    if !touched { w.touch(); touched = true }
                    UnsafeMutableRawPointer(buffer + w.count).storeBytes(of: word, as: UInt64.self)
                    w.count += 8
                    k += 8
                }
                guard k < n else { break }
            }
            let c = p[k]
            if c > 32, c != 60, c != 38 {
                if w.space {
                    // A space between text on one line; it must be a character by itself.
                    if c >= 0x80, !neverClusters(scalarStarting(raw, at: k)) {
                        return nil
                    }
                    w.placeSpace()
                }
                w.touch()
                repeat {
                    buffer[w.count] = p[k]
                    w.count += 1
                    k += 1
                } while k < n && p[k] > 32 && p[k] != 60 && p[k] != 38
            } else if Bytes.isASCIIWhitespace(c) {
                if w.count > 0, buffer[w.count - 1] >= 0x80 {
                    // The text before it must not join the space.
                    var start = w.count - 1
                    while start > 0, buffer[start] & 0xC0 == 0x80 { start -= 1 }
                    // Only U+0600–U+0FFF and U+10000–U+3FFFF may be Prepend (see `isPrepend`).
                    let lead = buffer[start]
                    if (lead >= 0xD8 && lead <= 0xE0) || lead == 0xF0,
                       isPrepend(scalarStarting(UnsafeBufferPointer(start: buffer, count: w.count), at: start)) { return nil }
                }
                w.touch()
                if !w.space { w.space = true; w.spaceSegment = w.segments.count - 1 }
                k += 1
                while k < n, Bytes.isASCIIWhitespace(p[k]) { k += 1 }
            } else if c == 60 {
                guard let tag = SubRipMarkup.readTag(p, k, n), collapsesToItself(p, k, tag.end) else { return nil }
                if tag.isNamed("br", p) {
                    w.space = false
                    w.touch()
                    buffer[w.count] = 10
                    w.count += 1
                } else if let simple = SubRipMarkup.simpleTag(p, tag) {
                    if tag.closing {
                        if let last = open.lastIndex(of: simple) { open.remove(at: last) }
                    } else if open.count < SubRipMarkup.maxDepth {
                        open.append(simple)
                    }
                    w.restyle(SubRipMarkup.style(of: open))
                } else if tag.isNamed("font", p) {
                    if tag.closing {
                        if let last = open.lastIndex(where: { if case .font = $0 { true } else { false } }) { open.remove(at: last) }
                    } else if open.count < SubRipMarkup.maxDepth {
                        open.append(.font(SubRipMarkup.fontColor(p, tag.attributesStart, tag.attributesEnd)))
                    }
                    w.restyle(SubRipMarkup.style(of: open))
                }
                // Every other tag is hidden.
                k = tag.end
            } else if c != 38, c != 0 {
                // A control other than white space is text (it joins nothing: GB4, GB5).
                if w.space { w.placeSpace() }
                w.touch()
                buffer[w.count] = c
                w.count += 1
                k += 1
            } else {
                return nil   // a reference, or a NUL (a space of its own, not collapsed)
            }
        }
        // No line breaks at the end.
        while w.count > 0, buffer[w.count - 1] == 10 { w.count -= 1 }
        var runs: [StyledRun] = []
        runs.reserveCapacity(w.segments.count)
        for (index, segment) in w.segments.enumerated() {
            let start = min(segment.start, w.count)
            let end = index + 1 < w.segments.count ? min(w.segments[index + 1].start, w.count) : w.count
            if end > start {
                runs.append(StyledRun(String(decoding: UnsafeBufferPointer(start: buffer + start, count: end - start), as: UTF8.self),
                                      style: segment.style))
            }
        }
        return runs
    }

    /// ``onePassRuns(_:)``'s output: the text kept so far, and where each run of it starts.
    private struct OnePassWriter {
        let o: UnsafeMutablePointer<UInt8>
        var count = 0
        /// Where each run's bytes start, with its style; the last may have none yet.
        var segments: [(style: Style, start: Int)] = []
        var style = Style.plain
        /// Whether `style` is the last segment's.
        var styleWritten = false
        /// White space read since the last text, and the segment the first of it went to.
        var space = false
        var spaceSegment = 0

        init(o: UnsafeMutablePointer<UInt8>) { self.o = o }

        mutating func restyle(_ new: Style) {
            style = new
            styleWritten = segments.last?.style == new
        }

        /// What is written next goes to a segment of the current style.
        @inline(__always)
        mutating func touch() {
            guard !styleWritten else { return }
            segments.append((style, count))
            styleWritten = true
        }

        /// Text follows: the space held goes to its segment, unless a line starts here.
        mutating func placeSpace() {
            space = false
            guard count > 0, o[count - 1] != 10 else { return }
            o[count] = 32
            count += 1
            for s in (spaceSegment + 1)..<segments.count { segments[s].start = count }
        }
    }

    /// Whether the tag `p[start..<end]` reads the same once white space is collapsed: its only
    /// white space is single spaces, and it holds no NUL.
    static func collapsesToItself(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = start
        while k < end {
            let b = p[k]
            if b < 32 || (b == 32 && p[k - 1] == 32) { return false }
            k += 1
        }
        return true
    }

    /// White space collapsed to single spaces, comments removed. With `trimmingLineEdges`, the
    /// spaces that ``trimmingLineEdges(_:)`` would remove anyway are left out where that is plain
    /// from the bytes around them (at the start and the end, next to a `<br>`, beside plain text):
    /// then it usually has nothing left to do, and the runs keep the strings they were made with.
    static func collapsed(_ raw: UnsafeBufferPointer<UInt8>, trimmingLineEdges: Bool = true) -> [UInt8] {
        guard let p = raw.baseAddress else { return [] }
        let n = raw.count
        // Never longer than the raw text: written in place, without a check per byte.
        return [UInt8](unsafeUninitializedCapacity: n) { out, count in
            count = 0
            var atLineStart = true      // nothing written since the start or the last `<br>`
            var k = 0
            while k < n {
                let c = p[k]
                if Bytes.isASCIIWhitespace(c) {
                    var w = k + 1
                    while w < n, Bytes.isASCIIWhitespace(p[w]) { w += 1 }
                    let written = UnsafeBufferPointer(rebasing: out[..<count])
                    if count == 0 || out[count - 1] != 32,
                       !(trimmingLineEdges && spaceGoes(raw, before: w, after: written, atLineStart: atLineStart)) {
                        out[count] = 32
                        count += 1
                        atLineStart = false
                    }
                    k = w
                } else if c == 60, k + 3 < n, p[k + 1] == 33, p[k + 2] == 45, p[k + 3] == 45 {
                    k = SAMIParser.find(p, k + 4, n, "-->").map { $0 + 3 } ?? n
                } else if trimmingLineEdges, c == 60, let length = breakLength(p, k, n) {
                    for b in 0..<length { out[count + b] = p[k + b] }
                    count += length
                    atLineStart = true
                    k += length
                } else {
                    out[count] = c == 0 ? 32 : c
                    count += 1
                    atLineStart = false
                    k += 1
                }
            }
        }
    }

    /// The length of `<br>` or `<br/>` (in any case) at `p[k]`, or nil.
    static func breakLength(_ p: UnsafePointer<UInt8>, _ k: Int, _ n: Int) -> Int? {
        guard k + 3 < n, Bytes.lower(p[k + 1]) == 98, Bytes.lower(p[k + 2]) == 114 else { return nil }   // b r
        if p[k + 3] == 62 { return 4 }
        return k + 4 < n && p[k + 3] == 47 && p[k + 4] == 62 ? 5 : nil
    }

    /// Whether the space for white space ending at `raw[w]` would be trimmed from the runs anyway,
    /// as a character by itself: at the start of a line before plain text (not a tag or a
    /// reference, nor a mark that joins it), or after plain text (not a tag's or a reference's end,
    /// nor a prepended mark) before a `<br>` or the end.
    static func spaceGoes(_ raw: UnsafeBufferPointer<UInt8>, before w: Int, after out: UnsafeBufferPointer<UInt8>,
                          atLineStart: Bool) -> Bool {
        let p = raw.baseAddress!, n = raw.count
        if atLineStart {
            guard w < n else { return true }
            let b = p[w]
            return b < 0x80 ? b > 32 && b != 60 && b != 38 : neverClusters(scalarStarting(raw, at: w))
        }
        guard w == n || breakLength(p, w, n) != nil, let last = out.last else { return false }
        if last < 0x80 { return last > 32 && last != 62 && last != 59 }                                 // not > ;
        var start = out.count - 1
        while start > 0, out[start] & 0xC0 == 0x80 { start -= 1 }
        return !isPrepend(scalarStarting(out, at: start))
    }

    /// Spaces at the start and end of the text and around its line breaks removed, across runs.
    /// The rule is on characters; it is applied to bytes when every space and line break is a
    /// character of its own, as in nearly all text (see ``spacesStandAlone(_:)``).
    static func trimmingLineEdges(_ runs: [StyledRun]) -> [StyledRun] {
        trimmingLineEdgesOfBytes(runs) ?? trimmingLineEdgesOfCharacters(runs)
    }

    /// ``trimmingLineEdges(_:)`` on UTF-8 bytes: the same steps, with a space or a line break as
    /// one byte; nil when a space or line break is not a character by itself (see
    /// ``spacesStandAlone(_:)``, which is checked on the way). The kept bytes of every run go into
    /// one buffer; a run that lost none keeps its string.
    static func trimmingLineEdgesOfBytes(_ runs: [StyledRun]) -> [StyledRun]? {
        let kept = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: runs.reduce(0) { $0 + $1.text.utf8.count })
        defer { kept.deallocate() }
        var count = 0
        var pieces: [(run: Int, start: Int, end: Int)] = []   // each run's kept bytes, when it had some
        pieces.reserveCapacity(runs.count)
        var atLineStart = true
        for (index, run) in runs.enumerated() {
            var start = count
            var text = run.text
            let standsAlone = text.withUTF8 { b -> Bool in
                var i = 0
                while i < b.count {
                    // A stretch without spaces and line ends is copied as it is.
                    var j = i
                    while j < b.count, b[j] != 32, b[j] != 10, b[j] != 13 { j += 1 }
                    if j > i {
                        (kept.baseAddress! + count).update(from: b.baseAddress! + i, count: j - i)
                        count += j - i
                        atLineStart = false
                        i = j
                        continue
                    }
                    let c = b[i]
                    i += 1
                    if c == 32 {
                        if !spaceStandsAlone(b, i - 1) { return false }
                        let afterSpace = count > start ? kept[count - 1] == 32
                            : pieces.last.map { $0.end > $0.start && kept[$0.end - 1] == 32 } ?? false
                        if atLineStart || afterSpace { continue }
                    }
                    if c == 13 { return false }
                    if c == 10 {
                        // No spaces before a line break: in this run, or in the last one when this has no text yet.
                        while count > start, kept[count - 1] == 32 { count -= 1 }
                        if count == start, let last = pieces.last {
                            while pieces[pieces.count - 1].end > last.start, kept[pieces[pieces.count - 1].end - 1] == 32 {
                                pieces[pieces.count - 1].end -= 1
                            }
                            count = pieces[pieces.count - 1].end
                            start = count
                        }
                        atLineStart = true
                    } else {
                        atLineStart = false
                    }
                    kept[count] = c
                    count += 1
                }
                return true
            }
            guard standsAlone else { return nil }
            if count > start { pieces.append((index, start, count)) }
        }
        while let last = pieces.last {
            var end = last.end
            while end > last.start, kept[end - 1] == 32 || kept[end - 1] == 10 { end -= 1 }
            if end == last.start { pieces.removeLast() } else { pieces[pieces.count - 1].end = end; break }
        }
        return pieces.compactMap { piece in
            guard piece.end > piece.start else { return nil }
            var run = runs[piece.run]
            if piece.end - piece.start != run.text.utf8.count {
                run.text = String(decoding: UnsafeBufferPointer(rebasing: kept[piece.start..<piece.end]), as: UTF8.self)
            }
            return run
        }
    }

    /// Whether every space and line feed of `text` is a character (a grapheme cluster) by itself,
    /// and no carriage return could join a line feed: the neighbours of each space are characters
    /// that never cluster with it (after it: ASCII, Hangul, CJK, kana, common symbols and emoji, not
    /// a combining mark or joiner; before it: anything but a prepended mark), told from their code
    /// points.
    static func spacesStandAlone(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            let n = b.count
            var i = 0
            while i < n {
                let c = b[i]
                if c == 13 { return false }
                if c == 32, !spaceStandsAlone(b, i) { return false }
                i += 1
            }
            return true
        }
    }

    /// Whether the space at `b[i]` is a character by itself: neither neighbour clusters with it.
    @inline(__always)
    static func spaceStandsAlone(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        if i + 1 < b.count, b[i + 1] >= 0x80, !neverClusters(scalarStarting(b, at: i + 1)) { return false }
        if i > 0, b[i - 1] >= 0x80 {
            var start = i - 1
            while start > 0, b[start] & 0xC0 == 0x80 { start -= 1 }
            if isPrepend(scalarStarting(b, at: start)) { return false }
        }
        return true
    }

    /// The code point of the UTF-8 sequence at `b[i]` (valid UTF-8: it is a String's).
    static func scalarStarting(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
        guard let p = b.baseAddress else { return 0 }
        return UTF8Sequence.scalar(p, at: i, count: b.count).0
    }

    /// Whether a code point may be Prepend (joins the character after it): the blocks that hold
    /// them (Arabic to Malayalam, and the historic scripts of U+11000–U+11FFF).
    static func isPrepend(_ v: UInt32) -> Bool {
        (0x600..<0xE00).contains(v) || (0x11000..<0x12000).contains(v)
    }

    /// Code points that are never Extend, ZWJ or SpacingMark (join the character before them), nor
    /// Prepend: a conservative list of the common ones.
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
