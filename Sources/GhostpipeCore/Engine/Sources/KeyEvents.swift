/// How keys are taken from the terminal.
public enum KeyReading: Sendable {
    /// Read and decoded (subtitles: pause, seek, speed, quit).
    case read
    /// Left in the terminal's queue: that one is waiting is news (a banner skipped), but what was
    /// typed is the shell's once ghostpipe ends (type-ahead is never lost).
    case peek
    /// Not watched.
    case off
}

/// Keys from the terminal (`/dev/tty`, never stdin) as events, read or only noticed as the handler
/// says. Ctrl-C arriving as a byte (the terminal's ISIG off) is SIGINT's event.
public final class KeyEvents: EventSource {
    private let keys: any KeySource
    private let reading: () -> KeyReading

    public init(_ keys: any KeySource, reading: @escaping () -> KeyReading = { .read }) {
        self.keys = keys
        self.reading = reading
    }

    public func interest(at now: Nanoseconds) -> Interest {
        reading() == .off ? .none : Interest(descriptor: keys.descriptor)
    }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        switch reading() {
        case .read:
            for key in keys.readKeys() {
                try deliver(key == .interrupt ? .signal(.interrupt) : .key(key))
            }
        case .peek:
            try deliver(.keyWaiting)
        case .off:
            break
        }
    }
}
