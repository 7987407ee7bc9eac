/// Events (keys, resizes, stops) at given seconds of a virtual clock, as the terminal would send them:
/// what tests and the player fuzz target drive the one event loop with.
public final class ScriptedEvents: EventSource {
    private var events: [(at: Nanoseconds, event: Event)]

    public init(_ events: [(Double, Event)]) {
        self.events = events.map { (Time.nanoseconds(seconds: $0.0), $0.1) }.sorted { $0.at < $1.at }
    }

    public func interest(at now: Nanoseconds) -> Interest { events.first.map { Interest(instant: $0.at) } ?? .none }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        while let first = events.first, first.at <= now {
            events.removeFirst()
            try deliver(first.event)
        }
    }
}
