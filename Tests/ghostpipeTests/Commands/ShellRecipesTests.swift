import Foundation
import TestSupport
import Testing

/// The recipes README and the man page give for prompts and login banners, as a user would set them
/// up: the banner plays whole after the prompt's text, and what is typed meanwhile reaches the shell.
@Suite(.serialized, .requires("tmux")) struct ShellRecipes {
    @Test(.requires("zsh"))
    func zshPrecmd() throws {
        let tmux = try Tmux(columns: 60, rows: 10, tag: "zsh")
        tmux.type("exec env GHOSTPIPE=\"$GHOSTPIPE\" PS1='%% ' zsh -f")
        #expect(tmux.wait(forScreen: { $0.contains { $0.hasPrefix("%") } }, timeout: 5), "\(tmux.screen())")
        tmux.type("precmd() { echo 'hello from zsh, typed out' | \"$GHOSTPIPE\" --cps 20 }")
        #expect(tmux.wait(forScreen: { $0.contains { $0.hasPrefix("hello from z") } }, timeout: 5), "\(tmux.screen())")
        tmux.type("echo TYPED-IN-ZSH")
        #expect(tmux.wait(forScreen: { $0.contains("TYPED-IN-ZSH") }, timeout: 10), "\(tmux.screen())")
        #expect(tmux.wait(forScreen: { $0.filter { $0 == "hello from zsh, typed out" }.count == 2 }, timeout: 10), "\(tmux.screen())")
    }

    @Test func aLoginBannerFromProfileD() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-profile-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let motd = directory.appendingPathComponent("motd").path
        try "Welcome to the test machine.\n".write(toFile: motd, atomically: true, encoding: .utf8)
        // README's line, with this build and this motd.
        let script = directory.appendingPathComponent("ghostpipe-motd.sh").path
        try "[ -t 1 ] && command -v \"$GHOSTPIPE\" >/dev/null && \"$GHOSTPIPE\" --effect letters --duration 1 \(motd)\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let tmux = try Tmux(columns: 50, rows: 8, tag: "motd")
        tmux.type("clear; . \(script); echo AFTER")
        #expect(tmux.wait(forScreen: { $0.contains("AFTER") }, timeout: 10), "\(tmux.screen())")
        let screen = tmux.screen()
        let at = try #require(screen.firstIndex(of: "Welcome to the test machine."), "\(screen)")
        #expect(screen[at + 1] == "AFTER")
        // Not on a terminal (scp, a cron job): nothing at all.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", ". \(script)"]
        process.environment = ["GHOSTPIPE": Binary.path, "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(out.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }
}
