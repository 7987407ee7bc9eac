/// What pacing and layout need to know about a grapheme cluster.
public enum GraphemeKind: UInt8, Sendable {
    /// LF, CR LF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
    case newline
    /// A lone CR: back to the start of the row (what follows overwrites it, as on a terminal).
    case carriageReturn
    /// Backspace: one column back on the row (what follows overwrites).
    case backspace
    /// A space: a break opportunity and (after a sentence end) the place for a pause.
    case space
    /// A tab: a space that advances to the next tab stop.
    case tab
    /// `.` `!` `?` `…` and the like: a sentence ends if whitespace follows.
    case sentenceEnd
    /// `。` `！` `？` and the like: the sentence ends here (scripts without spaces).
    case fullSentenceEnd
    /// Closing quotes and brackets, which may stand between a sentence end and the space after it.
    case closing
    /// A CJK ideograph or kana: text without spaces may break before and after it (UAX #14 ID).
    case ideograph
    case other

    /// Space or tab.
    @inlinable public var isBlank: Bool { self == .space || self == .tab }
    /// Carriage return or backspace: the typing head moves back; nothing is drawn.
    @inlinable public var isMotion: Bool { self == .carriageReturn || self == .backspace }

    /// Classifies the cluster `bytes` (well-formed UTF-8 of one grapheme cluster).
    @inlinable
    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> GraphemeKind {
        guard let first = bytes.first else { return .other }
        if first < 0x80 { return first == 0x0D && bytes.count > 1 ? .newline : of(ascii: first) }
        // The first scalar (a continuation byte starts none).
        guard first >= 0xC0, let p = bytes.baseAddress else { return .other }
        let (scalar, next) = UTF8Sequence.scalar(p, at: 0, count: bytes.count)
        return next > 0 ? of(scalar: scalar) : .other
    }

    /// The kind of a one-byte cluster (ASCII; any other byte is no cluster of its own: `.other`).
    @inlinable @inline(__always)
    public static func of(ascii byte: UInt8) -> GraphemeKind {
        // Letters (most graphemes) first: from `A` up, ASCII has no kind but `]`, `}` and DEL's.
        if byte >= 0x41 && byte != 0x5D && byte != 0x7D { return .other }
        switch byte {
        case 0x0A: return .newline
        case 0x0D: return .carriageReturn
        case 0x08: return .backspace
        case 0x20: return .space
        case 0x09: return .tab
        case 0x2E, 0x21, 0x3F: return .sentenceEnd
        case 0x22, 0x27, 0x29, 0x5D, 0x7D: return .closing
        default: return .other
        }
    }

    @inlinable
    public static func of(scalar: UInt32) -> GraphemeKind {
        switch scalar {
        case 0x85, 0x2028, 0x2029: return .newline
        case 0xA0, 0x3000: return .space
        case 0x2026, 0x203C, 0x2047, 0x2048, 0x2049: return .sentenceEnd
        case 0x3002, 0xFF01, 0xFF1F, 0xFF61: return .fullSentenceEnd
        case 0x2019, 0x201D, 0x00BB, 0x203A, 0x300D, 0x300F, 0x3009, 0x300B, 0x3011, 0xFF09, 0xFF3D:
            return .closing
        case 0x3041...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFD:
            return .ideograph
        default: return .other
        }
    }
}
