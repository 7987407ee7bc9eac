import Foundation
import TestSupport
import Testing
@testable import GhostpipeCore

/// `ghostpipe --overlay` in a real terminal (tmux): subtitles in the band while programs run above
/// it — line programs, `less`, `vim` — through clears, resets, resizes, Ctrl-C, Ctrl-Z and `fg`;
/// the exit status passed through; the terminal given back as it was.
@Suite(.serialized, .requires("tmux")) struct OverlayInTmux {
    let scratch = ScratchDirectory("overlay")

    func file(_ name: String, _ text: String) throws -> String { try scratch.file(name, text) }

    /// One cue for the whole hour.
    func steadyBand(_ text: String = "BAND STAYS HERE") throws -> String {
        try file("steady.srt", "1\n00:00:00,000 --> 01:00:00,000\n\(text)\n")
    }

    /// The inner shell: a prompt of its own, no startup files.
    static let innerShell = "env PS1='in$ ' bash --norc --noprofile"

    func lastRow(_ tmux: Tmux) -> String { tmux.screen().last ?? "" }

    /// Waits until a process `sleep SECONDS` runs (exists and is not stopped); the tests each use a
    /// number no other test does. Whether it came.
    func waitForSleep(_ seconds: Int) -> Bool {
        Processes.wait { $0.contains { $0.arguments == ["sleep", "\(seconds)"] && $0.state != "T" } }
    }

    /// The terminal as the shell had it: prompt working, cursor visible, main screen, whole-screen
    /// scroll region, no attribute leaking into what is printed next.
    func checkRestored(_ tmux: Tmux, after what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let marker = "MARK\(Int.random(in: 1000...9999))"
        tmux.type("printf '\(marker)%s\\n' x")
        #expect(tmux.wait(forScreen: { $0.contains("\(marker)x") }, timeout: 5), "the prompt does not work after \(what): \(tmux.screen())", sourceLocation: sourceLocation)
        #expect(tmux.display("#{cursor_flag}") == "1", "cursor hidden after \(what)", sourceLocation: sourceLocation)
        #expect(tmux.display("#{alternate_on}") == "0", "alternate screen after \(what)", sourceLocation: sourceLocation)
        #expect(tmux.display("#{scroll_region_upper} #{scroll_region_lower}") == "0 \(tmux.rows - 1)", "scroll region after \(what)", sourceLocation: sourceLocation)
        #expect(tmux.display("#{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag} #{mouse_sgr_flag}") == "0 0 0 0", "modes left on after \(what)", sourceLocation: sourceLocation)
        let styled = tmux.screen(escapes: true).first { $0.contains("\(marker)x") } ?? ""
        #expect(!(styled.components(separatedBy: "\(marker)x").first ?? "").contains("\u{1B}["),
                "attributes leak after \(what): \(styled.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func subtitlesShowInTheBandAtTheirInstantsWhileSeqScrollsAbove() throws {
        let srt = try file("two.srt", """
            1
            00:00:00,800 --> 00:00:02,600
            ALPHA CUE

            2
            00:00:03,400 --> 00:00:05,000
            BRAVO CUE

            """)
        let tmux = try Tmux(columns: 50, rows: 12, tag: "ovseq")
        tmux.type("clear")
        // A fast reveal: a cue is whole from its start on.
        tmux.type("\"$GHOSTPIPE\" --cps 1000 --overlay \(srt) -- seq 1 1000000000; echo STATUS=$?")
        func band(_ screen: [String]) -> String { screen.count >= 12 ? screen[11].trimmingCharacters(in: .whitespaces) : "" }
        // The screen as it goes, until BRAVO has come and gone (a generous limit for a loaded machine).
        let start = Date()
        var samples: [(time: Double, screen: [String])] = []
        while Date().timeIntervalSince(start) < 30 {
            let screen = tmux.screen()
            // Taken once the screen is read: the screen was as it is at this time or earlier.
            let time = Date().timeIntervalSince(start)
            samples.append((time, screen))
            if samples.contains(where: { band($0.screen) == "BRAVO CUE" }) && band(screen).isEmpty { break }
            usleep(40_000)
        }
        tmux.press("C-c")
        // The program's last screen stays, its cursor after the echoed ^C: the shell goes on there.
        #expect(tmux.wait(forScreen: { $0.contains { $0.hasSuffix("^CSTATUS=130") } }, timeout: 5), "Ctrl-C ends seq (SIGINT): \(tmux.screen())")
        checkRestored(tmux, after: "seq under the overlay")

        let alpha = samples.filter { band($0.screen) == "ALPHA CUE" }.map(\.time)
        let bravo = samples.filter { band($0.screen) == "BRAVO CUE" }.map(\.time)
        // Cue times are 0.8–2.6 s and 3.4–5.0 s from the program's start, which is after the command
        // was typed: neither shows early, ALPHA is gone before BRAVO comes, BRAVO goes. (How late they
        // are is a speed figure: Scripts/bench_overlay.sh and bench_subtitles.sh measure it.)
        let (firstAlpha, lastAlpha, firstBravo) = (try #require(alpha.first), try #require(alpha.last), try #require(bravo.first))
        #expect(firstAlpha > 0.8, "ALPHA first seen at \(firstAlpha) s")
        #expect(firstBravo > 3.4, "BRAVO first seen at \(firstBravo) s")
        #expect(lastAlpha < firstBravo, "ALPHA \(alpha), BRAVO \(bravo)")
        let lastScreen = samples.last?.screen ?? []
        #expect(band(lastScreen) == "", "BRAVO stays: \(lastScreen)")
        // The band only ever shows cues (typed in, or whole) or nothing; the rows above show seq scrolling.
        for sample in samples where sample.screen.count >= 12 && sample.screen[0].first?.isNumber == true {
            let shown = band(sample.screen)
            #expect("ALPHA CUE".hasPrefix(shown) || "BRAVO CUE".hasPrefix(shown), "band at \(sample.time) s: \(sample.screen)")
            #expect(sample.screen[..<11].allSatisfy { $0.isEmpty || $0.allSatisfy(\.isNumber) })
        }
        let scrolling = Set(samples.filter { $0.time > firstAlpha && $0.time < firstBravo }.map { $0.screen.first ?? "" })
        #expect(scrolling.count > 10, "seq scrolls above the band")
    }

    @Test(.requires("less", "vim")) func lessAndVimDrawAboveTheBandThroughPagingClearingAndQuitting() throws {
        let srt = try steadyBand()
        let tmux = try Tmux(columns: 60, rows: 14, tag: "ovfull")
        tmux.type("clear")
        tmux.type("\"$GHOSTPIPE\" --overlay \(srt) -- \(Self.innerShell); echo STATUS=$?")
        #expect(tmux.wait(forScreen: { $0.first == "in$" && $0.last?.contains("BAND STAYS HERE") == true }, timeout: 5), "\(tmux.screen())")
        func bandIntact(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            tmux.settle(quiet: 0.3)
            let screen = tmux.screen()
            #expect(screen.count == 14 && screen[13].trimmingCharacters(in: .whitespaces) == "BAND STAYS HERE",
                    "band after \(step): \(screen)", sourceLocation: sourceLocation)
            #expect(!screen.dropLast().contains { $0.contains("BAND STAYS HERE") }, "band text above the band after \(step)", sourceLocation: sourceLocation)
        }
        let steps: [(what: String, keys: [String])] = [
            ("less", ["less /etc/services", "Enter"]), ("paging", ["Space"]), ("paging back", ["b"]),
            ("search", ["/tcp", "Enter"]), ("repaint", ["C-l"]), ("end", ["G"]), ("quitting less", ["q"]),
            ("vim", ["vim -u NONE -N /etc/services", "Enter"]), ("scrolling", ["C-f"]), ("end of file", ["G"]),
            ("redraw", [":redraw!", "Enter"]), ("insert", ["o", "typed in vim", "Escape"]), ("quitting vim", [":q!", "Enter"]),
            ("clear", ["clear", "Enter"]),
            ("reset sequences", ["printf '\\033[2J\\033[1;3r\\033[?1049h\\033[2J\\033c\\033[99B\\n\\n\\n'", "Enter"]),
            ("tput reset", ["tput reset", "Enter"]),
        ]
        for (what, keys) in steps {
            for key in keys {
                if key.count > 1 && !["Enter", "Space", "Escape"].contains(key) && !key.hasPrefix("C-") {
                    tmux.type(key, enter: false)
                } else {
                    tmux.press(key)
                }
            }
            bandIntact(what)
            if what == "less" || what == "search" {
                // less's prompt is on the program's last row, right above the band.
                let row = tmux.screen()[12]
                #expect(row.hasPrefix(":") || row.contains("/etc/services"), "less's prompt row: \(tmux.screen())")
            }
            if what == "vim" {
                #expect(tmux.screen()[12].contains("/etc/services"), "vim's message row: \(tmux.screen())")
                #expect(tmux.display("#{alternate_on}") == "1")
                // vim asks for application cursor keys: mirrored on the terminal, so arrows reach it.
                #expect(tmux.display("#{keypad_cursor_flag}") == "1")
            }
        }
        tmux.type("echo still here")
        #expect(tmux.wait(forScreen: { $0.contains("still here") }, timeout: 3))
        tmux.type("exit 0")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=0") }, timeout: 5), "\(tmux.screen())")
        checkRestored(tmux, after: "less and vim under the overlay")
    }

    @Test func resizesReachTheProgramAndTheBandIsLaidOutAgain() throws {
        let srt = try steadyBand("A CUE THAT WRAPS WHEN THE TERMINAL IS NARROW")
        let tmux = try Tmux(columns: 60, rows: 14, tag: "ovsize")
        tmux.type("clear")
        tmux.type("\"$GHOSTPIPE\" --overlay \(srt) -- \(Self.innerShell); echo STATUS=$?")
        #expect(tmux.wait(forScreen: { $0.last?.contains("A CUE THAT WRAPS") == true }, timeout: 5))
        tmux.type("stty size")
        #expect(tmux.wait(forScreen: { $0.contains("13 60") }, timeout: 3), "\(tmux.screen())")
        tmux.resize(columns: 30, rows: 10)
        tmux.settle()
        tmux.type("clear; stty size")
        // Two rows for the cue at 30 columns, the rest for the program.
        #expect(tmux.wait(forScreen: { $0.contains("8 30") }, timeout: 3), "\(tmux.screen())")
        tmux.settle()
        let narrow = tmux.screen()
        #expect(narrow.count == 10 && narrow[8].contains("A CUE THAT WRAPS") && narrow[9].contains("NARROW"), "\(narrow)")
        tmux.resize(columns: 70, rows: 16)
        tmux.settle()
        tmux.type("clear; stty size")
        #expect(tmux.wait(forScreen: { $0.contains("15 70") }, timeout: 3), "\(tmux.screen())")
        #expect(tmux.screen().last?.contains("A CUE THAT WRAPS WHEN THE TERMINAL IS NARROW") == true)
        tmux.type("exit")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=0") }, timeout: 5))
        checkRestored(tmux, after: "resizes under the overlay")
    }

    @Test func ctrlCGoesToTheProgramAndItsExitStatusComesOut() throws {
        let srt = try steadyBand()
        let tmux = try Tmux(columns: 60, rows: 12, tag: "ovctrl")
        tmux.type("clear")
        tmux.type("\"$GHOSTPIPE\" --overlay \(srt) -- \(Self.innerShell); echo STATUS=$?")
        #expect(tmux.wait(forScreen: { $0.first == "in$" }, timeout: 5))
        tmux.type("sleep 7351")
        #expect(waitForSleep(7351), "sleep does not run: \(tmux.screen())")
        tmux.press("C-c")
        #expect(tmux.wait(forScreen: { $0.contains("^C") && $0.filter { $0.hasPrefix("in$") }.count == 2 }, timeout: 3), "\(tmux.screen())")
        #expect(tmux.display("#{alternate_on}") == "1", "ghostpipe still runs: Ctrl-C was the program's")
        tmux.type("exit 7")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=7") }, timeout: 5), "\(tmux.screen())")
        checkRestored(tmux, after: "exit 7")

        tmux.type("clear; \"$GHOSTPIPE\" --overlay \(srt) -- sh -c 'kill -TERM $$'; echo STATUS=$?")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=143") }, timeout: 5), "a signal's death is 128+N: \(tmux.screen())")
        tmux.type("clear; \"$GHOSTPIPE\" --overlay \(srt) -- no-such-program-here; echo STATUS=$?")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=127") }, timeout: 5), "\(tmux.screen())")
        checkRestored(tmux, after: "a program that does not exist")
    }

    @Test func theProgramsLastScreenStaysWhenItEnds() throws {
        let srt = try steadyBand()
        let tmux = try Tmux(columns: 40, rows: 12, tag: "ovlast")
        tmux.type("clear")
        tmux.type("echo before; \"$GHOSTPIPE\" --overlay \(srt) -- seq 1 5; echo STATUS=$?")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=0") }, timeout: 5), "\(tmux.screen())")
        // As a plain run (or `script`) would leave it: its output below what came before, then the
        // prompt; the band is gone.
        let screen = tmux.screen()
        let start = try #require(screen.firstIndex(of: "before"))
        #expect(Array(screen[(start + 1)...].prefix(7)) == ["1", "2", "3", "4", "5", "STATUS=0", "$"], "\(screen)")
        #expect(!screen.contains { $0.contains("BAND STAYS HERE") })
        checkRestored(tmux, after: "seq 1 5")
    }

    @Test func ctrlZStopsTheProgramsJobAndSigtstpStopsGhostpipe() throws {
        let srt = try steadyBand()
        let tmux = try Tmux(columns: 60, rows: 12, tag: "ovstop")
        tmux.type("clear")
        tmux.type("\"$GHOSTPIPE\" --overlay \(srt) -- \(Self.innerShell)")
        #expect(tmux.wait(forScreen: { $0.first == "in$" && $0.last?.contains("BAND STAYS HERE") == true }, timeout: 5))
        // Ctrl-Z is the program's: its shell stops its job, and brings it back.
        tmux.type("sleep 7352")
        #expect(waitForSleep(7352), "sleep does not run: \(tmux.screen())")
        tmux.press("C-z")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("Stopped") && $0.contains("sleep 7352") } }, timeout: 5), "\(tmux.screen())")
        #expect(lastRow(tmux).contains("BAND STAYS HERE"))
        tmux.type("fg")
        #expect(waitForSleep(7352), "fg does not continue sleep: \(tmux.screen())")
        tmux.press("C-c")
        #expect(tmux.wait(forScreen: { $0.last { $0.hasPrefix("in$") } == "in$" }, timeout: 3), "\(tmux.screen())")
        // SIGTSTP sent to ghostpipe: the terminal is given back while it is stopped, taken on fg.
        tmux.signalForeground("TSTP")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("Stopped") && $0.contains("--overlay") } }, timeout: 3), "\(tmux.screen())")
        #expect(tmux.display("#{alternate_on}") == "0" && tmux.display("#{cursor_flag}") == "1", "restored while stopped")
        tmux.type("fg")
        #expect(tmux.wait(forScreen: { $0.last?.contains("BAND STAYS HERE") == true }, timeout: 3), "\(tmux.screen())")
        #expect(tmux.display("#{alternate_on}") == "1")
        tmux.type("echo back again")
        #expect(tmux.wait(forScreen: { $0.contains("back again") }, timeout: 3), "\(tmux.screen())")
        tmux.type("exit 3")
        #expect(tmux.wait(forScreen: { $0.last { !$0.isEmpty } == "$" }, timeout: 5), "\(tmux.screen())")
        tmux.type("echo STATUS=$?")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=3") }, timeout: 5), "\(tmux.screen())")
        checkRestored(tmux, after: "Ctrl-Z and fg under the overlay")
    }

    /// A named pipe the overlay reads its captions from, with the inner shell running under it (in a
    /// 60×12 tmux); `say` writes a line into the pipe.
    final class CaptionPipe {
        let tmux: Tmux
        private let writer: Int32

        init(_ scratch: ScratchDirectory, tag: String, command: String) throws {
            let fifo = scratch.path(tag)
            #expect(mkfifo(fifo, 0o600) == 0)
            tmux = try Tmux(columns: 60, rows: 12, tag: tag)
            tmux.type("clear")
            tmux.type(command.replacingOccurrences(of: "SOURCE", with: fifo) + "; echo STATUS=$?")
            #expect(tmux.wait(forScreen: { $0.first == "in$" }, timeout: 5), "the program starts before any caption: \(tmux.screen())")
            writer = open(fifo, O_WRONLY)
            #expect(writer >= 0)
        }

        deinit { close(writer) }

        func say(_ line: String) { _ = Array((line + "\n").utf8).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
    }

    @Test func liveCaptionsFromANamedPipeShowAsTheyArrive() throws {
        let pipe = try CaptionPipe(scratch, tag: "ovlive", command: "\"$GHOSTPIPE\" --cps 500 --overlay SOURCE -- \(Self.innerShell)")
        let (tmux, say) = (pipe.tmux, pipe.say)
        say("the first caption")
        #expect(tmux.wait(forScreen: { $0.last == "the first caption" || $0[10] == "the first caption" }, timeout: 3), "\(tmux.screen())")
        say("and the second one")
        #expect(tmux.wait(forScreen: { $0[10] == "the first caption" && $0[11] == "and the second one" }, timeout: 3), "\(tmux.screen())")
        say("a third scrolls the first away")
        #expect(tmux.wait(forScreen: { $0[10] == "and the second one" && $0[11] == "a third scrolls the first away" }, timeout: 3), "\(tmux.screen())")
        tmux.type("echo typing still works")
        #expect(tmux.wait(forScreen: { $0.contains("typing still works") }, timeout: 3))
        tmux.type("exit")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=0") }, timeout: 5), "\(tmux.screen())")
        checkRestored(tmux, after: "live captions")
    }

    /// A speech recogniser's output (Vosk's JSON lines) under a live shell: roll-up captions in
    /// three rows, the hypothesis being heard dim on the last, revised in place; the shell usable.
    @Test func aRecognisersCaptionsRollUpUnderAShell() throws {
        let pipe = try CaptionPipe(scratch, tag: "ovvosk", command: "unset NO_COLOR; \"$GHOSTPIPE\" --overlay SOURCE -- \(Self.innerShell)")
        let (tmux, say) = (pipe.tmux, pipe.say)
        say("{\"partial\": \"good morning\"}")
        #expect(tmux.wait(forScreen: { $0[11] == "good morning" }, timeout: 3), "\(tmux.screen())")
        let styled = tmux.screen(escapes: true)
        #expect(styled[11].contains("\u{1B}[2m"), "the hypothesis is dim: \(styled)")
        say("{\"partial\": \"good morning and\"}")
        say("{\"text\": \"good morning and welcome\"}")
        #expect(tmux.wait(forScreen: { $0[11] == "good morning and welcome" }, timeout: 3), "\(tmux.screen())")
        for (k, line) in ["to the weather report", "it will be cold", "and windy"].enumerated() {
            say("{\"partial\": \"\(line)\"}")
            say("{\"text\": \"\(line)\"}")
            if k == 0 { #expect(tmux.wait(forScreen: { $0[10] == "good morning and welcome" && $0[11] == "to the weather report" }, timeout: 3), "\(tmux.screen())") }
        }
        // Three rows: the oldest line rolled off the top.
        #expect(tmux.wait(forScreen: { Array($0[9...11]) == ["to the weather report", "it will be cold", "and windy"] }, timeout: 3), "\(tmux.screen())")
        tmux.type("echo typing still works")
        #expect(tmux.wait(forScreen: { $0.contains("typing still works") }, timeout: 3), "\(tmux.screen())")
        tmux.type("exit")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=0") }, timeout: 5), "\(tmux.screen())")
        checkRestored(tmux, after: "a recogniser's captions")
    }

    @Test func aRecordingHoldsTheComposedScreenWithRealTimings() throws {
        let srt = try file("rec.srt", "1\n00:00:00,300 --> 00:00:01,500\nRECORDED CUE\n")
        let cast = scratch.path("demo.cast")
        let tmux = try Tmux(columns: 40, rows: 8, tag: "ovrec")
        let start = Date()
        tmux.type("clear; \"$GHOSTPIPE\" --record \(cast) --overlay \(srt) -- sh -c 'echo program output; sleep 2'; echo STATUS=$?")
        #expect(tmux.wait(forScreen: { $0.contains("STATUS=0") }, timeout: 30), "\(tmux.screen())")
        let elapsed = Date().timeIntervalSince(start)
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
        let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(header?["version"] as? Int == 2 && header?["width"] as? Int == 40 && header?["height"] as? Int == 8)
        // Replayed, the recording shows the program above and the cue in the band together, the cue
        // not before its start (0.3 s).
        let screen = TerminalEmulator(rows: 8, columns: 40)
        var last = 0.0
        var cueShown: Double?
        var together = false
        for line in lines.dropFirst() {
            guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], event.count == 3,
                  let time = event[0] as? Double, let code = event[1] as? String, let data = event[2] as? String else {
                Issue.record("not an event: \(line)")
                continue
            }
            #expect(time >= last, "times go forward")
            last = time
            guard code == "o" else { continue }
            screen.feed(data)
            let cue = screen.rowText(7).trimmingCharacters(in: .whitespaces) == "RECORDED CUE"
            if cue && cueShown == nil { cueShown = time }
            together = together || (cue && screen.rowText(0) == "program output")
        }
        #expect(together, "the program's output and the cue never showed together")
        #expect((cueShown ?? 0) >= 0.3, "the cue showed at \(cueShown ?? -1) s")
        // Real timings: as long as the program ran (2 s), no longer than the test waited for it.
        #expect(last >= 1.5 && last <= elapsed, "the recording lasts \(last) s")
        checkRestored(tmux, after: "a recorded overlay")
    }
}
