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
public final class CastRecorder: ByteSink, RecordsResizes {
    private let sink: any ByteSink
    private let origin: Nanoseconds
    private var lastTime: Nanoseconds = 0
    /// The lines gathered until the show flushes (or a megabyte is waiting), each written straight
    /// into their memory: a line per grapheme cost more in making room than in writing. The lines
    /// carry their times, so writes stamped apart are gathered together.
    private let lines: GatheredWrites
    /// The last line's whole seconds, reused by the next (a line per grapheme shares them).
    @exclusivity(unchecked) private var wholeSeconds = JSONWriter.WholeSeconds()

    /// Writes the header at once. `environment` supplies TERM and SHELL for the header's `env`.
    public init(sink: any ByteSink, width: Int, height: Int, origin: Nanoseconds,
                environment: [String: String], title: String? = nil, version: Int = 2) throws {
        self.sink = sink
        self.origin = origin
        lines = GatheredWrites(sink: sink, keepingStampsApart: false)
        // v3 (CastV3Recorder) names the terminal in "term"; its events are the same.
        var header: [UInt8] = Array(version == 3 ? "{\"version\":3,\"term\":{\"cols\":\(width),\"rows\":\(height),\"type\":".utf8
                                                 : "{\"version\":2,\"width\":\(width),\"height\":\(height)".utf8)
        if version == 3 {
            JSON.appendString(environment["TERM"] ?? "xterm-256color", to: &header)
            header.append(0x7D)
        }
        header.append(contentsOf: ",\"timestamp\":\(time(nil))".utf8)
        if let title {
            header.append(contentsOf: ",\"title\":".utf8)
            JSON.appendString(title, to: &header)
        }
        if version == 3 {
            header.append(contentsOf: ",\"env\":{\"SHELL\":".utf8)
        } else {
            header.append(contentsOf: ",\"env\":{\"TERM\":".utf8)
            JSON.appendString(environment["TERM"] ?? "xterm-256color", to: &header)
            header.append(contentsOf: ",\"SHELL\":".utf8)
        }
        JSON.appendString(environment["SHELL"] ?? "/bin/sh", to: &header)
        header.append(contentsOf: "}}\n".utf8)
        try sink.write(header, at: origin)
    }

    /// Records that the terminal is now `columns` × `rows` (a `"r"` event).
    public func resize(columns: Int, rows: Int, at instant: Nanoseconds) throws {
        try Array("\(columns)x\(rows)".utf8).withUnsafeBufferPointer { try event(.resize, $0, at: instant) }
    }

    public func write(_ bytes: [UInt8], at instant: Nanoseconds) throws {
        try bytes.withUnsafeBufferPointer { try event(.output, $0, at: instant) }
    }

    /// The same from the caller's memory (a typing head's steps, drawn into one buffer).
    public func write(contentsOf buffer: UnsafeRawBufferPointer, at instant: Nanoseconds) throws {
        try event(.output, buffer.assumingMemoryBound(to: UInt8.self), at: instant)
    }

    /// A line per frame, in one pass: the usual frame (a typed grapheme) is a few bytes, and a call
    /// and a check of its own per line cost more than the line.
    public func write(frames buffer: UnsafeRawBufferPointer, from start: Int,
                      _ frames: UnsafeBufferPointer<(end: Int, instant: Nanoseconds)>) throws {
        guard let last = frames.last, last.end > start else { return }
        let bytes = UnsafeBufferPointer(rebasing: buffer.assumingMemoryBound(to: UInt8.self)[start..<last.end])
        // What a screen writes comes from strings, so it is valid UTF-8, cut between characters;
        // anything else goes line by line (decoded first). Whether each frame starts a character
        // is told in the loop below, from the byte it reads anyway (a pass of its own over the
        // frames was a fifth of the recorder's time).
        guard UTF8Validation.isValid(bytes), last.end == buffer.count || buffer[last.end] & 0xC0 != 0x80 else {
            return try writeEach(frames: buffer, from: start, frames)
        }
        // Room for the worst case of every line, whatever its time.
        let bound = frames.count * (JSONWriter.secondsBound + Self.lineBound(0)) + JSONWriter.stringBound(bytes.count)
        var (time, whole, cut) = (lastTime, wholeSeconds, false)
        try lines.add(at: last.instant, upTo: bound) { line in
            guard let end = Self.lines(frames, text: bytes.baseAddress! - start, from: start, to: last.end, origin: origin,
                                       time: &time, wholeSeconds: &whole, at: line.position) else { cut = true; return }
            line.position = end
        }
        guard !cut else { return try writeEach(frames: buffer, from: start, frames) }
        wholeSeconds = whole
        lastTime = time
    }

