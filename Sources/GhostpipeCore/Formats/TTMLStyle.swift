/// The TTML style properties (`tts:*`) a terminal can show, as specified on one element, a `<style>`
/// or a `<region>`: nil is "not specified here".
///
/// - `color`, `backgroundColor` (a name, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`; fully transparent
///   is no colour), `fontWeight` bold, `fontStyle` italic or oblique, `textDecoration` underline and
///   lineThrough (and their `no…` forms), `display none` and `visibility hidden` (the text is not shown);
/// - for placement: `textAlign`, `displayAlign`, `origin`, `extent` and IMSC 1.1's `position`;
/// - `ruby` (IMSC 1.1): which part of a ruby annotation a span is.
///
/// Sizes, fonts, outlines, padding, writing modes and the rest mean nothing on a terminal's grid
/// and are ignored.
struct TTMLStyle: Sendable {
    /// A colour that may be set to none (transparent).
    enum Paint: Sendable, Equatable { case none, color(Color) }
    enum DisplayAlign: Sendable { case before, center, after }
    enum Ruby: Sendable { case container, base, baseContainer, text, textContainer, delimiter }

    var color: Paint?
    var background: Paint?
    var bold: Bool?
    var italic: Bool?
    var underline: Bool?
    var lineThrough: Bool?
    var hidden: Bool?
    var displayNone: Bool?
    var textAlign: CuePlacement.Alignment?
    var displayAlign: DisplayAlign?
    /// Percentages of the root container (x, y), converted from `%`, `px` and `c` lengths.
    var origin: (x: Double, y: Double)?
    var extent: (x: Double, y: Double)?
    /// IMSC 1.1 `position`: where the region's box sits, as background-position (0–100 of the room left).
    var position: (x: Double, y: Double)?
    var ruby: Ruby?

    /// The lengths of the document, for pixel and cell lengths.
    struct Metrics: Sendable {
        var rootExtent: (x: Double, y: Double)?
        var cells: (x: Double, y: Double) = (32, 15)
    }

