/// The 94-character sets a program can designate into G0–G3 with `ESC ( F` (`)`, `*`, `+` for G1–G3)
/// and invoke with SO/SI (and LS2/LS3, SS2/SS3). Only the ones programs use are distinct; every other
/// final byte selects ASCII, as xterm does for sets it does not know.
enum DesignatedCharset: UInt8 {
    case ascii
    /// `ESC ( 0`: DEC Special Graphics, the VT100 line-drawing set (ncurses' `smacs`).
    case decSpecialGraphics
    /// `ESC ( A`: United Kingdom, where `#` is `£`.
    case british

    init(finalByte: UInt8) {
        switch finalByte {
        case UInt8(ascii: "0"): self = .decSpecialGraphics
        case UInt8(ascii: "A"): self = .british
        default: self = .ascii
        }
    }

    /// The scalar a printable byte (0x20–0x7E) shows in this set.
    @inline(__always)
    func map(_ byte: UInt8) -> UInt32 {
        switch self {
        case .ascii:
            return UInt32(byte)
        case .british:
            return byte == UInt8(ascii: "#") ? 0xA3 : UInt32(byte)
        case .decSpecialGraphics:
            guard byte >= 0x5F else { return UInt32(byte) }
            return Self.specialGraphics[Int(byte - 0x5F)]
        }
    }

    /// 0x5F–0x7E in DEC Special Graphics, as xterm maps them to Unicode: blank (a plain space here),
    /// diamond, checkerboard, the control pictures HT FF CR LF, degree, plus-minus, NL, VT, the box
    /// corners and lines, scan lines 1/3/7/9, tees, vertical bar, ≤ ≥ π ≠ £ and the centred dot.
    static let specialGraphics: [UInt32] = [
        0x0020, 0x25C6, 0x2592, 0x2409, 0x240C, 0x240D, 0x240A, 0x00B0,  // _ ` a b c d e f
        0x00B1, 0x2424, 0x240B, 0x2518, 0x2510, 0x250C, 0x2514, 0x253C,  // g h i j k l m n
        0x23BA, 0x23BB, 0x2500, 0x23BC, 0x23BD, 0x251C, 0x2524, 0x2534,  // o p q r s t u v
        0x252C, 0x2502, 0x2264, 0x2265, 0x03C0, 0x2260, 0x00A3, 0x00B7,  // w x y z { | } ~
    ]
}
