#if canImport(Glibc)
import Glibc
#endif

/// mpv's JSON IPC (`--follow mpv:SOCKET`, mpv started with `--input-ipc-server=SOCKET`) as events:
/// it observes `time-pos`, `pause` and `speed`, freezes between a `seek` event and the
/// `playback-restart` that ends it, and delivers each change as a `.followed` playhead anchored at the
/// instant the news arrived (between reports the position runs on at mpv's speed). When mpv quits
/// (`shutdown`, or the socket closes) it delivers `.playerEnded`.
///
/// The socket is non-blocking and polled by the one loop. Until it exists (mpv still starting) the
/// source retries on the loop's deadline with a growing delay (20 ms doubling to 500 ms: no busy loop)
/// and gives up after `patience`.
public final class MPVEvents: EventSource {
    private let path: String
    private let report: (String) -> Void
    private let patience: Nanoseconds
    private enum State {
        case waiting(since: Nanoseconds?, next: Nanoseconds, delay: Nanoseconds)
        case connected(Int32)
        case ended
    }
    private var state: State
    private var outgoing: [UInt8] = []
    private var lines = BoundedLines(limit: 1 << 16)
    private var buffer = [UInt8].readBuffer()
    private var player = MPVState()
    private var problems = RepeatedReports()

    /// The properties observed, by the id their changes come back with.
    static let observed = ["time-pos", "pause", "speed"]

    public init(path: String, patience: Nanoseconds = 30 * Time.second, report: @escaping (String) -> Void) {
        self.path = path
        self.patience = patience
        self.report = report
        state = .waiting(since: nil, next: 0, delay: 20 * Time.millisecond)
    }

