import Foundation

/// The machine's processes as `/proc` shows them, for tests that wait on what a program is doing
/// (running, stopped, in the terminal's foreground) instead of for a fixed time.
public enum Processes {
    public static func all() -> [ProcessEntry] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int($0).flatMap(ProcessEntry.init(pid:)) }
    }

    /// Waits (up to `timeout`) until `condition` holds for the machine's processes; whether it did.
    @discardableResult
    public static func wait(timeout: Double = 20, until condition: ([ProcessEntry]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(all()) { return true }
            usleep(20_000)
        }
        return false
    }
}

/// One process: what `/proc/PID/stat` and `cmdline` say of it.
public struct ProcessEntry {
    public let pid: Int
    /// The command line, one argument per element.
    public let arguments: [String]
    /// `R` running, `S` sleeping, `T` stopped by job control, …
    public let state: Character
    public let processGroup: Int
    /// The process group in the foreground of the process's terminal.
    public let terminalForeground: Int

    public init?(pid: Int) {
        // `pid (comm) state ppid pgrp session tty_nr tpgid …`; comm may hold spaces and parentheses.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 5, let state = fields[0].first, let group = Int(fields[2]), let foreground = Int(fields[5]) else { return nil }
        let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        self.pid = pid
        arguments = command.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        self.state = state
        processGroup = group
        terminalForeground = foreground
    }
}
