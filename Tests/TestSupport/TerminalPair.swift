import Foundation
import GhostpipeCore
#if canImport(Glibc)
import Glibc
#endif

/// One program run twice side by side: in a real terminal emulator (a tmux pane) and on a pseudo-terminal
/// whose output feeds a `TerminalEmulator`. Keys go to both; after each step both are left to settle
/// (no new output for a while) and their screens can be compared.
///
/// Each pair has its own tmux server (`-L` with a unique socket name, no configuration file), killed
/// when the pair is closed. Both programs get the same environment and `TERM=xterm-256color`, with the
/// variables tmux adds removed, so they write the same bytes.
public final class TerminalPair {
    public private(set) var rows: Int
    public private(set) var columns: Int
    private let socket: String
    private let terminal: PseudoTerminal
    private let pid: pid_t
    public let emulator: TerminalEmulator
    /// Everything the program on the pseudo-terminal wrote, for diagnosing a difference.
    public private(set) var transcript: [UInt8] = []
    private var closed = false

    private static let counter = Counter()

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        public func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }

    /// The environment both programs run in: fixed locale and home, no pager or editor settings.
    public static let environment: [String: String] = {
        let home = NSTemporaryDirectory() + "ghostpipe-emulator-home"
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": home, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color",
            "LESSHISTFILE": "-", "PAGER": "less", "MANPAGER": "less", "SHELL": "/bin/sh",
        ]
    }()

    /// Starts `script` (a `/bin/sh -c` script) in both terminals, `rows × columns`.
    public init(_ script: String, rows: Int = 24, columns: Int = 80) throws {
        self.rows = rows
        self.columns = columns
        socket = "ghostpipe-emu-\(getpid())-\(Self.counter.next())"
        let argv = ["/usr/bin/env", "-u", "TMUX", "-u", "TMUX_PANE", "-u", "TERM_PROGRAM", "-u", "TERM_PROGRAM_VERSION",
                    "TERM=xterm-256color", "/bin/sh", "-c", script]
        do {
            try Self.tmux(socket: socket, ["new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)"] + argv)
            terminal = try PseudoTerminal(rows: rows, columns: columns)
            pid = try terminal.spawn(argv, environment: Self.environment.map { "\($0)=\($1)" })
        } catch {
            _ = try? Self.tmux(socket: socket, ["kill-server"])
            unlink("/tmp/tmux-\(getuid())/\(socket)")
            throw error
        }
        emulator = TerminalEmulator(rows: rows, columns: columns)
        let flags = fcntl(terminal.master, F_GETFL)
        _ = fcntl(terminal.master, F_SETFL, flags | O_NONBLOCK)
    }

    deinit { close() }

    /// Kills both programs and the tmux server.
    public func close() {
        guard !closed else { return }
        closed = true
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        _ = try? tmux(["kill-server"])
        unlink("/tmp/tmux-\(getuid())/\(socket)")  // tmux 3.3 leaves the socket file behind
    }

    // MARK: - Driving

    /// Types `bytes` into both terminals, then waits for both to settle.
    public func type(_ bytes: [UInt8], settle quiet: Double = 0.3) throws {
        let before = try tmuxState()
        _ = try tmux(["send-keys", "-t", "main", "-H"] + bytes.map { String($0, radix: 16) })
        _ = bytes.withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) }
        try settle(quiet: quiet, changedFrom: before)
    }

    public func type(_ text: String, settle quiet: Double = 0.3) throws { try type(Array(text.utf8), settle: quiet) }

    /// Resizes both terminals (the programs get SIGWINCH), then waits for both to settle.
    public func resize(rows: Int, columns: Int) throws {
        let before = try tmuxState()
        self.rows = rows
        self.columns = columns
        _ = try tmux(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
        emulator.resize(rows: rows, columns: columns)
        terminal.resize(rows: rows, columns: columns)
        try settle(changedFrom: before)
    }

    /// Waits until both terminals have shown something new — output from the program on the
    /// pseudo-terminal, a tmux screen different from `changedFrom` (or, at the start, not blank) — and
    /// then neither has changed for `quiet` seconds. Gives up waiting for the change after `timeout`
    /// (a step may legitimately change nothing), still requiring the quiet period.
    ///
    /// A script that has ended (`…; exec sleep 600`) writes nothing more, so no quiet period is needed:
    /// once both terminals run its `sleep`, the pseudo-terminal is drained and tmux shows the same
    /// screen twice in a row, everything has been drawn.
    public func settle(quiet: Double = 0.3, changedFrom before: String? = nil, timeout: Double = 15) throws {
        let start = Date()
        var lastTmux = ""
        var tmuxStable = Date()
        var ptyQuiet = Date()
        var ptyChanged = false
        var tmuxChanged = false
        while Date().timeIntervalSince(start) < timeout + 30 {
            let arrived = pump(milliseconds: 50)
            if arrived {
                ptyQuiet = Date()
                ptyChanged = true
            }
            let state = try tmuxState()
            if !arrived, state == lastTmux, try scriptEnded() { return }
            if state != lastTmux {
                lastTmux = state
                tmuxStable = Date()
            }
            if let before { tmuxChanged = tmuxChanged || state != before } else { tmuxChanged = tmuxChanged || Self.showsSomething(state) }
            let now = Date()
            let waitedEnough = (ptyChanged && tmuxChanged) || now.timeIntervalSince(start) > timeout
            if waitedEnough && now.timeIntervalSince(ptyQuiet) >= quiet && now.timeIntervalSince(tmuxStable) >= quiet { return }
        }
        throw Failure("the terminals never settled")
    }

    /// Whether the script has reached its final `sleep` in both terminals.
    private func scriptEnded() throws -> Bool {
        guard (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "sleep\n" else { return false }
        return try tmux(["display", "-p", "-t", "main", "#{pane_current_command}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "sleep"
    }

    private static func showsSomething(_ state: String) -> Bool {
        state.split(separator: "\n").dropLast().contains { !$0.allSatisfy { $0 == " " } }
    }

    /// The emulator's screen as text, for diagnostics.
    public var emulatorScreen: String {
        (0..<rows).map { "|" + emulator.rowText($0) }.joined(separator: "\n")
    }

    /// Reads what the program wrote (for up to `milliseconds`), feeds the emulator and writes its
    /// answers back. Whether anything arrived.
    @discardableResult
    private func pump(milliseconds: Int32) -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        var p = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
        var wait = milliseconds
        while poll(&p, 1, wait) > 0 {
            let n = read(terminal.master, &buffer, buffer.count)
            guard n > 0 else { break }
            any = true
            transcript += buffer[..<n]
            buffer.withUnsafeBytes { emulator.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            let answer = emulator.takeResponses()
            if !answer.isEmpty { _ = answer.withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) } }
            wait = 0
        }
        return any
    }

    // MARK: - The tmux side

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String { try Self.tmux(socket: socket, arguments) }

    /// Runs a tmux client command against this pair's server and returns what it printed. Started with
    /// posix_spawn and reaped with waitpid (Foundation's `Process` only notices an exit while a run loop
    /// runs); output goes to a temporary file, not a pipe, because the server the first command forks
    /// would keep a pipe open.
    @discardableResult
    private static func tmux(socket: String, _ arguments: [String]) throws -> String {
        return try Tmux.run(arguments, socket: socket, environment: environment)
    }

    private func tmuxState() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", "main"])
            + (try tmux(["display", "-p", "-t", "main", "#{cursor_x},#{cursor_y},#{cursor_flag},#{alternate_on}"]))
    }

    /// What tmux shows, rebuilt cell by cell: `capture-pane -e` gives each row's text with the SGR
    /// changes (and SO/SI around line drawing), which a fresh emulator replays row by row.
    public struct Screen {
        public var cells: TerminalEmulator
        public var cursorRow: Int
        public var cursorColumn: Int
        public var cursorVisible: Bool
        public var alternate: Bool
    }

    public func tmuxScreen() throws -> Screen {
        let capture = try tmux(["capture-pane", "-p", "-e", "-t", "main"])
        var lines = capture.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let replay = TerminalEmulator(rows: rows, columns: columns)
        replay.feed("\u{1B})0")  // tmux marks line drawing with SO/SI
        replay.feed(lines.prefix(rows).joined(separator: "\r\n"))
        let fields = try tmux(["display", "-p", "-t", "main", "#{cursor_x},#{cursor_y},#{cursor_flag},#{alternate_on}"])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map { Int($0) ?? -1 }
        guard fields.count == 4 else { throw Failure("unexpected tmux display output \(fields)") }
        // tmux keeps a pending wrap as the column just past the last one.
        return Screen(cells: replay, cursorRow: fields[1], cursorColumn: min(fields[0], columns - 1),
                      cursorVisible: fields[2] == 1, alternate: fields[3] == 1)
    }

    // MARK: - Comparing

    /// The differences between tmux's screen and the emulator's: rows of text, the style of every
    /// character tmux shows, the cursor, cursor visibility, which screen is showing. Empty when equal.
    public func differences(styles: Bool = true, cursor: Bool = true) throws -> [String] {
        let real = try tmuxScreen()
        var found: [String] = []
        for r in 0..<rows {
            let expected = real.cells.rowText(r)
            let actual = emulator.rowText(r)
            if expected != actual {
                found.append("row \(r):\n  tmux:     \(expected.debugDescription)\n  emulator: \(actual.debugDescription)")
                continue
            }
            guard styles else { continue }
            let want = real.cells.row(r), have = emulator.row(r)
            var width = 0
            for (c, cell) in want.enumerated() where !cell.text.allSatisfy({ $0 == " " }) { width = c + 1 }
            for c in 0..<width where want[c].width > 0 && want[c].style != have[c].style {
                found.append("row \(r) column \(c) \(want[c].text.debugDescription): tmux \(want[c].style), emulator \(have[c].style)")
                break
            }
        }
        if cursor && (real.cursorRow, real.cursorColumn) != (emulator.cursor.row, emulator.cursor.column) {
            found.append("cursor: tmux \(real.cursorRow),\(real.cursorColumn), emulator \(emulator.cursor.row),\(emulator.cursor.column)")
        }
        if cursor && real.cursorVisible != emulator.cursorVisible {
            found.append("cursor visible: tmux \(real.cursorVisible), emulator \(emulator.cursorVisible)")
        }
        if real.alternate != emulator.isAlternateScreen {
            found.append("alternate screen: tmux \(real.alternate), emulator \(emulator.isAlternateScreen)")
        }
        return found
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }
}
