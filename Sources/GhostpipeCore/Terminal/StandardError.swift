#if canImport(Glibc)
import Glibc
#endif

/// Writes a message line to stderr with one write(2) (unbuffered, so it is never lost or
/// interleaved badly). stderr is a terminal too: messages quote file names and file content, so
/// every control character in them is shown, not sent (`Messages.visible`).
public func printError(_ line: String) {
    var bytes = Array(Messages.visible(line).utf8)
    bytes.append(0x0A)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
