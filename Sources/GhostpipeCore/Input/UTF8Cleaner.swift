/// Turns a stream of bytes, in chunks of any size, into well-formed UTF-8.
///
/// Valid UTF-8 passes through byte for byte (so `ghostpipe --instant < f | cmp - f` holds); every
/// maximal ill-formed subsequence — stray continuation bytes, overlong forms, surrogates, code points
/// above U+10FFFF, truncated sequences — becomes U+FFFD, following the W3C/WHATWG "substitution of
/// maximal subparts" practice that Swift's own decoder uses (the table is `UTF8Sequence`'s, shared
/// with the terminal emulator). A sequence split across two chunks is carried over, not replaced.
///
/// `preservingInvalid` (plain output to a pipe or file, which must be the input byte for byte, as
/// `cat`'s is): each byte of an ill-formed sequence becomes a marker instead, a character of
/// plane 16's private use area (U+10FF80…U+10FFFF for the bytes 80…FF), which `restoreInvalid`
/// turns back into the byte. The markers are well-formed UTF-8, so segmentation and pacing work as
/// usual (each such byte is a grapheme). A real U+10FF80…U+10FFFF in the input is written as four
/// markers, one per byte, so the round trip is exact for any input.
public struct UTF8Cleaner {
    /// Bytes of an incomplete sequence at the end of the last chunk (at most 3).
    private var carry: [UInt8] = []
    private let preservingInvalid: Bool

    public init(preservingInvalid: Bool = false) {
        self.preservingInvalid = preservingInvalid
    }

    public static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// What stands for the ill-formed `bytes`: U+FFFD, or one marker per byte.
    @inline(__always)
    static func substitute(_ bytes: UnsafeBufferPointer<UInt8>, preserving: Bool, into output: inout [UInt8]) {
        guard preserving else { output.append(contentsOf: replacement); return }
        for b in bytes { output.append(0xF4); output.append(0x8F); output.append(0xBC + (b >> 6)); output.append(0x80 | (b & 0x3F)) }
    }

