/// The plain player clock (`--follow fd:N`, `--follow FILE`): lines of `SECONDS [paused]` from any
/// program, each a `.followed` playhead anchored at the instant it arrived (between lines the
/// position runs on at the speed last said, `--speed` until then); the end of the pipe is
/// `.playerEnded`. A bad line is reported with its number and skipped.
public final class PlayerClockEvents: EventSource {
    private let source: any ByteSource
    private let name: String
    private let report: (String) -> Void
    private var speed: Double
    private var lines = BoundedLines(limit: PlayerClockLine.maxLength)
    private var lineNumber = 0
    private var ended = false
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var problems = RepeatedReports()

    public init(_ source: any ByteSource, name: String, speed: Double = 1, report: @escaping (String) -> Void) {
        self.source = source
        self.name = name
        self.speed = speed
        self.report = report
    }

    public func interest(at now: Nanoseconds) -> Interest {
        guard !ended else { return .none }
        if let fd = source.descriptor { return Interest(descriptor: fd) }
        return Interest(instant: source.nextArrival ?? now)
    }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        guard !ended else { return }
        var latest: PlayerClockLine?
        let result = buffer.withUnsafeMutableBytes { source.read(into: $0, now: now) }
        switch result {
        case .bytes(let n):
            buffer.withUnsafeBytes { bytes in
                lines.push(UnsafeRawBufferPointer(rebasing: bytes[..<n])) { line in
                    lineNumber += 1
                    switch line {
                    case .tooLong:
                        say("\(name):\(lineNumber): line longer than \(PlayerClockLine.maxLength) bytes; skipped")
                    case .line(let bytes):
                        switch PlayerClockLine.parse(Substring(String(decoding: bytes, as: UTF8.self))) {
                        case .success(let line)?: latest = line
                        case .failure(let problem)?: say("\(name):\(lineNumber): \(problem.message)")
                        case nil: break
                        }
                    }
                }
            }
        case .end:
            ended = true
            for line in problems.summary() { report("\(name): \(line)") }
            try deliver(.playerEnded(problem: nil))
            return
        case .file, .notReady:
            break
        }
        // Only the newest line of a read counts: those before it are already past.
        if let latest {
            if let given = latest.speed { speed = given }
            try deliver(.followed(Playhead(instant: now, position: latest.position, speed: speed, paused: latest.paused)))
        }
    }

    /// A bad line said, the first few times (then counted: see `RepeatedReports`).
    private func say(_ message: String) {
        if let said = problems.admit(message, kind: "bad clock lines") { report(said) }
    }
}
