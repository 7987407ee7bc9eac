/// `--typing`: how the typewriter spaces its keystrokes.
public enum TypingStyle: String, CaseIterable, Sendable {
    /// Every grapheme the same time apart, pauses aside (`Pacer`): the default.
    case even
    /// Each grapheme its own seeded interval, as a person types (`HumanPacer`).
    case human
}
