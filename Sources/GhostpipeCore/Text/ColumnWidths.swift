/// How many columns grapheme clusters take, as the layout asks: the Unicode widths (`DisplayWidth`),
/// or a terminal's own where terminals disagree (`MeasuredWidths`). Layout only looks widths up;
/// finding them out (asking the terminal: a write, and an answer that comes on the event loop) is a
/// step of its own that the show takes before the text reaches the layout (`Show.taking`).
public protocol ColumnWidths: AnyObject {
    /// Columns of `cluster`.
    func width(of cluster: String) -> Int
    /// Columns of `cluster` as the terminal itself said (nil: it was not measured there).
    func measuredWidth(of cluster: String) -> Int?
}

extension ColumnWidths {
    public func measuredWidth(of cluster: String) -> Int? { nil }
}
