import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tmux session running a shell: a real terminal emulator to run ghostpipe in and look at.
final class Tmux {
    let name: String
    private(set) var columns: Int
    private(set) var rows: Int

    /// Starts `bash --norc` with a plain `$ ` prompt in a new detached session.
    init(columns: Int, rows: Int, tag: String = "t") throws {
        name = "gp-\(tag)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        self.columns = columns
        self.rows = rows
        try Tmux.tmux(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
                       "env", "PS1=$ ", "TERM=xterm-256color", "GHOSTPIPE=\(Binary.path)", "bash", "--norc", "--noprofile"])
        try Tmux.tmux(["set-option", "-t", name, "status", "off"])
        wait(forScreen: { $0.contains("$") }, timeout: 5)
    }

    deinit { _ = try? Tmux.tmux(["kill-session", "-t", name]) }

    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Types `text` (and Enter) at the prompt.
    func type(_ text: String, enter: Bool = true) {
        _ = try? Tmux.tmux(["send-keys", "-t", name, "-l", text])
        if enter { _ = try? Tmux.tmux(["send-keys", "-t", name, "Enter"]) }
    }

    /// Presses a key by tmux name (`C-c`, `C-z`, `Right`, `q`).
    func press(_ key: String) { _ = try? Tmux.tmux(["send-keys", "-t", name, key]) }

    /// Sends `signal` to the programs the pane's shell is running (and only those: other tests run
    /// ghostpipe at the same time).
    func signalForeground(_ signal: String) {
        let shell = display("#{pane_pid}")
        _ = try? Tmux.tmux(["run-shell", "pkill -\(signal) -P \(shell) || true"])
    }

    func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        _ = try? Tmux.tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The screen as text, one string per row, trailing blanks trimmed.
    func screen(escapes: Bool = false) -> [String] {
        let text = (try? Tmux.tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A tmux format (`#{cursor_flag}`) evaluated for the pane.
    func display(_ format: String) -> String {
        ((try? Tmux.tmux(["display", "-p", "-t", name, format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until `condition` holds for the screen (or the timeout passes); returns whether it did.
    @discardableResult
    func wait(forScreen condition: ([String]) -> Bool, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(screen()) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Waits until the screen stops changing for `quiet` seconds.
    func settle(quiet: Double = 0.4, timeout: Double = 10) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = screen()
        var since = Date()
        while Date() < deadline {
            usleep(50_000)
            let now = screen()
            if now != last { last = now; since = Date() } else if Date().timeIntervalSince(since) >= quiet { return }
        }
    }
}
