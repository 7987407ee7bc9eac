#if canImport(Glibc)
import Glibc
#endif

/// The program the overlay runs: its process id, and what became of it.
public final class ChildProcess {
    public enum State: Equatable, Sendable {
        case running
        /// Stopped by a signal (SIGSTOP, or a SIGTSTP it did not handle).
        case stopped(signal: Int32)
        /// Ended: exit status as a shell reports it (128 + N when signal N ended it).
        case ended(status: Int32)
    }

    public let pid: pid_t
    public private(set) var state = State.running

    /// The running child `pid`.
    public init(pid: pid_t) { self.pid = pid }

    /// Asks the kernel whether the program stopped or ended (after SIGCHLD); never blocks. A stop is
    /// reported once; the state stays `stopped` until `resume()`.
    @discardableResult
    public func check() -> State {
        if case .ended = state { return state }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG | WUNTRACED)
        if result == pid {
            state = Self.state(of: status)
        } else if result < 0 && errno == ECHILD {
            state = .ended(status: 0)  // reaped elsewhere: nothing more can be known
        }
        return state
    }

    /// Decodes a `waitpid` status (the W* macros are not visible from Swift).
    static func state(of status: Int32) -> State {
        let low = status & 0x7F
        if low == 0 { return .ended(status: (status >> 8) & 0xFF) }
        if status & 0xFF == 0x7F { return .stopped(signal: (status >> 8) & 0xFF) }
        return .ended(status: 128 + low)
    }

    /// Lets a stopped program go on (after our own `fg`): SIGCONT to its process group.
    public func resume() {
        kill(-pid, SIGCONT)
        state = .running
    }
}
