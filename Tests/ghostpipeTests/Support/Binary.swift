import Foundation
import TestSupport
import GhostpipeCore
#if canImport(Glibc)
import Glibc
#endif

/// The built `ghostpipe` executable, run as a user would: with pipes, or on a pseudo-terminal.
enum Binary {
    /// Next to the test bundle in the build directory.
    static let path: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("ghostpipe").path
    }()

    static func sample(_ name: String) -> String { Paths.sample(name) }

    struct Result {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs with stdout and stderr on pipes and `stdin` fed from bytes (or /dev/null).
    static func run(_ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            // The program may stop reading before the end (a capped --duration, a broken pipe):
            // the writer then gets EPIPE, not a signal that ends the tests.
            signal(SIGPIPE, SIG_IGN)
            DispatchQueue.global().async {
                try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
                try? input.fileHandleForWriting.close()
            }
        }
        final class Box: @unchecked Sendable { var data = Data() }
        let stdoutData = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stdoutData.data = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: Array(stdoutData.data),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }

    struct TerminalRun {
        var status: Int32 = -1
        var signaled = false
        /// What the terminal received, with seconds since the start.
        var chunks: [(time: Double, bytes: [UInt8])] = []
        var bytes: [UInt8] { chunks.flatMap(\.bytes) }
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    enum Action {
        case type([UInt8])
        case signal(Int32)
        case resize(rows: Int, columns: Int)
    }

    /// Runs a shell command line on a new pseudo-terminal of the given size; `actions` happen at the
    /// given seconds after the start. Stops when the program exits (or after `timeout`).
    static func runInTerminal(_ command: String, rows: Int = 24, columns: Int = 80,
                              actions: [(at: Double, action: Action)] = [], timeout: Double = 30,
                              environment: [String: String] = [:]) throws -> TerminalRun {
        let terminal = try PseudoTerminal(rows: rows, columns: columns)
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        env["GHOSTPIPE"] = path
        for (k, v) in environment { env[k] = v }
        let pid = try terminal.spawn(["/bin/sh", "-c", command], environment: env.map { "\($0)=\($1)" })
        var run = TerminalRun()
        let start = Date()
        var pending = actions.sorted { $0.at < $1.at }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var exited = false
        while true {
            let now = Date().timeIntervalSince(start)
            while let first = pending.first, first.at <= now {
                switch first.action {
                case .type(let bytes): _ = bytes.withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) }
                case .signal(let signal): kill(pid, signal)
                case .resize(let rows, let columns): terminal.resize(rows: rows, columns: columns)
                }
                pending.removeFirst()
            }
            if now > timeout { kill(pid, SIGKILL) }
            var p = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
            let wait = pending.first.map { max(0, Int32(($0.at - now) * 1000)) } ?? 100
            if poll(&p, 1, min(wait, 100)) > 0 {
                let n = read(terminal.master, &buffer, buffer.count)
                if n > 0 {
                    run.chunks.append((Date().timeIntervalSince(start), Array(buffer[..<n])))
                    continue
                }
                if !exited { exited = true }
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                // Drain what is left, then report.
                while poll(&p, 1, 50) > 0 {
                    let n = read(terminal.master, &buffer, buffer.count)
                    guard n > 0 else { break }
                    run.chunks.append((Date().timeIntervalSince(start), Array(buffer[..<n])))
                }
                if status & 0x7F == 0 { run.status = (status >> 8) & 0xFF } else { run.status = 128 + (status & 0x7F); run.signaled = true }
                return run
            }
        }
    }
}
