#if canImport(Glibc)
import Glibc
#endif

/// The size of the terminal on `fd`, or nil when it is not a terminal (or says 0×0).
public func terminalSize(of fd: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_col), Int(max(1, size.ws_row)))
}
