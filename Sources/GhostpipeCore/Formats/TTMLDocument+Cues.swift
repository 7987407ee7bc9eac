/// A TTML document's paragraphs as cues: each `<p>` active over its interval, its spans' text and
/// looks gathered (a span that begins later is word timing; one that ends sooner splits the cue).
extension TTMLDocument {
    // MARK: Cues

    /// A paragraph's piece of content: text or a line break, with its look, when it is on, and the
    /// region a span put it in (nil: the paragraph's).
    struct Piece {
        var text: [UInt8]?               // nil: a line break
        var style: Style
        var preserve: Bool
        var begin: Nanoseconds
        var end: Nanoseconds?
        var region: String?
    }

    struct Context {
        var specified: [TTMLStyle]       // the ancestors' specified styles, to fold onto the region's
        var region: String?
        var preserve: Bool
        var begin: Nanoseconds
        var end: Nanoseconds?
        var styleName: String?
    }

    mutating func cues() -> [Cue] {
        guard let body = nodes.firstIndex(where: { $0.kind == .body }) else { return [] }
        resolveStyles()
        var paragraphs: [(node: Int, context: Context, begin: Nanoseconds, end: Nanoseconds?)] = []
        let rootPreserve = nodes.first(where: { $0.kind == .tt })?.preserve ?? false
        let root = Context(specified: [], region: nil, preserve: rootPreserve, begin: 0, end: nil, styleName: nil)
        collectParagraphs(body, context: root, syncBase: 0, inSeq: false, into: &paragraphs)

        // Open ends: to the last time the document names, or a few seconds.
        var documentEnd: Nanoseconds = 0
        for node in nodes where node.kind != .tt { for t in [node.begin, node.end] { if let t { documentEnd = max(documentEnd, t) } } }
        for paragraph in paragraphs { documentEnd = max(documentEnd, paragraph.end ?? paragraph.begin) }

        let hasLayout = !regions.isEmpty
        var cues: [Cue] = []
        for paragraph in paragraphs {
            let node = nodes[paragraph.node]
            let ownRegion = node.region ?? paragraph.context.region
            var begin = paragraph.begin
            var end = paragraph.end ?? (documentEnd > paragraph.begin ? documentEnd : paragraph.begin + OpenEndedCues.openEnded)
            // A region's own timing bounds what it shows.
            if let index = ownRegion.flatMap({ regions[$0] }) {
                let r = nodes[index]
                if let b = r.begin { begin = max(begin, b) }
                if let e = r.end ?? r.dur.map({ (r.begin ?? 0) + $0 }) { end = min(end, e) }
                if end <= begin { continue }
            }
            // The paragraph's computed style: its region's, then its ancestors' and its own.
            let regionIndex = ownRegion.flatMap { regions[$0] }
            var regionStyle = regionIndex.map { specified($0) } ?? TTMLStyle()
            regionStyle.background = nil    // the region's box, not the text's
            var computed = regionStyle.inherited
            for s in paragraph.context.specified { computed = computed.overridden(by: s).inherited }
            var pStyle = computed.overridden(by: specified(paragraph.node))
            if regionStyle.displayNone == true { continue }
            if pStyle.displayNone == true {
                guard let shown = displayedBySet(paragraph.node, begin: begin, end: end) else { continue }
                (begin, end) = shown
                pStyle.displayNone = false
            }
            var pieces: [Piece] = []
            gather(paragraph.node, style: pStyle, preserve: node.preserve ?? paragraph.context.preserve,
                   begin: begin, end: end, into: &pieces)
            let styleName = node.styleRefs.isEmpty ? paragraph.context.styleName : node.styleRefs.joined(separator: " ")
            // Spans put in other regions than their paragraph's show there, and only there: then what
            // is in no region is in none (as in TTML); otherwise, leniently, it shows.
            if hasLayout, ownRegion == nil || regionIndex == nil, pieces.contains(where: { $0.region.flatMap { regions[$0] } != nil }) {
                pieces.removeAll { $0.region.flatMap { regions[$0] } == nil }
            }
            var order: [String?] = []
            for piece in pieces where !order.contains(where: { $0 == piece.region }) { order.append(piece.region) }
            for region in order {
                let inRegion = pieces.filter { $0.region == region }
                let placementRegion = region ?? ownRegion
                let placement: CuePlacement
                if hasLayout, let index = placementRegion.flatMap({ regions[$0] }) {
                    placement = TTMLRegion(style: specified(index)).placement(textAlign: pStyle.textAlign ?? specified(index).textAlign)
                } else {
                    var p = CuePlacement()
                    p.alignment = pStyle.textAlign ?? .center
                    placement = p
                }
                cues += Self.cues(of: inRegion, begin: begin, end: end, placement: placement, identifier: node.id,
                                  line: node.line, styleName: styleName)
            }
        }
        return cues
    }

