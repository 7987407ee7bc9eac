/// Where a grapheme goes: a document row (0 is the first row of the output), a column, and how many
/// columns it covers (0 for what takes no cell: line ends, hanging spaces, zero-width clusters).
public struct Placement: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var width: Int
    public init(row: Int, column: Int, width: Int) {
        self.row = row
        self.column = column
        self.width = width
    }
}
