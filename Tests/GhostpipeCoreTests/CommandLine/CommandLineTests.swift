import Foundation
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
        (["--wpm", "-3"], "--wpm: '-3' is out of range (from 0.001 to 1000000)"),
        (["--cps", "fast"], "--cps: 'fast' is not a number"),
        (["--duration", "soon"], "--duration: 'soon' is not a duration (try 10, 1.5s, 300ms, 2m or 00:01:02,500)"),
        (["--output", "html"], "--output: 'html' is not one of auto, terminal, plain, cast, asciicast-v3, json"),
        (["--instant=yes"], "--instant takes no value"),
        (["--width", "0"], "--width: '0' is not a whole number from 1 to 10000"),
        (["-x"], "unknown option '-x'"),
    ] as [([String], String)])
    func mistakesAreExplained(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments) }
    }

    @Test func helpFitsIn80ColumnsAndShowsEveryOptionOfTheTable() {
        for line in Help.text.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        for option in OptionTable.all {
            let names = (option.short.map { "-\($0), " } ?? "    ") + option.name + (option.value.placeholder.map { " " + $0 } ?? "")
            #expect(Help.text.contains("  \(names)  "), "--help does not show \(names)")
        }
        #expect(Help.text.contains("five keystrokes"))
    }

    /// The parser looks options up section by section, without the full list: every option of the
    /// list is found that way, by its long name and by its short one, and names are unique.
    @Test func everyListedOptionIsFoundByTheParsersLookup() {
        for option in OptionTable.all {
            #expect(OptionTable.named(option.long)?.name == option.name, "--\(option.long) is not found")
            if let letter = option.short { #expect(OptionTable.named(short: letter)?.name == option.name, "-\(letter)") }
        }
        #expect(Set(OptionTable.all.map(\.long)).count == OptionTable.all.count)
        #expect(OptionTable.named("no-such-option") == nil)
    }

    @Test(arguments: [
        (["--wpm", "100", "--cps", "5"], "--wpm 100 and --cps 5 both set the pace: give one of them"),
        (["-c5", "--wpm=100"], "-c 5 and --wpm 100 both set the pace: give one of them"),
    ] as [([String], String)])
    func twoOptionsForTheSameThingAreAMistakeNamingBoth(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments) }
    }

    @Test func anOptionGivenTwiceKeepsItsLastValue() throws {
        // As with an alias (alias gp='ghostpipe --wpm 300') and a command line that says more.
        let options = try ArgumentParser.parse(["--wpm", "300", "--effect", "fade", "--wpm", "120", "-e", "letters"])
        #expect(options.pacing.graphemesPerSecond == 10)
        #expect(options.effect == "letters")
    }

    /// A value that is not one of the choices is answered with the choices, from their catalogue, and
    /// the closest one; aliases and any case are taken.
    @Test func choicesComeFromTheirCatalogues() throws {
        let effects = EffectCatalog.all.map(\.name).joined(separator: ", ")
        #expect(throws: UsageError("--effect: 'fadde' is not one of \(effects); did you mean 'fade'?")) {
            try ArgumentParser.parse(["--effect", "fadde"])
        }
        // (`sub` would be close to `subviewer` now: a name close to none.)
        #expect(throws: UsageError("--format: 'docx' is not one of text, \(FormatCatalog.parsers.map(\.name).joined(separator: ", "))")) {
            try ArgumentParser.parse(["--format", "docx"])
        }
        #expect(try ArgumentParser.parse(["--colors", "24BIT"]).colors == .truecolor)
        #expect(try ArgumentParser.parse(["--format", "SubRip"]).format == .srt)
        #expect(try ArgumentParser.parse(["-o", "JSON"]).output == .json)
        #expect(try ArgumentParser.parse(["--completions", "zsh"]).completions == .zsh)
    }

    /// An effect's own options are declared beside it and come with its entry in the catalogue: they
    /// follow --seed in the Effects section, and their values reach the effect typed, checked here.
    @Test func effectOptionsComeFromTheirEffects() throws {
        let names = OptionTable.all.filter { $0.section == .effects }.map(\.long)
        let own = EffectCatalog.options.map(\.long)
        #expect(own == ["accel", "palette"])
        #expect(Array(names.drop { $0 != "seed" }.dropFirst().prefix(own.count)) == own)
        let given = try ArgumentParser.parse(["--accel", "0.5", "--palette", "red,none"])
        #expect(given.effectSettings[Letters.Acceleration.self] == 0.5)
        #expect(given.effectSettings[ColorShift.Stops.self] == [.color(.palette(1)), .own])
        let defaults = try ArgumentParser.parse([])
        #expect(defaults.effectSettings[Letters.Acceleration.self] == 0.9)
        #expect(defaults.effectSettings[ColorShift.Stops.self].isEmpty)
        #expect(throws: UsageError("--accel: '2' is not a factor above 0 and at most 1")) {
            try ArgumentParser.parse(["--accel", "2"])
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