    /// Reads one `tts:` attribute by its local name; false when it is none this type keeps.
    @discardableResult
    mutating func set(_ name: String, _ value: String, metrics: Metrics) -> Bool {
        let v = value.trimmingASCIIWhitespace()
        switch name {
        case "color": color = Self.paint(String(v))
        case "backgroundColor": background = Self.paint(String(v))
        case "fontWeight": bold = v == "bold"
        case "fontStyle": italic = v == "italic" || v == "oblique"
        case "textDecoration":
            for word in v.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch word {
                case "underline": underline = true
                case "noUnderline": underline = false
                case "lineThrough": lineThrough = true
                case "noLineThrough": lineThrough = false
                case "none": underline = false; lineThrough = false
                default: break
                }
            }
        case "visibility": hidden = v == "hidden"
        case "display": displayNone = v == "none"
        case "textAlign":
            switch v {
            case "left", "start": textAlign = .left
            case "right", "end": textAlign = .right
            case "center": textAlign = .center
            default: break
            }
        case "displayAlign":
            switch v {
            case "before": displayAlign = .before
            case "center": displayAlign = .center
            case "after": displayAlign = .after
            default: break
            }
        case "origin": origin = Self.pair(String(v), metrics: metrics)
        case "extent": extent = Self.pair(String(v), metrics: metrics)
        case "position": position = Self.position(String(v))
        case "ruby":
            switch v {
            case "container": ruby = .container
            case "base": ruby = .base
            case "baseContainer": ruby = .baseContainer
            case "text": ruby = .text
            case "textContainer": ruby = .textContainer
            case "delimiter": ruby = .delimiter
            default: ruby = nil
            }
        default: return false
        }
        return true
    }

    /// `self` with what `other` specifies put over it.
    func overridden(by other: TTMLStyle) -> TTMLStyle {
        var s = self
        if let v = other.color { s.color = v }
        if let v = other.background { s.background = v }
        if let v = other.bold { s.bold = v }
        if let v = other.italic { s.italic = v }
        if let v = other.underline { s.underline = v }
        if let v = other.lineThrough { s.lineThrough = v }
        if let v = other.hidden { s.hidden = v }
        if let v = other.displayNone { s.displayNone = v }
        if let v = other.textAlign { s.textAlign = v }
        if let v = other.displayAlign { s.displayAlign = v }
        if let v = other.origin { s.origin = v }
        if let v = other.extent { s.extent = v }
        if let v = other.position { s.position = v }
        if let v = other.ruby { s.ruby = v }
        return s
    }

    /// What a child inherits of its parent's computed style: the inheritable properties (TTML's
    /// `backgroundColor` is not, but a terminal shows a paragraph's background on its text, so a
    /// child's text keeps it unless the region set it).
    var inherited: TTMLStyle {
        var s = TTMLStyle()
        s.color = color
        s.background = background
        s.bold = bold
        s.italic = italic
        s.underline = underline
        s.lineThrough = lineThrough
        s.hidden = hidden
        s.textAlign = textAlign
        return s
    }

    /// The terminal look of text in this computed style.
    var look: Style {
        var style = Style()
        if case .color(let c)? = color { style.foreground = c }
        if case .color(let c)? = background { style.background = c }
        if bold == true { style.attributes.insert(.bold) }
        if italic == true { style.attributes.insert(.italic) }
        if underline == true { style.attributes.insert(.underline) }
        if lineThrough == true { style.attributes.insert(.strikethrough) }
        return style
    }

    // MARK: Values

    /// A TTML colour: a named colour, `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`, `rgba(r,g,b,a)`; alpha 0
    /// (and `transparent`) is no colour.
    static func paint(_ value: String) -> Paint? {
        let lower = value.lowercased()
        if lower == "transparent" { return Paint.none }
        if lower.hasPrefix("rgba") || lower.hasPrefix("rgb") {
            guard let open = lower.firstIndex(of: "("), let close = lower.lastIndex(of: ")"), open < close else { return nil }
            let parts = lower[lower.index(after: open)..<close].split(separator: ",").map { Int($0.trimmingASCIIWhitespace()) }
            guard parts.count >= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
            let v = parts.map { UInt8(clamping: $0!) }
            if v.count == 4, v[3] == 0 { return Paint.none }
            return .color(.rgb(v[0], v[1], v[2]))
        }
        if lower.hasPrefix("#"), lower.count == 9, lower.hasSuffix("00") { return Paint.none }
        return NamedColors.parse(value).map { .color($0) }
    }

    /// Two lengths (`10% 80%`, `100px 50px`, `2c 3c`) as percentages of the root container.
    static func pair(_ value: String, metrics: Metrics) -> (x: Double, y: Double)? {
        let parts = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, let x = length(parts[0], whole: metrics.rootExtent?.x, cells: metrics.cells.x),
              let y = length(parts[1], whole: metrics.rootExtent?.y, cells: metrics.cells.y) else { return nil }
        return (x, y)
    }

    static func length(_ text: Substring, whole: Double?, cells: Double) -> Double? {
        func number(_ s: Substring) -> Double? { Double(s).flatMap { $0.isFinite ? $0 : nil } }
        if text.hasSuffix("%") { return number(text.dropLast()) }
        if text.hasSuffix("px") {
            guard let v = number(text.dropLast(2)) else { return nil }
            return v / (whole ?? (cells == 15 ? 1080 : 1920)) * 100   // no root extent: HD, as IMSC's default
        }
        if text.hasSuffix("c") { return number(text.dropLast()).map { $0 / cells * 100 } }
        return nil
    }

    /// IMSC 1.1 `position`: keywords (`center`, `top`, `bottom left`…) or percentages, as CSS
    /// background-position reads them.
    static func position(_ value: String) -> (x: Double, y: Double)? {
        var x: Double?, y: Double?
        var pending: [Double] = []
        for word in value.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            switch word {
            case "left": x = 0
            case "right": x = 100
            case "top": y = 0
            case "bottom": y = 100
            case "center": pending.append(50)
            default:
                if word.hasSuffix("%"), let v = Double(word.dropLast()) { pending.append(v) }
            }
        }
        // Unassigned values fill x then y, in order.
        for v in pending {
            if x == nil { x = v } else if y == nil { y = v }
        }
        guard x != nil || y != nil else { return nil }
        return (x ?? 50, y ?? 50)
    }
}

/// A `<region>`: its computed style (placement and the styles it gives its content).
struct TTMLRegion: Sendable {
    var style: TTMLStyle

    /// The band placement of text in this region, aligned by `textAlign` (the text's).
    func placement(textAlign: CuePlacement.Alignment?) -> CuePlacement {
        let extent = style.extent ?? (100, 100)
        var origin = style.origin ?? (0, 0)
        if let position = style.position {
            origin = ((100 - extent.x) * position.x / 100, (100 - extent.y) * position.y / 100)
        }
        let anchorY: Double
        switch style.displayAlign ?? .before {
        case .before: anchorY = origin.y
        case .center: anchorY = origin.y + extent.y / 2
        case .after: anchorY = origin.y + extent.y
        }
        let anchorX: Double
        switch textAlign ?? .left {
        case .left, .start: anchorX = origin.x
        case .right, .end: anchorX = origin.x + extent.x
        case .center: anchorX = origin.x + extent.x / 2
        }
        var placement = CuePlacement()
        placement.vertical = anchorY < 100.0 / 3 ? .top : anchorY > 200.0 / 3 ? .bottom : .middle
        placement.alignment = anchorX < 100.0 / 3 ? .left : anchorX > 200.0 / 3 ? .right : .center
        return placement
    }
}
