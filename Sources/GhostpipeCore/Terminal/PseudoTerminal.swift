import CGhostpipe
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair: a program started on it sees a real terminal (its controlling terminal,
/// with a size and line discipline); whoever holds the master end reads what it writes and types
/// for it. Used by the overlay and by tests that run ghostpipe as a user would.
public final class PseudoTerminal {
    public let master: Int32
    public private(set) var slave: Int32

    public struct Failure: Error, CustomStringConvertible {
        public let what: String
        public let code: Int32
        public var description: String { "\(what): \(String(cString: strerror(code)))" }
    }

    public init(rows: Int, columns: Int) throws {
        var m: Int32 = -1, s: Int32 = -1
        guard gp_openpty(&m, &s, UInt16(clamping: rows), UInt16(clamping: columns)) == 0 else {
            throw Failure(what: "openpty", code: errno)
        }
        master = m
        slave = s
    }

    deinit {
        close(master)
        if slave >= 0 { close(slave) }
    }

    /// Sets the size; the kernel sends SIGWINCH to the terminal's foreground process group.
    public func resize(rows: Int, columns: Int) {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Starts `arguments[0]` (searched in PATH) on the terminal, in a new session. The parent's copy
    /// of the slave end is closed, so reading the master reports the end once the program and its
    /// children have all closed the terminal.
    public func spawn(_ arguments: [String], environment: [String]) throws -> pid_t {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let pid = gp_spawn_on_terminal(arguments[0], argv, envp, slave)
        guard pid > 0 else { throw Failure(what: arguments[0], code: errno) }
        close(slave)
        slave = -1
        return pid
    }
}
