#if canImport(Glibc)
import Glibc
#endif

/// The controlling terminal in raw mode, for the overlay: every byte typed — Ctrl-C, Ctrl-Z, Ctrl-\
/// and Ctrl-S included — is read as data and handed on to the program, nothing is echoed, translated
/// or turned into a signal. The terminal's own mode is saved first and put back by `restore()` (and
/// by the signal handler's emergency exit).
public final class RawTerminal {
    /// `/dev/tty`, open for reading (non-blocking: wait for it with poll).
    public let descriptor: Int32
    /// The mode the terminal had before (the pseudo-terminal the program runs on starts with it too).
    public let saved: termios
    private var active = false

    /// Opens `/dev/tty` and saves its mode (without changing it yet); nil when there is no
    /// controlling terminal.
    public init?(path: String = "/dev/tty") {
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var mode = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &mode) == 0 else { close(fd); return nil }
        descriptor = fd
        saved = mode
        registerEmergencyTerminalRestore(fd: fd, mode: mode)
    }

    deinit {
        restore()
        close(descriptor)
    }

    /// Raw mode: no line editing, echo, signals, flow control or character translation.
    public func take() {
        var raw = saved
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // TCSANOW, not TCSAFLUSH: keys typed ahead are the program's.
        if tcsetattr(descriptor, TCSANOW, &raw) == 0 { active = true }
    }

    /// Puts the saved mode back.
    public func restore() {
        guard active else { return }
        var mode = saved
        _ = tcsetattr(descriptor, TCSANOW, &mode)
        active = false
    }

    /// Reads what has been typed (0 when nothing is waiting).
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        return max(0, n)
    }
}