    /// The cues of a paragraph's pieces in one region: where a piece disappears the cue is split;
    /// where one appears it is revealed.
    static func cues(of pieces: [Piece], begin: Nanoseconds, end: Nanoseconds, placement: CuePlacement,
                     identifier: String?, line: Int, styleName: String?) -> [Cue] {
        var cues: [Cue] = []
        var splits = Set(pieces.compactMap { $0.end }.filter { $0 > begin && $0 < end })
        splits.insert(end)
        var from = begin
        for to in splits.sorted() {
            let active = pieces.filter { $0.begin < to && ($0.end ?? end) > from && ($0.end ?? end) > $0.begin }
            // The cue begins when the first of its content does.
            let first = max(from, active.lazy.filter { $0.text?.contains(where: { !Bytes.isASCIIWhitespace($0) }) ?? false }
                .map(\.begin).min() ?? from)
            let runs = Self.runs(active, from: first)
            if !runs.isEmpty, first < to {
                cues.append(Cue(start: first, end: to, runs: runs, placement: placement, identifier: identifier,
                                sourceLine: line, styleName: styleName))
            }
            from = to
        }
        return cues
    }

    /// Walks the timed structure above paragraphs: each `<div>` (and the body) passes on its
    /// interval, region and style; each `<p>` active for a while is recorded.
    func collectParagraphs(_ index: Int, context: Context, syncBase: Nanoseconds, inSeq: Bool,
                                   into paragraphs: inout [(node: Int, context: Context, begin: Nanoseconds, end: Nanoseconds?)]) {
        let node = nodes[index]
        let begin = syncBase + (node.begin ?? 0)
        var end = duration(index, inSeq: inSeq).map { begin + $0 }
        if let parentEnd = context.end { end = min(end ?? parentEnd, parentEnd) }
        if let end, end <= begin { return }
        if let parentEnd = context.end, begin >= parentEnd { return }
        if node.kind == .p {
            paragraphs.append((index, context, begin, end))
            return
        }
        var inner = context
        inner.begin = begin
        inner.end = end
        inner.region = node.region ?? context.region
        let own = specified(index)
        if own.displayNone == true { return }
        inner.specified.append(own)
        if let preserve = node.preserve { inner.preserve = preserve }
        if !node.styleRefs.isEmpty { inner.styleName = node.styleRefs.joined(separator: " ") }
        var base = begin
        for child in node.children where nodes[child].kind == .div || nodes[child].kind == .p || nodes[child].kind == .other {
            collectParagraphs(child, context: inner, syncBase: node.seq ? base : begin, inSeq: node.seq, into: &paragraphs)
            if node.seq {
                guard let d = duration(child, inSeq: true) else { break }   // an indefinite child holds the rest back
                base = base + (nodes[child].begin ?? 0) + d
            }
        }
    }

    /// When an element hidden by `display="none"` is shown by a `<set tts:display="auto">` child
    /// (the animation IMSC allows), within `begin..<end`; nil when it never is.
    func displayedBySet(_ index: Int, begin: Nanoseconds, end: Nanoseconds) -> (Nanoseconds, Nanoseconds)? {
        guard let set = nodes[index].children.first(where: { nodes[$0].kind == .set && nodes[$0].inline.displayNone == false })
        else { return nil }
        let s = nodes[set]
        let setBegin = begin + (s.begin ?? 0)
        let setEnd = s.end.map { begin + $0 } ?? s.dur.map { setBegin + $0 } ?? end
        let shown = (max(begin, setBegin), min(end, setEnd))
        return shown.1 > shown.0 ? shown : nil
    }

