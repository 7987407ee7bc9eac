/// Every effect `--effect` knows, in the order `--list-effects` shows them.
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

    public static func named(_ name: String) -> (any Effect)? {
        all.first { $0.name == name }
    }

    /// `--list-effects`: name and one line each.
    public static var listing: String {
        let width = all.map(\.name.count).max() ?? 0
        return all.map { $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary }.joined(separator: "\n")
    }
}
