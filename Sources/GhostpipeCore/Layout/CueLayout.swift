/// A subtitle cue laid out for a band of the terminal: word-wrapped, aligned like players align
/// cues, styled by its markup, with the instants of word timing (WebVTT, karaoke).
public enum CueLayout {
    /// The block for `cue` in a band `width` columns wide, and the column of its left edge.
    /// Reveal offsets (WebVTT inline timestamps) are media time from the cue's start.
    public static func block(for cue: Cue, width: Int, leftAligned: Bool = false,
                             widths measured: (any ColumnWidths)? = nil) -> (block: Block, column: Int) {
        let placement = cue.placement
        // The cue box: `size:` percent of the width, positioned by `position:` (WebVTT), else the
        // whole width.
        let boxWidth = max(1, min(width, Int(((placement.size ?? 100) / 100 * Double(width)).rounded())))
        var boxLeft = (width - boxWidth) / 2
        if let position = placement.position {
            let anchor = Int((position / 100 * Double(width)).rounded())
            switch placement.positionAlignment {
            case .lineLeft: boxLeft = anchor
            case .lineRight: boxLeft = anchor - boxWidth
            case .center: boxLeft = anchor - boxWidth / 2
            case .auto:
                switch placement.alignment {
                case .start, .left: boxLeft = anchor
                case .end, .right: boxLeft = anchor - boxWidth
                case .center: boxLeft = anchor - boxWidth / 2
                }
            }
            boxLeft = max(0, min(width - boxWidth, boxLeft))
        }
        let alignment: RowAlignment
        if leftAligned {
            alignment = .left
        } else {
            switch placement.alignment {
            case .start, .left: alignment = .left
            case .end, .right: alignment = .right
            case .center: alignment = .center
            }
        }
        let graphemes = Self.graphemes(of: cue)
        if let blockAlignment = placement.block, !leftAligned {
            // `--align`: the lines keep their shape, the block moves by its longest line.
            let block = BlockLayout.layout(graphemes, width: boxWidth, widths: measured).placed(blockAlignment, in: boxWidth)
            return (block, boxLeft)
        }
        let block = BlockLayout.layout(graphemes, width: boxWidth, alignment: alignment,
                                       boxWidth: leftAligned ? nil : boxWidth, widths: measured)
        return (block, leftAligned ? 0 : boxLeft)
    }

    /// The cue's text as styled graphemes, sanitized, with the instants of its word timing (media
    /// time from the cue's start); trailing line breaks add no rows to a cue.
    public static func graphemes(of cue: Cue) -> [StyledGrapheme] {
        let timed = cue.runs.contains { $0.at != nil }
        var graphemes: [StyledGrapheme] = []
        var segmentStart: Nanoseconds = 0
        for run in cue.runs {
            if let at = run.at { segmentStart = max(0, at - cue.start) }
            for character in TerminalSanitizer.clean(run.text) {
                graphemes.append(StyledGrapheme(String(character), style: run.style, reveal: timed ? segmentStart : nil,
                                                before: run.before))
            }
        }
        while graphemes.last?.text == "\n" { graphemes.removeLast() }
        return graphemes
    }

    /// Rows the cue needs in a band `width` columns wide, estimated quickly (for sizing the band
    /// from a whole file without laying out every cue).
    public static func estimatedRows(of cue: Cue, width: Int) -> Int {
        var rows = 0
        var text = Substring(cue.plainText)
        while text.last == "\n" { text = text.dropLast() }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var columns = 0
            for character in line { columns += character.isASCII ? 1 : DisplayWidth.of(character) }
            rows += max(1, (columns + width - 1) / max(1, width))
        }
        return rows
    }
}
