/// Signals delivered to the player through a descriptor it can wait on (a self-pipe), so that a
/// signal wakes the loop wherever it sleeps and is handled in ordinary code, not in a handler.
public protocol SignalSource: AnyObject {
    var descriptor: Int32 { get }
    /// The signals that arrived since the last call, oldest first.
    func take() -> [Int32]
}

/// The run loop. It only asks: when is the next thing due? Then it sleeps until that instant, or until
/// input, a signal or an input pause wakes it, brings the performance up to date, and repeats.
/// Idle time between events costs nothing; nothing busy-waits.
public final class Player {
    public enum Outcome: Equatable, Sendable {
        case finished
        /// Stopped by a signal (SIGINT, SIGTERM, SIGHUP): exit status 128 + signal.
        case interrupted(signal: Int32)
        /// The reader of our output went away.
        case brokenPipe
        /// The user pressed `q`.
        case quit
    }

    private let performance: any Performance
    private let input: any ByteSource
    private let clock: any Clock
    private let signals: (any SignalSource)?
    /// An interactive stream that pauses this long flushes a held grapheme or word.
    public var idleFlush: Nanoseconds = 300 * Time.millisecond
    /// Keys from the terminal, when it is one and keys are on.
    public var keys: (any KeySource)?
    /// The terminal's size now (for SIGWINCH).
    public var terminalSize: (() -> (columns: Int, rows: Int)?)?
    /// Stops the process like an unhandled Ctrl-Z and returns once it is continued.
    public var stopProcess: ((Int32) -> Void)?
    /// After our own stop and `fg`, the SIGCONT that follows needs no second redraw.
    private var resumedByUs = false
    /// The size the performance was last laid out for.
    public var lastSize: (columns: Int, rows: Int)?

    public init(performance: any Performance, input: any ByteSource, clock: any Clock,
                signals: (any SignalSource)? = nil) {
        self.performance = performance
        self.input = input
        self.clock = clock
        self.signals = signals
    }

    public static let terminatingSignals: Set<Int32> = [2, 15, 1]  // SIGINT, SIGTERM, SIGHUP

    public func run() throws -> Outcome {
        do {
            return try loop()
        } catch OutputError.brokenPipe {
            return .brokenPipe
        } catch OutputError.interrupted {
            let signal = signals?.take().first(where: Self.terminatingSignals.contains) ?? 2
            try? performance.finish(interrupted: true, at: clock.now())
            return .interrupted(signal: signal)
        }
    }

    /// SIGWINCH: lay out again; SIGTSTP: hand the terminal back, stop, take it back on `fg`;
    /// SIGCONT from elsewhere: redraw.
    private func handle(_ signal: Int32) throws {
        guard let aware = performance as? any TerminalAware else { return }
        switch signal {
        case 28:  // SIGWINCH
            if let size = terminalSize?(), size != lastSize ?? (0, 0) {
                lastSize = size
                try aware.resize(columns: size.columns, rows: size.rows, at: clock.now())
            }
        case 20:  // SIGTSTP
            let stoppedAt = clock.now()
            try aware.suspend(at: stoppedAt)
            keys?.restore()
            stopProcess?(signal)
            keys?.take()
            resumedByUs = true
            try aware.resume(at: clock.now(), after: clock.now() - stoppedAt)
            // The terminal may have changed size while we were stopped (no SIGWINCH reaches a stopped
            // process's handler in time to matter): lay out again if so.
            if let size = terminalSize?(), let lastSize, size != lastSize {
                try aware.resize(columns: size.columns, rows: size.rows, at: clock.now())
            }
        case 18:  // SIGCONT
            if resumedByUs { resumedByUs = false; return }
            try aware.resume(at: clock.now(), after: 0)
        default:
            break
        }
    }

    private func loop() throws -> Outcome {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var lastInput = clock.now()
        while true {
            let now = clock.now()
            let next = try performance.advance(to: now)
            if performance.isFinished { break }

            let wantsInput = performance.wantsInput
            var descriptors: [Int32] = []
            var deadline = next
            var idleTimeout: Nanoseconds?
            let inputDescriptor = wantsInput ? input.descriptor : nil
            if let inputDescriptor { descriptors.append(inputDescriptor) }
            if wantsInput, inputDescriptor == nil {
                // Scripted input (or the end of all files): its own arrival instant, or read now.
                deadline = min(deadline ?? .max, input.nextArrival ?? now)
            }
            let idleAt = lastInput + idleFlush
            if wantsInput && performance.holdsPartialInput {
                if inputDescriptor != nil { idleTimeout = max(0, idleAt - now) } else { deadline = min(deadline ?? .max, idleAt) }
            }
            // Nothing due and no input wanted: nothing can ever happen again (a performance that is
            // done but does not say so). Stop rather than sleep forever.
            if deadline == nil && descriptors.isEmpty && idleTimeout == nil { break }
            let keyIndex = keys.map { _ in descriptors.count }
            if let keys { descriptors.append(keys.descriptor) }
            let signalIndex = signals.map { _ in descriptors.count }
            if let signals { descriptors.append(signals.descriptor) }

            let wake = clock.wait(until: deadline, descriptors: descriptors, idleTimeout: idleTimeout)

            if let signals, let signalIndex, wake.readable.contains(signalIndex) {
                for signal in signals.take() {
                    if Self.terminatingSignals.contains(signal) {
                        try? performance.finish(interrupted: true, at: clock.now())
                        return .interrupted(signal: signal)
                    }
                    try handle(signal)
                }
            }
            if let keys, let keyIndex, wake.readable.contains(keyIndex) {
                for key in keys.readKeys() {
                    if key == .interrupt {
                        try? performance.finish(interrupted: true, at: clock.now())
                        return .interrupted(signal: 2)
                    }
                    if let aware = performance as? any TerminalAware, try aware.press(key, at: clock.now()) == .quit {
                        try? performance.finish(interrupted: true, at: clock.now())
                        return .quit
                    }
                }
            }
            let readable = inputDescriptor != nil && wake.readable.contains(0)
            let scriptedDue = wantsInput && inputDescriptor == nil && (input.nextArrival ?? .min) <= clock.now()
            if readable || scriptedDue {
                let result = buffer.withUnsafeMutableBytes { input.read(into: $0, now: clock.now()) }
                switch result {
                case .bytes(let n):
                    lastInput = clock.now()
                    try buffer.withUnsafeBufferPointer { try performance.receive(UnsafeBufferPointer(rebasing: $0[..<n]), at: lastInput) }
                case .end:
                    try performance.inputEnded(at: clock.now())
                case .notReady:
                    break
                }
            } else if wantsInput && performance.holdsPartialInput && (wake.idle || clock.now() >= idleAt && inputDescriptor == nil) {
                try performance.inputPaused(at: clock.now())
                lastInput = clock.now()
            }
        }
        try performance.finish(interrupted: false, at: clock.now())
        return .finished
    }
}
