/// Colour names and hex notations of subtitle markup (`<font color=…>`, WebVTT STYLE blocks).
enum NamedColors {
    /// The CSS named colours (CSS Color Module Level 4), as 0xRRGGBB. Also what VLC and ffmpeg accept
    /// in `<font color>`.
    static let table: [String: UInt32] = [
        "black": 0x000000,
        "silver": 0xC0C0C0,
        "gray": 0x808080,
        "grey": 0x808080,
        "white": 0xFFFFFF,
        "maroon": 0x800000,
        "red": 0xFF0000,
        "purple": 0x800080,
        "fuchsia": 0xFF00FF,
        "magenta": 0xFF00FF,
        "green": 0x008000,
        "lime": 0x00FF00,
        "olive": 0x808000,
        "yellow": 0xFFFF00,
        "navy": 0x000080,
        "blue": 0x0000FF,
        "teal": 0x008080,
        "aqua": 0x00FFFF,
        "cyan": 0x00FFFF,
        "orange": 0xFFA500,
        "pink": 0xFFC0CB,
        "hotpink": 0xFF69B4,
        "deeppink": 0xFF1493,
        "brown": 0xA52A2A,
        "gold": 0xFFD700,
        "goldenrod": 0xDAA520,
        "darkgoldenrod": 0xB8860B,
        "khaki": 0xF0E68C,
        "darkkhaki": 0xBDB76B,
        "violet": 0xEE82EE,
        "orchid": 0xDA70D6,
        "plum": 0xDDA0DD,
        "indigo": 0x4B0082,
        "darkviolet": 0x9400D3,
        "darkorchid": 0x9932CC,
        "darkmagenta": 0x8B008B,
        "lavender": 0xE6E6FA,
        "beige": 0xF5F5DC,
        "ivory": 0xFFFFF0,
        "tan": 0xD2B48C,
        "chocolate": 0xD2691E,
        "sienna": 0xA0522D,
        "salmon": 0xFA8072,
        "lightsalmon": 0xFFA07A,
        "darksalmon": 0xE9967A,
        "coral": 0xFF7F50,
        "tomato": 0xFF6347,
        "orangered": 0xFF4500,
        "darkorange": 0xFF8C00,
        "crimson": 0xDC143C,
        "firebrick": 0xB22222,
        "darkred": 0x8B0000,
        "lightcoral": 0xF08080,
        "indianred": 0xCD5C5C,
        "lightpink": 0xFFB6C1,
        "turquoise": 0x40E0D0,
        "darkturquoise": 0x00CED1,
        "mediumturquoise": 0x48D1CC,
        "paleturquoise": 0xAFEEEE,
        "aquamarine": 0x7FFFD4,
        "lightblue": 0xADD8E6,
        "lightskyblue": 0x87CEFA,
        "skyblue": 0x87CEEB,
        "deepskyblue": 0x00BFFF,
        "dodgerblue": 0x1E90FF,
        "cornflowerblue": 0x6495ED,
        "steelblue": 0x4682B4,
        "royalblue": 0x4169E1,
        "mediumblue": 0x0000CD,
        "darkblue": 0x00008B,
        "midnightblue": 0x191970,
        "lightcyan": 0xE0FFFF,
        "darkcyan": 0x008B8B,
        "cadetblue": 0x5F9EA0,
        "lightgreen": 0x90EE90,
        "palegreen": 0x98FB98,
        "darkgreen": 0x006400,
        "forestgreen": 0x228B22,
        "seagreen": 0x2E8B57,
        "mediumseagreen": 0x3CB371,
        "limegreen": 0x32CD32,
        "lawngreen": 0x7CFC00,
        "chartreuse": 0x7FFF00,
        "greenyellow": 0xADFF2F,
        "yellowgreen": 0x9ACD32,
        "olivedrab": 0x6B8E23,
        "darkolivegreen": 0x556B2F,
        "springgreen": 0x00FF7F,
        "lightyellow": 0xFFFFE0,
        "lemonchiffon": 0xFFFACD,
        "lightgray": 0xD3D3D3,
        "lightgrey": 0xD3D3D3,
        "darkgray": 0xA9A9A9,
        "darkgrey": 0xA9A9A9,
        "dimgray": 0x696969,
        "dimgrey": 0x696969,
        "gainsboro": 0xDCDCDC,
        "whitesmoke": 0xF5F5F5,
        "slategray": 0x708090,
        "slategrey": 0x708090,
        "lightslategray": 0x778899,
        "lightslategrey": 0x778899,
        "darkslategray": 0x2F4F4F,
        "darkslategrey": 0x2F4F4F,
        "snow": 0xFFFAFA,
        "linen": 0xFAF0E6,
        "wheat": 0xF5DEB3,
        "mintcream": 0xF5FFFA,
        "azure": 0xF0FFFF,
        "aliceblue": 0xF0F8FF,
        "ghostwhite": 0xF8F8FF,
        "honeydew": 0xF0FFF0,
        "seashell": 0xFFF5EE,
        "mistyrose": 0xFFE4E1,
        "peachpuff": 0xFFDAB9,
        "papayawhip": 0xFFEFD5,
        "moccasin": 0xFFE4B5,
        "navajowhite": 0xFFDEAD,
        "bisque": 0xFFE4C4,
        "blanchedalmond": 0xFFEBCD,
        "cornsilk": 0xFFF8DC,
        "oldlace": 0xFDF5E6,
        "floralwhite": 0xFFFAF0,
        "antiquewhite": 0xFAEBD7,
        "burlywood": 0xDEB887,
        "sandybrown": 0xF4A460,
        "peru": 0xCD853F,
        "saddlebrown": 0x8B4513,
        "rosybrown": 0xBC8F8F,
        "palevioletred": 0xDB7093,
        "mediumvioletred": 0xC71585,
        "thistle": 0xD8BFD8,
        "mediumpurple": 0x9370DB,
        "mediumorchid": 0xBA55D3,
        "blueviolet": 0x8A2BE2,
        "slateblue": 0x6A5ACD,
        "darkslateblue": 0x483D8B,
        "mediumslateblue": 0x7B68EE,
        "rebeccapurple": 0x663399,
        "powderblue": 0xB0E0E6,
        "lightsteelblue": 0xB0C4DE,
        "mediumaquamarine": 0x66CDAA,
        "lightseagreen": 0x20B2AA,
        "darkseagreen": 0x8FBC8F,
        "mediumspringgreen": 0x00FA9A,
        "palegoldenrod": 0xEEE8AA,
        "lightgoldenrodyellow": 0xFAFAD2,
        "lavenderblush": 0xFFF0F5,
    ]

