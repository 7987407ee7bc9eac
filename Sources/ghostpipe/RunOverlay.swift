// `ghostpipe --overlay SOURCE -- COMMAND`: the overlay wired to the real terminal, signals and program.
import GhostpipeCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs COMMAND under the overlay and exits with its status (128 + N if signal N ended it).
func runOverlay(options: Options, session: Session) -> Never {
    guard let tty = ControllingTerminal(mode: .raw, takeNow: false) else { fail("--overlay needs a controlling terminal (/dev/tty)", status: 2) }
    keyboard = tty
    let source = options.overlay ?? "-"
    if source == "-" && isatty(STDIN_FILENO) == 1 {
        fail("--overlay -: standard input is the terminal; pipe the text in, or name a file", status: 2)
    }
    var info = stat()
    if source != "-" && stat(source, &info) != 0 { fail("\(source): \(String(cString: strerror(errno)))", status: 1) }
    let command = options.command.isEmpty ? [environment("SHELL") ?? "/bin/sh"] : options.command
    let columns = session.columns, rows = session.rows

    var recordingSink: DescriptorSink?
    if let path = options.record {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { fail("\(path): \(String(cString: strerror(errno)))", status: 1) }
        recordingSink = DescriptorSink(fd: fd, name: path)
    }

    let signals = SelfPipeSignals(signals: Signal.terminating + [.suspend, .resume, .windowChange, .child],
                                  restore: Screen.emergencyRestore)
    let stdout = DescriptorSink(fd: STDOUT_FILENO, shouldStop: { signals.pendingEndingSignal() != nil })
    let clock = MonotonicClock()

    // Problems with SOURCE are shown once the terminal is given back; the status stays COMMAND's.
    var messages: [String] = []
    // SOURCE is read while the program runs: a file, or `-` or a named pipe fed live (each line
    // shown as it arrives); its format is detected as it arrives.
    let input = InputFiles(names: [source], openingWithoutWaiting: true) { messages.append($0) }
    let origin = clock.now()  // the timeline starts with the program
    var settings = session.showSettings
    guard SubtitleTracks.add(options.tracks, to: &settings, report: { printError("ghostpipe: \($0)") }) else { exit(1) }
    let band = OverlayBand(settings: settings, columns: columns, screenRows: rows, origin: origin) { messages.append($0) }

    var follow: [any EventSource] = []
    if let target = options.follow {
        do {
            follow.append(try target.events(speed: options.subtitleTiming.speed) { messages.append($0) })
        } catch {
            fail(error.message, status: 1)
        }
    }

    // The program's terminal: the real one less the band, in the real one's mode (erase key, UTF-8).
    let programRows = rows - min(band.rows, rows - 1)
    let pty: PseudoTerminal
    let child: ChildProcess
    do {
        pty = try PseudoTerminal(rows: programRows, columns: columns)
        var mode = tty.saved
        _ = tcsetattr(pty.slave, TCSANOW, &mode)
        child = ChildProcess(pid: try pty.spawn(command, environment: programEnvironment()))
    } catch let error as PseudoTerminal.Failure {
        fail("\(error)", status: error.code == ENOENT ? 127 : 126)
    } catch {
        fail("\(error)", status: 1)
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
                                     terminalSize: { terminalSize(of: STDOUT_FILENO) })
        tty.take()
        try overlay.start(at: clock.now())
        let sources: [any EventSource] = [
            SignalEvents(signals, job: job, clock: clock, size: (columns, rows), terminalSize: { terminalSize(of: STDOUT_FILENO) }),
            terminal,
            TypedBytes(tty, wanted: { overlay.wantsKeys }),
            InputEvents(input, demand: band.show),
        ] + follow
        outcome = try EventLoop(clock: clock, sources: sources, pendingSignal: { signals.pendingEndingSignal() }).run(overlay)
    } catch let error as OutputError {
        tty.restore()
        switch error {
        case .failed(let name, let code): fail("\(name): \(String(cString: strerror(code)))", status: 1)
        case .brokenPipe: exit(1)
        case .interrupted: (signals.pendingEndingSignal() ?? .interrupt).endProcess()
        }
    } catch {
        tty.restore()
        fail("\(error)", status: 1)
    }
    tty.restore()
    for message in messages { printError("ghostpipe: \(message)") }
    switch outcome {
    case .programEnded(let status): exit(status)
    case .interrupted(let signal): signal.endProcess()
    default: exit(0)
    }
}

/// The program's environment: ours, with `TERM` naming what it really talks to (ghostpipe's
/// xterm-compatible emulator, whatever the real terminal is) and no stale `LINES`/`COLUMNS`.
private func programEnvironment() -> [String] {
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
