/// A terminal colour: an entry of the 256-colour palette or a 24-bit RGB value. The renderer brings
/// it down to what the terminal can show (truecolor → nearest 256 → nearest 16 → none).
public enum Color: Hashable, Sendable {
    /// 0–7 the ANSI colours, 8–15 their bright forms, 16–255 the xterm cube and greys.
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// Character attributes that SGR can switch on.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let blink = TextAttributes(rawValue: 1 << 4)
    public static let inverse = TextAttributes(rawValue: 1 << 5)
    public static let strikethrough = TextAttributes(rawValue: 1 << 6)
}

/// How a cell looks. `nil` colours mean the terminal's default.
public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var attributes: TextAttributes

    public init(foreground: Color? = nil, background: Color? = nil, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()
    /// Field by field (`self == .plain` went through the derived equality's call, once per cell drawn).
    @inline(__always) public var isPlain: Bool { foreground == nil && background == nil && attributes.isEmpty }
}
