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

/// The controlling terminal, `/dev/tty` — never stdin, which carries the text — for reading keys.
/// Its mode is saved when it is opened and put back by `restore()`, on every exit path, and by the
/// signal handler's emergency exit.
///
/// - `.keys` (playback): non-canonical without echo, so keys arrive at once and do not scribble
///   over the animation; Ctrl-C and Ctrl-Z stay signals.
/// - `.raw` (the overlay): every byte typed — Ctrl-C, Ctrl-Z, Ctrl-\ and Ctrl-S included — is data
///   handed on to the program; nothing is echoed, translated or turned into a signal.
public final class ControllingTerminal: KeySource {
    public enum Mode: Sendable { case keys, raw }

    /// Open for reading, non-blocking: wait for it with poll.
    public let descriptor: Int32
    /// The mode the terminal had before (the overlay's pseudo-terminal starts with it too).
    public let saved: termios
    private let mode: Mode
    private var active = false
    private let decoder = KeyDecoder()

    /// Opens `/dev/tty` and saves its mode; with `takeNow`, switches to `mode` at once. Nil when
    /// there is no controlling terminal.
    public init?(mode: Mode, path: String = "/dev/tty", takeNow: Bool = true) {
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var current = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &current) == 0 else { close(fd); return nil }
        // In the background (`ghostpipe … &`) changing the terminal's mode would stop the job
        // (SIGTTOU, "Stopped (tty output)"): no keys there, the terminal left as the shell has it.
        if mode == .keys && Self.isInBackground(fd) { close(fd); return nil }
        descriptor = fd
        saved = current
        self.mode = mode
        registerEmergencyTerminalRestore(fd: fd, mode: current)
        if takeNow { take() }
    }

    /// Whether this process is in a background process group of the terminal `fd` (a job started
    /// with `&`): it may write there, but not read or change the terminal's modes.
    public static func isInBackground(_ fd: Int32) -> Bool {
        let foreground = tcgetpgrp(fd)
        return foreground > 0 && foreground != getpgrp()
    }

    deinit {
        restore()
        close(descriptor)
    }

    /// Switches to the mode it was opened for.
    public func take() {
        var changed = saved
        switch mode {
        case .keys:
            changed.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
            // Ctrl-S is a key here, not a freeze of the output until Ctrl-Q (which left `q` unheard).
            changed.c_iflag &= ~tcflag_t(IXON)
        case .raw: cfmakeraw(&changed)
        }
        withUnsafeMutableBytes(of: &changed.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // TCSANOW, not TCSAFLUSH: keys typed before (or ahead) are not thrown away.
        if tcsetattr(descriptor, TCSANOW, &changed) == 0 { active = true }
    }

    /// Puts the terminal's own mode back.
    public func restore() {
        guard active else { return }
        var original = saved
        _ = tcsetattr(descriptor, TCSANOW, &original)
        active = false
    }

    /// The keys waiting to be read.
    public func readKeys() -> [Key] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = Glibc.read(descriptor, &buffer, buffer.count)
        guard n > 0 else { return [] }
        return decoder.decode(Array(buffer[..<n]))
    }

    /// The bytes waiting to be read (0 when none are).
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        max(0, Glibc.read(descriptor, buffer.baseAddress, buffer.count))
    }
}
