#if canImport(Glibc)
import Glibc
#endif

extension Assembly {
    /// `ghostpipe --overlay SOURCE -- COMMAND`: COMMAND runs in a pseudo-terminal above a band that
    /// plays SOURCE; exits with COMMAND's status (128 + N if signal N ended it).
    func runOverlay() -> Never {
        guard let tty = ControllingTerminal(mode: .raw, takeNow: false) else {
            process.fail("--overlay needs a controlling terminal (/dev/tty)", status: 2)
        }
        process.keyboard = tty
        let source = options.overlay ?? "-"
        if source == "-" && isatty(STDIN_FILENO) == 1 {
            process.fail("--overlay -: standard input is the terminal; pipe the text in, or name a file", status: 2)
        }
        var info = stat()
        if source != "-" && stat(source, &info) != 0 { process.fail("\(source): \(String(cString: strerror(errno)))", status: 1) }
        let command = options.command.isEmpty ? [environment("SHELL") ?? "/bin/sh"] : options.command
        let columns = session.columns, rows = session.rows
        let recordingSink = recordingSink()

        let signals = SelfPipeSignals(signals: SignalSet.terminating.union(.jobControl).with(.child),
                                      restore: Screen.emergencyRestore)
        let stdout = DescriptorSink(fd: STDOUT_FILENO, shouldStop: { signals.pendingEndingSignal() != nil })
        let clock = MonotonicClock()

        // Problems with SOURCE are shown once the terminal is given back; the status stays COMMAND's.
        let messages = Messages.Held()
        // SOURCE is read while the program runs: a file, or `-` or a named pipe fed live (each line
        // shown as it arrives); its format is detected as it arrives.
        let input = InputFiles(names: [source], openingWithoutWaiting: true, report: messages.add)
        let origin = clock.now()  // the timeline starts with the program
        let settings = showSettings()
        let band = OverlayBand(settings: settings, columns: columns, screenRows: rows, origin: origin, report: messages.add)
        let follow = followSources(report: messages.add)

        // The program's terminal: the real one less the band, in the real one's mode (erase key, UTF-8).
        let programRows = rows - min(band.rows, rows - 1)
        let pty: PseudoTerminal
        let child: ChildProcess
        do {
            pty = try PseudoTerminal(rows: programRows, columns: columns)
            var mode = tty.saved
            _ = tcsetattr(pty.slave, TCSANOW, &mode)
            child = ChildProcess(pid: try pty.spawn(command, environment: Self.programEnvironment()))
        } catch let error as PseudoTerminal.Failure {
            process.fail("\(error)", status: error.code == ENOENT ? 127 : 126)
        } catch {
            process.fail("\(error)", status: 1)
        }

        let outcome: Outcome
        do {
            let display = Screen(sink: stdout, width: columns, height: rows, depth: session.overlayDepth, kind: .fullScreen(alternate: true))
            var recording: Screen?
            if let recordingSink {
                let recorder = try CastRecorder(sink: recordingSink, width: columns, height: rows, origin: origin,
                                                environment: session.environment)
                recording = Screen(sink: recorder, width: columns, height: rows, depth: session.overlayDepth,
                                   kind: .fullScreen(alternate: false), recorder: recorder)
            }
            let terminal = ProgramTerminal(pty, clock: clock)
            let job = JobControl(keyboard: tty) { signals.stopLikeDefault() }
            let overlay = OverlaySession(program: TerminalEmulator(rows: programRows, columns: columns, scrollbackLimit: 0),
                                         terminal: terminal, child: child, band: band, display: display, recording: recording,
                                         keyboard: tty, job: job, clock: clock, columns: columns, rows: rows,
                                         terminalSize: Self.currentSize)
            tty.take()
            try overlay.start(at: clock.now())
            let sources: [any EventSource] = [
                SignalEvents(signals, job: job, clock: clock, size: (columns, rows), terminalSize: Self.currentSize),
                terminal,
                TypedBytes(tty, wanted: { overlay.wantsKeys }),
            ] + trackLoader(for: band.show, settings: settings, report: messages.add) + [
                InputEvents(input, demand: band.show, output: stdout),
            ] + follow
            outcome = try EventLoop(clock: clock, sources: sources, pendingSignal: { signals.pendingEndingSignal() }).run(overlay)
            try stdout.finish(on: clock)
        } catch let error as OutputError {
            tty.restore()
            switch error {
            case .failed(let name, let code): process.fail("\(name): \(String(cString: strerror(code)))", status: 1)
            case .brokenPipe: exit(1)
            case .interrupted: (signals.pendingEndingSignal() ?? .interrupt).endProcess()
            }
        } catch {
            tty.restore()
            process.fail("\(error)", status: 1)
        }
        tty.restore()
        for message in messages.lines { Self.report(message) }
        switch outcome {
        case .programEnded(let status): exit(status)
        case .interrupted(let signal): signal.endProcess()
        default: exit(0)
        }
    }

    /// The program's environment: ours, with `TERM` naming what it really talks to (ghostpipe's
    /// xterm-compatible emulator, whatever the real terminal is) and no stale `LINES`/`COLUMNS`.
    static func programEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let variable = String(cString: pointer)
            if !variable.hasPrefix("TERM=") && !variable.hasPrefix("LINES=") && !variable.hasPrefix("COLUMNS=") {
                result.append(variable)
            }
            entry += 1
        }
        return result + ["TERM=xterm-256color"]
    }
}

extension Messages {
    /// Messages kept to be said later (once the overlay has given the terminal back).
    final class Held {
        private(set) var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
    }
}
