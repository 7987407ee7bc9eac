import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real binary started by a hostile parent: closed standard descriptors, signals other than
/// Ctrl-C, Ctrl-S typed while it plays, extreme values on the command line.
@Suite struct HostileEnvironment {
    static let film = "1\n00:00:01,000 --> 00:00:02,000\nhello\n"

    /// `script` run by /bin/sh with `$GHOSTPIPE` and `$FILM` set, killed after 20 s (status 124 then):
    /// the shell closes descriptors as a parent would.
    static func shell(_ script: String) throws -> (status: Int32, text: String, stderr: String) {
        let film = try ScratchDirectory("hostile").file("a.srt", Self.film)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["20", "/bin/sh", "-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["GHOSTPIPE"] = Binary.path
        environment["FILM"] = film
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let stdoutData = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stdoutData.data = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdoutData.data, as: UTF8.self), String(decoding: stderrData, as: UTF8.self))
    }

    @Test(arguments: [
        // Closed stdin: read as empty input, at once (it was the signals' pipe, waited on for ever).
        ("\"$GHOSTPIPE\" <&-; echo status=$?", "status=0"),
        ("\"$GHOSTPIPE\" --instant \"$FILM\" <&-; echo status=$?", "hello\nstatus=0"),
        // Closed stdout: nowhere to show anything; refused (the output went into that pipe, status 0).
        ("\"$GHOSTPIPE\" --instant \"$FILM\" >&- 2>&- <&-; echo status=$? >&2", "status=2"),
        ("\"$GHOSTPIPE\" --instant \"$FILM\" >&-; echo status=$? >&2", "status=2"),
        // Closed stderr: plays, and a usage error still says so by its status.
        ("\"$GHOSTPIPE\" --instant \"$FILM\" 2>&-; echo status=$?", "hello\nstatus=0"),
        ("\"$GHOSTPIPE\" --cps 1e-10 \"$FILM\" 2>&-; echo status=$?", "status=2"),
    ] as [(String, String)])
    func closedStandardDescriptorsAreReopenedOrRefused(_ script: String, _ expected: String) throws {
        let run = try Self.shell(script)
        let said = (run.text + run.stderr).split(separator: "\n").filter { !$0.hasPrefix("ghostpipe:") && !$0.hasPrefix("Try ") }
        #expect(said.joined(separator: "\n") == expected, "\(script): \(run.text) \(run.stderr)")
    }

    @Test func aParentThatBlocksSignalsStillEndsItWithSIGTERM() throws {
        // Foundation's Process starts children with its thread's signal mask, SIGTERM blocked: the
        // text played on and SIGTERM never came (the terminal would never have been given back).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = ["--cps", "5", "-o", "terminal", "--width", "40", "--height", "10"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("words that take a while to show\n".utf8))
        usleep(500_000)
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!process.isRunning, "SIGTERM did not end it")
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        try? input.fileHandleForWriting.close()
    }

    @Test func aClosedStandardOutputIsSaidOnStandardError() throws {
        let run = try Self.shell("\"$GHOSTPIPE\" --instant \"$FILM\" >&-")
        #expect(run.stderr.hasPrefix("ghostpipe: standard output is closed; nothing could be shown\n"), "\(run.stderr)")
        #expect(run.status == 2)
    }

    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU])
    func everyTerminatingSignalRestoresTheTerminalAndEndsWithItsStatus(_ signal: Int32) throws {
        let run = try Binary.runInTerminal("exec \"$GHOSTPIPE\" --cps 20 \"\(Binary.sample("script.txt"))\"",
                                           rows: 10, columns: 50, actions: [(0.5, .signal(signal))])
        #expect(run.status == 128 + signal && run.signaled, "status \(run.status)")
        #expect(cursorVisibleAtEnd(run.text), "\(run.text.suffix(40).debugDescription)")
        #expect(!run.text.contains("Two hours of subtitles"))  // it stopped early
    }

    @Test(arguments: [SIGQUIT, SIGUSR1])
    func subtitlesGiveTheTerminalBackOnEveryTerminatingSignal(_ signal: Int32) throws {
        // Keys are read while subtitles play: the terminal's modes come back too.
        // The shell sends the signal (a signal to the shell itself would end the shell, not ghostpipe).
        let run = try Binary.runInTerminal("stty -a | tr \" ;\" \"\\n\\n\" | grep -E \"^-?(icanon|echo|ixon)$\" | tr \"\\n\" \" \"; echo BEFORE; "
                                           + "\"$GHOSTPIPE\" \"\(Binary.sample("english.srt"))\" & sleep 1.5; kill -\(signal) $!; wait $!; echo STATUS=$?; "
                                           + "stty -a | tr \" ;\" \"\\n\\n\" | grep -E \"^-?(icanon|echo|ixon)$\" | tr \"\\n\" \" \"; echo AFTER",
                                           rows: 10, columns: 60)
        let text = run.text.replacingOccurrences(of: "\r", with: "")
        #expect(text.contains("STATUS=\(128 + signal)"), "\(text.debugDescription)")
        let modes = { (marker: String) in text.components(separatedBy: "\n").first { $0.hasSuffix(marker) }.map { $0.split(separator: " ").filter { !$0.hasPrefix(marker) }.sorted() } }
        #expect(modes("BEFORE") != nil && modes("BEFORE") == modes("AFTER"), "\(text.debugDescription)")
        #expect(cursorVisibleAtEnd(run.text))
    }

    @Test func ctrlSIsAKeyNotAFreezeAndTheTerminalsFlowControlComesBack() throws {
        // With IXON on, Ctrl-S stopped the terminal's output: ghostpipe blocked writing, and `q`
        // was not heard until Ctrl-Q. Now Ctrl-S is a key (subtitles ignore it) and q quits.
        let run = try Binary.runInTerminal("\"$GHOSTPIPE\" \"\(Binary.sample("english.srt"))\"; echo STATUS=$?; "
                                           + "stty -a | tr \" ;\" \"\\n\\n\" | grep -E \"^-?ixon$\"; echo END",
                                           rows: 10, columns: 60, actions: [(1, .type([0x13])), (1.5, .type(Array("q".utf8)))], timeout: 20)
        let text = run.text.replacingOccurrences(of: "\r", with: "")
        #expect(text.contains("STATUS=0"), "\(text.debugDescription)")
        #expect(text.contains("\nixon\nEND"), "flow control not restored: \(text.debugDescription)")
    }

    @Test(arguments: [
        (["--cps", "1e-10"], "--cps: '1e-10' is out of range (from 0.001 to 1000000)"),
        (["--speed", "1e-8", "--instant", "-o", "json"], "--speed: '1e-8' is out of range (from 0.01 to 100)"),
        (["--start", "2562047h", "--offset", "-2562047h"], "--start: '2562047h' is out of range (within ±100,000 hours)"),
        (["--layout", "slides", "--loop", "--instant"], "--loop plays until q or Ctrl-C; it cannot be used with --instant"),
    ] as [([String], String)])
    func extremeValuesAreUsageErrorsNotTraps(_ arguments: [String], _ message: String) throws {
        let run = try Binary.run(arguments + [Binary.sample("english.srt")])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("ghostpipe: \(message)\n"), "\(run.stderr)")
    }

    @Test func followingADirectoryOrStandardOutputIsAnError() throws {
        let directory = ScratchDirectory("hostile")
        let film = try directory.file("a.srt", Self.film)
        let folder = try Binary.run(["--follow", directory.url.path, film])
        #expect(folder.status == 1 && folder.stderr.contains("Is a directory"), "\(folder.status) \(folder.stderr)")
        let stdout = try Binary.run(["--follow", "fd:1", film])
        #expect(stdout.status == 1 && stdout.stderr.contains("--follow fd:1: descriptor 1 is not open for reading"), "\(stdout.status) \(stdout.stderr)")
    }

    @Test(arguments: ["PlayResY: 9223372036854775807", "PlayResX: 9223372036854775807", "PlayResX: 1e308\nPlayResY: 9223372036854775807"])
    func anASSScriptResolutionNoScreenHasIsNotATrap(_ resolution: String) throws {
        // Found by the fuzz targets' extreme seeds: PlayResY Int.max trapped (SIGILL) in y * 4 / 3.
        let directory = ScratchDirectory("hostile")
        let file = try directory.file("big.ass", "[Script Info]\n\(resolution)\n\n[Events]\n"
                                      + "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
                                      + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,hello\n")
        let run = try Binary.run(["--instant", "-o", "json", file])
        #expect(run.status == 0, "\(run.status) \(run.stderr)")
        #expect(run.text.contains("hello"))
    }

    @Test(arguments: ["--duration 1000h -e fade -o cast", "--duration 100000h -e decrypt -o cast"])
    func longAnimationsUnderInstantEndInTime(_ arguments: String) throws {
        let run = try Self.shell("echo hello world | \"$GHOSTPIPE\" --instant \(arguments) >/dev/null; echo status=$?")
        #expect(run.text == "status=0\n", "\(run.text) \(run.stderr)")
    }

    @Test func aFadeLongerThanItsCueIsTheCuesLength() throws {
        let directory = ScratchDirectory("hostile")
        var ass = "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
        for i in 0..<10 {
            ass += "Dialogue: 0,0:00:\(10 + i).00,0:00:\(10 + i).90,Default,,0,0,0,,{\\fad(9223372036854775807,9223372036854775807)}cue \(i)\n"
        }
        let file = try directory.file("fad.ass", ass)
        let run = try Self.shell("\"$GHOSTPIPE\" --instant -o cast \"\(file)\" | tail -n 1; echo status=$?")
        // The last cue fades out and is gone at its end, 19.9 s: each fade was its cue's length.
        #expect(run.text == "[19.9, \"o\", \"\\u001b[?25h\"]\nstatus=0\n", "\(run.text) \(run.stderr)")
    }

    @Test(arguments: ["--layout slides --instant", "--overlay \"$FILM\" -- echo overlaid"])
    func aHugeTerminalIsUsedUpToTheLimitAndSaidSo(_ arguments: String) throws {
        // 10000×3000 cells: the overlay asked for gigabytes (and left the alternate screen on), slides
        // spent seconds before the first frame. Now both draw in 1000×300 and say so.
        let film = try ScratchDirectory("hostile").file("a.srt", Self.film)
        let run = try Binary.runInTerminal("exec \"$GHOSTPIPE\" \(arguments) \"\(Binary.sample("script.txt"))\"",
                                           rows: 3000, columns: 10000, timeout: 20, environment: ["FILM": film])
        #expect(run.status == 0, "\(run.status) \(run.text.suffix(300))")
        #expect(run.text.contains("ghostpipe: the terminal is 10000×3000 cells; ghostpipe draws in 1000×300 of them"))
    }

    @Test(.requires("tmux")) func rapidStopsAndContinuesNeverLeaveItDrawingFromTheBackground() throws {
        // Ctrl-Z then `kill -CONT` (the shell has the terminal back by then): it used to run on in
        // the background drawing over the shell. Now, continued without the terminal, it stops again.
        let tmux = try Tmux(columns: 60, rows: 12, tag: "tstp")
        let marker = "tstp-\(UInt32.random(in: 0...UInt32.max)).srt"
        let film = try ScratchDirectory("hostile").file(marker, try String(contentsOfFile: Binary.sample("english.srt"), encoding: .utf8))
        tmux.type("\"$GHOSTPIPE\" \(film)")
        var pid = 0
        #expect(Processes.wait { $0.contains { entry in entry.arguments.last == film && entry.state != "Z" && { pid = entry.pid; return true }() } })
        usleep(1_000_000)
        for _ in 0..<3 {
            kill(Int32(pid), SIGTSTP)
            #expect(Processes.wait(timeout: 5) { $0.contains { $0.pid == pid && $0.state == "T" } }, "not stopped")
            kill(Int32(pid), SIGCONT)
            usleep(300_000)
        }
        // Stopped again, the terminal the shell's, as the stop left it.
        #expect(Processes.wait(timeout: 5) { $0.contains { $0.pid == pid && $0.state == "T" } }, "running in the background")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("Stopped") } }, timeout: 5), "\(tmux.screen())")
        #expect(tmux.display("#{cursor_flag}") == "1" && tmux.display("#{alternate_on}") == "0")
        // And `fg` gives it the terminal again; q ends it.
        tmux.type("fg")
        #expect(Processes.wait(timeout: 5) { $0.contains { $0.pid == pid && $0.state != "T" } }, "fg did not continue it")
        usleep(500_000)
        tmux.press("q")
        #expect(Processes.wait(timeout: 10) { !$0.contains { $0.pid == pid && $0.state != "Z" } }, "q did not end it")
    }
}
