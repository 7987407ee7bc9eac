/// The one run loop. It asks one question — when is the next thing due? — sleeps until then or
/// until a source has something (input, a key, a signal, the overlay's program), hands the events
/// to its handler, and repeats. Idle time costs nothing; nothing busy-waits. The same loop runs on
/// the monotonic clock for real and on a virtual clock in tests, `--instant` and recordings.
public final class EventLoop {
    private let clock: any Clock
    private let sources: [any EventSource]
    /// A write blocked by a signal (OutputError.interrupted) names the signal through this.
    private let pendingSignal: () -> Signal?

    /// `sources` are woken in this order when several have something at once (signals first, then
    /// keys, then input).
    public init(clock: any Clock, sources: [any EventSource], pendingSignal: @escaping () -> Signal? = { nil }) {
        self.clock = clock
        self.sources = sources
        self.pendingSignal = pendingSignal
    }

    public func run(_ handler: any EventHandler) throws -> Outcome {
        do {
            return try loop(handler)
        } catch OutputError.brokenPipe {
            return .brokenPipe
        } catch OutputError.interrupted {
            let signal = pendingSignal() ?? .interrupt
            try? handler.close(interrupted: true, at: clock.now())
            return .interrupted(signal)
        }
    }

    private func loop(_ handler: any EventHandler) throws -> Outcome {
        var interests: [Interest] = Array(repeating: .none, count: sources.count)
        var descriptors: [Int32] = []
        var owner: [Int] = []
        var writers: [Int32] = []
        var writerOwner: [Int] = []
        while true {
            let now = clock.now()
            let due = try handler.advance(to: now)
            if let outcome = handler.outcome { return outcome }

            var deadline = due
            var idle: Nanoseconds?
            descriptors.removeAll(keepingCapacity: true)
            owner.removeAll(keepingCapacity: true)
            writers.removeAll(keepingCapacity: true)
            writerOwner.removeAll(keepingCapacity: true)
            for (i, source) in sources.enumerated() {
                let interest = source.interest(at: now)
                interests[i] = interest
                if let fd = interest.descriptor { descriptors.append(fd); owner.append(i) }
                if let fd = interest.writer { writers.append(fd); writerOwner.append(i) }
                if let instant = interest.instant { deadline = min(deadline ?? instant, instant) }
                if let timeout = interest.idleTimeout { idle = min(idle ?? timeout, timeout) }
            }
            // Nothing due and nothing to wait for, or a (virtual) clock at the end of time, where what
            // is still due would be due on every turn: nothing can ever happen again.
            if deadline == nil && descriptors.isEmpty && writers.isEmpty && idle == nil || now == .max {
                try handler.close(interrupted: false, at: now)
                return handler.outcome ?? .finished
            }

            let wake = clock.wait(until: deadline, descriptors: descriptors, writers: writers, idleTimeout: idle)
            let woken = clock.now()
            for (i, source) in sources.enumerated() {
                let interest = interests[i]
                let readable = interest.descriptor != nil && wake.readable.contains { owner[$0] == i }
                let writable = interest.writer != nil && wake.writable.contains { writerOwner[$0] == i }
                let isDue = interest.instant.map { $0 <= woken } ?? false
                let idled = wake.idle && interest.idleTimeout != nil && !readable
                guard readable || writable || isDue || idled else { continue }
                try source.wake(SourceWake(readable: readable, writable: writable, due: isDue, idle: idled), at: woken) { event in
                    try handler.handle(event, at: clock.now())
                }
                if let outcome = handler.outcome { return outcome }
            }
        }
    }
}
