#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal how wide it draws some grapheme clusters: writes each after saving the cursor,
/// queries the cursor position (`ESC [ 6 n`) before and after it, restores the cursor and erases what
/// it wrote. All clusters go in one write and one round trip. Replies are read from the controlling
/// terminal with a timeout; a terminal that does not answer turns probing off for the run.
public final class TerminalProbe {
    private let output: Int32
    private let tty: Int32
    /// How long to wait for replies: generous the first time (a remote terminal), then short.
    public var firstTimeout: Nanoseconds = 300 * Time.millisecond
    public var timeout: Nanoseconds = 100 * Time.millisecond
    private var answered = false
    public private(set) var gaveUp = false

    /// `output`: the terminal being drawn on (stdout); `tty`: where its replies arrive (`/dev/tty`).
    public init(output: Int32, tty: Int32) {
        self.output = output
        self.tty = tty
    }

    /// The widths the terminal gives `clusters` (nil for one it could not measure), or nil if it did
    /// not answer at all.
    public func measure(_ clusters: [String]) -> [Int?]? {
        guard !clusters.isEmpty else { return nil }
        return locate(measuring: clusters)?.widths
    }

    /// Where the terminal's cursor is (0-based row and column), asked with one `ESC [ 6 n`; nil if
    /// it does not answer.
    public func cursorPosition() -> (row: Int, column: Int)? { locate(measuring: [])?.cursor }

    /// In one round trip: where the cursor is (0-based), and the widths the terminal gives
    /// `clusters`, each written after the cursor is saved, measured by where it leaves the cursor,
    /// then erased. Nil when the terminal does not answer (or keys typed ahead wait in its queue:
    /// they are the shell's, and reading the answer would take them).
    public func locate(measuring clusters: [String]) -> (cursor: (row: Int, column: Int), widths: [Int?])? {
        var request: [UInt8] = Array("\u{1B}[6n".utf8)
        if !clusters.isEmpty {
            request = Array("\u{1B}7".utf8) + request
            for cluster in clusters {
                request.append(contentsOf: cluster.utf8)
                request.append(contentsOf: "\u{1B}[6n\u{1B}8".utf8)
            }
            request.append(contentsOf: ANSI.eraseToEndOfLine)
        }
        guard let reports = ask(request, reports: clusters.count + 1), let start = reports.first else { return nil }
        let widths: [Int?] = clusters.indices.map { i in
            guard i + 1 < reports.count else { return nil }
            let end = reports[i + 1]
            // Same row, and it moved right: a width. Anything else (it wrapped) is not measured.
            guard end.row == start.row, end.column >= start.column, end.column - start.column <= 4 else { return nil }
            return end.column - start.column
        }
        return ((start.row - 1, start.column - 1), widths)
    }

    /// Writes `request` and reads up to `count` cursor position reports (1-based), with echo off and
    /// byte-at-a-time input meanwhile (keys may already have set that). Nil, and no more asking for
    /// the run, when the terminal does not answer.
    private func ask(_ request: [UInt8], reports count: Int) -> [(row: Int, column: Int)]? {
        // In the background, echo off (tcsetattr) would stop the job and a read would too: not asked.
        guard !gaveUp, !keysWaiting, !ControllingTerminal.isInBackground(tty) else { return nil }
        var saved = termios()
        let haveMode = tcgetattr(tty, &saved) == 0
        if haveMode {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            _ = tcsetattr(tty, TCSANOW, &raw)
        }
        defer { if haveMode { _ = tcsetattr(tty, TCSANOW, &saved) } }
        let clock = MonotonicClock()
        let sink = DescriptorSink(fd: output)
        guard (try? sink.write(request, at: 0)) != nil, (try? sink.finish(on: clock)) != nil else { return nil }
        let reports = readReports(count: count, within: answered ? timeout : firstTimeout, clock: clock)
        guard !reports.isEmpty else {
            gaveUp = true
            return nil
        }
        answered = true
        return reports
    }

    /// Whether bytes wait in the terminal's input queue (keys typed ahead).
    private var keysWaiting: Bool {
        var count: Int32 = 0
        return ioctl(tty, UInt(FIONREAD), &count) == 0 && count > 0
    }

    /// Reads cursor position reports (`ESC [ row ; column R`) until `count` arrived or time is up;
    /// other bytes (keys typed during the round trip) are given back to the terminal's input queue,
    /// where the shell will find them, as far as the system lets us (TIOCSTI). What is a report is
    /// decided by the escape-sequence parser the emulator uses (`TerminalInputDecoder`).
    private func readReports(count: Int, within limit: Nanoseconds, clock: MonotonicClock) -> [(row: Int, column: Int)] {
        var replies = ProbeReplies()
        let deadline = clock.now() + limit
        var buffer = [UInt8](repeating: 0, count: 512)
        while replies.reports.count < count {
            let left = deadline - clock.now()
            guard left > 0 else { break }
            var p = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(max(1, left / Time.millisecond))) > 0 else { continue }
            let n = read(tty, &buffer, buffer.count)
            guard n > 0 else { continue }
            replies.feed(buffer[..<n])
        }
        for var byte in replies.end() { _ = ioctl(tty, UInt(TIOCSTI), &byte) }
        return replies.reports
    }
}

/// The terminal's answers to a probe, told apart from keys typed meanwhile by the escape-sequence
/// parser the emulator uses (`TerminalInputDecoder`); sequences may be split between reads.
struct ProbeReplies {
    /// Cursor position reports, 1-based, in order.
    private(set) var reports: [(row: Int, column: Int)] = []
    private var decoder = TerminalInputDecoder()
    /// The bytes of what the decoder is in the middle of, and those that were typed.
    private var sequence: [UInt8] = []
    private var typed: [UInt8] = []

    mutating func feed(_ bytes: ArraySlice<UInt8>) {
        for var byte in bytes {
            sequence.append(byte)
            let items = withUnsafeBytes(of: &byte) { decoder.feed($0) }
            guard !items.isEmpty || decoder.isBetweenItems else { continue }
            // A byte that ended something may also begin the next sequence (ESC after ESC).
            let next = decoder.isBetweenItems ? [] : [sequence.removeLast()]
            if case .cursorReport(let row, let column)? = items.last {
                reports.append((row, column))
            } else {
                typed += sequence
            }
            sequence = next
        }
    }

    /// What was typed (with anything unfinished): the shell's, to be given back.
    mutating func end() -> [UInt8] {
        defer { typed.removeAll(); sequence.removeAll() }
        return typed + sequence
    }
}