    public func interest(at now: Nanoseconds) -> Interest {
        switch state {
        case .waiting(_, let next, _): return Interest(instant: next)
        case .connected(let fd): return Interest(descriptor: fd, writer: outgoing.isEmpty ? nil : fd)
        case .ended: return .none
        }
    }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        switch state {
        case .waiting(let since, _, let delay):
            try attempt(now: now, since: since, delay: delay, deliver: deliver)
        case .connected(let fd):
            if wake.writable { flush(fd) }
            if wake.readable { try receive(fd, now: now, deliver: deliver) }
        case .ended:
            break
        }
    }

    // MARK: - Connecting

    private func attempt(now: Nanoseconds, since: Nanoseconds?, delay: Nanoseconds, deliver: (Event) throws -> Void) throws {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFSOCK {
            state = .ended
            return try deliver(.playerEnded(problem: "mpv:\(path): not a socket (start mpv with --input-ipc-server=\(path))"))
        }
        switch Self.connect(path) {
        case .success(let fd):
            if since != nil { report("mpv:\(path): connected") }
            state = .connected(fd)
            for (i, name) in Self.observed.enumerated() {
                outgoing += Array("{\"command\":[\"observe_property\",\(i + 1),\"\(name)\"]}\n".utf8)
            }
            flush(fd)
        case .failure(let error) where error == ENOENT || error == ECONNREFUSED || error == EAGAIN:
            // Not there yet (or a stale socket of an mpv that is gone): wait for it.
            let first = since ?? now
            if since == nil { report("mpv:\(path): waiting for mpv (start it with --input-ipc-server=\(path))") }
            if now - first >= patience {
                state = .ended
                try deliver(.playerEnded(problem: "mpv:\(path): no mpv answered within \(patience / Time.second)s"))
                return
            }
            state = .waiting(since: first, next: now + delay, delay: min(delay * 2, 500 * Time.millisecond))
        case .failure(let error):
            state = .ended
            try deliver(.playerEnded(problem: "mpv:\(path): \(String(cString: strerror(error)))"))
        }
    }

    enum Connection { case success(Int32), failure(Int32) }

    /// A non-blocking connection to the Unix socket at `path`, or errno.
    static func connect(_ path: String) -> Connection {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity, !bytes.contains(0) else { return .failure(ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(errno) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if result != 0 && errno != EINPROGRESS {
            let error = errno
            close(fd)
            return .failure(error)
        }
        return .success(fd)
    }

    // MARK: - Talking

    private func flush(_ fd: Int32) {
        while !outgoing.isEmpty {
            let n = outgoing.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { outgoing.removeFirst(n); continue }
            if n < 0 && (errno == EINTR) { continue }
            if n < 0 && errno != EAGAIN { outgoing.removeAll() }  // the read side sees the end
            return
        }
    }

    private func receive(_ fd: Int32, now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard n > 0 else { return try end(fd, deliver) }
        var changed = false
        var quit = false
        buffer.withUnsafeBytes { bytes in
            lines.push(UnsafeRawBufferPointer(rebasing: bytes[..<n])) { line in
                guard case .line(let text) = line, let message = JSONValue.parse(text) else { return }
                switch player.take(message, at: now) {
                case .changed: changed = true
                case .quit: quit = true
                case .failed(let what):
                    if let said = problems.admit("mpv:\(path): \(what)", kind: "errors from mpv") { report(said) }
                case .nothing: break
                }
            }
        }
        if changed { try deliver(.followed(player.playhead)) }
        if quit { try end(fd, deliver) }
    }

    private func end(_ fd: Int32, _ deliver: (Event) throws -> Void) throws {
        close(fd)
        for line in problems.summary() { report("mpv:\(path): \(line)") }
        state = .ended
        try deliver(.playerEnded(problem: nil))
    }
}

/// What mpv said so far about its playback, from its IPC messages, as a playhead.
public struct MPVState {
    /// `time-pos` in nanoseconds (nil: no file playing), and the instant it (or a restart) arrived.
    public var position: Nanoseconds?
    public var anchor: Nanoseconds = 0
    public var paused = false
    public var speed = 1.0
    /// Between a `seek` event and the `playback-restart` that ends it.
    public var seeking = false

    public init() {}

    public enum Effect: Equatable, Sendable { case nothing, changed, quit, failed(String) }

    /// Takes one message (a reply or an event).
    public mutating func take(_ message: JSONValue, at now: Nanoseconds) -> Effect {
        if let error = message["error"]?.string, error != "success" { return .failed(error) }
        switch message["event"]?.string {
        case "property-change":
            let data = message["data"]
            switch message["name"]?.string {
            case "time-pos":
                if let seconds = data?.number {
                    guard ValueLimits.seconds.contains(seconds) else {
                        return .failed("time-pos \(seconds) is out of range (within \(ValueLimits.timeDescription)); ignored")
                    }
                    position = Time.nanoseconds(seconds: seconds)
                } else {
                    position = nil  // unavailable: nothing plays
                }
                anchor = now
            case "pause":
                guard let value = data?.bool else { return .nothing }
                if !paused && value { position = playhead.position(at: now) }  // frozen where it ran to
                paused = value
                anchor = now
            case "speed":
                guard let value = data?.number else { return .nothing }
                guard ValueLimits.speed.contains(value) else {
                    return .failed("speed \(value) is out of range (from \(ValueLimits.describe(ValueLimits.speed))); ignored")
                }
                if position != nil { position = playhead.position(at: now) }  // re-anchored before the rate changes
                speed = value
                anchor = now
            default:
                return .nothing
            }
            return .changed
        case "seek":
            position = position.map { _ in playhead.position(at: now) }
            seeking = true
            anchor = now
            return .changed
        case "playback-restart":
            seeking = false
            anchor = now
            return .changed
        case "shutdown":
            return .quit
        default:
            return .nothing
        }
    }

    /// Where mpv is: running at its speed from the last news, frozen while paused or seeking.
    public var playhead: Playhead {
        Playhead(instant: anchor, position: position ?? 0, speed: speed, paused: paused || seeking || position == nil)
    }
}
