import Foundation
import Testing
import TestSupport

/// ghostpipe as a background job (`… &`), as README's `--follow` recipe runs it: it never touches
/// the terminal's modes (that would stop it with SIGTTOU, "Stopped (tty output)", and block the
/// pipe's writer), and it still draws.
@Suite(.serialized, .requires("tmux")) struct BackgroundInTmux {
    let scratch = ScratchDirectory("background")

    @Test func readmesFifoRecipeWorksAsWritten() throws {
        let film = scratch.path("film.srt")
        try """
        1
        00:00:00,500 --> 00:00:04,000
        Hello there.

        2
        00:00:59,000 --> 00:01:10,000
        A minute in.

        """.write(toFile: film, atomically: true, encoding: .utf8)
        let clock = scratch.path("clock")
        let modes = (before: scratch.path("before"), after: scratch.path("after"))
        let tmux = try Tmux(columns: 70, rows: 14, tag: "bgfifo")
        tmux.type("clear; stty -g > \(modes.before)")
        // README's two lines, with this test's paths.
        tmux.type("mkfifo \(clock); \"$GHOSTPIPE\" --follow \(clock) \(film) &")
        tmux.type("(echo 0; sleep 5; echo 5 paused; sleep 2; echo 60) > \(clock)")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("Hello there.") } }, timeout: 10), "\(tmux.screen())")
        // The job ends with the pipe, by itself (a stopped job would make `wait` return 128 + SIGTTOU).
        tmux.type("wait; echo WAITED=$?")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("WAITED=0") } }, timeout: 20), "\(tmux.screen())")
        #expect(!tmux.screen().contains { $0.contains("Stopped") }, "\(tmux.screen())")
        tmux.type("stty -g > \(modes.after); echo CHECKED")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("CHECKED") } }, timeout: 10), "\(tmux.screen())")
        let before = try String(contentsOfFile: modes.before, encoding: .utf8)
        let after = try String(contentsOfFile: modes.after, encoding: .utf8)
        #expect(!before.isEmpty && before == after, "the terminal's modes are the shell's")
    }
}
