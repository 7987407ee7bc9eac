import Foundation
import TestSupport
import Testing
@testable import GhostpipeCore

/// The man page's OPTIONS section and README's options are what the option table says. When they are
/// stale, `Scripts/update_docs.sh` (this suite with GHOSTPIPE_UPDATE_DOCS=1) writes them again.
@Suite struct Documentation {
    static let updating = ProcessInfo.processInfo.environment["GHOSTPIPE_UPDATE_DOCS"] == "1"

    /// Checks that `path` is `fresh`, or writes it when updating.
    func check(_ path: String, is fresh: String, what: String) throws {
        let url = Paths.repository.appendingPathComponent(path)
        let current = try String(contentsOf: url, encoding: .utf8)
        guard current != fresh else { return }
        if Self.updating {
            try fresh.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let old = current.split(separator: "\n", omittingEmptySubsequences: false)
        let new = fresh.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        Issue.record("""
            \(path): \(what) differs from the option table from line \(line + 1) \
            (\(line < old.count ? String(old[line]).debugDescription : "end")); run Scripts/update_docs.sh
            """)
    }

    @Test func theManPagesOptionsAreTheTable() throws {
        let page = try String(contentsOf: Paths.repository.appendingPathComponent("man/ghostpipe.1"), encoding: .utf8)
        try check("man/ghostpipe.1", is: ManualPage.updating(page), what: "the OPTIONS section")
        // Every option has its entry, in its section.
        for option in OptionTable.all {
            #expect(ManualPage.optionsSection.contains(ManualPage.tag(option)), "no entry for \(option.name)")
        }
    }

    /// README's Options block is `ghostpipe --help`, verbatim.
    @Test func theReadmeShowsTheHelp() throws {
        let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        try check("README.md", is: Self.replacingOptionsBlock(in: readme), what: "the Options block")
    }

    /// README with the fenced block that follows `## Options` replaced by `--help`.
    static func replacingOptionsBlock(in readme: String) -> String {
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(of: "## Options"),
              let open = lines[heading...].firstIndex(of: "```"),
              let close = lines[(open + 1)...].firstIndex(of: "```") else { return readme }
        lines.replaceSubrange((open + 1)..<close, with: Help.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        return lines.joined(separator: "\n")
    }

    @Test(.requires("mandoc")) func theManPageIsCleanUnderMandocLint() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Tool.path("mandoc")))
        process.arguments = ["-Tlint", Paths.repository.appendingPathComponent("man/ghostpipe.1").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && text.isEmpty, "\(text)")
    }
}
