import Foundation

/// A directory of its own for a suite's files (unique per process and instance: suites and
/// parameterised cases run at once), under /tmp so socket paths stay short.
public struct ScratchDirectory: Sendable {
    public let url: URL

    public init(_ tag: String) {
        url = URL(fileURLWithPath: "/tmp/gp-\(tag)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside it.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name`; returns its path.
    public func file(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
