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

    /// SIGINT, SIGTERM, SIGHUP: restore the terminal and end with status 128 + N.
    public var ends: Bool { self == .interrupt || self == .terminate || self == .hangup }
    /// The exit status of a process this signal ended: 128 + N (130 for Ctrl-C).
    public var exitStatus: Int32 { 128 + number }

    public var description: String {
        switch self {
        case .hangup: "SIGHUP"
        case .interrupt: "SIGINT"
        case .terminate: "SIGTERM"
        case .suspend: "SIGTSTP"
        case .resume: "SIGCONT"
        case .windowChange: "SIGWINCH"
        case .child: "SIGCHLD"
        default: "signal \(number)"
        }
    }
}
