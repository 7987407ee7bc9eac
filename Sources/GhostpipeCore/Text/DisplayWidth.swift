/// The one place that decides how many terminal columns text occupies.
///
/// Interim implementation from the stdlib's Unicode properties; the generated East Asian Width table
/// (issue "Unicode: grapheme clusters and column widths") replaces `scalarWidth`.
public enum DisplayWidth {
    /// Columns of one scalar on its own: 0 (combining, format, default-ignorable), 1 or 2 (wide).
    @inlinable
    public static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        if v < 0xA0 { return 0 }
        if v == 0x00AD { return 1 }
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isDefaultIgnorableCodePoint { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Columns of one grapheme cluster, following the `wcwidth` specification for clusters: an emoji
    /// presentation cluster is 2; otherwise the widths of its scalars, where marks and joiners add 0.
    public static func of<S: StringProtocol>(_ cluster: S) -> Int {
        var scalars = cluster.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        if first.value < 0x7F, cluster.utf8.count == 1 { return first.value < 0x20 ? 0 : 1 }
        var width = scalarWidth(first)
        var count = 1
        var emoji = first.properties.isEmojiPresentation
        while let s = scalars.next() {
            count += 1
            switch s.value {
            case 0xFE0F, 0x20E3: if first.properties.isEmoji { emoji = true }
            case 0x1F3FB...0x1F3FF: if first.properties.isEmojiModifierBase { emoji = true }
            case 0x1F1E6...0x1F1FF: if (0x1F1E6...0x1F1FF).contains(first.value) { emoji = true }
            case 0x200D: if first.properties.isEmoji { emoji = true }
            default: width = max(width, scalarWidth(s))
            }
        }
        _ = count
        return emoji ? 2 : min(width, 2)
    }
}
