/// Keys from the terminal (`/dev/tty`, never stdin) as events. Ctrl-C arriving as a byte (the
/// terminal's ISIG off) is SIGINT's event. Reads only while `wanted` says so: keys left unread stay
/// in the terminal's queue for the shell.
public final class KeyEvents: EventSource {
    private let keys: any KeySource
    private let wanted: () -> Bool

    public init(_ keys: any KeySource, wanted: @escaping () -> Bool = { true }) {
        self.keys = keys
        self.wanted = wanted
    }

    public func interest(at now: Nanoseconds) -> Interest {
        wanted() ? Interest(descriptor: keys.descriptor) : .none
    }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        for key in keys.readKeys() {
            try deliver(key == .interrupt ? .signal(.interrupt) : .key(key))
        }
    }
}
