/// WebVTT cue text → styled runs, by the W3C "WebVTT cue text parsing rules" (tokenizer and tree
/// construction), drawn for a terminal:
///
/// - `<i> <b> <u>` → italic, bold, underline; `<c>` styles only through its classes.
/// - Classes (`<c.yellow.bg_blue>`, also on any other tag): the default colour classes of the spec
///   (`white lime cyan red yellow magenta blue black` and their `bg_` forms), then the rules of the
///   file's STYLE blocks, in that order (see ``WebVTTStyleSheet``).
/// - `<v Speaker>` and `<lang en>` show nothing of their annotation, as browsers do: the voice only
///   selects styles.
/// - Ruby: `<ruby>漢<rt>kan</rt></ruby>` reads `漢(kan)`: a terminal cannot set text above text, and
///   parentheses are how ruby is written inline.
/// - Inline timestamps `<00:00:01.500>` set ``StyledRun/at`` of the text after them (karaoke).
/// - Character references: the common named ones and numeric ones (see ``CharacterReferences``).
/// - Tag names are case-sensitive, as the spec says (`<I>` is an unknown tag and is ignored).
enum WebVTTCueText {

    static func parse(_ raw: UnsafeBufferPointer<UInt8>, styleSheet: WebVTTStyleSheet) -> [StyledRun] {
        let text = cleanLines(raw)
        guard !text.isEmpty else { return [] }
        let root = styleSheet.rootStyle
        if root.isPlain, !text.contains(where: { $0 == 60 || $0 == 38 }) {
            return [StyledRun(String(decoding: text, as: UTF8.self))]
        }
        return text.withUnsafeBufferPointer { parseMarkup($0, styleSheet: styleSheet) }
    }

    /// Lines joined by LF (CRLF and CR become LF) and NUL replaced by U+FFFD: the parser's first step.
    static func cleanLines(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard let base = raw.baseAddress else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var scanner = LineScanner(base, count: raw.count)
        var first = true
        while let line = scanner.next() {
            if !first { out.append(10) }
            first = false
            appendReplacingNUL(UnsafeBufferPointer(start: base + line.start, count: line.end - line.start), to: &out)
        }
        return out
    }

    static func appendReplacingNUL(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if !bytes.contains(0) { out.append(contentsOf: bytes); return }
        for b in bytes {
            if b == 0 { out += [0xEF, 0xBF, 0xBD] } else { out.append(b) }
        }
    }

    static func replacingNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        appendReplacingNUL(bytes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    enum Kind: Equatable { case c, i, b, u, ruby, rt, v, lang }

    struct Element {
        var kind: Kind
        var style: Style
    }

    static func kind(of name: [UInt8]) -> Kind? {
        switch name {
        case [99]: return .c
        case [105]: return .i
        case [98]: return .b
        case [117]: return .u
        case [118]: return .v
        case Array("ruby".utf8): return .ruby
        case Array("rt".utf8): return .rt
        case Array("lang".utf8): return .lang
        default: return nil
        }
    }

    static func parseMarkup(_ t: UnsafeBufferPointer<UInt8>, styleSheet: WebVTTStyleSheet) -> [StyledRun] {
        guard let p = t.baseAddress else { return [] }
        let n = t.count
        let root = styleSheet.rootStyle
        var builder = RunBuilder()
        builder.style = root
        var stack: [Element] = []

        func emit(_ byte: UInt8) { builder.append(byte) }
        func pop() {
            guard let top = stack.popLast() else { return }
            if top.kind == .rt { emit(41) }                      // ) after ruby text
            builder.style = stack.last?.style ?? root
        }

        var i = 0
        while i < n {
            let c = p[i]
            if c == 38 {                                          // &
                if let (scalar, length) = CharacterReferences.match(p, i, n) {
                    builder.append(scalar: scalar)
                    i += length
                } else {
                    emit(c)
                    i += 1
                }
                continue
            }
            if c != 60 {                                          // text up to the next & or <
                var k = i + 1
                while k < n, p[k] != 38, p[k] != 60 { k += 1 }
                builder.append(UnsafeBufferPointer(start: p + i, count: k - i))
                i = k
                continue
            }
            let token = readTag(p, i + 1, n)
            i = token.end
            switch token.type {
            case .timestamp:
                var k = token.nameStart
                if let time = WebVTTParser.collectTimestamp(p, &k, token.nameEnd), k == token.nameEnd {
                    builder.at = time
                }
            case .end:
                let name = Array(UnsafeBufferPointer(start: p + token.nameStart, count: token.nameEnd - token.nameStart))
                guard let top = stack.last else { break }
                if let kind = kind(of: name), kind == top.kind {
                    pop()
                } else if name == Array("ruby".utf8), top.kind == .rt {
                    pop()
                    pop()
                }
            case .start:
                let name = Array(UnsafeBufferPointer(start: p + token.nameStart, count: token.nameEnd - token.nameStart))
                guard let kind = kind(of: name) else { break }
                if kind == .rt, stack.last?.kind != .ruby { break }
                var style = stack.last?.style ?? root
                switch kind {
                case .i: style.attributes.insert(.italic)
                case .b: style.attributes.insert(.bold)
                case .u: style.attributes.insert(.underline)
                default: break
                }
                styleSheet.apply(element: kind, classes: token.classes, to: &style)
                if kind == .rt { emit(40) }                       // ( before ruby text, in the base's style
                stack.append(Element(kind: kind, style: style))
                builder.style = style
            }
        }
        while let top = stack.last {
            if top.kind == .rt { pop() } else { stack.removeLast() }
        }
        return builder.finish()
    }

    enum TokenType { case start, end, timestamp }

    struct TagToken {
        var type: TokenType
        var nameStart: Int
        var nameEnd: Int
        var classes: [[UInt8]]
        var end: Int
    }

    /// The spec's tokenizer from the tag state on (`k` is just past `<`). Annotations are skipped:
    /// nothing in a terminal shows them.
    static func readTag(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> TagToken {
        var k = start
        guard k < n else { return TagToken(type: .start, nameStart: k, nameEnd: k, classes: [], end: k) }
        let first = p[k]
        if first == 47 || Bytes.isDigit(first) {                 // </name> or <00:00.000>
            let from = first == 47 ? k + 1 : k
            k = from
            while k < n, p[k] != 62 { k += 1 }
            return TagToken(type: first == 47 ? .end : .timestamp, nameStart: from, nameEnd: k, classes: [],
                            end: k < n ? k + 1 : k)
        }
        // Start tag: name, then `.class` parts, then an annotation after whitespace.
        let nameStart = k
        while k < n, p[k] != 62, p[k] != 46, !isTagSpace(p[k]) { k += 1 }
        let nameEnd = k
        var classes: [[UInt8]] = []
        if k < n, p[k] == 46 {
            var current: [UInt8] = []
            k += 1
            while k < n, p[k] != 62, !isTagSpace(p[k]) {
                if p[k] == 46 { classes.append(current); current = [] } else { current.append(p[k]) }
                k += 1
            }
            classes.append(current)
        }
        while k < n, p[k] != 62 { k += 1 }                       // annotation
        return TagToken(type: .start, nameStart: nameStart, nameEnd: nameEnd, classes: classes, end: k < n ? k + 1 : k)
    }

    @inline(__always) static func isTagSpace(_ b: UInt8) -> Bool { b == 9 || b == 10 || b == 12 || b == 32 }
}
