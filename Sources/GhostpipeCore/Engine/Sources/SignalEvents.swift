/// Signals as events, handled once for every run: SIGINT, SIGTERM and SIGHUP end it; SIGWINCH is a
/// resize (when the size really changed); SIGTSTP gives the terminal back, stops like a job and
/// takes it back on `fg` (`.suspending`, the stop, `.resumed`, and a resize if the terminal changed
/// meanwhile); SIGCONT from elsewhere asks for a redraw; SIGCHLD reports a child.
public final class SignalEvents: EventSource {
    private let signals: any SignalSource
    private let job: JobControl?
    private let terminalSize: () -> (columns: Int, rows: Int)?
    private let clock: any Clock
    /// The size last reported.
    public var size: (columns: Int, rows: Int)?

    /// `job` stops the process like Ctrl-Z would (nil: Ctrl-Z is not handled here);
    /// `terminalSize` reads the terminal's size now.
    public init(_ signals: any SignalSource, job: JobControl?, clock: any Clock,
                size: (columns: Int, rows: Int)?, terminalSize: @escaping () -> (columns: Int, rows: Int)?) {
        self.signals = signals
        self.job = job
        self.clock = clock
        self.size = size
        self.terminalSize = terminalSize
    }

    public func interest(at now: Nanoseconds) -> Interest { Interest(descriptor: signals.descriptor) }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        for signal in signals.take() {
            switch signal {
            case _ where signal.ends:
                try deliver(.signal(signal))
                return
            case .windowChange:
                try deliverResize(deliver)
            case .suspend:
                guard let job else { continue }
                try stop(job, deliver)
            case .resume:
                if job?.takeOwnContinue() == true { continue }
                // Continued in the background (stopped by SIGSTOP, then `bg`): stop as Ctrl-Z
                // would until the terminal is ours, never drawing over the shell.
                if let job, !job.isInForeground { try stop(job, deliver); continue }
                try deliver(.continued)
            case .child:
                try deliver(.program(.childChanged))
            default:
                continue
            }
        }
    }

    private func stop(_ job: JobControl, _ deliver: (Event) throws -> Void) throws {
        try deliver(.suspending)
        let pause = job.stop(clock: clock)
        try deliver(.resumed(pause: pause))
        // No SIGWINCH reaches a stopped process in time to matter: look again.
        try deliverResize(deliver)
    }

    private func deliverResize(_ deliver: (Event) throws -> Void) throws {
        guard let now = terminalSize(), now != size ?? (0, 0) else { return }
        size = now
        try deliver(.resized(columns: now.columns, rows: now.rows))
    }
}
