#if canImport(Glibc)
import Glibc
#endif

/// A run of complete grapheme clusters: cluster `k` is `bytes[ends[k-1] ..< ends[k]]` (from 0 for the
/// first). Bytes past the last end, if any, are not part of the batch.
public struct GraphemeBatch {
    public var bytes: [UInt8]
    public var ends: [Int]
    /// The input's own colours (SGR kept from terminal text) as runs: each run's style holds from
    /// its first cluster to the next run's (runs in order; clusters before the first are plain);
    /// empty: all plain. Runs rather than a style per cluster: colours change a few times a line,
    /// and a style stored and compared per cluster was a tenth of a long coloured text's cost.
    public var styleRuns: [(from: Int, style: Style)] = []

    public init(bytes: [UInt8] = [], ends: [Int] = []) {
        self.bytes = bytes
        self.ends = ends
    }

    public var count: Int { ends.count }
    public var isEmpty: Bool { ends.isEmpty }
    @inlinable public func start(of k: Int) -> Int { k == 0 ? 0 : ends[k - 1] }
    /// The UTF-8 bytes of all clusters in the batch.
    public var byteCount: Int { ends.last ?? 0 }

    /// The first `n` clusters.
    public func prefix(_ n: Int) -> GraphemeBatch {
        guard n < count else { return self }
        var first = GraphemeBatch(bytes: Array(bytes[..<start(of: n)]), ends: Array(ends[..<n]))
        first.styleRuns = styleRuns.filter { $0.from < n }
        return first
    }

    /// The style of cluster `k`.
    public func style(_ k: Int) -> Style {
        // The last run starting at or before `k` (a binary search: asked cluster by cluster only
        // after a planted typo, where the batch is copied anyway).
        var (low, high) = (0, styleRuns.count)
        while low < high {
            let mid = (low + high) / 2
            if styleRuns[mid].from <= k { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? .plain : styleRuns[low - 1].style
    }

    /// Every cluster's style, or empty when all are plain.
    public var styles: [Style] {
        guard !styleRuns.isEmpty else { return [] }
        var all = [Style](repeating: .plain, count: count)
        for (i, run) in styleRuns.enumerated() {
            for k in run.from..<(i + 1 < styleRuns.count ? styleRuns[i + 1].from : count) { all[k] = run.style }
        }
        return all
    }

    /// Cluster `k` on is in `style` (`k` at or after every run's start).
    public mutating func setStyle(_ style: Style, from k: Int) {
        if let last = styleRuns.last {
            if last.style == style { return }
            if last.from == k { styleRuns[styleRuns.count - 1].style = style; return }
        } else if style.isPlain {
            return
        }
        styleRuns.append((k, style))
    }

    /// Cluster `k` as a `String` (small strings need no allocation).
    public func string(_ k: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: $0[start(of: k)..<ends[k]], as: UTF8.self) }
    }
}

/// Splits well-formed UTF-8, arriving in chunks, into extended grapheme clusters as Swift's
/// `Character` defines them (UAX #29), without ever splitting a cluster across two batches.
///
/// A cluster is only complete once the next scalar is known not to extend it, so the last cluster of
/// each push is held back until more bytes arrive, `finish()` is called at end of input, or an
/// interactive pause flushes it (`flushHeldCluster()`, which refuses a cluster ending in a joiner).
///
/// Runs of ASCII take a fast path: between two ASCII characters there is always a boundary except
/// inside CR LF (GB3–GB5, and no ASCII character is Extend, SpacingMark, ZWJ or Regional_Indicator).
/// Everything else goes through `String`'s own segmentation, so the result is exactly Swift's.
public struct GraphemeSegmenter {
    /// Bytes not yet emitted: the held-back cluster (and nothing else between calls).
    private var pending: [UInt8] = []

    public init() {}

    /// Whether a cluster is held back waiting for what follows it.
    public var holdsCluster: Bool { !pending.isEmpty }

    /// Adds well-formed UTF-8 and returns every cluster now known to be complete.
    public mutating func push(_ bytes: UnsafeBufferPointer<UInt8>) -> GraphemeBatch {
        pending.append(contentsOf: bytes)
        return cut(final: false)
    }

    /// Adds well-formed UTF-8 from an array (convenience for tests and small inputs).
    public mutating func push(_ bytes: [UInt8]) -> GraphemeBatch {
        bytes.withUnsafeBufferPointer { push($0) }
    }

    /// End of input: returns whatever is held back.
    public mutating func finish() -> GraphemeBatch { cut(final: true) }

