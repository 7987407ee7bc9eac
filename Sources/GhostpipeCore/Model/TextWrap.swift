/// How streamed text meets the right margin (`--wrap`).
public enum TextWrap: String, CaseIterable, Sendable {
    /// Word wrap for prose; a terminal's own layout for input that positions its text itself
    /// (cursor motion, erase, a carriage-return rewrite: see `TerminalStreamDetection`).
    case auto
    /// Word wrap: a word that does not fit moves whole to the next row.
    case word
    /// As a terminal lays it out: the input interpreted by the emulator, wrapping at the margin.
    case char
    /// As a terminal with autowrap off: what passes the margin is cut there.
    case none
}
