/// A line that scrolled off a stream's emulator, on its way to the terminal: its cells, or — when
/// every cell is one printable ASCII character a column wide, and none is concealed — its packed
/// cells (`PlainLine`), which a renderer writes as they are, with no `Cell` (a string and a style)
/// made for each: making, comparing and releasing those was most of the cost of an `--instant`
/// stream such as `ls -laR --color`.
enum ScrolledLine {
    case cells([Cell])
    case packed(PlainLine)
}

/// The packed cells of a line whose every cell is a printable ASCII byte a column wide and not
/// concealed, its trailing default blanks left out: cell `k` is byte `code` in the style of its
/// colours and attributes, and a cell equal to `PackedCell.blank` is exactly what `Cell.isBlank`
/// calls blank. (`PackedColor.pack` gives each colour one value, so cells of the same colours and
/// attributes are cells of the same `Style`.)
struct PlainLine {
    let cells: [PackedCell]

    /// `line` as a plain line, if it is one (at most `columns` cells once its trailing blanks are
    /// left out).
    init?(_ line: UnsafeBufferPointer<PackedCell>, columns: Int) {
        var end = line.count
        while end > 0 && line[end - 1] == .blank { end -= 1 }
        guard end <= columns else { return nil }
        // Folded without branches: a code outside 0x20...0x7E, a width other than 1, the concealed bit.
        var outside: UInt32 = 0
        for k in 0..<end {
            let p = line[k]
            outside |= (p.code &- 0x20 > 0x5E ? 1 : 0) | UInt32(p.width ^ 1) | UInt32(p.attributes & Pen.concealed)
        }
        guard outside == 0 else { return nil }
        cells = Array(UnsafeBufferPointer(rebasing: line[..<end]))
    }

    /// The line as `Cell`s, `count` wide (cut there if longer), as `TerminalEmulator.cells(from:)`
    /// makes them.
    func cells(width count: Int) -> [Cell] {
        let ascii = TerminalEmulator.asciiText
        var row = Array(repeating: Cell.blank, count: count)
        var colours = (foreground: UInt32(0), background: UInt32(0), attributes: UInt8(0))
        var style = Style.plain
        for (k, p) in cells.prefix(count).enumerated() where p != .blank {
            if p.foreground != colours.foreground || p.background != colours.background || p.attributes != colours.attributes {
                colours = (p.foreground, p.background, p.attributes)
                style = Pen.style(of: p)
            }
            row[k] = Cell(ascii[Int(p.code)], width: 1, style: style)
        }
        return row
    }
}

extension ScrolledLine {
    /// The line as cells, `width` wide: cut there, or padded with blanks.
    func cells(width: Int) -> [Cell] {
        switch self {
        case .packed(let line): return line.cells(width: width)
        case .cells(let cells):
            return cells.count == width ? cells
                : Array(cells.prefix(width)) + Array(repeating: .blank, count: max(0, width - cells.count))
        }
    }
}
