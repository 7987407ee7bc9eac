/// How many columns grapheme clusters take, as the layout asks: the Unicode widths (`DisplayWidth`),
/// or a terminal's own where terminals disagree (`MeasuredWidths`). Layout only looks widths up;
/// finding them out (which may mean asking the terminal, a write and a wait) is a step of its own,
/// `learn`, that the show takes before it lays text out.
public protocol ColumnWidths: AnyObject {
    /// Columns of `cluster`.
    func width(of cluster: String) -> Int
    /// Finds out the widths of `clusters` it does not know yet. Returns whether it wrote to the
    /// terminal (drawing over the cursor's row, which must then be drawn again). An array, not any
    /// sequence: a generic requirement called on the existential makes the runtime build the
    /// sequence's type at the first call (a tenth of start-up's instructions for a one-line banner).
    @discardableResult
    func learn(_ clusters: [String]) -> Bool
    /// Whether `learn` can still find anything out.
    var isProbing: Bool { get }
}
