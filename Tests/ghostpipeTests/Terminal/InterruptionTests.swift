import Foundation
import TestSupport
import Testing
@testable import GhostpipeCore

/// Playback interrupted at random instants in a real terminal (tmux): after each interruption the
/// cursor is visible, no attribute leaks into the next printed text, the scroll region is the whole
/// screen, and the shell prompt works.
@Suite(.serialized, .requires("tmux")) struct Interruptions {
    enum Action: CaseIterable { case ctrlC, sigterm, ctrlZThenFg, resize, quitKey, anyKey }

    static let scenarios: [(name: String, command: String)] = [
        ("typewriter", "\"$GHOSTPIPE\" --cps 60 \(Binary.sample("script.txt"))"),
        ("typewriter from a pipe", "cat \(Binary.sample("korean.txt")) \(Binary.sample("emoji.txt")) | \"$GHOSTPIPE\" --cps 40"),
        ("subtitles", "\"$GHOSTPIPE\" --speed 3 \(Binary.sample("english.srt"))"),
        ("styled subtitles", "\"$GHOSTPIPE\" --speed 2 \(Binary.sample("styles.vtt"))"),
        ("coloured text", "printf '\\033[1;31mred \\033[44mon blue\\033[0m and a long line that wraps around the narrow screen\\n%.0s' 1 2 3 4 5 6 | \"$GHOSTPIPE\" --cps 50"),
    ]

    func checkRestored(_ tmux: Tmux, after what: String) {
        let marker = "MARK\(Int.random(in: 1000...9999))"
        tmux.type("printf '\(marker)%s\\n' x")
        let shown = tmux.wait(forScreen: { $0.contains("\(marker)x") }, timeout: 5)
        #expect(shown, "the prompt does not work after \(what): \(tmux.screen())")
        #expect(tmux.display("#{cursor_flag}") == "1", "cursor hidden after \(what)")
        #expect(tmux.display("#{scroll_region_upper} #{scroll_region_lower}") == "0 \(tmux.rows - 1)", "scroll region after \(what)")
        #expect(tmux.display("#{alternate_on}") == "0", "alternate screen after \(what)")
        // The terminal's own modes are back: canonical input with echo (readline would hide a leak).
        tmux.type("stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo MODES")
        let modes = tmux.wait(forScreen: { $0.contains { $0.hasPrefix("icanon echo") || $0.hasPrefix("echo icanon") } }, timeout: 5)
        #expect(modes, "terminal modes after \(what): \(tmux.screen())")
        // The marker line must be printed without any attribute or colour.
        let styled = tmux.screen(escapes: true).first { $0.contains("\(marker)x") } ?? ""
        let prefix = styled.components(separatedBy: "\(marker)x").first ?? ""
        #expect(!prefix.contains("\u{1B}["), "attributes leak into the next text after \(what): \(styled.debugDescription)")
    }

    /// Each round interrupts a scenario at a random instant after ghostpipe has started: from at
    /// once (it may not even have asked the terminal its questions yet) to a second in. The instants
    /// are the test's input; everything else waits for what the terminal shows or what the processes
    /// do, never for a fixed time.
    @Test func interruptedAtRandomInstantsTheTerminalIsAlwaysRestored() throws {
        var random = SplitMix64(seed: 2026)
        func instant(upTo seconds: Double) -> UInt32 { UInt32(Double(random.next() % 1000) / 1000 * seconds * 1_000_000) }
        func ghostpipeRuns(_ job: [ProcessEntry]) -> Bool {
            job.contains { $0.arguments.first == Binary.path } && !job.contains { $0.state == "T" }
        }
        let tmux = try Tmux(columns: 50, rows: 12, tag: "int")
        let rounds = 16
        for round in 0..<rounds {
            let scenario = Self.scenarios[Int(random.next() % UInt64(Self.scenarios.count))]
            let action = Action.allCases[round % Action.allCases.count]
            let delay = instant(upTo: 1)
            tmux.type("clear")
            tmux.wait(forScreen: { $0.first == "$" })
            tmux.type(scenario.command)
            #expect(Processes.wait { _ in ghostpipeRuns(tmux.foregroundJob()) }, "ghostpipe does not start: \(tmux.screen())")
            usleep(delay)
            let what = "\(action) at \(String(format: "%.2f", Double(delay) / 1e6)) s in \(scenario.name)"
            switch action {
            case .ctrlC:
                tmux.press("C-c")
            case .sigterm:
                tmux.signalForeground("TERM")
            case .ctrlZThenFg:
                tmux.press("C-z")
                #expect(tmux.wait(forScreen: { $0.contains { $0.contains("Stopped") } }, timeout: 5), "not stopped: \(what): \(tmux.screen())")
                #expect(tmux.display("#{cursor_flag}") == "1", "cursor hidden while stopped: \(what)")
                tmux.type("fg")
                #expect(Processes.wait { _ in ghostpipeRuns(tmux.foregroundJob()) }, "fg does not continue it: \(what): \(tmux.screen())")
                usleep(instant(upTo: 0.3))
                tmux.press("C-c")
            case .resize:
                tmux.resize(columns: 30 + Int(random.next() % 40), rows: 8 + Int(random.next() % 10))
                usleep(instant(upTo: 0.3))
                tmux.press("C-c")
            case .quitKey:
                tmux.press("q")
            case .anyKey:
                tmux.press("x")
                // Subtitles complete the cues on show and play on: quit them.
                if scenario.name.contains("subtitles") { tmux.press("q") }
            }
            let prompt = tmux.wait(forScreen: { screen in screen.last { !$0.isEmpty }?.hasPrefix("$") == true }, timeout: 20)
            #expect(prompt, "no prompt after \(what): \(tmux.screen())")
            if [.quitKey, .anyKey].contains(action) && !scenario.name.contains("subtitles") {
                // Text leaves a key in the terminal's queue (it only skipped the rest): the shell
                // gets it, typed ahead at its prompt.
                let key = action == .quitKey ? "q" : "x"
                #expect(tmux.wait(forScreen: { $0.contains("$ \(key)") }, timeout: 5), "the key did not reach the shell after \(what): \(tmux.screen())")
                tmux.press("C-u")
            }
            checkRestored(tmux, after: what)
        }
    }

    @Test func sigtermAndSighupExitWithTheirStatus() throws {
        let tmux = try Tmux(columns: 50, rows: 10, tag: "sig")
        for (signal, status) in [("TERM", 143), ("HUP", 129)] {
            tmux.type("\"$GHOSTPIPE\" --cps 20 \(Binary.sample("script.txt")); echo STATUS=$?")
            #expect(tmux.wait(forScreen: { $0.contains { $0.hasPrefix("INT.") } }, timeout: 10), "it plays: \(tmux.screen())")
            tmux.signalForeground(signal)
            #expect(tmux.wait(forScreen: { $0.contains("STATUS=\(status)") }, timeout: 5), "\(signal): \(tmux.screen())")
            checkRestored(tmux, after: "SIG\(signal)")
        }
    }

    @Test func typeAheadDuringABannerReachesTheShellAndLeavesTheBannerWhole() throws {
        // A banner in the prompt: what is typed while it plays skips the rest of it (it shows at
        // once, whole) and is the shell's command afterwards; with --no-keys it plays on, and its
        // echo does not split the banner.
        for keys in ["", " --no-keys"] {
            let tmux = try Tmux(columns: 60, rows: 10, tag: "typeahead\(keys.isEmpty ? "" : "-off")")
            tmux.type("PROMPT_COMMAND='echo welcome to the machine, have a nice day | \"$GHOSTPIPE\" --cps 15\(keys)'")
            #expect(tmux.wait(forScreen: { $0.contains { $0.hasPrefix("welcome to the m") } }, timeout: 5), "\(tmux.screen())")
            tmux.type("echo TYPED-AHEAD", enter: false)
            usleep(200_000)
            let during = tmux.screen()
            #expect(!during.contains { $0.contains("TYPED") && $0.contains("welcome") }, "the echo splits the banner: \(during)")
            tmux.press("Enter")
            #expect(tmux.wait(forScreen: { $0.contains("TYPED-AHEAD") }, timeout: 10), "the command was lost: \(tmux.screen())")
            // Both banners whole: the one the keys skipped, and the next prompt's.
            #expect(tmux.wait(forScreen: { $0.filter { $0 == "welcome to the machine, have a nice day" }.count == 2 }, timeout: 10),
                    "a banner cut short: \(tmux.screen())")
        }
    }

    @Test func keysAreNotSwallowedWhenKeysAreOff() throws {
        // Typed while ghostpipe plays with --no-keys, a command reaches the shell afterwards.
        let tmux = try Tmux(columns: 60, rows: 10, tag: "keys")
        tmux.type("clear; \"$GHOSTPIPE\" --no-keys --duration 1 \(Binary.sample("motd.txt"))")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("_") } }, timeout: 10), "it plays: \(tmux.screen())")
        tmux.type("echo TYPED-AHEAD")
        #expect(tmux.wait(forScreen: { $0.contains("TYPED-AHEAD") }, timeout: 5))
    }

    @Test func subtitleKeysPauseSeekAndShowTheStatusLine() throws {
        let tmux = try Tmux(columns: 60, rows: 10, tag: "sub")
        tmux.type("clear; \"$GHOSTPIPE\" \(Binary.sample("english.srt"))")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("Signal Hill") } }, timeout: 10), "the first cue: \(tmux.screen())")
        tmux.press("i")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("cue ") && $0.contains("/20") } }, timeout: 3), "\(tmux.screen())")
        tmux.press("Space")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("❚❚") } }, timeout: 3), "paused: \(tmux.screen())")
        tmux.press("Space")
        #expect(tmux.wait(forScreen: { !$0.contains { $0.contains("❚❚") } }, timeout: 3), "resumed: \(tmux.screen())")
        tmux.press("Space")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("❚❚") } }, timeout: 3), "paused again: \(tmux.screen())")
        // Seek back a minute (to the start), then forward one, all while paused (so the position is
        // exactly 60 s however slow the machine is): the last cue (58.8 s to 61.5 s) shows.
        tmux.press("Down")
        tmux.press("Up")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("cue 20/20") } }, timeout: 3), "\(tmux.screen())")
        tmux.press("q")
        #expect(tmux.wait(forScreen: { screen in screen.last { !$0.isEmpty }?.hasPrefix("$") == true }, timeout: 5))
        // Neither the status line nor a cue stays behind.
        let after = tmux.screen()
        #expect(!after.contains { $0.contains("offset") || $0.contains("cue ") }, "\(after)")
        checkRestored(tmux, after: "q during subtitles")
    }

    @Test func quittingSubtitlesLeavesTheBandEmptyWhereItWas() throws {
        let tmux = try Tmux(columns: 60, rows: 10, tag: "subq")
        // A short command line (one row wherever the repository is), typed once the prompt is back.
        tmux.type("cd '\(Paths.repository.path)/samples'; clear; echo before")
        #expect(tmux.wait(forScreen: { $0.first == "before" && $0.dropFirst().first == "$" }, timeout: 5), "\(tmux.screen())")
        tmux.type("\"$GHOSTPIPE\" --start 8.5 styles.vtt")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("Is that coming through the set?") } }, timeout: 5), "\(tmux.screen())")
        tmux.press("q")
        #expect(tmux.wait(forScreen: { $0.contains { $0 == "$" } }, timeout: 5), "\(tmux.screen())")
        let screen = tmux.screen()
        // The band (the screen less a row: a cue is placed at the top) began below the command; it is
        // empty, and the prompt is back at its top — nothing scrolled on the way out.
        let command = try #require(screen.firstIndex { $0.contains("--start 8.5") })
        #expect(screen[command + 1] == "$", "\(screen)")
        #expect(screen[(command + 2)...].allSatisfy { $0.isEmpty }, "\(screen)")
        #expect(tmux.display("#{cursor_y}") == "\(command + 1)", "\(screen)")
        checkRestored(tmux, after: "q with a cue on show")
    }
}
