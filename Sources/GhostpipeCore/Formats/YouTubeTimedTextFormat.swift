/// YouTube's timed text XML, srv3 (`.srv3`, what `yt-dlp --sub-format srv3` writes) and the srv2
/// it grew from, read with ``XMLReader``:
///
/// - `<p t="ms" d="ms">` is a cue; its `<s t="ms">` segments (auto-captions' words) are word timing,
///   offsets from the paragraph's start: each word is highlighted at its instant, karaoke as ASS
///   `\k` is (dim before, revealed then without colour). Line feeds in the text break lines.
/// - Pens `<pen id b i u fc fo bc bo>` (bold, italic, underline, colours and their opacities: a
///   background with opacity 0 is none) by `p=` on paragraphs and segments; window positions `<wp
///   id ap ah av>` and styles `<ws id ju>` (justification) by `wp=`/`ws=` or through a window `<w>`
///   (`w=`) become band placements: thirds of `av` for the row, `ju` or `ah` for the side.
/// - srv2's `<text t="ms" d="ms">` lines, and anything else YouTube adds, ignored when unknown.
/// - A paragraph that holds only white space (auto-captions' `a="1"` appends) shows nothing.
struct YouTubeTimedTextFormat: SubtitleParser {
    var name: String { "srv3" }
    var aliases: [String] { ["srv2", "ytt", "youtube-xml"] }
    var title: String { "YouTube srv3" }
    var extensions: [String] { ["srv3", "srv2", "ytt"] }

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        XMLRoot.recognize(lines) { $0 == "timedtext" }
    }

    func matches(_ prefix: String) -> Bool { XMLRoot.name(in: prefix) == "timedtext" }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(validUTF8: Array(text.utf8)) }

    struct Pen {
        var style = Style()
    }

    struct Window {
        var position: Int?
        var style: Int?
    }

    func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var cues: [Cue] = []
        var diagnostics: [Diagnostic] = []
        var sawRoot = false
        source.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return }
            var reader = XMLReader(p, count: b.count)
            var pens: [String: Style] = [:]
            var positions: [String: (ah: Double?, av: Double?, ap: Int?)] = [:]
            var justifications: [String: Int] = [:]
            var windows: [String: (wp: String?, ws: String?)] = [:]
            // The paragraph being read.
            var paragraph: (start: Nanoseconds, end: Nanoseconds, line: Int, placement: CuePlacement, style: Style)?
            var builder = RunBuilder()
            var segmentDepth = 0
            var styles: [Style] = []

            func attributes(_ list: [XMLReader.Attribute]) -> [String: String] {
                var values: [String: String] = [:]
                for a in list { values[reader.string(a.name)] = reader.value(a.value) }
                return values
            }
            func milliseconds(_ text: String?) -> Nanoseconds? {
                guard let text, let v = Int64(text.trimmingASCIIWhitespace()), v >= 0, v < 1 << 40 else { return nil }
                return v * Time.millisecond
            }
            func placement(wp: String?, ws: String?) -> CuePlacement {
                var placement = CuePlacement()
                if let wp, let position = positions[wp] {
                    if let av = position.av {
                        placement.vertical = av < 100.0 / 3 ? .top : av > 200.0 / 3 ? .bottom : .middle
                    } else if let ap = position.ap {
                        placement.vertical = ap < 3 ? .top : ap < 6 ? .middle : .bottom
                    }
                    if let ah = position.ah {
                        placement.alignment = ah < 100.0 / 3 ? .left : ah > 200.0 / 3 ? .right : .center
                    }
                }
                if let ws, let ju = justifications[ws] {
                    switch ju {
                    case 0: placement.alignment = .left
                    case 1: placement.alignment = .right
                    case 2: placement.alignment = .center
                    default: break
                    }
                }
                return placement
            }
            func finishParagraph() {
                guard let current = paragraph else { return }
                paragraph = nil
                var runs = builder.finish()
                builder = RunBuilder()
                // Trim white space at the edges (auto-captions begin segments with a space).
                while let first = runs.first, first.text.allSatisfy({ $0.isWhitespace }) { runs.removeFirst() }
                while let last = runs.last, last.text.allSatisfy({ $0.isWhitespace }) { runs.removeLast() }
                if let first = runs.first { runs[0].text = String(first.text.drop(while: { $0 == " " || $0 == "\n" })) }
                if let last = runs.last {
                    var text = last.text
                    while let c = text.last, c == " " || c == "\n" { text.removeLast() }
                    runs[runs.count - 1].text = text
                }
                guard !runs.isEmpty else { return }
                cues.append(Cue(start: current.start, end: current.end, runs: runs, placement: current.placement,
                                sourceLine: current.line))
            }

            while let event = reader.next() {
                switch event {
                case .start(let nameRange, let list, let selfClosing, let offset):
                    let name = reader.string(nameRange)
                    let a = attributes(list)
                    switch name {
                    case "timedtext": sawRoot = true
                    case "pen":
                        guard let id = a["id"] else { break }
                        var style = Style()
                        if a["b"] == "1" { style.attributes.insert(.bold) }
                        if a["i"] == "1" { style.attributes.insert(.italic) }
                        if a["u"] == "1" { style.attributes.insert(.underline) }
                        if let fc = a["fc"], a["fo"] != "0" { style.foreground = NamedColors.parse(fc) }
                        if let bc = a["bc"], a["bo"] != "0" { style.background = NamedColors.parse(bc) }
                        pens[id] = style
                    case "wp":
                        guard let id = a["id"] else { break }
                        positions[id] = (a["ah"].flatMap { Double($0) }, a["av"].flatMap { Double($0) }, a["ap"].flatMap { Int($0) })
                    case "ws":
                        guard let id = a["id"] else { break }
                        if let ju = a["ju"].flatMap({ Int($0) }) { justifications[id] = ju }
                    case "w":
                        guard let id = a["id"] else { break }
                        windows[id] = (a["wp"], a["ws"])
                    case "p", "text":
                        finishParagraph()
                        let line = reader.line(at: offset)
                        guard let start = milliseconds(a["t"]) else {
                            diagnostics.append(Diagnostic(line: line, message: "no start time (t=) in a <\(name)>; skipped"))
                            break
                        }
                        let length = milliseconds(a["d"]) ?? OpenEndedCues.openEnded
                        let window = a["w"].flatMap { windows[$0] }
                        let style = a["p"].flatMap { pens[$0] } ?? Style()
                        paragraph = (start, start + length, line,
                                     placement(wp: a["wp"] ?? window?.wp, ws: a["ws"] ?? window?.ws), style)
                        builder.style = style
                        builder.at = nil
                        builder.before = nil
                        // A new paragraph closes the last one's open segments (`<p><s><p></s></s>`).
                        styles = [style]
                        segmentDepth = 0
                        if selfClosing { finishParagraph() }
                    case "s":
                        guard let current = paragraph, !selfClosing else { break }
                        var style = a["p"].flatMap { pens[$0] } ?? styles.last ?? current.style
                        if style.foreground == nil { style.foreground = current.style.foreground }
                        segmentDepth += 1
                        styles.append(style)
                        builder.style = style
                        if let offset = milliseconds(a["t"]), offset > 0 {
                            builder.at = current.start + offset
                            var before = style
                            before.attributes.insert(.dim)
                            builder.before = before
                        } else if builder.at != nil {
                            builder.before = { var s = style; s.attributes.insert(.dim); return s }()
                        }
                    case "br":
                        if paragraph != nil { builder.append(10) }
                    default: break
                    }
                case .end(let nameRange, _):
                    let name = reader.string(nameRange)
                    if name == "p" || name == "text" { finishParagraph() }
                    if name == "s", segmentDepth > 0 {
                        segmentDepth -= 1
                        styles.removeLast()
                        builder.style = styles.last ?? Style()
                    }
                case .text(let range, let cdata):
                    guard paragraph != nil else { break }
                    var bytes: [UInt8] = []
                    reader.decode(range, cdata: cdata, into: &bytes)
                    bytes.removeAll { $0 == 13 }
                    bytes.withUnsafeBufferPointer { builder.append($0) }
                }
            }
            finishParagraph()
        }
        if !sawRoot { diagnostics.append(Diagnostic(line: 1, message: "no YouTube timed text found (no <timedtext> element)")) }
        return (CueList(cues), diagnostics)
    }
}
