import Foundation
import GhostpipeCore
#if canImport(Glibc)
import Glibc
#endif

/// The built `ghostpipe` executable, run as a user would: with pipes, or on a pseudo-terminal.
public enum Binary {
    /// Next to the test bundle in the build directory.
    public static let path: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("ghostpipe").path
    }()

    public static func sample(_ name: String) -> String { Paths.sample(name) }

    public struct Result {
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: String
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs with stdout and stderr on pipes and `stdin` fed from bytes (or /dev/null).
    public static func run(_ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = [:]) throws -> Result {
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

    /// Feeds `first` to ghostpipe through a pipe that stays open, waits (up to `timeout`, generous
    /// for a loaded machine) until `shown` appears in its output, and only then sends `rest` and
    /// closes the pipe. Whether `shown` came out before the input ended, and all of the output.
    ///
    /// No time window: the writer waits on a named pipe for the test's go, so output that waited for
    /// the end of input would never come, whatever the machine's speed.
    public static func streaming(_ arguments: [String], first: String, then rest: String, shown: String,
                                 timeout: Double = 30) throws -> (early: Bool, output: String) {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-go-\(UUID().uuidString)").path
        guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { unlink(fifo) }
        // Held open both ways, so that neither the writer's open nor the go ever blocks (even if the
        // writer died early).
        let go = open(fifo, O_RDWR | O_CLOEXEC)
        guard go >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(go) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // $0 ghostpipe, $1 the named pipe, $2 and $3 the input; what follows, ghostpipe's arguments.
        let script = "f=$1 a=$2 b=$3; shift 3; (printf '%s' \"$a\"; read go < \"$f\"; printf '%s' \"$b\") | \"$0\" \"$@\""
        process.arguments = ["-c", script, path, fifo, first, rest] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let fd = out.fileHandleForReading.fileDescriptor
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(timeout)
        while !String(decoding: received, as: UTF8.self).contains(shown), Date() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            received += buffer[..<n]
        }
        let early = String(decoding: received, as: UTF8.self).contains(shown)
        // The go: the writer sends the rest and closes the pipe.
        _ = write(go, "go\n", 3)
        received += Array(out.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return (early, String(decoding: received, as: UTF8.self))
    }

    public struct TerminalRun {
        public var status: Int32 = -1
        public var signaled = false
        /// What the terminal received, with seconds since the start.
        public var chunks: [(time: Double, bytes: [UInt8])] = []
        public var bytes: [UInt8] { chunks.flatMap(\.bytes) }
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    public enum Action {
        case type([UInt8])
        case signal(Int32)
        case resize(rows: Int, columns: Int)
    }

    /// Runs a shell command line on a new pseudo-terminal of the given size; `actions` happen at the
    /// given seconds after the program's first output (however long a loaded machine takes to get
    /// there). Stops when the program exits (or after `timeout`).
    public static func runInTerminal(_ command: String, rows: Int = 24, columns: Int = 80,
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
        var begun: Double?
        while true {
            let now = Date().timeIntervalSince(start)
            while let begun, let first = pending.first, begun + first.at <= now {
                switch first.action {
                case .type(let bytes): _ = bytes.withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) }
                case .signal(let signal): kill(pid, signal)
                case .resize(let rows, let columns): terminal.resize(rows: rows, columns: columns)
                }
                pending.removeFirst()
            }
            if now > timeout { kill(pid, SIGKILL) }
            var p = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
            let wait = begun.flatMap { begun in pending.first.map { max(0, Int32((begun + $0.at - now) * 1000)) } } ?? 100
            if poll(&p, 1, min(wait, 100)) > 0 {
                let n = read(terminal.master, &buffer, buffer.count)
                if n > 0 {
                    if begun == nil { begun = Date().timeIntervalSince(start) }
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
