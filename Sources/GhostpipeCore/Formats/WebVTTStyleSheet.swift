/// What a terminal can use of WebVTT styling: the spec's default colour classes, and a small subset of
/// CSS from the file's STYLE blocks.
///
/// Selectors understood: `::cue` (the whole cue), `::cue(.class)`, `::cue(tag)`, `::cue(tag.class.other)`
/// (tags `c i b u v ruby rt lang`); other selectors (attribute selectors, `:past`, ids) are skipped.
/// Properties: `color`, `background-color` (or `background` with a lone colour), `font-weight`
/// (`bold`, `bolder`, 600–900, `normal`), `font-style` (`italic`, `oblique`, `normal`),
/// `text-decoration`/`text-decoration-line` (`underline`, `line-through`, `none`). Colours: names,
/// `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`. Later rules win; the default classes come first,
/// so `::cue(.yellow) { color: cyan }` recolours yellow text, as the spec's note says.
struct WebVTTStyleSheet: Sendable {
    struct Declaration: Sendable {
        var foreground: Color?
        var background: Color?
        var add: TextAttributes = []
        var remove: TextAttributes = []

        func apply(to style: inout Style) {
            if let foreground { style.foreground = foreground }
            if let background { style.background = background }
            style.attributes.subtract(remove)
            style.attributes.formUnion(add)
        }
    }

    struct Selector: Sendable {
        /// nil for `::cue` itself.
        var element: WebVTTCueText.Kind?
        var anyElement: Bool
        var classes: [[UInt8]]
        var isRoot: Bool
    }

    struct Rule: Sendable {
        var selector: Selector
        var declaration: Declaration
    }

    var rules: [Rule] = []

    static let empty = WebVTTStyleSheet()

    /// The spec's default classes (WebVTT § "Default classes"): foreground and `bg_` background.
    static let defaultColors: [String: UInt32] = [
        "white": 0xFFFFFF, "lime": 0x00FF00, "cyan": 0x00FFFF, "red": 0xFF0000,
        "yellow": 0xFFFF00, "magenta": 0xFF00FF, "blue": 0x0000FF, "black": 0x000000,
    ]

    /// The style of text outside any tag (from `::cue { … }` rules).
    var rootStyle: Style {
        var style = Style.plain
        for rule in rules where rule.selector.isRoot { rule.declaration.apply(to: &style) }
        return style
    }

    func apply(element: WebVTTCueText.Kind, classes: [[UInt8]], to style: inout Style) {
        for name in classes {
            let key = String(decoding: name, as: UTF8.self)
            if let rgb = Self.defaultColors[key] {
                style.foreground = NamedColors.rgbColor(rgb)
            } else if key.hasPrefix("bg_"), let rgb = Self.defaultColors[String(key.dropFirst(3))] {
                style.background = NamedColors.rgbColor(rgb)
            }
        }
        for rule in rules where !rule.selector.isRoot {
            let s = rule.selector
            guard s.anyElement || s.element == element, s.classes.allSatisfy({ classes.contains($0) }) else { continue }
            rule.declaration.apply(to: &style)
        }
    }

    // MARK: Parsing

    /// Adds the rules of one STYLE block.
    mutating func addRules(from css: UnsafeBufferPointer<UInt8>) {
        let text = Array(Self.removingComments(css))
        var k = 0
        let n = text.count
        while k < n {
            // Selector list up to `{`, declarations up to `}`.
            let selectorStart = k
            while k < n, text[k] != 123 { k += 1 }
            guard k < n else { return }
            let selectorText = text[selectorStart..<k]
            k += 1
            let bodyStart = k
            while k < n, text[k] != 125 { k += 1 }
            let body = text[bodyStart..<min(k, n)]
            k += 1
            let declaration = Self.parseDeclarations(body)
            for selector in selectorText.split(separator: 44) {             // ,
                if let parsed = Self.parseSelector(Self.trimmed(selector)) {
                    rules.append(Rule(selector: parsed, declaration: declaration))
                }
            }
        }
    }

    static func removingComments(_ css: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var k = 0
        while k < css.count {
            if css[k] == 47, k + 1 < css.count, css[k + 1] == 42 {                    // /*
                k += 2
                while k + 1 < css.count, !(css[k] == 42 && css[k + 1] == 47) { k += 1 }
                k += 2
                continue
            }
            out.append(css[k])
            k += 1
        }
        return out
    }

