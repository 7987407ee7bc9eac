// The executable only wires GhostpipeCore to the real process: arguments, environment, stdout, signals.
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

var environmentValues: [String: String] = [:]
for name in Surroundings.environmentNames { environmentValues[name] = environment(name) }
let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
let surroundings = Surroundings(stdoutIsTerminal: stdoutIsTerminal,
                                terminalSize: stdoutIsTerminal ? terminalSize(of: STDOUT_FILENO) : nil,
                                environment: environmentValues)
var session: Session
do {
    session = try Session(options: options, surroundings: surroundings)
} catch {
    fail(error.message, status: 2)
}
if options.overlay != nil { runOverlay(options: options, session: session) }

// Widths as this terminal draws them: asked of the terminal itself (only when drawing on one).
if session.mode == .terminal, options.widths != .spec {
    let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    if tty >= 0 {
        session.widths = MeasuredWidths(probe: TerminalProbe(output: STDOUT_FILENO, tty: tty), policy: options.widths)
    }
}

// What a second Ctrl-C writes if the first could not be handled: attributes off, cursor on, new line.
let emergencyRestore = session.mode == .terminal ? ANSI.resetAttributes + ANSI.showCursor + ANSI.newline : []
let onTerminal = session.mode == .terminal
let signals = SelfPipeSignals(signals: [SIGINT, SIGTERM, SIGHUP] + (onTerminal ? [SIGTSTP, SIGCONT, SIGWINCH] : []),
                              restore: emergencyRestore)
let stdout = DescriptorSink(fd: STDOUT_FILENO, shouldStop: { signals.hasTerminatingSignal() })

var recording: DescriptorSink?
if let path = options.record {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if fd < 0 { fail("\(path): \(String(cString: strerror(errno)))", status: 1) }
    recording = DescriptorSink(fd: fd, name: path)
}

let clock: any Clock = options.instant ? VirtualClock() : MonotonicClock()
let origin = clock.now()
let input = InputFiles(names: options.files) { printError("ghostpipe: \($0)") }
// Text or subtitles? --format says, or the start of the first input does (as soon as its first
// lines allow, so streamed text is not held back).
let firstName = input.allNames.first
let format = options.format ?? input.readAheadFirst { bytes, atEnd in
    firstName == "-" ? SubtitleFormat.sniff(bytes, fileName: nil, atEnd: atEnd)
                     : (atEnd || bytes.count >= 1 << 16 ? SubtitleFormat.detect(fileName: firstName, prefix: bytes) : nil)
}.verdict ?? .text

let outcome: Player.Outcome
var inputFailed = false
do {
    let performance: any Performance
    var source: any ByteSource = input
    if format == .text {
        performance = try session.textPerformance(stdout: stdout, recording: recording, origin: origin)
    } else {
        let stdinPrefix = firstName == "-" ? input.readAheadFirst { _, _ in true }.bytes : []
        let loaded = SubtitleLoader.load(names: input.allNames, stdinPrefix: stdinPrefix, encoding: options.encoding,
                                         format: options.format) { printError("ghostpipe: \($0)") }
        inputFailed = loaded.failed
        performance = try session.subtitlePerformance(cues: loaded.cues, stdout: stdout, recording: recording,
                                                      origin: clock.now())
        source = NoInput()
    }
    let player = Player(performance: performance, input: source, clock: clock, signals: signals)
    if onTerminal {
        // Keys come from /dev/tty, and only when the text does not: typing into ghostpipe's stdin
        // is input, not commands.
        let stdinIsInput = input.allNames.contains("-") && isatty(STDIN_FILENO) == 1
        if options.keys && !options.instant && !stdinIsInput, let tty = ControllingTerminal(mode: .keys) {
            keyboard = tty
            player.keys = tty
        }
        player.terminalSize = { terminalSize(of: STDOUT_FILENO) }
        player.lastSize = (session.columns, session.rows)
        player.stopProcess = { signals.stopLikeDefault($0) }
    }
    outcome = try player.run()
} catch let error as OutputError {
    switch error {
    case .failed(let name, let code): fail("\(name): \(String(cString: strerror(code)))", status: 1)
    default: fail("\(error)", status: 1)
    }
} catch {
    fail("\(error)", status: 1)
}

switch outcome {
case .finished: leave(input.hadErrors || inputFailed ? 1 : 0)
case .brokenPipe, .quit: leave(0)
case .interrupted(let signal): leave(128 + signal)
}
