import Foundation
import TestSupport
import Testing
@testable import GhostpipeCore

/// `ghostpipe --completions bash|zsh|fish`, run by each shell as a user's would: bash through its
/// completion API (`complete -p`, the function called as bash calls it), fish through `complete -C`,
/// zsh through its completion system in a real terminal (tmux), keys typed and the screen read.
@Suite struct ShellCompletions {
    /// A directory with files of the kinds ghostpipe reads, one it does not, a recording and a folder.
    final class Files {
        let path: String
        init(_ names: [String] = ["a.srt", "B.VTT", "c.txt", "d.bin", "e.cast"]) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-completion-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path + "/sub", withIntermediateDirectories: true)
            for name in names { _ = FileManager.default.createFile(atPath: "\(path)/\(name)", contents: Data()) }
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ text: String) throws -> String {
            try text.write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8)
            return "\(path)/\(name)"
        }
    }

    static func script(_ shell: String) throws -> String {
        let result = try Binary.run(["--completions", shell])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return result.text
    }

    /// Runs `program` with `arguments` in `directory` and returns its standard output.
    static func output(of program: String, _ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Tool.path(program)))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && errors.isEmpty, "\(program): \(errors)")
        return text
    }

    static let effects = Set(EffectCatalog.all.map(\.name))
    static let formats = Set(["text"] + FormatCatalog.parsers.map(\.name))
    static let modes = Set(OutputMode.all.map(\.name))
    static let everyName = Set(OptionTable.all.flatMap { [$0.name] + ($0.short.map { ["-\($0)"] } ?? []) })

    // MARK: - bash

    /// What bash's completion offers for each command line (its last word being completed), calling
    /// the function as bash does: COMP_WORDS split at '=' as COMP_WORDBREAKS splits them.
    static func bash(_ lines: [[String]], in files: Files) throws -> (registration: String, offers: [Set<String>]) {
        let script = try files.write("ghostpipe.bash", try Self.script("bash"))
        var driver = """
            source '\(script)'
            complete -p ghostpipe
            offer() {
                COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                _ghostpipe ghostpipe "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                echo "OFFER ${COMPREPLY[*]}"
            }

            """
        for words in lines { driver += "offer ghostpipe " + words.map { "'\($0)'" }.joined(separator: " ") + "\n" }
        let output = try output(of: "bash", ["--norc", "--noprofile", "-c", driver], in: files.path)
        let lines = output.split(separator: "\n")
        let offers = lines.filter { $0.hasPrefix("OFFER") }.map { Set($0.dropFirst(6).split(separator: " ").map(String.init)) }
        return (lines.first.map(String.init) ?? "", offers)
    }

    @Test(.requires("bash")) func bashCompletesOptionsValuesAndFiles() throws {
        let files = try Files()
        let (registration, offers) = try Self.bash([
            ["--eff"], ["--effect", ""], ["-e", "f"], ["--output", ""], ["--colors", ""], ["--format", ""],
            ["--encoding", "cp9"], ["--effect", "=", "m"], ["--wpm", ""], ["-"],
            [""], ["--record", ""], ["--overlay", "a.srt", "ech"], ["--overlay", "a.srt", "echo", ""], ["--", "-"],
        ], in: files)
        #expect(registration == "complete -F _ghostpipe ghostpipe")
        let expected: [Set<String>] = [
            ["--effect"], Self.effects, ["fade"], Self.modes, ["16", "256", "truecolor"], Self.formats,
            ["cp949"], ["morph"], [], Self.everyName,
            // Files ghostpipe plays and folders, not d.bin; a recording for --record.
            ["a.srt", "B.VTT", "c.txt", "sub"], ["e.cast", "sub"],
            // Under --overlay: COMMAND, then its arguments (any file).
            ["echo"], ["a.srt", "B.VTT", "c.txt", "d.bin", "e.cast", "sub", "ghostpipe.bash"], [],
        ]
        #expect(offers.count == expected.count)
        for (offer, want) in zip(offers, expected) where want != ["echo"] { #expect(offer == want) }
        #expect(offers[12].contains("echo"), "\(offers[12])")
    }

    @Test(.requires("bash")) func bashOffersEveryFileWhenNoneIsOfAKindGhostpipePlays() throws {
        let files = try Files(["notes", "log.bin"])
        let (_, offers) = try Self.bash([[""], ["n"]], in: files)
        #expect(offers == [["notes", "log.bin", "sub", "ghostpipe.bash"], ["notes"]])
    }

    // MARK: - fish

    /// What fish offers (`candidate<TAB>description`) for each command line.
    static func fish(_ lines: [String], in files: Files) throws -> [[String]] {
        let script = try files.write("ghostpipe.fish", try Self.script("fish"))
        let driver = "source '\(script)'\n" + lines.map { "complete -C 'ghostpipe \($0)'; echo END" }.joined(separator: "\n")
        let output = try output(of: "fish", ["--no-config", "-c", driver], in: files.path)
        return output.split(separator: "END\n", omittingEmptySubsequences: false).dropLast()
            .map { $0.split(separator: "\n").map(String.init) }
    }

    @Test(.requires("fish")) func fishCompletesOptionsValuesAndFilesWithDescriptions() throws {
        let files = try Files()
        let offers = try Self.fish(["--eff", "--effect ", "-o", "--colors=t", "", "--record ", "--wpm "], in: files)
        try #require(offers.count == 7)
        let effect = try #require(OptionTable.named("effect"))
        #expect(offers[0] == ["--effect\t\(effect.summary)"])
        #expect(Set(offers[1].map { String($0.prefix { $0 != "\t" }) }) == Self.effects)
        #expect(offers[1].contains("fade\tthe block fades in from the background"), "\(offers[1])")
        #expect(Set(offers[2].map { String($0.prefix { $0 != "\t" }) }) == Set(Self.modes.map { "-o" + $0 }))
        #expect(offers[3].map { String($0.prefix { $0 != "\t" }) } == ["--colors=truecolor"])
        // The files ghostpipe plays first, then folders, then the others.
        #expect(offers[4] == ["a.srt", "B.VTT", "c.txt", "sub/", "d.bin", "e.cast", "ghostpipe.fish"], "\(offers[4])")
        #expect(offers[5].first == "e.cast" && offers[5].contains("d.bin"), "\(offers[5])")
        #expect(offers[6].isEmpty)
    }

    // MARK: - zsh

    @Test(.requires("zsh", "tmux")) func zshCompletesOptionsValuesAndFilesInARealTerminal() throws {
        let files = try Files()
        try FileManager.default.createDirectory(atPath: files.path + "/functions", withIntermediateDirectories: true)
        _ = try files.write("functions/_ghostpipe", try Self.script("zsh"))
        let tmux = try Tmux(columns: 100, rows: 20, tag: "zshcomp")
        tmux.type("cd '\(files.path)' && exec env -i HOME='\(files.path)' TERM=xterm-256color PATH=/usr/bin:/bin zsh -f")
        tmux.type("fpath=(\(files.path)/functions $fpath); autoload -U compinit; compinit -u -D; PS1='%% '; clear")
        #expect(tmux.wait(forScreen: { $0.first == "%" }, timeout: 10), "\(tmux.screen())")

        /// Types `keys`, then Tab, and waits until the screen shows what `shown` looks for.
        func complete(_ keys: String, _ what: String, _ shown: @escaping ([String]) -> Bool) {
            tmux.type(keys, enter: false)
            tmux.press("Tab")
            #expect(tmux.wait(forScreen: shown, timeout: 5), "\(what): \(tmux.screen())")
            tmux.press("C-c")
            // The line given up and a fresh prompt under it before anything more is typed: keys sent
            // while zsh was still busy with the listing went into the old line ahead of the
            // interrupt ("% ghostpipe --record c", then "lear").
            tmux.wait(forScreen: { $0.last(where: { !$0.isEmpty }) == "%" }, timeout: 5)
            tmux.type("clear")
            tmux.wait(forScreen: { $0.first == "%" && $0.dropFirst().allSatisfy(\.isEmpty) }, timeout: 5)
        }
        complete("ghostpipe --eff", "an option's name") { $0.first == "% ghostpipe --effect=" }
        complete("ghostpipe --effect ", "the effects, described") { screen in
            EffectCatalog.all.allSatisfy { effect in screen.contains { $0.hasPrefix(effect.name) && $0.contains("-- " + effect.summary.shortened) } }
        }
        // --cps and --wpm set the same thing: with one given, the other is not offered.
        complete("ghostpipe --wpm 3 --c", "options that exclude each other") { screen in
            screen.contains { $0.hasPrefix("--channel ") } && screen.contains { $0.hasPrefix("--color ") }
                && !screen.contains { $0.hasPrefix("--cps") }
        }
        complete("ghostpipe --colors=", "a choice after =") { screen in ["16", "256", "truecolor"].allSatisfy { v in screen.contains { $0.hasPrefix(v + " ") } } }
        complete("ghostpipe ", "the files ghostpipe plays") { screen in
            screen.contains { $0.contains("a.srt") && $0.contains("B.VTT") && $0.contains("c.txt") && $0.contains("sub/") }
                && !screen.contains { $0.contains("d.bin") }
        }
        complete("ghostpipe --record ", "a recording") { $0.contains { $0.contains("e.cast") } && !$0.contains { $0.contains("a.srt") } }
        complete("ghostpipe --overlay a.srt ech", "COMMAND") { $0.first == "% ghostpipe --overlay a.srt echo" }
    }
}
