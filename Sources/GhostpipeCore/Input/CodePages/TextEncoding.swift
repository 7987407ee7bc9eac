/// One encoding ghostpipe reads: its name, what it is for, and its decoder. All are built in (nothing
/// is loaded from the host, no gconv modules): a static binary decodes the same everywhere.
public struct TextEncoding: Sendable, Hashable, CustomStringConvertible {
    /// The canonical name, as messages show it: `CP949`, `GBK`, `Shift_JIS`, `ISO-8859-2`.
    public let name: String
    /// What it is for: `Korean`, `Simplified Chinese`, `Central European`.
    public let script: String
    /// Other names it is known by (`--encoding` accepts them).
    public let aliases: [String]
    let kind: Kind

    enum Kind: Sendable {
        case utf8, utf16(bigEndian: Bool), utf32(bigEndian: Bool)
        case singleByte(@Sendable () -> SingleByteTable)
        case eucKR, gb18030, big5, shiftJIS, eucJP, iso2022JP
    }

    init(_ name: String, _ script: String, aliases: [String] = [], _ kind: Kind) {
        self.name = name
        self.script = script
        self.aliases = aliases
        self.kind = kind
    }

    /// `GBK (Simplified Chinese)`.
    public var description: String { "\(name) (\(script))" }

    /// Whether this is one of the Unicode encoding forms (UTF-8, -16, -32).
    public var isUnicode: Bool {
        switch kind {
        case .utf8, .utf16, .utf32: return true
        default: return false
        }
    }

    /// A fresh decoder (it holds the state of a character cut across reads).
    func makeDecoder() -> any ByteDecoder {
        switch kind {
        case .utf8: return UTF8Decoder()
        case .utf16(let bigEndian): return UTF16Decoder(bigEndian: bigEndian)
        case .utf32(let bigEndian): return UTF32Decoder(bigEndian: bigEndian)
        case .singleByte(let table): return SingleByteDecoder(table: table())
        case .eucKR: return EUCKRDecoder()
        case .gb18030: return GB18030Decoder()
        case .big5: return Big5Decoder()
        case .shiftJIS: return ShiftJISDecoder()
        case .eucJP: return EUCJPDecoder()
        case .iso2022JP: return ISO2022JPDecoder()
        }
    }

    /// Decodes a whole input: UTF-8 with U+FFFD for what does not map.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var decoder = makeDecoder()
        return decoder.decodeAll(bytes)
    }

    public static func == (a: TextEncoding, b: TextEncoding) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
