import Foundation
import Testing

/// A program some tests need besides Swift (tmux, asciinema, zsh, python3…). The product needs none of
/// them; `.ci/run` installs them all, so CI never skips.
public enum Tool {
    /// The program's path on `PATH` (then `/usr/bin`, `/bin`), or nil when it is not installed — or
    /// named in `GHOSTPIPE_TEST_WITHOUT` (`tmux,zsh`), to run the tests as a machine without it would.
    public static func path(_ name: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard !(environment["GHOSTPIPE_TEST_WITHOUT"] ?? "").split(separator: ",").contains(Substring(name)) else { return nil }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        return directories.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static func isInstalled(_ name: String) -> Bool { path(name) != nil }
}

extension Trait where Self == ConditionTrait {
    /// Skips the test or suite, saying which program is missing, unless every one of `tools` is installed.
    public static func requires(_ tools: String...) -> Self {
        let missing = tools.filter { !Tool.isInstalled($0) }
        return .enabled(if: missing.isEmpty,
                        Comment(rawValue: "needs \(missing.joined(separator: " and ")), not installed (.ci/run installs it)"))
    }
}
