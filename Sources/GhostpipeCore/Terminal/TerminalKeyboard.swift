#if canImport(Glibc)
import Glibc
#endif

/// Where keys come from (the terminal, or a script in tests).
public protocol KeySource: AnyObject {
    var descriptor: Int32 { get }
    func readKeys() -> [Key]
    /// Takes the keys (raw mode) again after a stop.
    func take()
    /// Gives the terminal's own mode back (before a stop, and at the end).
    func restore()
}

/// Keys from the controlling terminal, `/dev/tty` — never from stdin, which carries the text. While
/// it is open the terminal is in non-canonical mode without echo (keys arrive at once and do not
/// scribble over the animation); signals (Ctrl-C, Ctrl-Z) keep working. `restore()` puts the saved
/// mode back; it is also registered for the signal handler's emergency exit.
public final class TerminalKeyboard: KeySource {
    public let descriptor: Int32
    private var saved = termios()
    private var active = false
    private let decoder = KeyDecoder()

    /// Opens `/dev/tty` and takes the keys; nil when there is no controlling terminal.
    public init?(path: String = "/dev/tty") {
        let fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        guard isatty(fd) == 1, tcgetattr(fd, &saved) == 0 else { close(fd); return nil }
        descriptor = fd
        take()
        registerEmergencyTerminalRestore(fd: fd, mode: saved)
    }

    deinit {
        restore()
        close(descriptor)
    }

    /// Non-canonical, no echo, one byte at a time.
    public func take() {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // TCSANOW, not TCSAFLUSH: keys typed before ghostpipe started are not thrown away.
        if tcsetattr(descriptor, TCSANOW, &raw) == 0 { active = true }
    }

    /// Puts the terminal's own mode back.
    public func restore() {
        guard active else { return }
        _ = tcsetattr(descriptor, TCSANOW, &saved)
        active = false
    }

    /// The keys waiting to be read.
    public func readKeys() -> [Key] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = read(descriptor, &buffer, buffer.count)
        guard n > 0 else { return [] }
        return decoder.decode(Array(buffer[..<n]))
    }
}
