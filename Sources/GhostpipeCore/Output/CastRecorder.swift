#if canImport(Glibc)
import Glibc
#endif

/// Records terminal output as an asciicast v2 file: a header line, then one `[time, "o", data]` line
/// per write, with the time taken from the timeline (seconds since the start), so a recording made
/// with `--instant` has exactly the timing a real playback would have.
///
/// Lines are gathered and written on `flush` (the show flushes once per turn of the event loop) or
/// when a megabyte is waiting: `--instant` records a frame per grapheme, and a system call per frame
/// cost more than the frame.
public final class CastRecorder: ByteSink {
    private let sink: any ByteSink
    private let origin: Nanoseconds
    private var lastTime: Nanoseconds = 0
    private var gathered: [UInt8] = []
    private var gatheredStamp: Nanoseconds = 0

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
        try event(UInt8(ascii: "r"), Array("\(columns)x\(rows)".utf8), at: instant)
    }

    public func write(_ bytes: [UInt8], at instant: Nanoseconds) throws {
        try event(UInt8(ascii: "o"), bytes, at: instant)
    }

    /// Writes the lines gathered so far.
    public func flush() throws {
        guard !gathered.isEmpty else { return try sink.flush() }
        let lines = gathered
        gathered.removeAll(keepingCapacity: true)
        try sink.write(lines, at: gatheredStamp)
        try sink.flush()
    }

    private func event(_ code: UInt8, _ bytes: [UInt8], at instant: Nanoseconds) throws {
        guard !bytes.isEmpty else { return }
        // Times never go backwards, even if a caller stamps a write late.
        lastTime = max(lastTime, instant - origin)
        let time = lastTime
        // What a screen writes comes from strings (valid UTF-8); anything else is decoded first.
        guard bytes.withUnsafeBufferPointer({ UTF8Validation.isValid($0) }) else {
            return try event(code, Array(String(decoding: bytes, as: UTF8.self).utf8), at: instant)
        }
        bytes.withUnsafeBufferPointer { data in
            // [time, "o", data] written in one go into room for the worst case.
            gathered.append(upTo: JSONWriter.secondsBound + JSONWriter.stringBound(data.count) + 10) { line in
                line.byte(0x5B)
                line.seconds(time)
                line.raw(", \"")
                line.byte(code)
                line.raw("\", ")
                line.string(utf8: data)
                line.raw("]\n")
            }
        }
        gatheredStamp = instant
        if gathered.count >= 1 << 20 { try flush() }
    }
}