    /// A colour from `red`, `#ff0000`, `ff0000`, `#f00`, `#ff0000ff` (alpha dropped), surrounding
    /// spaces and quotes ignored, names in any case; nil when it is none of these.
    static func parse(_ value: UnsafeBufferPointer<UInt8>) -> Color? {
        var bytes = Array(value)
        while let first = bytes.first, Bytes.isASCIIWhitespace(first) || first == 34 || first == 39 { bytes.removeFirst() }
        while let last = bytes.last, Bytes.isASCIIWhitespace(last) || last == 34 || last == 39 { bytes.removeLast() }
        var hash = false
        if bytes.first == 35 { hash = true; bytes.removeFirst() }   // #
        let lowered = bytes.map(Bytes.lower)
        if !hash, let rgb = table[String(decoding: lowered, as: UTF8.self)] { return rgbColor(rgb) }
        if let rgb = hex(lowered) { return rgbColor(rgb) }
        if hash, let rgb = table[String(decoding: lowered, as: UTF8.self)] { return rgbColor(rgb) }
        return nil
    }

    static func parse(_ text: String) -> Color? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    static func rgbColor(_ rgb: UInt32) -> Color {
        .rgb(UInt8(truncatingIfNeeded: rgb >> 16), UInt8(truncatingIfNeeded: rgb >> 8), UInt8(truncatingIfNeeded: rgb))
    }

    /// `RRGGBB`, `RGB`, `RRGGBBAA` (lower-case hex digits) → 0xRRGGBB.
    static func hex(_ digits: [UInt8]) -> UInt32? {
        var values: [UInt32] = []
        for d in digits {
            switch d {
            case 48...57: values.append(UInt32(d - 48))
            case 97...102: values.append(UInt32(d - 87))
            default: return nil
            }
        }
        switch values.count {
        case 3: return values.reduce(0) { $0 << 8 | $1 << 4 | $1 }
        case 6, 8: return values.prefix(6).reduce(0) { $0 << 4 | $1 }
        default: return nil
        }
    }
}
