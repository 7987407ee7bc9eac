#if canImport(Glibc)
import Glibc
#endif

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
