#if canImport(Glibc)
import Glibc
#endif

/// The largest terminal ghostpipe draws in: a larger one (65535×65535 cells can be claimed) is used
/// up to this size, so that the overlay's emulator, the frames and the layout stay bounded in memory
/// and time (a 65535×65535 overlay asked for 34 GB; slides spent 15 s before their first frame).
public enum TerminalSizeLimit {
    public static let columns = 1000
    public static let rows = 300

    /// What to say when the terminal on `fd` is larger than the limit (nil when it is not).
    public static func note(of fd: Int32) -> String? {
        guard let size = uncappedTerminalSize(of: fd), size.columns > columns || size.rows > rows else { return nil }
        return "the terminal is \(size.columns)×\(size.rows) cells; ghostpipe draws in \(min(size.columns, columns))×\(min(size.rows, rows)) of them"
    }
}

/// The size of the terminal on `fd`, or nil when it is not a terminal (or says 0×0); at most
/// `TerminalSizeLimit`.
public func terminalSize(of fd: Int32) -> (columns: Int, rows: Int)? {
    uncappedTerminalSize(of: fd).map { (min($0.columns, TerminalSizeLimit.columns), min($0.rows, TerminalSizeLimit.rows)) }
}

private func uncappedTerminalSize(of fd: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_col), Int(max(1, size.ws_row)))
}
