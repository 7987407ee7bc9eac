/// How a glyph looks part-way through fading in from the background to its final style, brought down
/// to the terminal's colour depth. Shared by every effect that fades.
///
/// - The foreground moves from the cell's background (the glyph's own, else the terminal's) to the
///   glyph's colour — the context's foreground for text in the default colour — along a straight line
///   in OKLab.
/// - The colour is quantized to the depth here, so two instants that look the same on this terminal
///   give equal styles and the renderer writes nothing.
/// - While the quantized colour is still the background's, the glyph is not drawn at all; once it
///   equals the final colour, the glyph takes its final style (so text in the default colour ends in
///   the default style, with no colour left behind).
/// - Without colour a fade cannot be shown: the glyph is hidden for the first half of the fade and
///   appears in its final style after that — a short hold, never a blank.
struct Fading {
    let depth: ColorDepth
    let background: (UInt8, UInt8, UInt8)
    let foreground: (UInt8, UInt8, UInt8)

    init(_ context: EffectContext) {
        depth = context.depth
        background = context.background
        foreground = context.foreground
    }

    /// The style of a glyph whose final style is `style` at fade progress `p` (0...1, already eased),
    /// or nil while it cannot be seen.
    func style(_ style: Style, at p: Double) -> Style? {
        if p >= 1 { return style }
        if depth == .none { return p >= 0.5 ? style : nil }
        if p <= 0 { return nil }
        let fromRGB = style.background?.rgb ?? background
        let toRGB = style.foreground?.rgb ?? foreground
        let from = depth.quantize(fromRGB)
        let to = depth.quantize(toRGB)
        let mixed = depth.quantize(OKLab.mix(OKLab(fromRGB.0, fromRGB.1, fromRGB.2), OKLab(toRGB.0, toRGB.1, toRGB.2), p).rgb)
        if mixed == from { return nil }
        // Text in an explicit colour looks final once its quantized colour is reached; text in the
        // default colour keeps the explicit stand-in until the very end.
        if mixed == to && style.foreground != nil { return style }
        var shown = style
        shown.foreground = mixed
        return shown
    }
}
