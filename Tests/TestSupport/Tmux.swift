import Foundation
import GhostpipeCore
#if canImport(Glibc)
import Glibc
#endif

/// tmux driven from a test. Every session runs in a tmux server of its own (its own socket), so
/// tests running in parallel — and anyone else's tmux — never meet, and the server is killed after.
public final class Tmux {
    public let name: String
    public let socket: String
    public private(set) var columns: Int
    public private(set) var rows: Int

    /// Starts `bash --norc` with a plain `$ ` prompt in a new detached session.
    public init(columns: Int, rows: Int, tag: String = "t") throws {
        name = "gp-\(tag)"
        socket = "ghostpipe-test-\(getpid())-\(tag)-\(UInt32.random(in: 0...UInt32.max))"
        self.columns = columns
        self.rows = rows
        try Tmux.run(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
                      "env", "PS1=$ ", "TERM=xterm-256color", "GHOSTPIPE=\(Binary.path)", "bash", "--norc", "--noprofile"],
                     socket: socket)
        try Tmux.run(["set-option", "-t", name, "status", "off"], socket: socket)
        wait(forScreen: { $0.contains("$") }, timeout: 5)
    }

    deinit {
        _ = try? Tmux.run(["kill-server"], socket: socket)
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(socket)")
    }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String { try Tmux.run(arguments, socket: socket) }

    /// Types `text` (and Enter) at the prompt.
    public func type(_ text: String, enter: Bool = true) {
        _ = try? tmux(["send-keys", "-t", name, "-l", text])
        if enter { _ = try? tmux(["send-keys", "-t", name, "Enter"]) }
    }

    /// Presses a key by tmux name (`C-c`, `C-z`, `Right`, `q`).
    public func press(_ key: String) { _ = try? tmux(["send-keys", "-t", name, key]) }

    /// Sends `signal` to the programs the pane's shell is running (and only those: other tests run
    /// ghostpipe at the same time).
    public func signalForeground(_ signal: String) {
        let shell = display("#{pane_pid}")
        _ = try? tmux(["run-shell", "pkill -\(signal) -P \(shell) || true"])
    }

    /// Resizes the window, and waits until the pane's terminal has the new size (tmux queues a pane's
    /// resize; the programs get SIGWINCH when it is applied), so that a key sent next comes after it.
    public func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        _ = try? tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
        let terminal = open(display("#{pane_tty}"), O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard terminal >= 0 else { return }
        defer { close(terminal) }
        let deadline = Date().addingTimeInterval(Self.patience)
        while Date() < deadline, terminalSize(of: terminal).map({ $0 != (columns, rows) }) ?? true { usleep(10_000) }
    }

    /// The screen as text, one string per row, trailing blanks trimmed.
    public func screen(escapes: Bool = false) -> [String] {
        let text = (try? tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The processes of the job in the pane's foreground; none while its shell is there (at its prompt,
    /// or after stopping the job).
    public func foregroundJob() -> [ProcessEntry] {
        guard let shell = Int(display("#{pane_pid}")).flatMap(ProcessEntry.init(pid:)),
              shell.terminalForeground > 0, shell.terminalForeground != shell.processGroup else { return [] }
        return Processes.all().filter { $0.processGroup == shell.terminalForeground }
    }

    /// A tmux format (`#{cursor_flag}`) evaluated for the pane.
    public func display(_ format: String) -> String {
        ((try? tmux(["display", "-p", "-t", name, format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// However long a step should take, a condition is given at least this long (seconds) before it
    /// counts as failed: a loaded machine (two shared cores) can be many times slower than expected.
    /// Only a failure waits that long.
    public static let patience = 20.0

    /// Waits until `condition` holds for the screen (or `timeout`, at least `patience`, passes);
    /// returns whether it did.
    @discardableResult
    public func wait(forScreen condition: ([String]) -> Bool, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(max(timeout, Self.patience))
        while Date() < deadline {
            if condition(screen()) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Waits until the screen stops changing for `quiet` seconds.
    public func settle(quiet: Double = 0.4, timeout: Double = 10) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = screen()
        var since = Date()
        while Date() < deadline {
            usleep(50_000)
            let now = screen()
            if now != last { last = now; since = Date() } else if Date().timeIntervalSince(since) >= quiet { return }
        }
    }

    // MARK: - One screen, one server

    public struct Screen {
        public var lines: [String]
        /// The screen with attributes (`capture-pane -e`).
        public var styled: String
        public var cursor: String
        public var cursorVisible: Bool
        public var status: Int32
    }

    /// Runs a tmux command (UTF-8 forced, no configuration) and returns what it printed. Spawned
    /// directly with every other descriptor closed: the tmux server forks from the first command and
    /// would keep any inherited pipe open (and Foundation's `Process` waits on such a descriptor).
    @discardableResult
    public static func run(_ arguments: [String], socket: String, environment given: [String: String]? = nil) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UInt64.random(in: 0...UInt64.max)).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeFrom(3, &actions)
        let argv = (["tmux", "-u", "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        var environment = given ?? ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        if given == nil { environment["LANG"] = "C.UTF-8" }
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // Signals unblocked and at their defaults: the test runner's threads block some, and a server
        // that inherits a blocked SIGTERM ignores kill-server.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        guard let tmux = Tool.path("tmux") else { throw POSIXError(.ENOENT) }
        let spawned = posix_spawn(&pid, tmux, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        // A tmux command that hangs (a server stuck on a blocked signal) must not hang the test.
        let deadline = Date().addingTimeInterval(10)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw POSIXError(.ETIMEDOUT)
            }
            usleep(2000)
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+; the Swift Glibc module does not show
    /// it), else a close for every descriptor open now.
    private static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first)
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let fd = Int32(name), fd >= first { posix_spawn_file_actions_addclose(&actions, fd) }
        }
    }

    /// Runs `command` in a 60×20 pane, waits for it to end (at most `timeout` seconds) and captures the
    /// screen it leaves.
    public static func screen(of command: String, name: String, columns: Int = 60, rows: Int = 20, timeout: Double = 20) throws -> Screen {
        let socket = "ghostpipe-test-\(getpid())-\(name)"
        let status = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).status").path
        defer {
            _ = try? run(["kill-server"], socket: socket)
            let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
            unlink("\(directory)/tmux-\(getuid())/\(socket)")  // kill-server leaves the socket file
            try? FileManager.default.removeItem(atPath: status)
        }
        // The shell records the exit status, then idles so the pane stays as the command left it.
        let script = "\(command); echo $? > '\(status)'; exec sleep 120"
        try run(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", script], socket: socket)
        let start = Date()
        while !FileManager.default.fileExists(atPath: status) || (try? String(contentsOfFile: status, encoding: .utf8))?.hasSuffix("\n") != true {
            if Date().timeIntervalSince(start) > timeout { break }
            usleep(20_000)
        }
        let code = (try? String(contentsOfFile: status, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? -1
        var lines = try run(["capture-pane", "-p", "-t", name], socket: socket).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let styled = try run(["capture-pane", "-p", "-e", "-t", name], socket: socket)
        let cursor = try run(["display", "-p", "-t", name, "#{cursor_x},#{cursor_y} #{cursor_flag}"], socket: socket)
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        return Screen(lines: lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) },
                      styled: styled, cursor: cursor.first.map(String.init) ?? "",
                      cursorVisible: cursor.last == "1", status: code)
    }
}
