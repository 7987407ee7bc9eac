/// UTF-8 as Unicode defines it (Table 3-7, "well-formed UTF-8 byte sequences"): the length of the
/// sequence a lead byte starts and the bytes that may follow it — no overlong forms, no surrogates,
/// nothing past U+10FFFF. The one copy of that table: `UTF8Cleaner` checks whole sequences with
/// `check`, the escape-sequence parser decodes byte by byte with `Decoder`. Both replace malformed
/// input per maximal ill-formed subsequence (the Unicode recommendation, which Swift's own decoder,
/// xterm and tmux follow too). Text once checked (a `String`'s bytes, clusters) is read with the
/// one decoder of well-formed UTF-8, `scalar(_:at:count:)` (and `Scalars`, the same as an iterator):
/// grapheme segmentation, widths, grapheme kinds and SAMI's text all read scalars with it.
@usableFromInline
enum UTF8Sequence {
    /// The scalar at `p[i]` (well-formed UTF-8) and where the next one starts; `i` itself when the
    /// buffer (of `n` bytes) ends inside it. Malformed bytes give a wrong scalar, never a trap.
    @usableFromInline @inline(__always)
    static func scalar(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int) -> (UInt32, Int) {
        guard i < n else { return (0, i) }
        let lead = p[i]
        switch lead {
        case ..<0x80: return (UInt32(lead), i + 1)
        case ..<0xE0:
            guard i + 1 < n else { return (0, i) }
            return (UInt32(lead & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F), i + 2)
        case ..<0xF0:
            guard i + 2 < n else { return (0, i) }
            return (UInt32(lead & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F), i + 3)
        default:
            guard i + 3 < n else { return (0, i) }
            return (UInt32(lead & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6
                    | UInt32(p[i + 3] & 0x3F), i + 4)
        }
    }


    /// Well-formed UTF-8 (a native string's storage) scalar by scalar, without allocating; a
    /// sequence cut short at the end is U+FFFD.
    struct Scalars: IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        @inline(__always)
        mutating func next() -> UInt32? {
            guard index < bytes.count, let p = bytes.baseAddress else { return nil }
            let (scalar, next) = UTF8Sequence.scalar(p, at: index, count: bytes.count)
            guard next > index else { index = bytes.count; return 0xFFFD }
            index = next
            return scalar
        }
    }

    /// What a byte announces as the first of a sequence.
    struct Lead {
        /// 2, 3 or 4; 0 for a byte that starts nothing (ASCII is not asked about; continuation bytes,
        /// the overlong leads C0 and C1, and F5–FF start nothing).
        let length: Int
        /// The range the second byte must fall in (the third and fourth: 0x80–0xBF).
        let lower: UInt8
        let upper: UInt8

        /// The code point bits the lead byte carries.
        @inline(__always)
        func bits(of byte: UInt8) -> UInt32 { UInt32(byte & (0x7F >> UInt8(truncatingIfNeeded: length))) }
    }

    /// Table 3-7, by lead byte (≥ 0x80).
    @inline(__always)
    static func lead(_ byte: UInt8) -> Lead {
        switch byte {
        case 0xC2...0xDF: Lead(length: 2, lower: 0x80, upper: 0xBF)
        case 0xE0: Lead(length: 3, lower: 0xA0, upper: 0xBF)  // no overlong three-byte forms
        case 0xE1...0xEC, 0xEE, 0xEF: Lead(length: 3, lower: 0x80, upper: 0xBF)
        case 0xED: Lead(length: 3, lower: 0x80, upper: 0x9F)  // no surrogates
        case 0xF0: Lead(length: 4, lower: 0x90, upper: 0xBF)  // no overlong four-byte forms
        case 0xF1...0xF3: Lead(length: 4, lower: 0x80, upper: 0xBF)
        case 0xF4: Lead(length: 4, lower: 0x80, upper: 0x8F)  // nothing above U+10FFFF
        default: Lead(length: 0, lower: 0, upper: 0)
        }
    }

    /// The verdict on the bytes at a position: a whole well-formed sequence of this length, a valid
    /// start that the bytes available do not finish, or a maximal ill-formed subsequence of this
    /// length (to be replaced by one U+FFFD).
    enum Check: Equatable {
        case valid(Int)
        case truncated
        case invalid(Int)
    }

    /// Checks the sequence at `p` (whose first byte is ≥ 0x80), with `available` bytes readable.
    @inline(__always)
    static func check(_ p: UnsafePointer<UInt8>, available: Int) -> Check {
        let lead = lead(p[0])
        guard lead.length > 0 else { return .invalid(1) }
        for k in 1..<lead.length {
            guard k < available else { return .truncated }
            let b = p[k]
            let (lower, upper) = k == 1 ? (lead.lower, lead.upper) : (UInt8(0x80), UInt8(0xBF))
            if b < lower || b > upper { return .invalid(k) }
        }
        return .valid(lead.length)
    }

    /// Decodes bytes that arrive one at a time (input may be split anywhere, even inside a character).
    struct Decoder {
        /// What `feed` returns while a sequence is unfinished.
        static let incomplete: UInt32 = 0xFFFF_FFFF
        /// The sequence broke off at this byte: U+FFFD for what came before, then the byte afresh.
        static let brokenBefore: UInt32 = 0xFFFF_FFFE
        static let replacement: UInt32 = 0xFFFD

        private var needed = 0
        private var value: UInt32 = 0
        private var lower: UInt8 = 0x80
        private var upper: UInt8 = 0xBF

        /// No sequence is under way.
        var isIdle: Bool { needed == 0 }

        /// Forgets a sequence under way (its bytes are then the caller's U+FFFD).
        mutating func reset() {
            needed = 0
            lower = 0x80
            upper = 0xBF
        }

        /// Takes a byte ≥ 0x80 (or, mid-sequence, any byte ≥ 0x80); returns a scalar, `incomplete`,
        /// U+FFFD for a byte that starts nothing, or `brokenBefore`.
        @inline(__always)
        mutating func feed(_ byte: UInt8) -> UInt32 {
            if needed == 0 {
                let lead = UTF8Sequence.lead(byte)
                guard lead.length > 0 else { return Self.replacement }
                needed = lead.length - 1
                value = lead.bits(of: byte)
                lower = lead.lower
                upper = lead.upper
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
}
