/// How many colours the terminal shows. Colours are chosen in full RGB and brought down here, once,
/// at the renderer: truecolor → nearest of 256 → nearest of 16 → none.
public enum ColorDepth: Int, Comparable, Sendable {
    case none = 0, ansi16 = 16, palette256 = 256, truecolor = 0x1000000

    public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }

    /// The depth the environment asks for: `NO_COLOR` (any value) and `TERM=dumb` mean none;
    /// `COLORTERM=truecolor|24bit` means truecolor; a `TERM` ending in `-256color` means 256;
    /// other terminals get 16.
    public static func detect(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .none }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        if term.hasSuffix("-direct") { return .truecolor }
        if term.utf8.contains(subsequence: "256color".utf8) { return .palette256 }
        return .ansi16
    }
}

/// The RGB values of the 256-colour palette (xterm's defaults).
public enum Palette {
    /// The 16 ANSI colours as xterm draws them.
    public static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    public static func rgb(_ index: UInt8) -> (UInt8, UInt8, UInt8) {
        let i = Int(index)
        if i < 16 { return ansi[i] }
        if i < 232 {
            let c = i - 16
            return (UInt8(cubeLevels[c / 36]), UInt8(cubeLevels[c / 6 % 6]), UInt8(cubeLevels[c % 6]))
        }
        let grey = UInt8(8 + (i - 232) * 10)
        return (grey, grey, grey)
    }

    /// The nearest palette entry among `range` (16..<256 for the xterm colours, 0..<16 for ANSI), by
    /// distance in OKLab with hue and chroma errors weighed four times a lightness error: a fade
    /// brought down to 256 or 16 colours keeps its lightness order, and a grey never turns cyan
    /// because cyan happens to be as light.
    public static func nearest(_ r: UInt8, _ g: UInt8, _ b: UInt8, in range: Range<Int>) -> UInt8 {
        let target = OKLab(r, g, b)
        let table = oklab
        var best = range.lowerBound
        var bestDistance = Double.infinity
        for i in range where i >= 0 && i < table.count {
            let p = table[i]
            let dl = p.l - target.l, da = p.a - target.a, db = p.b - target.b
            let d = dl * dl + 4 * (da * da + db * db)
            if d < bestDistance { bestDistance = d; best = i }
        }
        return UInt8(best)
    }

    /// Every palette entry in OKLab, computed once.
    static let oklab: [OKLab] = (0..<256).map { i in
        let (r, g, b) = rgb(UInt8(i))
        return OKLab(r, g, b)
    }
}

extension ColorDepth {
    /// `rgb` as this depth shows it: itself in truecolor, the nearest xterm colour at 256, the nearest
    /// ANSI colour at 16, nothing without colour. Effects compare these, not the RGB they computed, so
    /// a fade only rewrites a cell when what the terminal shows actually changes.
    public func quantize(_ rgb: (UInt8, UInt8, UInt8)) -> Color? {
        switch self {
        case .none: return nil
        case .ansi16: return .palette(Palette.nearest(rgb.0, rgb.1, rgb.2, in: 0..<16))
        case .palette256: return .palette(Palette.nearest(rgb.0, rgb.1, rgb.2, in: 16..<256))
        case .truecolor: return .rgb(rgb.0, rgb.1, rgb.2)
        }
    }
}

extension Color {
    /// The colour's RGB value (palette entries as xterm draws them).
    public var rgb: (UInt8, UInt8, UInt8) {
        switch self {
        case .rgb(let r, let g, let b): return (r, g, b)
        case .palette(let i): return Palette.rgb(i)
        }
    }
}

extension String.UTF8View {
    /// Whether `pattern` occurs in these bytes: a plain search, so that start-up does not pay for
    /// `StringProtocol.contains`'s generic searcher (0.15 M instructions, most of them the runtime
    /// instantiating its types).
    func contains(subsequence pattern: String.UTF8View) -> Bool {
        let bytes = Array(self), pattern = Array(pattern)
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }
}
