/// The distinct final styles of a block and which one each glyph has, so an effect computes a fade
/// colour once per style (a handful), not once per glyph (thousands).
struct StyleIndex {
    /// Distinct styles in order of first appearance.
    var styles: [Style] = []
    /// For each glyph, its index in `styles`.
    var index: [Int] = []

    init(_ block: Block) {
        index.reserveCapacity(block.count)
        var last = -1
        for glyph in block.glyphs {
            // Neighbours usually share a style: check the last one before searching.
            if last >= 0 && styles[last] == glyph.style {
                index.append(last)
            } else if let k = styles.firstIndex(of: glyph.style) {
                index.append(k)
                last = k
            } else {
                styles.append(glyph.style)
                last = styles.count - 1
                index.append(last)
            }
        }
    }
}
