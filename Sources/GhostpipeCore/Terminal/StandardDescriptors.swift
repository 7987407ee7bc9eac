#if canImport(Glibc)
import Glibc
#endif

/// Standard input, output and error closed by whoever started ghostpipe (`ghostpipe <&- >&-`).
///
/// A descriptor opened later takes the lowest free number: with 0 closed, the signals' self-pipe
/// became standard input and was read as the text (waiting for ever); with 1 closed, the output went
/// into that pipe and ghostpipe said it succeeded. So before anything is opened each closed one is
/// reopened on /dev/null, and a closed standard output (nowhere for the text to go) is refused.
public enum StandardDescriptors {
    /// Reopens closed descriptors 0, 1 and 2 on /dev/null; returns the message to refuse with
    /// (exit 2) when standard output was closed, nil otherwise. Call it first, before any open.
    public static func reopenClosed() -> String? {
        var closed: [Int32] = []
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closed.append(fd)
        }
        for fd in closed {
            // The lowest free number is `fd` itself (those below it are open or reopened already).
            let opened = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd {
                _ = dup2(opened, fd)
                _ = close(opened)
            }
        }
        return closed.contains(STDOUT_FILENO) ? "standard output is closed; nothing could be shown" : nil
    }
}
