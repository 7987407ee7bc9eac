/// A colour of SubStation Alpha: `&HAABBGGRR` in styles (alpha first: 00 opaque, FF invisible),
/// `&HBBGGRR&` in override tags, or a decimal number in old SSA styles.
struct ASSColor: Hashable, Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8

    static let white = ASSColor(red: 255, green: 255, blue: 255, alpha: 0)
    static let red = ASSColor(red: 255, green: 0, blue: 0, alpha: 0)

    /// Reads `&HAABBGGRR`, `&HBBGGRR&`, `H…`, or a decimal number (possibly negative, as SSA writes
    /// some); nil when there is no number. What comes after the digits is ignored, as libass does.
    static func parse(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> ASSColor? {
        var k = start
        while k < end, Bytes.isSpaceOrTab(p[k]) || p[k] == 38 { k += 1 }           // spaces, &
        var value: UInt64 = 0
        var digits = 0
        if k < end, p[k] | 0x20 == 104 {                                          // H or h
            k += 1
            while k < end, digits < 8, let d = hexDigit(p[k]) { value = value << 4 | UInt64(d); digits += 1; k += 1 }
        } else {
            var negative = false
            if k < end, p[k] == 45 { negative = true; k += 1 }
            while k < end, digits < 11, Bytes.isDigit(p[k]) { value = value * 10 + UInt64(p[k] - 48); digits += 1; k += 1 }
            if negative { value = UInt64(UInt32(truncatingIfNeeded: -Int64(value))) }
        }
        guard digits > 0 else { return nil }
        let v = UInt32(truncatingIfNeeded: value)
        return ASSColor(red: UInt8(v & 0xFF), green: UInt8(v >> 8 & 0xFF), blue: UInt8(v >> 16 & 0xFF), alpha: UInt8(v >> 24))
    }

    /// An alpha value alone (`\alpha&H80&`, `\1a&HFF&`).
    static func parseAlpha(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> UInt8? {
        parse(p, start, end).map { $0.red }
    }

    static func hexDigit(_ b: UInt8) -> UInt8? {
        if Bytes.isDigit(b) { return b - 48 }
        let l = b | 0x20
        return l >= 97 && l <= 102 ? l - 87 : nil
    }

    /// The terminal's view: white is the terminal's own text colour (light or dark theme alike);
    /// anything else is itself.
    var foreground: Color? {
        red == 255 && green == 255 && blue == 255 ? nil : .rgb(red, green, blue)
    }

    /// How much of it shows: the terminal can dim text or not draw it.
    enum Visibility { case shown, dim, hidden }
    var visibility: Visibility { alpha == 0xFF ? .hidden : alpha >= 0x80 ? .dim : .shown }
}

/// One line of a `[V4+ Styles]` or `[V4 Styles]` table, as much of it as a terminal can show.
struct ASSStyle: Sendable {
    var name = "Default"
    /// The text's colour, and (karaoke) its colour before its syllable is sung.
    var primary = ASSColor.white
    var secondary = ASSColor.red
    var bold = false
    var italic = false
    var underline = false
    var strikeOut = false
    /// Numpad alignment (1–9), converted from SSA's legacy numbers for `[V4 Styles]`.
    var alignment = 2

    /// A `Style:` line's fields, named by the table's `Format:` line (lowercased).
    init(fields: [Substring], format: [String], legacyAlignment: Bool) {
        for (name, raw) in zip(format, fields) {
            let value = raw.trimmingASCIIWhitespace()
            switch name {
            case "name":
                // libass drops a leading '*' (some writers mark styles so).
                self.name = String(value.drop { $0 == "*" })
            case "primarycolour", "primarycolor": primary = Self.color(value) ?? primary
            case "secondarycolour", "secondarycolor": secondary = Self.color(value) ?? secondary
            case "bold": bold = Self.flag(value)
            case "italic": italic = Self.flag(value)
            case "underline": underline = Self.flag(value)
            case "strikeout": strikeOut = Self.flag(value)
            case "alignment":
                if let n = Int(value) {
                    alignment = legacyAlignment ? CuePlacement.numpad(legacy: n) ?? 2 : (1...9).contains(n) ? n : 2
                }
            default: break
            }
        }
    }

    init() {}

    /// `-1` (true, as SSA writes it), `1`, or any non-zero number is on.
    static func flag(_ value: Substring) -> Bool { (Int(value) ?? 0) != 0 }

    static func color(_ value: Substring) -> ASSColor? {
        var bytes = Array(value.utf8)
        return bytes.withUnsafeMutableBufferPointer { b in b.baseAddress.flatMap { ASSColor.parse($0, 0, b.count) } }
    }

    /// The default `Format:` of a styles table without one.
    static let v4PlusFormat = ["name", "fontname", "fontsize", "primarycolour", "secondarycolour", "outlinecolour",
                               "backcolour", "bold", "italic", "underline", "strikeout", "scalex", "scaley", "spacing",
                               "angle", "borderstyle", "outline", "shadow", "alignment", "marginl", "marginr", "marginv",
                               "encoding"]
    static let v4Format = ["name", "fontname", "fontsize", "primarycolour", "secondarycolour", "tertiarycolour",
                           "backcolour", "bold", "italic", "borderstyle", "outline", "shadow", "alignment", "marginl",
                           "marginr", "marginv", "alphalevel", "encoding"]
}
