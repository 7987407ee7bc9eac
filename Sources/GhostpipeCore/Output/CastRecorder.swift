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
    /// The lines gathered: `room[..<used]`. Each line is written straight into the room after them
    /// (`JSONWriter`, through a pointer), which is kept between flushes: a line per grapheme cost
    /// more in making room than in writing.
    /// Unchecked exclusivity: changed once per line (a grapheme, with `--instant`), where a dynamic
    /// check cost as much as a short line (only this class touches them, never re-entrantly).
    @exclusivity(unchecked) private var room: [UInt8] = []
    @exclusivity(unchecked) private var used = 0
    private var gatheredStamp: Nanoseconds = 0
    /// The last line's whole seconds, reused by the next (a line per grapheme shares them).
    @exclusivity(unchecked) private var wholeSeconds = JSONWriter.WholeSeconds()
    /// Lines are written once this much is gathered (memory stays bounded).
    private static let gatherLimit = 1 << 20

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
        try Array("\(columns)x\(rows)".utf8).withUnsafeBufferPointer { try event(UInt8(ascii: "r"), $0, at: instant) }
    }

    public func write(_ bytes: [UInt8], at instant: Nanoseconds) throws {
        try bytes.withUnsafeBufferPointer { try event(UInt8(ascii: "o"), $0, at: instant) }
    }

    /// The same from the caller's memory (a typing head's steps, drawn into one buffer).
    public func write(contentsOf buffer: UnsafeRawBufferPointer, at instant: Nanoseconds) throws {
        try event(UInt8(ascii: "o"), buffer.assumingMemoryBound(to: UInt8.self), at: instant)
    }

    /// Writes the lines gathered so far.
    public func flush() throws {
        guard used > 0 else { return try sink.flush() }
        // Written from the room itself (a descriptor takes it as it is: no copy of a megabyte).
        defer { used = 0 }
        try room.withUnsafeBytes { try sink.write(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<used]), at: gatheredStamp) }
        try sink.flush()
    }

    private func event(_ code: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, at instant: Nanoseconds) throws {
        guard !bytes.isEmpty else { return }
        // Times never go backwards, even if a caller stamps a write late.
        lastTime = max(lastTime, instant - origin)
        let time = lastTime
        // What a screen writes comes from strings (valid UTF-8); anything else is decoded first.
        guard UTF8Validation.isValid(bytes) else {
            return try Array(String(decoding: bytes, as: UTF8.self).utf8).withUnsafeBufferPointer { try event(code, $0, at: instant) }
        }
        // [time, "o", data] written in one go into room for the worst case.
        let bound = JSONWriter.secondsBound + JSONWriter.stringBound(bytes.count) + 10
        if used + bound > room.count {
            room += repeatElement(0, count: max(used + bound, Self.gatherLimit + 4096) - room.count)
        }
        let start = used
        used = room.withUnsafeMutableBufferPointer { room in
                var line = JSONWriter(position: room.baseAddress! + start)
                line.byte(0x5B)
                line.seconds(time, reusing: &wholeSeconds)
                line.raw(", \"")
                line.byte(code)
                line.raw("\", ")
                line.string(utf8: bytes)
                line.raw("]\n")
                return line.position - room.baseAddress!
        }
        gatheredStamp = instant
        if used >= Self.gatherLimit { try flush() }
    }
}
