/// Assembles UTF-8 scalars from bytes that may arrive one call at a time. Malformed input becomes
/// U+FFFD per maximal ill-formed subsequence (the Unicode recommendation, which xterm follows too):
/// stray continuation bytes, overlong forms, surrogates and values past U+10FFFF.
struct UTF8Assembler {
    /// What `feed` returns besides a scalar.
    static let incomplete: UInt32 = 0xFFFF_FFFF
    /// The sequence broke off at this byte: U+FFFD for what came before, then handle the byte afresh.
    static let brokenBefore: UInt32 = 0xFFFF_FFFE
    static let replacement: UInt32 = 0xFFFD

    private var needed = 0
    private var value: UInt32 = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// No sequence is under way.
    var isIdle: Bool { needed == 0 }

    mutating func reset() {
        needed = 0
        lower = 0x80
        upper = 0xBF
    }

    /// Takes a byte ≥ 0x80 (or, mid-sequence, any byte); returns a scalar, `incomplete`, U+FFFD for a
    /// byte that can start nothing, or `brokenBefore`.
    mutating func feed(_ byte: UInt8) -> UInt32 {
        if needed == 0 {
            switch byte {
            case 0xC2...0xDF: needed = 1; value = UInt32(byte & 0x1F)
            case 0xE0: needed = 2; value = 0; lower = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: needed = 2; value = UInt32(byte & 0x0F)
            case 0xED: needed = 2; value = 0xD; upper = 0x9F
            case 0xF0: needed = 3; value = 0; lower = 0x90
            case 0xF1...0xF3: needed = 3; value = UInt32(byte & 0x07)
            case 0xF4: needed = 3; value = 4; upper = 0x8F
            default: return Self.replacement
            }
            return Self.incomplete
        }
        guard byte >= lower && byte <= upper else {
            reset()
            return Self.brokenBefore
        }
        lower = 0x80
        upper = 0xBF
        value = value << 6 | UInt32(byte & 0x3F)
        needed -= 1
        return needed == 0 ? value : Self.incomplete
    }
}