    /// The content of a paragraph or span, in reading order, with its looks, intervals and regions.
    func gather(_ index: Int, style: TTMLStyle, preserve: Bool, begin: Nanoseconds, end: Nanoseconds,
                        region: String? = nil, into pieces: inout [Piece]) {
        let node = nodes[index]
        var base = begin
        let rubyContainer = style.ruby == .container || style.ruby == .baseContainer || style.ruby == .textContainer
        for child in node.children {
            let c = nodes[child]
            switch c.kind {
            case .text:
                // Text in a sequence lasts no time (an anonymous span's implicit duration there);
                // white space between the parts of a ruby is not text.
                if node.seq { continue }
                if rubyContainer, c.text.allSatisfy(Bytes.isASCIIWhitespace) { continue }
                pieces.append(Piece(text: c.text, style: style.look, preserve: preserve, begin: begin, end: end, region: region))
            case .br:
                if node.seq { continue }
                pieces.append(Piece(text: nil, style: style.look, preserve: preserve, begin: begin, end: end, region: region))
            case .span, .other:
                var childBegin = (node.seq ? base : begin) + (c.begin ?? 0)
                var childEnd = duration(child, inSeq: node.seq).map { childBegin + $0 } ?? end
                childEnd = min(childEnd, end)
                if node.seq { base = childEnd }
                guard childBegin < end, childEnd > childBegin || (c.begin == nil && c.end == nil && c.dur == nil) else { continue }
                var computed = style.inherited.overridden(by: specified(child))
                if computed.displayNone == true {
                    guard let shown = displayedBySet(child, begin: childBegin, end: childEnd) else { continue }
                    (childBegin, childEnd) = shown
                    computed.displayNone = false
                }
                if computed.displayNone == true || computed.hidden == true { continue }
                let childPreserve = c.preserve ?? preserve
                let childRegion = c.region ?? region
                switch computed.ruby {
                case .delimiter?: continue
                case .text?, .textContainer?:
                    var inner: [Piece] = []
                    gather(child, style: computed, preserve: childPreserve, begin: childBegin, end: childEnd,
                           region: childRegion, into: &inner)
                    // Ruby text in a text container is bracketed once, around the container.
                    if computed.ruby == .text, specified(c.parent).ruby == .textContainer { pieces += inner; continue }
                    pieces.append(Piece(text: [40], style: style.look, preserve: true, begin: childBegin, end: childEnd, region: childRegion))
                    pieces += inner
                    pieces.append(Piece(text: [41], style: style.look, preserve: true, begin: childBegin, end: childEnd, region: childRegion))
                default:
                    gather(child, style: computed, preserve: childPreserve, begin: childBegin, end: childEnd,
                           region: childRegion, into: &pieces)
                }
            default:
                continue
            }
        }
    }

    /// The styled runs of the pieces on show from `from`: white space collapsed where it is not
    /// preserved, dropped at the edges of lines; pieces that begin later revealed at their instant.
    static func runs(_ pieces: [Piece], from: Nanoseconds) -> [StyledRun] {
        var builder = RunBuilder()
        var pendingSpace = false
        var pendingBreaks = 0
        var lineStart = true
        var wrote = false
        func flush() {
            if wrote { for _ in 0..<pendingBreaks { builder.append(10) } }
            if pendingBreaks > 0 { lineStart = true }
            pendingBreaks = 0
            if pendingSpace, !lineStart { builder.append(32) }
            pendingSpace = false
        }
        for piece in pieces {
            builder.style = piece.style
            builder.at = piece.begin > from ? piece.begin : nil
            guard let text = piece.text else {
                pendingSpace = false
                pendingBreaks += 1
                lineStart = true
                continue
            }
            for byte in text {
                if piece.preserve {
                    if byte == 13 { continue }
                    if byte == 10 { pendingSpace = false; pendingBreaks += 1; lineStart = true; continue }
                    flush()
                    builder.append(byte == 9 ? 32 : byte)
                    wrote = true
                    lineStart = false
                    continue
                }
                if byte == 32 || byte == 9 || byte == 10 || byte == 13 {
                    if !lineStart { pendingSpace = true }
                    continue
                }
                flush()
                builder.append(byte)
                wrote = true
                lineStart = false
            }
        }
        return builder.finish()
    }
}
