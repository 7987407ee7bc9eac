import Foundation

/// A directory of its own for a suite's files (unique per process and instance: suites and
/// parameterised cases run at once), under /tmp so socket paths stay short. Removed when the test
/// process exits (a suite's files may be used until its last test ends).
public struct ScratchDirectory: Sendable {
    public let url: URL

    public init(_ tag: String) {
        url = URL(fileURLWithPath: "/tmp/gp-\(tag)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        ScratchDirectories.shared.add(url.path)
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

/// The scratch directories made by this process, removed as it exits.
final class ScratchDirectories: @unchecked Sendable {
    static let shared = ScratchDirectories()
    private let lock = NSLock()
    private var paths: [String] = []
    private var registered = false

    func add(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.append(path)
        if !registered {
            registered = true
            atexit { ScratchDirectories.shared.removeAll() }
        }
    }

    private func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        paths.removeAll()
    }
}
