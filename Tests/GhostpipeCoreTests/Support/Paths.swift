import Foundation

/// Locations of the repository and the shared read-only data (`../shared` next to the checkout).
enum Paths {
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let shared: URL = repository.deletingLastPathComponent().appendingPathComponent("shared")
    static let unicode: URL = shared.appendingPathComponent("unicode")

    /// Reads a shared data file, failing loudly (a missing file must not make a test pass).
    static func sharedText(_ relative: String) throws -> String {
        let url = unicode.appendingPathComponent(relative)
        return try String(contentsOf: url, encoding: .utf8)
    }
}
