/// The terminal's answer to a question ghostpipe asked (`TerminalQuestions`: where the cursor is,
/// with the widths asked in the same round trip) as an event, `.terminalAnswered`, and its timeout
/// as a deadline of the loop: while the answer is awaited, signals, resizes and the other sources
/// are served, and what waits for the answer (the start, a resize, text with disputed emoji) goes
/// on when the answer or the timeout arrives.
///
/// The timeout is real time (an `idleTimeout`, measured on the probe's monotonic clock): the
/// terminal answers in real time even when the show runs on a virtual clock (`--instant`).
public final class ProbeAnswers: EventSource {
    private let questions: TerminalQuestions
    private var probe: TerminalProbe { questions.probe }

    public init(_ questions: TerminalQuestions) {
        self.questions = questions
    }

    public func interest(at now: Nanoseconds) -> Interest {
        guard questions.isAsking else { return .none }
        // Abandoned (Ctrl-Z): answered at once, without a position.
        guard let left = probe.timeLeft else { return Interest(instant: now) }
        return Interest(descriptor: probe.tty, idleTimeout: max(0, left))
    }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        guard questions.isAsking else { return }
        if !probe.isWaiting {
            try deliver(.terminalAnswered(questions.answered(nil)))
        } else if wake.readable, let answer = probe.take() {
            try deliver(.terminalAnswered(questions.answered(answer)))
        } else if let left = probe.timeLeft, left <= 0 {
            try deliver(.terminalAnswered(questions.answered(probe.expire())))
        }
    }
}

extension ProbeAnswers {
    /// The run ended (Ctrl-C) while the terminal's answer was on its way: it is awaited on a last
    /// loop of its own, at most until its timeout, so that it does not land in the shell's input as
    /// typed text; keys typed meanwhile go back and the terminal's mode is restored.
    public static func drain(_ questions: TerminalQuestions) {
        if questions.isAsking, questions.probe.isWaiting {
            _ = try? EventLoop(clock: MonotonicClock(), sources: [ProbeAnswers(questions)]).run(LastAnswer())
        }
        questions.probe.abandon()
    }
}

/// Ends the last loop when the answer (or its timeout) came.
private final class LastAnswer: EventHandler {
    var outcome: Outcome?
    func handle(_ event: Event, at now: Nanoseconds) throws {
        if case .terminalAnswered = event { outcome = .finished }
    }
    func advance(to now: Nanoseconds) throws -> Nanoseconds? { nil }
    func close(interrupted: Bool, at now: Nanoseconds) throws {}
}
