/// Where the subtitle band sits on a terminal. A player shows subtitles at the bottom of the
/// picture, so the band goes to the terminal's last rows, leaving the very last one for the status
/// line and, at the end, the cursor: ghostpipe moves down to them over blank rows, scrolling nothing
/// away. The band never starts above `floor` (the first row that is ours, under the prompt); one too
/// tall to fit below it grows downwards from there as the terminal scrolls. Without a terminal that
/// says where its cursor is (or with `--place inline`) the band is simply at `floor`.
struct BandAnchor {
    /// The first document row the band may take.
    let floor: Int
    /// The document row of the terminal's last row (nil: unknown, the band stays at `floor`).
    let lastRow: Int?

    /// The band's first row for a band `rows` tall, with a row below it for the status line.
    func base(bandRows rows: Int) -> Int {
        guard let lastRow else { return floor }
        return max(floor, lastRow - rows)
    }

    /// Whether the cursor ends below the band (it is at the terminal's bottom) rather than at its top.
    var isAtBottom: Bool { lastRow != nil }

    /// Anchors a band whose first row may be `floor` where the terminal just said its cursor is (the
    /// show asked before this: `CuePlayback.anchorsToTerminal`). The renderer's cursor is at document
    /// row `screen.cursorRow`; the terminal's last row is as many rows below it as the terminal has
    /// below its cursor.
    static func locate(on screen: Screen, floor: Int) -> BandAnchor {
        guard let reported = screen.reportedCursor else { return BandAnchor(floor: floor, lastRow: nil) }
        let lastRow = screen.cursorRow + max(0, screen.height - 1 - reported.row)
        return BandAnchor(floor: floor, lastRow: lastRow)
    }
}
