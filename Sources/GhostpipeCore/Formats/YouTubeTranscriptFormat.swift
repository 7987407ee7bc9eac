/// YouTube's older transcript XML (srv1, what the `timedtext` API and many downloaders still
/// give): `<transcript><text start="s" dur="s">…</text></transcript>`, times in seconds.
///
/// The text's references are often escaped twice (`&amp;#39;` for an apostrophe): they are
/// resolved a second time. What that leaves is read as SubRip's markup is (`<i>`, `<b>`,
/// `<font color>`, which some transcripts carry); line feeds break lines. A `<text>` without a
/// duration lasts until the next begins, the last one a few seconds.
struct YouTubeTranscriptFormat: SubtitleParser {
    var name: String { "srv1" }
    var aliases: [String] { ["transcript", "youtube-transcript"] }
    var title: String { "YouTube transcript" }
    var extensions: [String] { ["srv1"] }

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        XMLRoot.recognize(lines) { $0 == "transcript" }
    }

    func matches(_ prefix: String) -> Bool { XMLRoot.name(in: prefix) == "transcript" }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(validUTF8: Array(text.utf8)) }

    func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var cues: [Cue] = []
        var open: [Int] = []               // cues without a duration, ended by the next
        var diagnostics: [Diagnostic] = []
        var sawRoot = false
        source.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return }
            var reader = XMLReader(p, count: b.count)
            var current: (start: Nanoseconds, end: Nanoseconds?, line: Int, text: [UInt8])?
            func finish() {
                guard let c = current else { return }
                current = nil
                // The second round of references, then SubRip's markup.
                var text: [UInt8] = []
                c.text.withUnsafeBufferPointer { t in
                    if let base = t.baseAddress { XMLReader.decode(base, 0..<t.count, cdata: false, into: &text) }
                }
                text.removeAll { $0 == 13 }
                while let last = text.last, Bytes.isASCIIWhitespace(last) { text.removeLast() }
                let runs = text.withUnsafeBufferPointer { SubRipMarkup.parse($0, placement: CuePlacement()).runs }
                guard runs.contains(where: { !$0.text.allSatisfy(\.isWhitespace) }) else { return }
                if let end = c.end {
                    cues.append(Cue(start: c.start, end: max(c.start, end), runs: runs, sourceLine: c.line))
                } else {
                    open.append(cues.count)
                    cues.append(Cue(start: c.start, end: c.start + OpenEndedCues.openEnded, runs: runs, sourceLine: c.line))
                }
            }
            while let event = reader.next() {
                switch event {
                case .start(let nameRange, let list, let selfClosing, let offset):
                    let name = reader.string(nameRange)
                    if name == "transcript" { sawRoot = true }
                    guard name == "text" else { break }
                    finish()
                    var start: Nanoseconds?, length: Nanoseconds?
                    for a in list {
                        let key = reader.string(a.name)
                        if key == "start" { start = TTMLTimeBase.seconds(reader.value(a.value)) }
                        if key == "dur" { length = TTMLTimeBase.seconds(reader.value(a.value)) }
                    }
                    let line = reader.line(at: offset)
                    guard let start else {
                        diagnostics.append(Diagnostic(line: line, message: "no start time (start=) in a <text>; skipped"))
                        break
                    }
                    current = (start, length.map { start + $0 }, line, [])
                    if selfClosing { current = nil }
                case .end(let nameRange, _):
                    if reader.string(nameRange) == "text" { finish() }
                case .text(let range, let cdata):
                    guard current != nil else { break }
                    reader.decode(range, cdata: cdata, into: &current!.text)
                }
            }
            finish()
        }
        // Cues without a duration end where the next one begins.
        let starts = cues.map(\.start).sorted()
        for k in open {
            if let next = starts.first(where: { $0 > cues[k].start }) { cues[k].end = min(cues[k].end, next) }
        }
        if !sawRoot { diagnostics.append(Diagnostic(line: 1, message: "no YouTube transcript found (no <transcript> element)")) }
        return (CueList(cues), diagnostics)
    }
}

extension TTMLTimeBase {
    /// Seconds with an optional fraction (`12.345`), as YouTube writes them.
    static func seconds(_ text: String) -> Nanoseconds? {
        let t = text.trimmingASCIIWhitespace()
        guard !t.isEmpty, t.count < 24, t.allSatisfy({ $0.isASCIIDigit || $0 == "." }), let v = Double(t) else { return nil }
        return nanoseconds(v)
    }
}
