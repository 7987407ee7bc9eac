import Foundation
import TestSupport
import Testing
@testable import GhostpipeCore

@Suite struct CommandLineParsing {
    @Test func longShortInlineAndBundledForms() throws {
        let a = try ArgumentParser.parse(["--wpm", "120", "--no-pauses", "-i", "file.txt", "-"])
        #expect(a.pacing.graphemesPerSecond == 10)
        #expect(!a.pacing.pauses && a.instant)
        #expect(a.files == ["file.txt", "-"])
        let b = try ArgumentParser.parse(["--cps=40", "-d1.5s", "-o", "json"])
        #expect(b.pacing.graphemesPerSecond == 40)
        #expect(b.pacing.duration == 1_500_000_000)
        #expect(b.output == .json)
        let c = try ArgumentParser.parse(["-iV"])
        #expect(c.instant && c.showVersion)
        let d = try ArgumentParser.parse(["--", "--wpm", "-"])
        #expect(d.files == ["--wpm", "-"])
    }

    @Test(arguments: [
        (["--wmp", "3"], "unknown option '--wmp'; did you mean '--wpm'?"),
        (["--instnat"], "unknown option '--instant'".replacingOccurrences(of: "instant'", with: "instnat'; did you mean '--instant'?")),
        (["--wpm"], "--wpm needs a value (N)"),
        (["--wpm", "-3"], "--wpm: '-3' is not a positive number"),
        (["--cps", "fast"], "--cps: 'fast' is not a positive number"),
        (["--duration", "soon"], "--duration: 'soon' is not a duration (try 10, 1.5s, 300ms, 2m or 00:01:02,500)"),
        (["--output", "html"], "--output: 'html' is not one of auto, terminal, plain, cast, json"),
        (["--instant=yes"], "--instant takes no value"),
        (["--width", "0"], "--width: '0' is not a whole number from 1 to 10000"),
        (["-x"], "unknown option '-x'"),
    ] as [([String], String)])
    func mistakesAreExplained(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments) }
    }

    @Test func helpFitsIn80ColumnsAndMentionsEveryOption() {
        for line in Help.text.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        for spec in ArgumentParser.specs {
            #expect(Help.text.contains("--\(spec.long)"), "--help does not mention --\(spec.long)")
            if let short = spec.short { #expect(Help.text.contains("-\(short), --\(spec.long)")) }
        }
        #expect(Help.text.contains("five keystrokes"))
    }

    /// README.md and man/ghostpipe.1 document every option the parser knows.
    @Test func readmeAndManPageMentionEveryOption() throws {
        let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let man = try String(contentsOf: Paths.repository.appendingPathComponent("man/ghostpipe.1"), encoding: .utf8)
        for spec in ArgumentParser.specs {
            #expect(readme.contains("--\(spec.long)"), "README.md does not mention --\(spec.long)")
            let roff = "\\-\\-" + spec.long.replacingOccurrences(of: "-", with: "\\-")
            #expect(man.contains(roff), "man/ghostpipe.1 does not document --\(spec.long)")
        }
    }

    @Test func outputModeFollowsTheTerminal() throws {
        let options = try ArgumentParser.parse([])
        let tty = try Session(options: options, surroundings: Surroundings(stdoutIsTerminal: true, terminalSize: (100, 30), environment: ["TERM": "xterm"]))
        #expect(tty.mode == .terminal && tty.columns == 100 && tty.rows == 30)
        let dumb = try Session(options: options, surroundings: Surroundings(stdoutIsTerminal: true, terminalSize: (100, 30), environment: ["TERM": "dumb"]))
        #expect(dumb.mode == .plain)
        let pipe = try Session(options: try ArgumentParser.parse(["--width", "50"]), surroundings: Surroundings(stdoutIsTerminal: false, terminalSize: nil, environment: ["COLUMNS": "120"]))
        #expect(pipe.mode == .plain && pipe.columns == 50 && pipe.rows == 24)
        let sizeless = try Session(options: options, surroundings: Surroundings(stdoutIsTerminal: true, terminalSize: nil, environment: ["COLUMNS": "120", "LINES": "40"]))
        #expect(sizeless.columns == 120 && sizeless.rows == 40)
        #expect(throws: UsageError.self) {
            try Session(options: try ArgumentParser.parse(["--record", "x.cast"]), surroundings: Surroundings(stdoutIsTerminal: false, terminalSize: nil, environment: [:]))
        }
    }
}
