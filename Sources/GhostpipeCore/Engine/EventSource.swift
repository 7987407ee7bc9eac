/// What a source of events waits for right now.
public struct Interest: Sendable {
    /// A descriptor to poll for readability.
    public var descriptor: Int32?
    /// A descriptor to poll for room to write (bytes waiting for a slow reader).
    public var writer: Int32?
    /// An instant on the clock when it has something (scripted input on a virtual clock, bytes
    /// already read ahead: now).
    public var instant: Nanoseconds?
    /// Real time without activity after which it has something (an input pause).
    public var idleTimeout: Nanoseconds?

    public init(descriptor: Int32? = nil, writer: Int32? = nil, instant: Nanoseconds? = nil, idleTimeout: Nanoseconds? = nil) {
        self.descriptor = descriptor
        self.writer = writer
        self.instant = instant
        self.idleTimeout = idleTimeout
    }

    /// Nothing: the source is not waited on.
    public static let none = Interest()
    public var isNone: Bool { descriptor == nil && writer == nil && instant == nil && idleTimeout == nil }
}

/// Why the loop woke a source.
public struct SourceWake: Sendable {
    /// Its descriptor is readable.
    public var readable: Bool
    /// Its writer can take bytes.
    public var writable: Bool = false
    /// Its instant came.
    public var due: Bool
    /// Its idle timeout passed with nothing readable.
    public var idle: Bool
}

/// One pluggable source of events (stdin and files, the keyboard, signals, the overlay's
/// pseudo-terminal, a player's socket later): it says what it waits for, and when woken turns what
/// arrived into events.
public protocol EventSource: AnyObject {
    func interest(at now: Nanoseconds) -> Interest
    /// Hands what arrived to `deliver`, one event at a time.
    func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws
}

/// What the loop drives: it takes events and says when it next has something to do.
public protocol EventHandler: AnyObject {
    func handle(_ event: Event, at now: Nanoseconds) throws
    /// Brings everything up to `now`; returns the next instant something is due (nil: nothing until
    /// an event).
    func advance(to now: Nanoseconds) throws -> Nanoseconds?
    /// Set once the run is over.
    var outcome: Outcome? { get }
    /// The run ends without an outcome of its own (nothing can happen any more, or output failed):
    /// put the output in order. `interrupted` after a signal.
    func close(interrupted: Bool, at now: Nanoseconds) throws
}
