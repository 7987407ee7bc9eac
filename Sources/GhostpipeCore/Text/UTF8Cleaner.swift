/// Turns a stream of bytes, in chunks of any size, into well-formed UTF-8.
///
/// Valid UTF-8 passes through byte for byte (so `ghostpipe --instant < f | cmp - f` holds); every
/// maximal ill-formed subsequence — stray continuation bytes, overlong forms, surrogates, code points
/// above U+10FFFF, truncated sequences — becomes U+FFFD, following the W3C/WHATWG "substitution of
/// maximal subparts" practice that Swift's own decoder uses (the table is `UTF8Sequence`'s, shared
/// with the terminal emulator). A sequence split across two chunks is carried over, not replaced.
public struct UTF8Cleaner {
    /// Bytes of an incomplete sequence at the end of the last chunk (at most 3).
    private var carry: [UInt8] = []

    public init() {}

    public static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

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
                    output.append(contentsOf: sequence)
                    break resolving
                case .invalid(let maximalSubpart):
                    output.append(contentsOf: Self.replacement)
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
        _ = Self.cleanPrefix(rest, into: &output, final: false, carry: &carry)
    }

    /// At end of input: a held incomplete sequence becomes U+FFFD.
    public mutating func finish(into output: inout [UInt8]) {
        if !carry.isEmpty {
            let held = carry
            carry.removeAll()
            held.withUnsafeBufferPointer { buffer in
                var none: [UInt8] = []
                _ = Self.cleanPrefix(buffer, into: &output, final: true, carry: &none)
            }
        }
    }

    /// Cleans `input`; returns how many bytes were consumed (the rest, if any, is an incomplete sequence
    /// copied into `carry` unless `final`).
    @discardableResult
    static func cleanPrefix(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
                            final: Bool, carry: inout [UInt8]) -> Int {
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
            let length = UTF8Sequence.check(base + i, available: n - i)
            switch length {
            case .valid(let count):
                i += count
            case .truncated:
                // A valid prefix that the next chunk may complete.
                if !final {
                    output.append(contentsOf: UnsafeBufferPointer(start: base + validStart, count: i - validStart))
                    carry.append(contentsOf: UnsafeBufferPointer(start: base + i, count: n - i))
                    return i
                }
                output.append(contentsOf: UnsafeBufferPointer(start: base + validStart, count: i - validStart))
                output.append(contentsOf: replacement)
                i = n
                validStart = n
            case .invalid(let maximalSubpart):
                output.append(contentsOf: UnsafeBufferPointer(start: base + validStart, count: i - validStart))
                output.append(contentsOf: replacement)
                i += maximalSubpart
                validStart = i
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(start: base + validStart, count: n - validStart))
        return n
    }
}
