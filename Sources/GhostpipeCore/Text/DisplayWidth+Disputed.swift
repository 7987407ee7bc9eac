extension DisplayWidth {
    /// Clusters terminals draw at different widths: emoji or text presentation selectors, ZWJ
    /// sequences, skin-tone modifiers, keycaps, regional indicators (flags and lone ones), and emoji
    /// from recent Unicode versions (U+1F900 on) that older terminals do not know. Layout asks the
    /// terminal about them (`MeasuredWidths`); the renderer does not trust its column after one.
    public static func isDisputed(_ cluster: String) -> Bool {
        var cluster = cluster
        return cluster.withUTF8 { isDisputed(utf8: $0) }
    }

    /// `isDisputed` of a cluster's UTF-8 bytes. Each disputed scalar takes three bytes or more, so
    /// ASCII and two-byte text answer at once.
    @inline(__always)
    static func isDisputed(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Their UTF-8 starts with 0xE2, 0xEF or 0xF0: most text (Hangul, CJK, accents) has none.
        guard bytes.count >= 3, bytes.contains(where: { $0 == 0xF0 || $0 == 0xE2 || $0 == 0xEF }) else { return false }
        return containsDisputedScalar(bytes)
    }

    static func containsDisputedScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scalars = UTF8Sequence.Scalars(bytes: bytes)
        while let value = scalars.next() {
            switch value {
            case 0xFE0E, 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0x1F900...0x1FAFF:
                return true
            default:
                continue
            }
        }
        return false
    }
}
