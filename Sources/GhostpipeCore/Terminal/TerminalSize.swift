#if canImport(Glibc)
import Glibc
#endif

/// The size of the terminal on `fd`, or nil when it is not a terminal (or says 0×0).
public func terminalSize(of fd: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_col), Int(max(1, size.ws_row)))
}

/// Reads an environment variable without Foundation.
public func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// Writes a line to stderr with one write(2) (unbuffered, so it is never lost or interleaved badly).
public func printError(_ line: String) {
    var bytes = Array(line.utf8)
    if bytes.last != 0x0A { bytes.append(0x0A) }
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
