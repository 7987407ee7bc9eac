/// Fills short runs of blanks between two cells of the same colour with spaces in that colour.
///
/// The renderer rewrites a changed run of cells in one go, short unchanged gaps included (cheaper
/// than moving the cursor). A plain blank inside a coloured run costs an SGR reset and a re-select
/// (~25 bytes in truecolor) for one space; a space in the run's own colour looks the same and costs
/// one byte. Fades and cipher text change whole words every frame, so this halves their output.
/// Only styles that show nothing on a space are used (no background, underline, inverse or
/// strikethrough), and the final frame is unaffected: between plain cells a plain space is a blank.
enum GapBridging {
    /// Longest gap bridged: the renderer swallows unchanged gaps up to this length.
    static let longest = 4

    static func bridge(_ frame: inout Frame, rows: Range<Int>) {
        for row in max(rows.lowerBound, frame.origin)..<min(rows.upperBound, frame.end) {
            let r = row - frame.origin
            var lastStyle: Style?
            var gapStart = -1
            for c in 0..<frame.width {
                let cell = frame.rows[r][c]
                if cell.isBlank {
                    if gapStart < 0 { gapStart = c }
                    continue
                }
                if gapStart >= 0, let lastStyle, lastStyle == cell.style, !lastStyle.isPlain,
                   c - gapStart <= longest, showsNothingOnASpace(lastStyle) {
                    for k in gapStart..<c { frame.rows[r][k] = Cell(" ", style: lastStyle) }
                }
                gapStart = -1
                if cell.width > 0 { lastStyle = cell.style }
            }
        }
    }

    static func showsNothingOnASpace(_ style: Style) -> Bool {
        style.background == nil && style.attributes.intersection([.underline, .inverse, .strikethrough]).isEmpty
    }
}
