#if canImport(Glibc)
import Glibc
#endif

/// `--follow SOURCE`: the player whose position subtitles follow instead of their own clock.
public enum FollowTarget: Equatable, Sendable {
    /// `fd:N`: lines of `SECONDS [paused]` on an inherited descriptor.
    case descriptor(Int32)
    /// A path (a named pipe, usually): the same lines.
    case file(String)
    /// `mpv:SOCKET`: mpv's JSON IPC (`mpv --input-ipc-server=SOCKET`).
    case mpv(String)

    /// Reads the option's value; nil when it names nothing.
    public init?(_ text: String) {
        if text.hasPrefix("fd:") {
            guard let n = Int32(text.dropFirst(3)), n >= 0 else { return nil }
            self = .descriptor(n)
        } else if text.hasPrefix("mpv:") {
            let path = String(text.dropFirst(4))
            guard !path.isEmpty else { return nil }
            self = .mpv(path)
        } else {
            guard !text.isEmpty else { return nil }
            self = .file(text)
        }
    }

    /// How messages name it.
    public var name: String {
        switch self {
        case .descriptor(let n): "fd:\(n)"
        case .file(let path): path
        case .mpv(let path): "mpv:\(path)"
        }
    }
}
