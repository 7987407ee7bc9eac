// The executable only wires GhostpipeCore to the real process: arguments, environment, stdout,
// the terminal and signals.
import GhostpipeCore
#if canImport(Glibc)
import Glibc
#endif

/// The keyboard, while ghostpipe reads it: its terminal mode is put back on every exit.
nonisolated(unsafe) var keyboard: ControllingTerminal?

func leave(_ status: Int32) -> Never {
    keyboard?.restore()
    exit(status)
}

func fail(_ message: String, status: Int32) -> Never {
    printError("ghostpipe: \(message)")
    if status == 2 { printError("Try 'ghostpipe --help' for more information.") }
    leave(status)
}

let options: Options
do {
    options = try ArgumentParser.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error.message, status: 2)
}
if options.showHelp {
    print(Help.text)
    exit(0)
}
if options.listEffects {
    print(EffectCatalog.listing)
    exit(0)
}
if options.showVersion {
    print("ghostpipe \(Help.version)")
    exit(0)
}
if let shell = options.completions {
    print(shell.script, terminator: "")
    exit(0)
}

var environmentValues: [String: String] = [:]
for name in Surroundings.environmentNames { environmentValues[name] = environment(name) }
let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
let surroundings = Surroundings(stdoutIsTerminal: stdoutIsTerminal,
                                terminalSize: stdoutIsTerminal ? terminalSize(of: STDOUT_FILENO) : nil,
                                environment: environmentValues)
let session: Session
do {
    session = try Session(options: options, surroundings: surroundings)
} catch {
    fail(error.message, status: 2)
}
if options.overlay != nil { runOverlay(options: options, session: session) }
for note in session.notes { printError("ghostpipe: \(note)") }

let onTerminal = session.mode == .terminal
// The terminal, asked where it draws (widths of disputed emoji, the cursor after a resize).
var probe: TerminalProbe?
if onTerminal {
    let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    if tty >= 0 { probe = TerminalProbe(output: STDOUT_FILENO, tty: tty) }
}
let widths = onTerminal && options.widths != .spec ? probe.map { MeasuredWidths(probe: $0, policy: options.widths) } : nil

// What a second Ctrl-C writes if the first could not be handled: attributes off, cursor on, new line.
let emergencyRestore = onTerminal ? ANSI.resetAttributes + ANSI.showCursor + ANSI.newline : []
let signals = SelfPipeSignals(signals: [.interrupt, .terminate, .hangup] + (onTerminal ? [.suspend, .resume, .windowChange] : []),
                              restore: emergencyRestore)
let stdout = DescriptorSink(fd: STDOUT_FILENO, shouldStop: { signals.pendingEndingSignal() != nil })

var recording: DescriptorSink?
if let path = options.record {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if fd < 0 { fail("\(path): \(String(cString: strerror(errno)))", status: 1) }
    recording = DescriptorSink(fd: fd, name: path)
}

let clock: any Clock = options.instant ? VirtualClock() : MonotonicClock()
let origin = clock.now()
let input = InputFiles(names: options.files) { printError("ghostpipe: \($0)") }

let outcome: Outcome
var hadErrors = false
do {
    let output = try session.output(stdout: stdout, recording: recording, origin: origin)
    var settings = session.showSettings
    guard SubtitleTracks.add(options.tracks, to: &settings, report: { printError("ghostpipe: \($0)") }) else { leave(1) }
    let show = Show(settings: settings, output: output, widths: widths, origin: origin) { printError("ghostpipe: \($0)") }
    if let screen = output.screen, let probe { screen.cursorReport = { probe.cursorPosition() } }
    if output.screen != nil, let widths {
        show.locateStart = { clusters in widths.locateStart(learning: clusters)?.column }
        show.currentTime = { clock.now() }
    }
    var sources: [any EventSource] = []
    if onTerminal {
        // The terminal itself (/dev/tty), unless the text comes from it: typing into ghostpipe's
        // stdin is input, not keys. While ghostpipe draws, what is typed is not echoed (it would
        // split the text) and stays in the terminal's queue for the shell; a key waiting there skips
        // the rest of a text (it is still the shell's), and subtitles read theirs.
        let stdinIsInput = input.allNames.contains("-") && isatty(STDIN_FILENO) == 1
        if !options.instant && !stdinIsInput, let tty = ControllingTerminal(mode: .keys) {
            keyboard = tty
        }
        let job = JobControl(keyboard: keyboard) { signals.stopLikeDefault() }
        sources.append(SignalEvents(signals, job: job, clock: clock, size: (session.columns, session.rows),
                                    terminalSize: { terminalSize(of: STDOUT_FILENO) }))
        if let keyboard, options.keys { sources.append(KeyEvents(keyboard, reading: { show.keyReading })) }
    } else {
        sources.append(SignalEvents(signals, job: nil, clock: clock, size: nil, terminalSize: { nil }))
    }
    if let follow = options.follow {
        do {
            sources.append(try follow.events(speed: options.subtitleTiming.speed) { printError("ghostpipe: \($0)") })
        } catch {
            fail(error.message, status: 1)
        }
    }
    sources.append(InputEvents(input, demand: show))
    outcome = try EventLoop(clock: clock, sources: sources, pendingSignal: { signals.pendingEndingSignal() }).run(show)
    hadErrors = show.hadErrors
} catch let error as OutputError {
    switch error {
    case .failed(let name, let code): fail("\(name): \(String(cString: strerror(code)))", status: 1)
    default: fail("\(error)", status: 1)
    }
} catch {
    fail("\(error)", status: 1)
}

switch outcome {
case .finished: leave(input.hadErrors || hadErrors ? 1 : 0)
case .brokenPipe, .quit: leave(0)
case .interrupted(let signal): leave(signal.exitStatus)
case .programEnded(let status): leave(status)
}
