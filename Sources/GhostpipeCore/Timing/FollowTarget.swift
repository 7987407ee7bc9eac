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

extension FollowTarget {
    /// What the target cannot be followed for.
    public struct Unavailable: Error, Sendable { public var message: String }

    /// The event source that follows it: the plain clock's lines, or mpv's socket. `speed` is the
    /// plain clock's until a line says otherwise.
    public func events(speed: Double, report: @escaping (String) -> Void) throws(Unavailable) -> any EventSource {
        switch self {
        case .descriptor(let fd):
            guard DescriptorInput.isOpen(fd) else { throw Unavailable(message: "--follow \(name): descriptor \(fd) is not open") }
            // Standard output and error are where ghostpipe writes; a write-only descriptor gives no lines.
            guard fd != STDOUT_FILENO, fd != STDERR_FILENO, fcntl(fd, F_GETFL) & O_ACCMODE != O_WRONLY else {
                throw Unavailable(message: "--follow \(name): descriptor \(fd) is not open for reading")
            }
            return PlayerClockEvents(DescriptorInput(fd), name: name, speed: speed, report: report)
        case .file(let path):
            var info = stat()
            guard stat(path, &info) == 0 else { throw Unavailable(message: "\(path): \(String(cString: strerror(errno)))") }
            guard info.st_mode & S_IFMT != S_IFDIR else { throw Unavailable(message: "\(path): \(String(cString: strerror(EISDIR)))") }
            // Opened without waiting: a named pipe is open before its writer comes, and ends when it goes.
            let input = InputFiles(names: [path], openingWithoutWaiting: true, report: report)
            return PlayerClockEvents(input, name: path, speed: speed, report: report)
        case .mpv(let path):
            return MPVEvents(path: path, report: report)
        }
    }
}
