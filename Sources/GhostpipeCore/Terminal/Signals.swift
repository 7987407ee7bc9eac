#if canImport(Glibc)
import Glibc
#endif

/// The write end of the self-pipe and what the handler may write on a second interrupt. Globals,
/// because a signal handler can reach nothing else; set once before handlers are installed.
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1
nonisolated(unsafe) private var terminatingCount: Int32 = 0
nonisolated(unsafe) private var emergencyRestore: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var emergencyRestoreCount = 0
nonisolated(unsafe) private var emergencyTerminalFD: Int32 = -1
nonisolated(unsafe) private var emergencyTerminalMode = termios()

/// Registers the terminal mode the signal handler puts back if it must exit at once.
func registerEmergencyTerminalRestore(fd: Int32, mode: termios) {
    emergencyTerminalMode = mode
    emergencyTerminalFD = fd
}

/// Async-signal-safe handler: records the signal in the self-pipe. A second ending signal
/// (`SignalSet.terminating`) before the loop handled the first (ghostpipe is stuck, e.g. writing to a stopped terminal) restores
/// the terminal with one write and exits at once.
private func recordSignal(_ signal: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipeWrite, &byte, 1)
    if Signal.endsProcess(signal) {
        terminatingCount += 1
        if terminatingCount >= 2 {
            // write and tcsetattr are async-signal-safe.
            if let bytes = emergencyRestore { _ = write(STDOUT_FILENO, bytes, emergencyRestoreCount) }
            if emergencyTerminalFD >= 0 { _ = tcsetattr(emergencyTerminalFD, TCSANOW, &emergencyTerminalMode) }
            _exit(128 + signal)
        }
    }
    errno = saved
}

/// Signals delivered through a descriptor the loop can wait on (a self-pipe), so that a signal
/// wakes the loop wherever it sleeps and is handled in ordinary code, not in a handler.
public protocol SignalSource: AnyObject {
    var descriptor: Int32 { get }
    /// The signals that arrived since the last call, oldest first.
    func take() -> [Signal]
}

/// Signals delivered through a self-pipe (see `SignalSource`).
public final class SelfPipeSignals: SignalSource {
    public let descriptor: Int32
    private var pending: [Signal] = []

    /// Installs handlers for `signals` (without SA_RESTART, so blocked reads and writes return EINTR
    /// and the loop notices) and ignores SIGPIPE (a closed reader shows up as EPIPE). `restore` is
    /// written to stdout if a second interrupt arrives before the first is handled.
    public init(signals: SignalSet, restore: [UInt8]) {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        descriptor = fds[0]
        signalPipeWrite = fds[1]
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, restore.count))
        buffer.initialize(from: restore, count: restore.count)
        emergencyRestore = buffer
        emergencyRestoreCount = restore.count
        signals.forEach { Self.install($0.number) }
        // A parent may start us with them blocked (Foundation's Process passes on its thread's mask:
        // SIGTERM then never came, and nothing gave the terminal back): they must arrive.
        var set = sigset_t()
        sigemptyset(&set)
        signals.forEach { sigaddset(&set, $0.number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        Glibc.signal(SIGPIPE, SIG_IGN)
    }

    private static func install(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { recordSignal($0) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }

    private func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(descriptor, &bytes, bytes.count)
            guard n > 0 else { break }
            pending.append(contentsOf: bytes[..<n].map { Signal(Int32($0)) })
        }
    }

    public func take() -> [Signal] {
        drain()
        defer { pending.removeAll() }
        return pending
    }

    /// The first ending signal (`SignalSet.terminating`) waiting, if any (for writes blocked on a terminal).
    public func pendingEndingSignal() -> Signal? {
        drain()
        return pending.first(where: \.ends)
    }

    /// Stops the process the way Ctrl-Z would without a handler (job control: the shell says
    /// "Stopped"); returns when it is continued (`fg`), with the handler in place again.
    public func stopLikeDefault(_ signal: Signal = .suspend) {
        Glibc.signal(signal.number, SIG_DFL)
        raise(signal.number)
        Self.install(signal.number)
    }
}

/// Stopping like a job (Ctrl-Z, or the overlay's program stopping): the keyboard's mode is given
/// back while stopped and taken again on `fg`; the SIGCONT that follows our own stop needs no
/// second redraw.
public final class JobControl {
    private let keyboard: (any KeySource)?
    private let stopProcess: () -> Void
    private let inForeground: () -> Bool
    private var continuedByUs = false

    /// `stopProcess` stops the process and returns once it is continued; `inForeground` says
    /// whether the terminal's foreground is ours (by default: the process group of the terminal on
    /// standard output, or true when there is none to ask).
    public init(keyboard: (any KeySource)?, stopProcess: @escaping () -> Void,
                inForeground: @escaping () -> Bool = JobControl.standardOutputInForeground) {
        self.keyboard = keyboard
        self.stopProcess = stopProcess
        self.inForeground = inForeground
    }

    /// Whether the terminal on standard output has our process group in its foreground (true when
    /// it is not our terminal, or not a terminal).
    public static func standardOutputInForeground() -> Bool {
        let group = tcgetpgrp(STDOUT_FILENO)
        return group < 0 || group == getpgrp()
    }

    /// Whether ghostpipe may draw and take the keyboard: continued in the background (`bg`, or a
    /// `kill -CONT` racing a Ctrl-Z) it must not draw over the shell.
    public var isInForeground: Bool { inForeground() }

    /// Stops until `fg`; returns how long the stop lasted. Continued in the background, it stops
    /// again (each stop waits for the next SIGCONT: no spin) rather than draw over the shell.
    public func stop(clock: any Clock) -> Nanoseconds {
        let stoppedAt = clock.now()
        keyboard?.restore()
        repeat { stopProcess() } while !inForeground()
        keyboard?.take()
        continuedByUs = true
        return clock.now() - stoppedAt
    }

    /// Whether a SIGCONT is the one that ended our own stop (asked once).
    public func takeOwnContinue() -> Bool {
        defer { continuedByUs = false }
        return continuedByUs
    }
}
