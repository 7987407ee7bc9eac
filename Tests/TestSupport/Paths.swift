import Foundation

/// Locations in the repository, found from this source file (tests run from any directory).
public enum Paths {
    /// The repository's root: two levels above `Tests/TestSupport/`.
    public static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The committed Unicode data (`Tests/Data/unicode`, with its licence and a README).
    public static let unicode: URL = repository.appendingPathComponent("Tests/Data/unicode")
    /// The subtitle format corpus (`Tests/Data/formats/<format>/`, each project's licence beside its
    /// files, expected cues from reference tools by `Scripts/gen_format_references.py`).
    public static let formats: URL = repository.appendingPathComponent("Tests/Data/formats")

    /// A bundled sample's path (`samples/NAME`).
    public static func sample(_ name: String) -> String { repository.appendingPathComponent("samples/\(name)").path }
}
