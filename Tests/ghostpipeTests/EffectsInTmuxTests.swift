import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every effect in a real terminal emulator (tmux): the final screen, its attributes and the cursor
/// are those `cat` leaves in a terminal of the same size.
@Suite struct EffectsInTmux {
    static let effects = ["typewriter", "letters", "fade", "decrypt", "morph", "credits"]

    /// ASCII taller than the 20-row pane (it scrolls), Korean, and emoji tmux 3.3a measures like the
    /// Unicode data (single-code-point wide emoji only).
    static let texts: [(name: String, text: String, colors: String)] = [
        ("ascii", (1...24).map { $0 == 12 ? "" : "Line \($0): the quick brown fox jumps over the lazy dog." }.joined(separator: "\n") + "\n", "truecolor"),
        ("korean", "유령 파이프\n\n밤이 깊었다. 터미널 화면에 글자가 하나씩 나타난다.\n마야는 식은 커피를 한 모금 마시고 화면을 바라본다.\n한글 음절도 그대로 온전하다.\n", "256"),
        ("emoji", "Party 🎉 time 🎉 with 👻 ghosts\n🔥 fire and 🙂 smiles 🙂\ncafé naïve 한국어 🎉 done.\n", "16"),
    ]

    static let tmuxAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

    @Test(.enabled(if: tmuxAvailable), arguments: effects, [0, 1, 2])
    func theFinalScreenIsCatsScreen(effect: String, text index: Int) throws {
        let sample = Self.texts[index]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-tmux-\(getpid())-\(effect)-\(sample.name).txt").path
        try sample.text.write(toFile: file, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let cat = try Tmux.screen(of: "cat '\(file)'", name: "cat-\(effect)-\(sample.name)")
        let timing = effect == "typewriter" ? "--cps 2000" : "--duration 0.5s"
        let ghost = try Tmux.screen(of: "'\(Binary.path)' --effect \(effect) \(timing) --seed 3 --colors \(sample.colors) '\(file)'",
                                    name: "gp-\(effect)-\(sample.name)")
        #expect(ghost.status == 0)
        // cat's screen really holds the text (a failed capture must not compare equal to another).
        let lastLine = sample.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(cat.lines.contains(lastLine), "\(cat.lines)")
        #expect(cat.cursor.contains(","))
        if effect == "credits" {
            // Centred: the same lines once the centring is removed; nothing left in colour.
            #expect(ghost.lines.map { String($0.drop { $0 == " " }) } == cat.lines.map { String($0.drop { $0 == " " }) },
                    "\n\(ghost.lines.joined(separator: "\n"))")
            #expect(!ghost.styled.contains("\u{1B}["))
        } else {
            #expect(ghost.lines == cat.lines, "\n\(ghost.lines.joined(separator: "\n"))")
            #expect(ghost.styled == cat.styled, "attributes left on screen")
        }
        #expect(ghost.cursor == cat.cursor)
        #expect(ghost.cursorVisible)
    }
}

/// tmux driven from a test: each screen in its own tmux server (its own socket), so tests running in
/// parallel never meet, and the server is killed afterwards.
enum Tmux {
    struct Screen {
        var lines: [String]
        /// The screen with attributes (`capture-pane -e`).
        var styled: String
        var cursor: String
        var cursorVisible: Bool
        var status: Int32
    }

    /// Runs a tmux command (UTF-8 forced, no configuration) and returns what it printed. Spawned
    /// directly with every other descriptor closed: the tmux server forks from the first command and
    /// would keep any inherited pipe open (and Foundation's `Process` waits on such a descriptor).
    @discardableResult
    static func run(_ arguments: [String], socket: String) throws -> String {
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
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["LANG"] = "C.UTF-8"
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
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
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
    static func screen(of command: String, name: String, columns: Int = 60, rows: Int = 20, timeout: Double = 20) throws -> Screen {
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