    /// The lines of `frames`, whose bytes are `text[start..<last]`, written at `position`; returns
    /// where they end, or nil, having changed nothing, if a frame starts inside a character (the one
    /// before was cut there). Through pointers, with wrapping arithmetic (every end is at most
    /// `last`): the checks per line were a tenth of its instructions. The usual line (a printable
    /// byte in the same second as the last line) is written here, its position kept in a register
    /// (passed by value): passed to a writer's functions, it went through memory four times a line.
    @inline(never)
    private static func lines(_ frames: UnsafeBufferPointer<(end: Int, instant: Nanoseconds)>, text: UnsafePointer<UInt8>,
                              from start: Int, to last: Int, origin: Nanoseconds, time: inout Nanoseconds,
                              wholeSeconds: inout JSONWriter.WholeSeconds,
                              at position: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
        var (p, latest, whole, from) = (position, time, wholeSeconds, start)
        for frame in frames {
            let end = min(frame.end, last)
            guard end > from else { continue }
            let b = text[from]
            if b & 0xC0 == 0x80 { return nil }
            // Times never go backwards, even if a caller stamps a write late. (A time before 0,
            // which a huge number of microseconds stands for here, is not the same second.)
            latest = max(latest, frame.instant &- origin)
            let (micros, count) = ((UInt64(bitPattern: latest) &+ 500) / 1000, end &- from)
            let sameSecond = micros &- whole.firstMicros < 1_000_000
            /// `[`, the time and `, "o", "` (a word).
            @inline(__always) func open() {
                p.initialize(to: 0x5B)
                p = JSONWriter.sameSecond(micros, as: whole, at: p + 1)
                UnsafeMutableRawPointer(p).storeBytes(of: Self.outputSeparator, as: UInt64.self)
                p += 8
            }
            if count == 1, b >= 0x20, b < 0x7F, b != 0x22, b != 0x5C, sameSecond {
                // The character, the quote, `]` and the line end: a word.
                open()
                UnsafeMutableRawPointer(p).storeBytes(of: (UInt32(b) | 0x0A5D_2200).littleEndian, as: UInt32.self)
                p += 4
            } else if count <= 8, from &+ 8 <= last, sameSecond, case let word = ByteWords.load(text + from),
                      Self.needsNoEscape(word, count: count) {
                // A cluster of a few bytes (Hangul, an emoji), none to escape: its bytes a word.
                open()
                ByteWords.store(word, p)
                p += count
                UnsafeMutableRawPointer(p).storeBytes(of: UInt32(0x0A5D22).littleEndian, as: UInt32.self)
                p += 3
            } else {
                p = line(.output, UnsafeBufferPointer(start: text + from, count: count), time: latest, wholeSeconds: &whole, at: p)
            }
            from = end
        }
        (time, wholeSeconds) = (latest, whole)
        return p
    }