    static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        while let f = s.first, Bytes.isASCIIWhitespace(f) { s.removeFirst() }
        while let l = s.last, Bytes.isASCIIWhitespace(l) { s.removeLast() }
        return s
    }

    static func parseSelector(_ s: ArraySlice<UInt8>) -> Selector? {
        let prefix = Array("::cue".utf8)
        guard s.starts(with: prefix) else { return nil }
        let rest = trimmed(s.dropFirst(prefix.count))
        if rest.isEmpty { return Selector(element: nil, anyElement: true, classes: [], isRoot: true) }
        guard rest.first == 40, rest.last == 41 else { return nil }                   // ( )
        let inner = trimmed(rest.dropFirst().dropLast())
        var parts = inner.split(separator: 46, omittingEmptySubsequences: false)      // .
        let tag = parts.removeFirst()
        let allowed: (UInt8) -> Bool = { Bytes.isLetter($0) || Bytes.isDigit($0) || $0 == 45 || $0 == 95 || $0 >= 0x80 }
        guard tag.allSatisfy(allowed), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed) }) else { return nil }
        var element: WebVTTCueText.Kind?
        if !tag.isEmpty {
            guard let kind = WebVTTCueText.kind(of: Array(tag)) else { return nil }
            element = kind
        } else if parts.isEmpty {
            return nil
        }
        return Selector(element: element, anyElement: element == nil, classes: parts.map(Array.init), isRoot: false)
    }

    static func parseDeclarations(_ body: ArraySlice<UInt8>) -> Declaration {
        var d = Declaration()
        for item in body.split(separator: 59) {                                       // ;
            guard let colon = item.firstIndex(of: 58) else { continue }
            let property = String(decoding: trimmed(item[item.startIndex..<colon]).map(Bytes.lower), as: UTF8.self)
            var valueBytes = Array(trimmed(item[(colon + 1)...]).map(Bytes.lower))
            if valueBytes.count >= 10, valueBytes.suffix(10) == Array("!important".utf8) {
                valueBytes = Array(trimmed(valueBytes.dropLast(10)[...]))
            }
            let value = String(decoding: valueBytes, as: UTF8.self)
            switch property {
            case "color":
                if let c = parseColor(value) { d.foreground = c }
            case "background-color", "background":
                if let c = parseColor(value) { d.background = c }
            case "font-weight":
                if value == "bold" || value == "bolder" || (Int(value).map { $0 >= 600 } ?? false) {
                    d.add.insert(.bold); d.remove.remove(.bold)
                } else if value == "normal" || value == "lighter" || (Int(value).map { $0 < 600 } ?? false) {
                    d.remove.insert(.bold); d.add.remove(.bold)
                }
            case "font-style":
                if value.hasPrefix("italic") || value.hasPrefix("oblique") {
                    d.add.insert(.italic); d.remove.remove(.italic)
                } else if value == "normal" {
                    d.remove.insert(.italic); d.add.remove(.italic)
                }
            case "text-decoration", "text-decoration-line":
                if value.contains("none") {
                    d.remove.formUnion([.underline, .strikethrough])
                    d.add.subtract([.underline, .strikethrough])
                }
                if value.contains("underline") { d.add.insert(.underline); d.remove.remove(.underline) }
                if value.contains("line-through") { d.add.insert(.strikethrough); d.remove.remove(.strikethrough) }
            default:
                break
            }
        }
        return d
    }

    /// A CSS colour: a name, hex, or `rgb()`/`rgba()` with numbers or percentages.
    static func parseColor(_ value: String) -> Color? {
        if value.hasPrefix("rgb") {
            guard let open = value.firstIndex(of: "("), let close = value.lastIndex(of: ")"), open < close else { return nil }
            let inner = value[value.index(after: open)..<close]
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).prefix(3)
            guard parts.count == 3 else { return nil }
            var channels: [UInt8] = []
            for part in parts {
                let percent = part.hasSuffix("%")
                guard let v = Double(percent ? part.dropLast() : part), v.isFinite else { return nil }
                let scaled = percent ? v * 2.55 : v
                channels.append(UInt8(max(0, min(255, scaled.rounded()))))
            }
            return .rgb(channels[0], channels[1], channels[2])
        }
        if value == "transparent" || value == "currentcolor" || value == "inherit" { return nil }
        return NamedColors.parse(value)
    }
}