    /// Whether `bytes` hold a marker (a quick test before `restoreInvalid`).
    public static func holdsMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 3 < bytes.count {
            if bytes[i] == 0xF4 && bytes[i + 1] == 0x8F && bytes[i + 2] >= 0xBE { return true }
            i += 1
        }
        return false
    }

    /// The bytes with every marker turned back into the byte it stands for.
    public static func restoreInvalid(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if i + 3 < bytes.count, bytes[i] == 0xF4, bytes[i + 1] == 0x8F, bytes[i + 2] >= 0xBE {
                out.append(((bytes[i + 2] - 0xBC) << 6) | (bytes[i + 3] & 0x3F))
                i += 4
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    /// Whether bytes of an incomplete sequence are held back.
    public var holdsPartialSequence: Bool { !carry.isEmpty }

    /// Appends the well-formed UTF-8 for `chunk` to `output`.
    public mutating func clean(_ chunk: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        guard !chunk.isEmpty else { return }
        var used = 0
        if !carry.isEmpty {
            // Complete the carried sequence one byte at a time: it either completes, turns out
            // ill-formed (the offending byte is then scanned again as the start of what follows),
            // or is still incomplete when this (tiny) chunk runs out.
            var sequence = carry
            carry.removeAll()
            resolving: while true {
                let check = sequence.withUnsafeBufferPointer {
                    UTF8Sequence.check($0.baseAddress!, available: $0.count)
                }
                switch check {
                case .valid:
                    if preservingInvalid && Self.isMarkerRange(sequence[0], sequence.count > 2 ? sequence[1] : 0, sequence.count > 2 ? sequence[2] : 0) {
                        sequence.withUnsafeBufferPointer { Self.substitute($0, preserving: true, into: &output) }
                    } else {
                        output.append(contentsOf: sequence)
                    }
                    break resolving
                case .invalid(let maximalSubpart):
                    sequence.withUnsafeBufferPointer {
                        Self.substitute(UnsafeBufferPointer(rebasing: $0[..<maximalSubpart]), preserving: preservingInvalid, into: &output)
                    }
                    used -= sequence.count - maximalSubpart
                    break resolving
                case .truncated:
                    guard used < chunk.count else { carry = sequence; return }
                    sequence.append(chunk[used])
                    used += 1
                }
            }
        }
        let rest = UnsafeBufferPointer(rebasing: chunk[used...])
        _ = Self.cleanPrefix(rest, into: &output, final: false, carry: &carry, preserving: preservingInvalid)
    }

    /// At end of input: a held incomplete sequence becomes U+FFFD.
    public mutating func finish(into output: inout [UInt8]) {
        if !carry.isEmpty {
            let held = carry
            carry.removeAll()
            held.withUnsafeBufferPointer { buffer in
                var none: [UInt8] = []
                _ = Self.cleanPrefix(buffer, into: &output, final: true, carry: &none, preserving: preservingInvalid)
            }
        }
    }

    /// Cleans `input`; returns how many bytes were consumed (the rest, if any, is an incomplete sequence
    /// copied into `carry` unless `final`).
    @discardableResult
    static func cleanPrefix(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
                            final: Bool, carry: inout [UInt8], preserving: Bool = false) -> Int {
        let n = input.count
        guard let base = input.baseAddress, n > 0 else { return 0 }
        var i = 0
        var validStart = 0  // start of the run of valid bytes not yet copied
        output.reserveForAppending(n)
        while i < n {
            // Fast path: eight ASCII bytes at a time.
            while i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            guard i < n else { break }
            let b0 = base[i]
            if b0 < 0x80 { i += 1; continue }
            // Three-byte sequences with no restricted second byte (E1…EC, EE, EF: most of CJK,
            // Hangul, punctuation), checked inline: two continuation bytes make them valid.
            if i + 2 < n, b0 &- 0xE1 < 0x0C || b0 &- 0xEE < 2, base[i + 1] & 0xC0 == 0x80, base[i + 2] & 0xC0 == 0x80 {
                i += 3
                // More of them, with single ASCII bytes between (spaces, punctuation), taken here
                // without going back to the ASCII words each time.
                while i + 2 < n {
                    let b = base[i]
                    if b < 0x80 {
                        guard base[i + 1] >= 0x80 else { break }
                        i += 1
                        continue
                    }
                    guard b &- 0xE1 < 0x0C || b &- 0xEE < 2, base[i + 1] & 0xC0 == 0x80, base[i + 2] & 0xC0 == 0x80 else { break }
                    i += 3
                }
                continue
            }
            let length = UTF8Sequence.check(base + i, available: n - i)
            switch length {
            case .valid(let count):
                if preserving && count == 4 && isMarkerRange(b0, base[i + 1], base[i + 2]) {
                    // A real U+10FF80…U+10FFFF: written as markers, so restoring gives it back.
                    output.append(contentsOf: UnsafeBufferPointer(start: base + validStart, count: i - validStart))
                    substitute(UnsafeBufferPointer(start: base + i, count: 4), preserving: true, into: &output)
                    validStart = i + 4
                }
                i += count
            case .truncated:
                // A valid prefix that the next chunk may complete.
                if !final {
                    output.append(contentsOf: UnsafeBufferPointer(start: base + validStart, count: i - validStart))
                    carry.append(contentsOf: UnsafeBufferPointer(start: base + i, count: n - i))
                    return i
                }
                output.append(contentsOf: UnsafeBufferPointer(start: base + validStart, count: i - validStart))
                substitute(UnsafeBufferPointer(start: base + i, count: n - i), preserving: preserving, into: &output)
                i = n
                validStart = n
            case .invalid(let maximalSubpart):
                output.append(contentsOf: UnsafeBufferPointer(start: base + validStart, count: i - validStart))
                substitute(UnsafeBufferPointer(start: base + i, count: maximalSubpart), preserving: preserving, into: &output)
                i += maximalSubpart
                validStart = i
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(start: base + validStart, count: n - validStart))
        return n
    }

    /// Whether a well-formed sequence starting with these bytes is in U+10FF80…U+10FFFF (the markers' range).
    @inline(__always) static func isMarkerRange(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> Bool {
        b0 == 0xF4 && b1 == 0x8F && b2 >= 0xBE
    }
}
