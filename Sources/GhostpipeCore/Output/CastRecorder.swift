#if canImport(Glibc)
import Glibc
#endif

/// Records terminal output as an asciicast v2 file: a header line, then one `[time, "o", data]` line
/// per write, with the time taken from the timeline (seconds since the start), so a recording made
/// with `--instant` has exactly the timing a real playback would have.
public final class CastRecorder: ByteSink {
    private let sink: any ByteSink
    private let origin: Nanoseconds
    private var lastTime: Nanoseconds = 0

    /// Writes the header at once. `environment` supplies TERM and SHELL for the header's `env`.
    public init(sink: any ByteSink, width: Int, height: Int, origin: Nanoseconds,
                environment: [String: String], title: String? = nil) throws {
        self.sink = sink
        self.origin = origin
        var header: [UInt8] = Array("{\"version\":2,\"width\":\(width),\"height\":\(height),\"timestamp\":\(time(nil))".utf8)
        if let title {
            header.append(contentsOf: ",\"title\":".utf8)
            JSON.appendString(title, to: &header)
        }
        header.append(contentsOf: ",\"env\":{\"TERM\":".utf8)
        JSON.appendString(environment["TERM"] ?? "xterm-256color", to: &header)
        header.append(contentsOf: ",\"SHELL\":".utf8)
        JSON.appendString(environment["SHELL"] ?? "/bin/sh", to: &header)
        header.append(contentsOf: "}}\n".utf8)
        try sink.write(header, at: origin)
    }

    /// Records that the terminal is now `columns` × `rows` (a `"r"` event).
    public func resize(columns: Int, rows: Int, at instant: Nanoseconds) throws {
        try event("r", Array("\(columns)x\(rows)".utf8), at: instant)
    }

    public func write(_ bytes: [UInt8], at instant: Nanoseconds) throws {
        try event("o", bytes, at: instant)
    }

    private func event(_ code: String, _ bytes: [UInt8], at instant: Nanoseconds) throws {
        guard !bytes.isEmpty else { return }
        // Times never go backwards, even if a caller stamps a write late.
        lastTime = max(lastTime, instant - origin)
        var line: [UInt8] = [0x5B]
        JSON.appendSeconds(lastTime, to: &line)
        line.append(contentsOf: ", \"\(code)\", ".utf8)
        JSON.appendString(String(decoding: bytes, as: UTF8.self), to: &line)
        line.append(contentsOf: "]\n".utf8)
        try sink.write(line, at: instant)
    }
}