    /// An interactive stream has paused: emit the held cluster unless it ends in a joiner (ZWJ or an
    /// Indic conjunct linker), which promises that more of the same cluster is coming.
    public mutating func flushHeldCluster() -> GraphemeBatch {
        guard !pending.isEmpty, !Self.endsInJoiner(pending) else { return GraphemeBatch() }
        return cut(final: true)
    }

    private mutating func cut(final: Bool) -> GraphemeBatch {
        var ends: [Int] = []
        let heldFrom: Int = pending.withUnsafeBufferPointer { buffer in
            Self.segment(buffer, final: final, ends: &ends)
        }
        guard heldFrom > 0 else { return GraphemeBatch() }
        let tail = Array(pending[heldFrom...])
        let batch = GraphemeBatch(bytes: pending, ends: ends)
        pending = tail
        return batch
    }

    /// Appends the ends of complete clusters in `buffer` to `ends`; returns where the held-back part
    /// starts (`buffer.count` when nothing is held).
    static func segment(_ buffer: UnsafeBufferPointer<UInt8>, final: Bool, ends: inout [Int]) -> Int {
        guard buffer.count > 0 else { return 0 }
        var held = 0
        // A cluster has at least one byte: room for `count` ends is enough, written without checks.
        ends.append(addingCapacity: buffer.count) { span in
            span.withUnsafeMutableBufferPointer { room, written in
                var out = Ends(base: room.baseAddress!)
                held = segment(buffer, final: final, into: &out)
                written = out.count
            }
        }
        return held
    }

    /// Ends written into room made beforehand.
    struct Ends {
        let base: UnsafeMutablePointer<Int>
        var count = 0
        @inline(__always) mutating func append(_ end: Int) {
            base[count] = end
            count += 1
        }
    }

    private static func segment(_ buffer: UnsafeBufferPointer<UInt8>, final: Bool, into ends: inout Ends) -> Int {
        let n = buffer.count
        guard let p = buffer.baseAddress, n > 0 else { return 0 }
        var i = 0
        while i < n {
            if p[i] < 0x80 {
                // ASCII run [i, j).
                var j = i
                // A word at a time while no byte is above ASCII.
                while j + 8 <= n && ByteWords.load(p + j) & 0x8080_8080_8080_8080 == 0 { j += 8 }
                while j < n && p[j] < 0x80 { j += 1 }
                var k = i
                if memchr(p + i, 0x0D, j - 1 - i) == nil {
                    // No CR LF to take as one (most text): each byte but the last is a cluster.
                    while k < j - 1 { k += 1; ends.append(k) }
                }
                while k < j - 1 {
                    if p[k] == 0x0D && p[k + 1] == 0x0A { k += 2 } else { k += 1 }
                    ends.append(k)
                }
                if k == j { i = j; continue }
                // The run's last byte may still be extended by what follows (a combining mark after a
                // letter, LF after CR) unless it is a control other than CR (GB4: always a break after).
                if j == n {
                    let last = p[k]
                    if final || (last < 0x20 && last != 0x0D) || last == 0x7F {
                        ends.append(n)
                        return n
                    }
                    return k
                }
                i = k
            }
            // The clusters of most text decided here: see `knownCluster`.
            let end = Self.knownCluster(p, at: i, count: n)
            if end > i {
                ends.append(end)
                i = end
                continue
            }
            // General path: from i (an ASCII character that non-ASCII may extend, or a non-ASCII lead
            // byte) through the non-ASCII run and one ASCII byte after it, segmented by `String`.
            var m = i + 1
            while m < n && p[m] >= 0x80 { m += 1 }
            var regionEnd = min(m + 1, n)
            while true {
                let region = UnsafeBufferPointer(rebasing: buffer[i..<regionEnd])
                let text = String(decoding: region, as: UTF8.self)
                var offset = i
                var lastStart = i
                var clusters = 0
                for character in text {
                    lastStart = offset
                    offset += character.utf8.count
                    clusters += 1
                    if offset < regionEnd || (final && regionEnd == n) { ends.append(offset) }
                }
                if final && regionEnd == n { return n }
                if regionEnd == n {
                    // The last cluster may continue in the next chunk.
                    return lastStart
                }
                if clusters >= 2 {
                    // Everything before the last cluster is final; resume at the last cluster (usually
                    // the single ASCII byte, which the fast path then takes).
                    i = lastStart
                    break
                }
                // One cluster spans the whole region (a Prepend character before ASCII): widen it to
                // the next scalar boundary.
                regionEnd += 1
                while regionEnd < n && p[regionEnd] & 0xC0 == 0x80 { regionEnd += 1 }
            }
        }
        return n
    }

