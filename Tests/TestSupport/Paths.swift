import Foundation

/// Locations in the repository, found from this source file (tests run from any directory).
public enum Paths {
    /// The repository's root: two levels above `Tests/TestSupport/`.
    public static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The committed Unicode data (`Tests/Data/unicode`, with its licence and a README).
    public static let unicode: URL = repository.appendingPathComponent("Tests/Data/unicode")

    /// A bundled sample's path (`samples/NAME`).
    public static func sample(_ name: String) -> String { repository.appendingPathComponent("samples/\(name)").path }
}
