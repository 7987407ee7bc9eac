#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal where its cursor is and how wide it draws some grapheme clusters: writes each
/// after saving the cursor, queries the cursor position (`ESC [ 6 n`) before and after it, restores
/// the cursor and erases what it wrote. All clusters go in one write and one round trip; a terminal
/// that does not answer in time turns probing off for the run.
///
/// A question is sent (`send`) and its answer taken as it arrives (`take`) or when its time is up
/// (`expire`), both on the event loop (`ProbeAnswers`): keys, signals and deadlines are served while
/// it is awaited. What is asked, and when, is `TerminalQuestions`'.
public final class TerminalProbe {
    /// Where the questions go: the sink the screen draws through, so that a question follows what
    /// was drawn before it, and what the terminal does not take at once is written by the loop.
    private let output: DescriptorSink
    /// Where the terminal's replies arrive (`/dev/tty`).
    public let tty: Int32
    /// How long to wait for replies: generous the first time (a remote terminal), then short.
    public var firstTimeout: Nanoseconds = 300 * Time.millisecond
    public var timeout: Nanoseconds = 100 * Time.millisecond
    private var answered = false
    public private(set) var gaveUp = false
    /// Keys typed while a question waited, handed back to the terminal's input queue where the shell
    /// (or the key reader) finds them, as far as the system lets us (TIOCSTI).
    public var giveBack: ([UInt8]) -> Void
    private let clock = MonotonicClock()
    /// The question sent and not yet answered.
    private var question: Question?

    private struct Question {
        /// Cursor reports expected: the start, then one per cluster measured.
        let count: Int
        /// On the monotonic clock: the terminal answers in real time, whatever clock the show uses.
        let deadline: Nanoseconds
        /// The terminal's mode before echo was turned off for the answer.
        let saved: termios?
        var replies = ProbeReplies()
    }

    /// Where the cursor is (0-based), and the widths the terminal gives the clusters asked about
    /// (nil for one it could not measure).
    public struct Answer {
        public let cursor: (row: Int, column: Int)
        public let widths: [Int?]
    }

    /// `output`: the sink of the terminal being drawn on (stdout); `tty`: where its replies arrive
    /// (`/dev/tty`).
    public init(output: DescriptorSink, tty: Int32) {
        self.output = output
        self.tty = tty
        giveBack = { bytes in for var byte in bytes { _ = ioctl(tty, UInt(TIOCSTI), &byte) } }
    }

    public convenience init(output fd: Int32, tty: Int32) {
        self.init(output: DescriptorSink(fd: fd), tty: tty)
    }

    /// Asks, in one round trip, where the cursor is and the widths of `clusters`, each written after
    /// the cursor is saved, measured by where it leaves the cursor, then erased. False when not asked:
    /// probing is off, a question waits already, or keys typed ahead wait in the terminal's queue
    /// (they are the shell's, and reading the answer would take them), or the terminal has not taken
    /// what was drawn yet (the question would wait behind it, and nothing here waits).
    public func send(measuring clusters: [String]) -> Bool {
        // In the background, echo off (tcsetattr) would stop the job and a read would too: not asked.
        guard question == nil, !gaveUp, !output.waitsForRoom, !keysWaiting, !ControllingTerminal.isInBackground(tty) else { return false }
        var request: [UInt8] = Array("\u{1B}[6n".utf8)
        if !clusters.isEmpty {
            request = Array("\u{1B}7".utf8) + request
            for cluster in clusters {
                request.append(contentsOf: cluster.utf8)
                request.append(contentsOf: "\u{1B}[6n\u{1B}8".utf8)
            }
            request.append(contentsOf: ANSI.eraseToEndOfLine)
        }
        // Echo off and input byte by byte while the answer comes, unless the keys already set that
        // (then it is theirs to restore, before a stop too).
        var saved = termios()
        let haveMode = tcgetattr(tty, &saved) == 0 && saved.c_lflag & tcflag_t(ICANON | ECHO) != 0
        if haveMode {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            _ = tcsetattr(tty, TCSANOW, &raw)
        }
        // What the terminal does not take at once waits in the sink, and the loop writes it.
        guard (try? output.write(request, at: 0)) != nil else {
            if haveMode { _ = tcsetattr(tty, TCSANOW, &saved) }
            return false
        }
        question = Question(count: clusters.count + 1, deadline: clock.now() + (answered ? timeout : firstTimeout),
                            saved: haveMode ? saved : nil)
        return true
    }

    /// Whether a question waits for its answer.
    public var isWaiting: Bool { question != nil }

    /// Real time left for the answer (nil: no question waits).
    public var timeLeft: Nanoseconds? { question.map { $0.deadline - clock.now() } }

    /// Reads what the terminal sent; the answer once all of it arrived (nil until then). What is a
    /// report is decided by the escape-sequence parser the emulator uses (`TerminalInputDecoder`).
    public func take() -> Answer? {
        guard question != nil else { return nil }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = read(tty, &buffer, buffer.count)
        guard n > 0 else { return nil }
        question!.replies.feed(buffer[..<n])
        guard question!.replies.reports.count >= question!.count else { return nil }
        return end()
    }

    /// Time is up: the answer as far as it came, or nil — and no more asking for the run — when
    /// nothing came at all.
    public func expire() -> Answer? {
        guard question != nil else { return nil }
        if question!.replies.reports.isEmpty {
            abandon()
            gaveUp = true
            return nil
        }
        return end()
    }

    /// The answer is no longer awaited (the run ends, or stops on Ctrl-Z): keys typed meanwhile go
    /// back and the terminal's mode is restored. Probing goes on later.
    public func abandon() {
        _ = finish()
    }

    private func end() -> Answer? {
        let measured = (question?.count ?? 1) - 1
        let reports = finish()
        answered = true
        guard let start = reports.first else { return nil }
        let widths: [Int?] = (0..<measured).map { i in
            guard i + 1 < reports.count else { return nil }
            let end = reports[i + 1]
            // Same row, and it moved right: a width. Anything else (it wrapped) is not measured.
            guard end.row == start.row, end.column >= start.column, end.column - start.column <= 4 else { return nil }
            return end.column - start.column
        }
        return Answer(cursor: (start.row - 1, start.column - 1), widths: widths)
    }

    /// Gives back what was typed, restores the mode, and returns the reports that came (1-based).
    private func finish() -> [(row: Int, column: Int)] {
        guard var question else { return [] }
        self.question = nil
        giveBack(question.replies.end())
        if var saved = question.saved { _ = tcsetattr(tty, TCSANOW, &saved) }
        return question.replies.reports
    }

    /// Whether bytes wait in the terminal's input queue (keys typed ahead).
    private var keysWaiting: Bool {
        var count: Int32 = 0
        return ioctl(tty, UInt(FIONREAD), &count) == 0 && count > 0
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
