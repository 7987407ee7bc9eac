#if canImport(Glibc)
import Glibc
#endif

/// The overlay's program as an event source: what it writes on its pseudo-terminal arrives as
/// `.program(.output)` (a read yields to drawing and keys after `drainBudget`), its closing as
/// `.program(.closed)`; keys and replies for it wait here until its terminal takes them.
public final class ProgramTerminal: EventSource {
    public let pty: PseudoTerminal
    private let clock: any Clock
    /// Reading the program's output yields to drawing and keys after this long.
    public var drainBudget: Nanoseconds = 8 * Time.millisecond
    public private(set) var isOpen = true
    /// Bytes waiting for the program's terminal.
    public private(set) var pending: [UInt8] = []
    private var buffer = [UInt8].readBuffer()

    public init(_ pty: PseudoTerminal, clock: any Clock) {
        self.pty = pty
        self.clock = clock
        _ = fcntl(pty.master, F_SETFL, fcntl(pty.master, F_GETFL) | O_NONBLOCK)
    }

    public func interest(at now: Nanoseconds) -> Interest {
        guard isOpen, !isDrained(at: now) else { return .none }
        guard let endedAt else { return Interest(descriptor: pty.master, writer: pending.isEmpty ? nil : pty.master) }
        // The program ended: its last output is read until its terminal is quiet a moment, or at most a second.
        return Interest(descriptor: pty.master, instant: min(endedAt + Self.lastOutputWait, lastOutput + Self.quietAfterExit))
    }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        if wake.writable { flush() }
        if wake.readable { try drain(deliver) }
    }

    /// After the program ended, what it wrote last is still read (the kernel may still be moving it
    /// to the master side) until its terminal reports its end, stays quiet `quietAfterExit`, or
    /// `lastOutputWait` has passed (a child of the program may hold it open). On the event loop,
    /// like any other wait: keys, signals and the band go on meanwhile.
    public func programEnded(at now: Nanoseconds) {
        if endedAt == nil { endedAt = now; lastOutput = now }
    }

    /// The program ended and everything it wrote has been read (as far as can be told).
    public func isDrained(at now: Nanoseconds) -> Bool {
        guard let endedAt else { return false }
        return !isOpen || now >= lastOutput + Self.quietAfterExit || now >= endedAt + Self.lastOutputWait
    }

    private var endedAt: Nanoseconds?
    /// When the program's terminal last had something to read (after its end: when it ended, at first).
    private var lastOutput: Nanoseconds = 0
    static let quietAfterExit: Nanoseconds = 50 * Time.millisecond
    static let lastOutputWait: Nanoseconds = Time.second

    /// Keys or replies for the program: written now as far as its terminal takes them.
    public func send(_ bytes: some Collection<UInt8>) {
        guard isOpen, !bytes.isEmpty else { return }
        pending.append(contentsOf: bytes)
        flush()
    }

    private func flush() {
        while !pending.isEmpty {
            let n = pending.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
            if n > 0 { pending.removeFirst(n); continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno != EAGAIN { pending.removeAll() }  // the terminal is gone
            return
        }
    }

    /// Reads what the program wrote, until nothing more is waiting or `drainBudget` is spent.
    private func drain(_ deliver: (Event) throws -> Void) throws {
        let start = clock.now()
        while isOpen {
            let n = buffer.withUnsafeMutableBytes { read(pty.master, $0.baseAddress, $0.count) }
            if n > 0 {
                if endedAt != nil { lastOutput = clock.now() }
                try buffer.withUnsafeBufferPointer { try deliver(.program(.output(UnsafeBufferPointer(rebasing: $0[..<n])))) }
                if clock.now() - start >= drainBudget { return }
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { return }
            // EIO: every holder of the terminal closed it (the program ended, or let go of it).
            isOpen = false
            try deliver(.program(.closed))
        }
    }
}
