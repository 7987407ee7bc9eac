// `ghostpipe --overlay SOURCE -- COMMAND`: the overlay wired to the real terminal, signals and program.
import GhostpipeCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs COMMAND under the overlay and exits with its status (128 + N if signal N ended it).
func runOverlay(options: Options, session: Session) -> Never {
    guard let keyboard = ControllingTerminal(mode: .raw, takeNow: false) else { fail("--overlay needs a controlling terminal (/dev/tty)", status: 2) }
    let source = options.overlay ?? "-"
    if source == "-" && isatty(STDIN_FILENO) == 1 {
        fail("--overlay -: standard input is the terminal; pipe the text in, or name a file", status: 2)
    }
    let command = options.command.isEmpty ? [environment("SHELL") ?? "/bin/sh"] : options.command
    let columns = session.columns, rows = session.rows

    // SOURCE: a subtitle file is read now; text, and anything fed over time (`-`, a named pipe), is
    // streamed while the program runs.
    let content: OverlayBand.Content
    var cues: CueList?
    var info = stat()
    if source != "-" && stat(source, &info) != 0 { fail("\(source): \(String(cString: strerror(errno)))", status: 1) }
    if source != "-" && (info.st_mode & S_IFMT) == S_IFREG {
        let input = InputFiles(names: [source]) { printError("ghostpipe: \($0)") }
        let format = options.format ?? input.readAheadFirst { bytes, atEnd in
            atEnd || bytes.count >= 1 << 16 ? SubtitleFormat.detect(fileName: source, prefix: bytes) : nil
        }.verdict ?? .text
        if format == .text {
            content = .stream(input, format: .text)
        } else {
            let loaded = SubtitleLoader.load(names: [source], stdinPrefix: [], encoding: options.encoding,
                                             format: options.format) { printError("ghostpipe: \($0)") }
            cues = loaded.cues
            content = .cues(loaded.cues)
        }
    } else {
        content = .stream(InputFiles(names: [source], openingWithoutWaiting: true) { printError("ghostpipe: \($0)") }, format: options.format)
    }

    var recordingSink: DescriptorSink?
    if let path = options.record {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { fail("\(path): \(String(cString: strerror(errno)))", status: 1) }
        recordingSink = DescriptorSink(fd: fd, name: path)
    }

    let signals = SelfPipeSignals(signals: [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD],
                                  restore: OverlayDisplay.emergencyRestore)
    let stdout = DescriptorSink(fd: STDOUT_FILENO, shouldStop: { signals.hasTerminatingSignal() })
    let clock = MonotonicClock()

    // The program's terminal: the real one less the band, in the real one's mode (erase key, UTF-8).
    let bandRows = session.overlayBandRows(cues: cues, columns: columns, screenRows: rows)
    let programRows = rows - min(bandRows, rows - 1)
    let pty: PseudoTerminal
    let child: ChildProcess
    do {
        pty = try PseudoTerminal(rows: programRows, columns: columns)
        var mode = keyboard.saved
        _ = tcsetattr(pty.slave, TCSANOW, &mode)
        child = ChildProcess(pid: try pty.spawn(command, environment: programEnvironment()))
    } catch let error as PseudoTerminal.Failure {
        fail("\(error)", status: error.code == ENOENT ? 127 : 126)
    } catch {
        fail("\(error)", status: 1)
    }

    let outcome: OverlayLoop.Outcome
    var band: OverlayBand?
    do {
        // The timeline starts with the program.
        let origin = clock.now()
        let playing = try OverlayBand(session: session, content: content, columns: columns, screenRows: rows, origin: origin)
        band = playing
        let display = OverlayDisplay(sink: stdout, target: .terminal, columns: columns, rows: rows, depth: session.overlayDepth)
        var recording: OverlayDisplay?
        if let recordingSink {
            let recorder = try CastRecorder(sink: recordingSink, width: columns, height: rows, origin: origin,
                                            environment: session.environment)
            recording = OverlayDisplay(sink: recorder, target: .recording(recorder), columns: columns, rows: rows,
                                       depth: session.overlayDepth)
        }
        keyboard.take()
        let loop = OverlayLoop(pty: pty, child: child, program: TerminalEmulator(rows: programRows, columns: columns, scrollbackLimit: 0),
                               band: playing, display: display, recording: recording, keyboard: keyboard, signals: signals,
                               clock: clock, columns: columns, rows: rows,
                               terminalSize: { terminalSize(of: STDOUT_FILENO) },
                               stopProcess: { signals.stopLikeDefault($0) })
        outcome = try loop.run()
    } catch let error as OutputError {
        keyboard.restore()
        switch error {
        case .failed(let name, let code): fail("\(name): \(String(cString: strerror(code)))", status: 1)
        case .brokenPipe: exit(1)
        case .interrupted: exit(128 + (signals.take().first(where: Player.terminatingSignals.contains) ?? SIGINT))
        }
    } catch {
        keyboard.restore()
        fail("\(error)", status: 1)
    }
    keyboard.restore()
    for message in band?.messages ?? [] { printError("ghostpipe: \(message)") }
    switch outcome {
    case .programEnded(let status): exit(status)
    case .interrupted(let signal): exit(128 + signal)
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