    /// Whether the first `count` bytes of `word` (2…8) go into a JSON string as they are
    /// (`JSONWriter.string` escapes none of them: no control, quote, backslash, DEL or C2).
    @inline(__always)
    private static func needsNoEscape(_ word: UInt64, count: Int) -> Bool {
        // The bytes past the cluster read as `A`s.
        let keep = UInt64.max >> (64 &- 8 &* count)
        let w = word & keep | 0x4141_4141_4141_4141 & ~keep
        return ByteWords.anyControl(w) | ByteWords.anyEqual(w, 0x22) | ByteWords.anyEqual(w, 0x5C)
            | ByteWords.anyEqual(w, 0x7F) | ByteWords.anyEqual(w, 0xC2) == 0
    }

    /// `, "o", "` as a word in memory's order.
    private static var outputSeparator: UInt64 { UInt64(littleEndian: 0x2220_2C22_6F22_202C) }

    /// `line(…into:)` at `position`, by value; returns where the line ends.
    @inline(never)
    private static func line(_ code: Code, _ bytes: UnsafeBufferPointer<UInt8>, time: Nanoseconds,
                             wholeSeconds: inout JSONWriter.WholeSeconds, at position: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var line = JSONWriter(position: position)
        Self.line(code, bytes, time: time, wholeSeconds: &wholeSeconds, into: &line)
        return line.position
    }

    /// An event's kind: output, or a resize.
    private enum Code {
        case output, resize
        /// What stands between a line's time and its data.
        var separator: StaticString { self == .output ? ", \"o\", " : ", \"r\", " }
    }

    /// `[time, "o", data]` and a line end: a typed character, printable and needing no escape,
    /// written as it is.
    @inline(__always)
    private static func line(_ code: Code, _ bytes: UnsafeBufferPointer<UInt8>, time: Nanoseconds,
                             wholeSeconds: inout JSONWriter.WholeSeconds, into line: inout JSONWriter) {
        line.byte(0x5B)
        line.inlineSeconds(time, reusing: &wholeSeconds)
        if code == .output, bytes.count == 1, case let b = bytes[0], b >= 0x20, b < 0x7F, b != 0x22, b != 0x5C {
            // `, "o", "` is a word; the character, the quote, `]` and the line end another.
            line.raw(", \"o\", \"")
            line.word(UInt32(b) | 0x0A5D_2200)
        } else {
            line.raw(code.separator)
            line.string(utf8: bytes)
            line.raw("]\n")
        }
    }

    /// The most a line takes besides its time, for `count` bytes of data.
    private static func lineBound(_ count: Int) -> Int { JSONWriter.stringBound(count) + 10 }

    /// Writes the lines gathered so far.
    public func flush() throws {
        try lines.flush()
        try sink.flush()
    }

    private func event(_ code: Code, _ bytes: UnsafeBufferPointer<UInt8>, at instant: Nanoseconds) throws {
        guard !bytes.isEmpty else { return }
        // Times never go backwards, even if a caller stamps a write late.
        lastTime = max(lastTime, instant - origin)
        let time = lastTime
        // What a screen writes comes from strings (valid UTF-8); anything else is decoded first.
        guard UTF8Validation.isValid(bytes) else {
            return try Array(String(decoding: bytes, as: UTF8.self).utf8).withUnsafeBufferPointer { try event(code, $0, at: instant) }
        }
        // [time, "o", data] written in one go into room for the worst case.
        try lines.add(at: instant, upTo: JSONWriter.secondsBound + Self.lineBound(bytes.count)) { line in
            Self.line(code, bytes, time: time, wholeSeconds: &wholeSeconds, into: &line)
        }
    }

    /// `-o cast`: an asciicast v2 recording, what asciinema 2.x and most web players read.
    public struct Kind: OutputKind {
        public init() {}
        public var name: String { "cast" }
        public var aliases: [String] { ["asciicast-v2", "asciicast"] }
        public var summary: String { "an asciicast v2 recording of what the terminal would show, every effect included" }
        public var writes: OutputWrites { .recording }
        public func make(_ parts: OutputParts) throws -> any Output {
            let recorder = try parts.castRecorder(parts.stdout)
            return try parts.screen(on: recorder, recorder: recorder)
        }
    }
}
