/// How the rows of a block sit in its box, or (`--align`) how a block sits in the width.
public enum RowAlignment: String, CaseIterable, Sendable { case left, center, right }

/// `--place`: where a block sits vertically on a full screen, or the subtitles on the terminal
/// (`inline`: their band under the prompt; text flows as with `top`).
public enum BlockPlace: String, CaseIterable, Sendable { case top, middle, bottom, inline }

extension RowAlignment {
    /// How far right something `widest` columns wide moves to sit here in `width` columns.
    public func shift(widest: Int, in width: Int) -> Int {
        let slack = max(0, width - widest)
        switch self {
        case .left: return 0
        case .center: return slack / 2
        case .right: return slack
        }
    }
}

extension BlockPlace {
    /// The first of `rows` rows a block `height` rows tall starts on when placed here.
    public func top(height: Int, in rows: Int) -> Int {
        switch self {
        case .top, .inline: 0
        case .middle: max(0, (rows - height) / 2)
        case .bottom: max(0, rows - height)
        }
    }
}
