/// Reads the SGR parameters (`ESC [ … m`) `TerminalSanitizer` found in input text into a `Style`, so
/// colours in a file survive — re-emitted by ghostpipe's own renderer, never passed through. They mean
/// what they mean to the emulator: both go through `GraphicRendition`.
public enum SelectGraphicRendition {
    /// Applies the parameter bytes (digits, `;` and `:`) of one SGR sequence to `style`.
    public static func apply(_ parameters: [UInt8], to style: inout Style) {
        var p = ControlSequenceParameters()
        for byte in parameters {
            switch byte {
            case 0x30...0x39: p.digit(byte)
            case 0x3A, 0x3B: p.separator(colon: byte == 0x3A)
            default: return  // a private marker (`?`, `>`…) or an intermediate byte: not SGR
            }
        }
        p.finish()
        GraphicRendition.apply(p, to: &style)
    }
}
