#if canImport(Glibc)
import Glibc
#endif

/// The signals ghostpipe handles, by name (their numbers differ between systems; these are Glibc's).
public struct Signal: Hashable, Sendable, CustomStringConvertible {
    public let number: Int32
    public init(_ number: Int32) { self.number = number }

    public static let hangup = Signal(SIGHUP)
    public static let interrupt = Signal(SIGINT)
    public static let terminate = Signal(SIGTERM)
    /// Ctrl-Z: hand the terminal back and stop like a job.
    public static let suspend = Signal(SIGTSTP)
    /// `fg`/`bg`, or anyone's `kill -CONT`.
    public static let resume = Signal(SIGCONT)
    public static let windowChange = Signal(SIGWINCH)
    /// A child (the overlay's program) stopped or ended.
    public static let child = Signal(SIGCHLD)
    /// Ctrl-\\.
    public static let quit = Signal(SIGQUIT)
    public static let user1 = Signal(SIGUSR1)
    public static let user2 = Signal(SIGUSR2)
    public static let alarm = Signal(SIGALRM)

    /// A signal of `SignalSet.terminating`: restore the terminal and end as that signal would.
    public var ends: Bool { Self.endsProcess(number) }

    /// `ends` for the signal handler (a switch on numbers: no allocation, async-signal-safe).
    static func endsProcess(_ number: Int32) -> Bool {
        switch number {
        case SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT: true
        default: false
        }
    }

    /// The exit status of a process this signal ended: 128 + N (130 for Ctrl-C).
    public var exitStatus: Int32 { 128 + number }

    /// Ends the process by this signal itself, once the terminal is restored, so that the parent
    /// sees what happened (a shell stops a loop on a child's SIGINT; `$?` is 128 + N). No core
    /// file for SIGQUIT: ghostpipe handled it, there is nothing to debug.
    public func endProcess() -> Never {
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        noCore.rlim_cur = 0
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        Glibc.signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(exitStatus)
    }

    public var description: String {
        switch self {
        case .hangup: "SIGHUP"
        case .interrupt: "SIGINT"
        case .terminate: "SIGTERM"
        case .suspend: "SIGTSTP"
        case .resume: "SIGCONT"
        case .windowChange: "SIGWINCH"
        case .child: "SIGCHLD"
        case .quit: "SIGQUIT"
        case .user1: "SIGUSR1"
        case .user2: "SIGUSR2"
        case .alarm: "SIGALRM"
        default: "signal \(number)"
        }
    }
}
