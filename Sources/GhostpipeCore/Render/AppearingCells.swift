/// Cells that appear on blank ones, read in place where they are kept: what the renderer writes as
/// they are (`TerminalRenderer.appear`) — a typewriter's glyphs on the scene, or graphemes straight
/// from the glyph queue (a recording made ahead of time, `TypingTape`). Rows and columns are the
/// document's; cells come in drawing order.
protocol AppearingCells {
    var count: Int { get }
    func row(_ i: Int) -> Int
    func column(_ i: Int) -> Int
    func width(_ i: Int) -> Int
    func text(_ i: Int) -> String
    func style(_ i: Int) -> Style
    /// Whether cell `i`'s text can be drawn `width(i)` columns wide (`Frame.canTake`).
    func canTake(_ i: Int) -> Bool
    /// Appends cell `i`'s text to `out`.
    func appendText(_ i: Int, to out: inout [UInt8])
}

extension AppearingCells {
    @inline(__always) func canTake(_ i: Int) -> Bool { Frame.canTake(text(i), width(i)) }
    @inline(__always) func appendText(_ i: Int, to out: inout [UInt8]) { TerminalRenderer.append(text(i), to: &out) }

    /// Puts cell `i` and its continuations in its row's `cells`, which are blank there (the caller
    /// checked): what `Frame.put` comes down to then.
    @inline(__always) func put(_ i: Int, into cells: UnsafeMutableBufferPointer<Cell>) {
        let (c, w) = (column(i), width(i))
        cells[c] = Cell(text(i), width: UInt8(w), style: style(i))
        for k in (c + 1)..<(c + w) { cells[k] = .continuation }
    }
}

/// A block's glyphs (`Appearing`), its top-left cell at `top`, `left` (read through a pointer:
/// iterating the slice copied every glyph, its text retained and released).
struct GlyphCells: AppearingCells {
    let glyphs: UnsafeBufferPointer<Glyph>
    let top: Int
    let left: Int

    var count: Int { glyphs.count }
    @inline(__always) func row(_ i: Int) -> Int { top + glyphs[i].row }
    @inline(__always) func column(_ i: Int) -> Int { left + glyphs[i].column }
    @inline(__always) func width(_ i: Int) -> Int { glyphs[i].width }
    @inline(__always) func text(_ i: Int) -> String { glyphs[i].text }
    @inline(__always) func style(_ i: Int) -> Style { glyphs[i].style }
}

/// The cells one typing step draws (`TypingTape.drawn`), read in place from the glyph queue.
struct TapeCells: AppearingCells {
    let graphemes: PlacedGraphemes
    let drawn: UnsafeBufferPointer<Int>

    var count: Int { drawn.count }
    @inline(__always) func row(_ i: Int) -> Int { graphemes.row(drawn[i]) }
    @inline(__always) func column(_ i: Int) -> Int { graphemes.column(drawn[i]) }
    @inline(__always) func width(_ i: Int) -> Int { graphemes.width(drawn[i]) }
    @inline(__always) func text(_ i: Int) -> String { graphemes.text(drawn[i]) }
    @inline(__always) func style(_ i: Int) -> Style { graphemes.style(drawn[i]) }
    @inline(__always) func appendText(_ i: Int, to out: inout [UInt8]) { graphemes.appendText(drawn[i], to: &out) }
    @inline(__always) func canTake(_ i: Int) -> Bool { graphemes.canTake(drawn[i]) }
}
