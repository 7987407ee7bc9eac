import CGhostpipe
#if canImport(Glibc)
import Glibc
#endif

/// The overlay's run loop: the program on its pseudo-terminal above, the band below, one real
/// terminal. It waits (never busy) on the pseudo-terminal's master, the keyboard, SOURCE, the
/// signal pipe and the band's next instant, and:
///
/// - feeds what the program writes to its emulator, and writes the emulator's replies (DSR, DA)
///   back; keys go to the program byte for byte (Ctrl-C and Ctrl-Z included: raw mode);
/// - draws the composed screen at most `1 / frameInterval` times a second while output streams,
///   and at once when the last frame is older than that (a key's echo is drawn immediately); a
///   program inside a synchronized update (DECSET 2026) is drawn when it ends it (or after
///   `synchronizedLimit`);
/// - on SIGWINCH sizes the program's terminal (the kernel signals the program) and the band anew;
///   on SIGTSTP, or when the program itself stops, gives the terminal back and stops like a job,
///   taking it again on `fg`; on SIGINT, SIGTERM or SIGHUP sent to ghostpipe, gives it back and
///   ends (the program gets SIGHUP when its terminal closes);
/// - ends when the program does, with its exit status.
public final class OverlayLoop {
    private let pty: PseudoTerminal
    private let child: ChildProcess
    private let program: TerminalEmulator
    private let band: OverlayBand
    private let display: OverlayDisplay
    private let recording: OverlayDisplay?
    private let keyboard: ControllingTerminal
    private let signals: SelfPipeSignals
    private let clock: MonotonicClock
    private var screen: OverlayScreen

    /// The real terminal's size now.
    public var terminalSize: () -> (columns: Int, rows: Int)?
    /// Stops the process like an unhandled Ctrl-Z; returns once it is continued.
    public var stopProcess: (Int32) -> Void
    /// The shortest time between two frames while output streams (60 frames a second).
    public var frameInterval: Nanoseconds = Time.second / 60
    /// Reading the program's output yields to drawing and keys after this long.
    public var drainBudget: Nanoseconds = 8 * Time.millisecond
    /// A synchronized update (DECSET 2026) holds frames back at most this long.
    public var synchronizedLimit: Nanoseconds = 150 * Time.millisecond

    /// Keys and replies waiting to be written to the program's terminal.
    private var toProgram: [UInt8] = []
    private var masterOpen = true
    private var programChanged = true
    private var bandChanged = true
    private var bandDue: Nanoseconds? = 0
    private var bandPoked = false
    /// When the last frame was drawn (nil: draw the next at once).
    private var lastFrame: Nanoseconds?
    private var synchronizedSince: Nanoseconds?
    private var resumedByUs = false
    /// The band's height the screen was last laid out for.
    private var laidOutBandRows: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// `program` is the emulator of the program's terminal (sized already: the screen less the
    /// band); `columns` × `rows` is the real terminal's size; `display` draws on the terminal and
    /// `recording`, if any, into a recording.
    public init(pty: PseudoTerminal, child: ChildProcess, program: TerminalEmulator, band: OverlayBand,
                display: OverlayDisplay, recording: OverlayDisplay?, keyboard: ControllingTerminal,
                signals: SelfPipeSignals, clock: MonotonicClock, columns: Int, rows: Int,
                terminalSize: @escaping () -> (columns: Int, rows: Int)?, stopProcess: @escaping (Int32) -> Void) {
        self.pty = pty
        self.child = child
        self.program = program
        self.band = band
        self.display = display
        self.recording = recording
        self.keyboard = keyboard
        self.signals = signals
        self.clock = clock
        self.terminalSize = terminalSize
        self.stopProcess = stopProcess
        screen = OverlayScreen(columns: columns, rows: rows, programRows: program.rows)
        laidOutBandRows = band.rows
        _ = fcntl(pty.master, F_SETFL, fcntl(pty.master, F_GETFL) | O_NONBLOCK)
    }

    /// How the loop ended.
    public enum Outcome: Equatable, Sendable {
        /// The program ended with this status (128 + N if signal N ended it).
        case programEnded(status: Int32)
        /// ghostpipe was sent SIGINT, SIGTERM or SIGHUP.
        case interrupted(signal: Int32)
    }

