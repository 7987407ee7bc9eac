import Foundation
import Testing

/// A program some tests need besides Swift (tmux, asciinema, zsh, python3…). The product needs none of
/// them; `.ci/run` installs them all, so CI never skips.
public enum Tool {
    /// The program's path on `PATH` (then `/usr/bin`, `/bin`), or nil when it is not installed.
    public static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        return directories.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static func isInstalled(_ name: String) -> Bool { path(name) != nil }
}

extension Trait where Self == ConditionTrait {
    /// Skips the test or suite, saying which program is missing, unless every one of `tools` is installed.
    public static func requires(_ tools: String...) -> Self {
        let missing = tools.filter { !Tool.isInstalled($0) }
        return .enabled(if: missing.isEmpty,
                        Comment(rawValue: "skipped: needs \(missing.joined(separator: ", ")), not installed (.ci/run installs it)"))
    }
}