    /// The end of the cluster starting at `p[i]` when the common cases decide it, else 0 (`String`
    /// then does): an ASCII control (always a cluster of its own, GB4), or a letter that stands alone
    /// (`standsAlone`), an emoji (`isPictographic`) or a flag (two regional indicators), with the
    /// marks, skin tones, variation selectors and ZWJ-joined emoji that extend it (`isExtend`, GB9,
    /// GB11); and only when the scalar after it surely starts a new cluster (ASCII, a letter that
    /// stands alone, an emoji, a regional indicator: none of Extend, SpacingMark, ZWJ, Hangul V/T or
    /// an Indic consonant, after a cluster with no Prepend, Hangul L or pending ZWJ in it). Anything
    /// cut by the end of the buffer is left to the general path, which holds it.
    static func knownCluster(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int) -> Int {
        let first = p[i]
        if first == 0x0D { return i + 1 < n ? (p[i + 1] == 0x0A ? i + 2 : i + 1) : 0 }
        if first < 0x20 || first == 0x7F { return i + 1 }
        var (scalar, j) = first < 0x80 ? (UInt32(first), i + 1) : UTF8Sequence.scalar(p, at: i, count: n)
        guard j > i else { return 0 }
        let pictographic = isPictographic(scalar)
        if isRegionalIndicator(scalar) {
            let (second, k) = UTF8Sequence.scalar(p, at: j, count: n)
            guard k > j else { return 0 }
            if isRegionalIndicator(second) { j = k }
        } else if !(scalar < 0x80 || standsAlone(scalar) || pictographic) {
            return 0
        }
        while true {
            guard j < n else { return 0 }
            if p[j] < 0x80 { return j }
            let (next, k) = UTF8Sequence.scalar(p, at: j, count: n)
            guard k > j else { return 0 }
            if isExtend(next) { j = k; continue }
            if next == 0x200D {
                // GB11: an emoji, ZWJ, an emoji is one cluster; anything else after a ZWJ is rare here.
                let (joined, m) = UTF8Sequence.scalar(p, at: k, count: n)
                guard pictographic, m > k, isPictographic(joined) else { return 0 }
                j = m
                continue
            }
            return standsAlone(next) || isPictographic(next) || isRegionalIndicator(next) ? j : 0
        }
    }

    /// Letters that no rule of UAX #29 joins to a neighbour that is ASCII, another of them, an emoji
    /// or a regional indicator: Hangul syllables (LV/LVT, which only jamo V and T extend), CJK
    /// ideographs, kana, Latin letters with precomposed accents — Grapheme_Cluster_Break Other or
    /// LV/LVT, not Prepend, not Extended_Pictographic, no Indic conjunct class.
    @inline(__always)
    static func standsAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA, 0xC0...0x24F: return true
        default: return false
        }
    }

    /// The busiest blocks of Extended_Pictographic (Grapheme_Cluster_Break Other), as Unicode 17.0
    /// has them; Unicode 16.0, whose data Swift's `Character` may still use, has them too (17.0 only
    /// removed pictographs). `GraphemeSegmentationTests` checks each against `String`.
    @inline(__always)
    static func isPictographic(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1F300...0x1F321, 0x1F324...0x1F393, 0x1F39E...0x1F3F0, 0x1F400...0x1F4FD, 0x1F4FF...0x1F53D,
             0x1F5FA...0x1F64F, 0x1F680...0x1F6C5, 0x1F90C...0x1F93A, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF:
            return true
        default: return false
        }
    }

    /// The commonest Grapheme_Cluster_Break Extend: combining diacritical marks, variation
    /// selectors 15 and 16, the keycap, skin tones.
    @inline(__always)
    static func isExtend(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x300...0x36F, 0xFE0E, 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF: return true
        default: return false
        }
    }

    @inline(__always)
    static func isRegionalIndicator(_ scalar: UInt32) -> Bool { scalar >= 0x1F1E6 && scalar <= 0x1F1FF }

    /// Whether UTF-8 `bytes` end in U+200D ZERO WIDTH JOINER or an Indic conjunct linker (virama).
    static func endsInJoiner(_ bytes: [UInt8]) -> Bool {
        var start = bytes.count - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let last = String(decoding: bytes[start...], as: UTF8.self).unicodeScalars.first?.value ?? 0
        switch last {
        case 0x200D, 0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D: return true
        default: return false
        }
    }
}