    /// Runs until the program ends (or ghostpipe is told to stop). The terminal is given back on
    /// every way out, errors included.
    public func run() throws -> Outcome {
        try display.enter(stamp: clock.now())
        try recording?.enter(stamp: clock.now())
        defer {
            let now = clock.now()
            try? recording?.leave(stamp: now)
            try? display.leave(stamp: now)
        }
        screen.update(program: program, everything: true)
        while true {
            var now = clock.now()
            if bandPoked || (bandDue.map { $0 <= now } ?? false) {
                bandPoked = false
                bandDue = try band.advance(to: now)
                if band.takeChanged() { bandChanged = true }
                if band.rows != laidOutBandRows {
                    try relayout(at: now, force: true)  // streamed subtitles: the band's height is known now
                }
            }
            if case .ended(let status) = child.state {
                drainAfterExit()
                try render(at: clock.now())
                return .programEnded(status: status)
            }
            var renderAt: Nanoseconds?
            if programChanged || bandChanged {
                if program.synchronizedOutput {
                    let since = synchronizedSince ?? now
                    synchronizedSince = since
                    if now - since >= synchronizedLimit { try render(at: now) } else { renderAt = since + synchronizedLimit }
                } else if lastFrame.map({ now - $0 >= frameInterval }) ?? true {
                    try render(at: now)
                } else {
                    renderAt = (lastFrame ?? now) + frameInterval
                }
            }

            var fds = [pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0)]
            let masterIndex = masterOpen ? fds.count : -1
            if masterOpen {
                fds.append(pollfd(fd: pty.master, events: Int16(POLLIN) | (toProgram.isEmpty ? 0 : Int16(POLLOUT)), revents: 0))
            }
            // Keys wait in the kernel while the program does not read them (or while ghostpipe is
            // in the background, where reading would stop it).
            let keyIndex = toProgram.count < 1 << 20 && display.isEntered ? fds.count : -1
            if keyIndex >= 0 { fds.append(pollfd(fd: keyboard.descriptor, events: Int16(POLLIN), revents: 0)) }
            let bandInput = band.inputDescriptor
            let bandIndex = bandInput != nil ? fds.count : -1
            if let bandInput { fds.append(pollfd(fd: bandInput, events: Int16(POLLIN), revents: 0)) }
            let deadline = [bandDue, renderAt].compactMap { $0 }.min()
            let timeout = deadline.map { max(0, $0 - now) } ?? -1
            let ready = fds.withUnsafeMutableBufferPointer { gp_ppoll($0.baseAddress, UInt($0.count), timeout) }
            guard ready > 0 else { continue }
            now = clock.now()

            if fds[0].revents != 0 {
                for signal in signals.take() {
                    if Player.terminatingSignals.contains(signal) { return .interrupted(signal: signal) }
                    try handle(signal, at: now)
                }
            }
            if masterIndex >= 0 {
                let events = fds[masterIndex].revents
                if events & Int16(POLLOUT) != 0 { flushToProgram() }
                if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 { drainProgram() }
            }
            if keyIndex >= 0 && fds[keyIndex].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { keyboard.read(into: $0) }
                if n > 0 {
                    toProgram += buffer[..<n]
                    flushToProgram()
                }
            }
            if bandIndex >= 0 && fds[bandIndex].revents != 0 {
                try band.readInput(at: now)
                bandPoked = true
            }
        }
    }

    // MARK: - The program

    /// Reads what the program wrote, until nothing more is waiting or `drainBudget` is spent.
    private func drainProgram() {
        let start = clock.now()
        while masterOpen {
            let n = buffer.withUnsafeMutableBytes { read(pty.master, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer.withUnsafeBytes { program.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
                programChanged = true
                let replies = program.takeResponses()
                if !replies.isEmpty {
                    toProgram += replies
                    flushToProgram()
                }
                if clock.now() - start >= drainBudget { return }
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { return }
            // EIO: every holder of the terminal closed it (the program ended, or let go of it).
            masterOpen = false
        }
    }

    /// After the program ended: what it wrote last (the kernel may still be moving it to the master
    /// side), until the terminal reports its end or stays quiet a moment (a child of the program
    /// may hold it open).
    private func drainAfterExit() {
        let deadline = clock.now() + Time.second
        while masterOpen && clock.now() < deadline {
            var p = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 50) > 0 else { return }
            drainProgram()
        }
    }

    /// Writes waiting keys and replies as far as the program's terminal takes them.
    private func flushToProgram() {
        while !toProgram.isEmpty {
            let n = toProgram.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
            if n > 0 { toProgram.removeFirst(n); continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno != EAGAIN { toProgram.removeAll() }  // the terminal is gone
            return
        }
    }

    // MARK: - Drawing

    private func render(at now: Nanoseconds) throws {
        screen.update(program: program)
        if bandChanged { screen.setBand(band.view()) }
        try display.draw(screen.frame, modes: program.modes, stamp: now)
        try recording?.draw(screen.frame, modes: program.modes, stamp: now)
        programChanged = false
        bandChanged = false
        synchronizedSince = nil
        lastFrame = now
    }

    /// Sizes everything for the terminal as it is now: the band keeps its height (the program keeps
    /// a row at least), the program gets the rest; the next frame is drawn whole.
    private func relayout(at now: Nanoseconds, force: Bool = false) throws {
        guard let size = terminalSize() else { return }
        guard force || size.columns != screen.columns || size.rows != screen.rows else { return }
        try band.resize(columns: size.columns, screenRows: size.rows, at: now)
        bandDue = 0
        laidOutBandRows = band.rows
        let programRows = size.rows - min(band.rows, max(0, size.rows - 1))
        program.resize(rows: programRows, columns: size.columns)
        pty.resize(rows: programRows, columns: size.columns)
        if size.columns != screen.columns || size.rows != screen.rows {
            try display.resize(columns: size.columns, rows: size.rows, stamp: now)
            try recording?.resize(columns: size.columns, rows: size.rows, stamp: now)
        }
        screen = OverlayScreen(columns: size.columns, rows: size.rows, programRows: programRows)
        screen.update(program: program, everything: true)
        bandChanged = true
        programChanged = true
        lastFrame = nil
    }

    // MARK: - Signals

    private func handle(_ signal: Int32, at now: Nanoseconds) throws {
        switch signal {
        case SIGCHLD:
            if case .stopped = child.check() { try suspend(resumingChild: true) }
        case SIGWINCH:
            try relayout(at: now)
        case SIGTSTP:
            try suspend(resumingChild: false)
        case SIGCONT:
            if resumedByUs { resumedByUs = false; return }
            if !display.isEntered {
                try takeTerminal()
            } else {
                // Stopped and continued by someone else: the terminal may have been used meanwhile.
                keyboard.take()
                try redrawWhole(at: clock.now())
            }
        default:
            break
        }
    }

    /// Hands the terminal back as it was and stops like a job; when continued, lets a stopped
    /// program go on and takes the terminal back.
    private func suspend(resumingChild: Bool) throws {
        try display.leave(stamp: clock.now())
        keyboard.restore()
        stopProcess(SIGTSTP)
        resumedByUs = true
        if resumingChild { child.resume() }
        try takeTerminal()
    }

    /// Raw mode, the alternate screen and everything drawn again at the terminal's size now. Continued
    /// in the background (`bg`), setting the mode stops ghostpipe again (SIGTTOU, as for any program
    /// that touches the terminal there) until `fg`.
    private func takeTerminal() throws {
        keyboard.take()
        try display.enter(stamp: clock.now())
        try redrawWhole(at: clock.now())
    }

    private func redrawWhole(at now: Nanoseconds) throws {
        if let size = terminalSize(), size.columns != screen.columns || size.rows != screen.rows {
            try relayout(at: now)
        } else {
            try display.resize(columns: screen.columns, rows: screen.rows, stamp: now)
            screen.update(program: program, everything: true)
            bandChanged = true
            programChanged = true
            lastFrame = nil
        }
    }
}
