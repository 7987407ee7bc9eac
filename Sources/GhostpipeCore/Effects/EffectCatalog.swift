/// Every effect `--effect` knows, in the order `--list-effects` shows them. An effect's options come
/// with it: its entry here registers both.
public enum EffectCatalog {
    public static let all: [any Effect] = [
        Typewriter(),
        Letters(),
        Fade(),
        ColorShift(),
        Decrypt(),
        Morph(),
        Credits(),
    ]

    /// The effects' own options, in the order of their effects (the command line lists them in its
    /// Effects section).
    public static var options: [EffectOption] {
        all.flatMap { type(of: $0).options }
    }

    public static func named(_ name: String) -> (any Effect)? {
        all.first { $0.name == name }
    }

    /// `--list-effects`: name and one line each.
    public static var listing: String {
        let width = all.map(\.name.count).max() ?? 0
        return all.map { $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary }.joined(separator: "\n")
    }
}
