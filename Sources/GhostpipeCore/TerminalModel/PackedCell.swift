/// A cell as the emulator stores it: 16 bytes and no references, so a row is plain memory that can be
/// filled, shifted and moved without retain/release traffic. `Cell` values are made only when asked for.
struct PackedCell: Equatable {
    /// A Unicode scalar value; `PackedCell.continuationCode` for the right half of a wide cell; from
    /// `ClusterTable.firstCode` up, a cluster of several scalars kept in the emulator's `ClusterTable`.
    var code: UInt32
    /// A `PackedColor`.
    var foreground: UInt32
    /// A `PackedColor`.
    var background: UInt32
    /// `TextAttributes` bits, and `Pen.concealed`.
    var attributes: UInt8
    /// 1 or 2 columns; 0 for the right half of a wide cell.
    var width: UInt8

    static let continuationCode: UInt32 = 0
    static let spaceCode: UInt32 = 0x20

    /// The default blank: a space in the default colours (what an erase leaves with no background set).
    static let blank = PackedCell(code: spaceCode, foreground: 0, background: 0, attributes: 0, width: 1)

    @inline(__always)
    init(code: UInt32, foreground: UInt32, background: UInt32, attributes: UInt8, width: UInt8) {
        self.code = code
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.width = width
    }

    /// A space keeping this cell's colours: what is left of a wide cell when half of it is overwritten.
    @inline(__always)
    var blanked: PackedCell {
        PackedCell(code: Self.spaceCode, foreground: foreground, background: background, attributes: attributes, width: 1)
    }
}

/// A `Color?` in 32 bits: 0 is the default colour, `0x01_0000nn` palette entry nn, `0x02_rrggbb` RGB.
enum PackedColor {
    static let defaultColor: UInt32 = 0
    private static let paletteTag: UInt32 = 0x0100_0000
    private static let rgbTag: UInt32 = 0x0200_0000

    @inline(__always)
    static func palette(_ index: Int) -> UInt32 { paletteTag | UInt32(index & 0xFF) }

    @inline(__always)
    static func rgb(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        rgbTag | UInt32(r & 0xFF) << 16 | UInt32(g & 0xFF) << 8 | UInt32(b & 0xFF)
    }

    static func pack(_ color: Color?) -> UInt32 {
        switch color {
        case nil: return defaultColor
        case .palette(let i): return palette(Int(i))
        case .rgb(let r, let g, let b): return rgb(Int(r), Int(g), Int(b))
        }
    }

    static func unpack(_ packed: UInt32) -> Color? {
        switch packed & 0xFF00_0000 {
        case paletteTag: return .palette(UInt8(packed & 0xFF))
        case rgbTag: return .rgb(UInt8(packed >> 16 & 0xFF), UInt8(packed >> 8 & 0xFF), UInt8(packed & 0xFF))
        default: return nil
        }
    }
}

/// The graphic rendition new characters are written with (what SGR sets).
struct Pen: Equatable {
    var foreground: UInt32 = PackedColor.defaultColor
    var background: UInt32 = PackedColor.defaultColor
    var attributes: UInt8 = 0

    /// SGR 8: drawn as blanks. `TextAttributes` uses the low seven bits; this is the eighth.
    static let concealed: UInt8 = 1 << 7

    static let plain = Pen()

    @inline(__always)
    func cell(_ code: UInt32, width: UInt8) -> PackedCell {
        PackedCell(code: code, foreground: foreground, background: background, attributes: attributes, width: width)
    }

    /// What erasing leaves: a space with the current background and nothing else (xterm's
    /// back-colour-erase; tmux does the same).
    @inline(__always)
    var eraseCell: PackedCell {
        PackedCell(code: PackedCell.spaceCode, foreground: PackedColor.defaultColor, background: background,
                   attributes: 0, width: 1)
    }

    /// The public `Style` of a stored cell.
    static func style(of cell: PackedCell) -> Style {
        if cell.foreground == 0 && cell.background == 0 && cell.attributes & 0x7F == 0 { return .plain }
        return Style(foreground: PackedColor.unpack(cell.foreground), background: PackedColor.unpack(cell.background),
                     attributes: TextAttributes(rawValue: cell.attributes & 0x7F))
    }
}
