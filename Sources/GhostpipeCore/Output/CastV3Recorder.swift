/// `-o asciicast-v3`: the recording asciinema 3 writes by default. The same events as the v2
/// recording of the same run (`CastRecorder`, which writes them), each line's time given as the
/// interval since the event before; the header says `"version":3` and names the terminal in
/// `"term"`; the run's end is an exit event, `[0.0, "x", "0"]`.
public final class CastV3Recorder: ByteSink, RecordsResizes, EndsWithStatus {
    private let events: CastRecorder
    private let intervals: IntervalLines

    public init(sink: any ByteSink, width: Int, height: Int, origin: Nanoseconds, environment: [String: String]) throws {
        intervals = IntervalLines(sink: sink)
        events = try CastRecorder(sink: intervals, width: width, height: height, origin: origin, environment: environment, version: 3)
    }

    public func write(_ bytes: [UInt8], at instant: Nanoseconds) throws { try events.write(bytes, at: instant) }
    public func write(contentsOf buffer: UnsafeRawBufferPointer, at instant: Nanoseconds) throws {
        try events.write(contentsOf: buffer, at: instant)
    }
    public func write(frames buffer: UnsafeRawBufferPointer, from start: Int,
                      _ frames: UnsafeBufferPointer<(end: Int, instant: Nanoseconds)>) throws {
        try events.write(frames: buffer, from: start, frames)
    }
    public func flush() throws {
        try events.flush()
        try intervals.flush()
    }
    public func resize(columns: Int, rows: Int, at instant: Nanoseconds) throws {
        try events.resize(columns: columns, rows: rows, at: instant)
    }

    public func end(status: Int32, at instant: Nanoseconds) throws {
        try events.flush()
        try intervals.exit(status: status, at: instant)
    }

    public struct Kind: OutputKind {
        public init() {}
        public var name: String { "asciicast-v3" }
        public var aliases: [String] { ["cast-v3", "v3"] }
        public var summary: String {
            "an asciicast v3 recording (asciinema 3's own format): the same events as cast, each timed from the one before"
        }
        public var writes: OutputWrites { .recording }
        public func make(_ parts: OutputParts) throws -> any Output {
            let recorder = try CastV3Recorder(sink: parts.stdout, width: parts.columns, height: parts.rows, origin: parts.origin,
                                              environment: parts.environment)
            return try parts.screen(on: recorder, recorder: recorder, ending: recorder)
        }
    }
}

/// Turns the event lines `CastRecorder` writes (its v3 header passes as it is) into v3's: each
/// event's time (seconds since the start, to the microsecond) into the interval since the event
/// before. It reads only what `CastRecorder` writes, never the input.
private final class IntervalLines: ByteSink {
    private let sink: any ByteSink
    /// A line not ended yet, and the time of the last event, in microseconds.
    private var pending: [UInt8] = []
    private var lastMicros: UInt64 = 0
    private var headerDone = false
    private var out: [UInt8] = []

    init(sink: any ByteSink) { self.sink = sink }

    func write(_ bytes: [UInt8], at instant: Nanoseconds) throws {
        try bytes.withUnsafeBytes { try write(contentsOf: $0, at: instant) }
    }

    func write(contentsOf buffer: UnsafeRawBufferPointer, at instant: Nanoseconds) throws {
        out.removeAll(keepingCapacity: true)
        var start = 0
        for (i, byte) in buffer.enumerated() where byte == 0x0A {
            if pending.isEmpty {
                convert(UnsafeRawBufferPointer(rebasing: buffer[start..<i]))
            } else {
                pending.append(contentsOf: buffer[start..<i])
                pending.withUnsafeBytes { convert($0) }
                pending.removeAll(keepingCapacity: true)
            }
            start = i + 1
        }
        pending.append(contentsOf: buffer[start...])
        if !out.isEmpty { try sink.write(out, at: instant) }
    }

    func flush() throws { try sink.flush() }

    func exit(status: Int32, at instant: Nanoseconds) throws {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: "[0.0, \"x\", \"\(status)\"]\n".utf8)
        try sink.write(out, at: instant)
        try sink.flush()
    }

    private func convert(_ line: UnsafeRawBufferPointer) {
        guard headerDone else {
            headerDone = true
            out.append(contentsOf: line)
            return out.append(0x0A)
        }
        // `[SECONDS, ...`: whole seconds and up to six decimals.
        guard line.first == 0x5B, let comma = line.firstIndex(of: 0x2C) else { return out.append(contentsOf: line) }
        var whole: UInt64 = 0, fraction: UInt64 = 0, digits = 0, inFraction = false
        for byte in line[1..<comma] {
            if byte == 0x2E { inFraction = true; continue }
            let d = UInt64(byte &- 0x30)
            if inFraction { fraction = fraction * 10 + d; digits += 1 } else { whole = whole * 10 + d }
        }
        while digits < 6 { fraction *= 10; digits += 1 }
        let micros = whole * 1_000_000 + fraction
        let interval = micros >= lastMicros ? micros - lastMicros : 0
        lastMicros = max(lastMicros, micros)
        out.append(0x5B)
        IntervalSeconds.append(micros: interval, to: &out)
        out.append(contentsOf: line[comma...])
        out.append(0x0A)
    }
}

/// Seconds as the cast lines write them.
enum IntervalSeconds {
    /// `1.5`, `0.04`, `2.0`: as the v2 lines write seconds (six decimals at most, trailing zeros dropped, one kept).
    static func append(micros: UInt64, to out: inout [UInt8]) {
        out.append(contentsOf: String(micros / 1_000_000).utf8)
        out.append(0x2E)
        var fraction = micros % 1_000_000, digits = 6
        while digits > 1 && fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let text = String(fraction)
        out.append(contentsOf: repeatElement(0x30, count: digits - text.count))
        out.append(contentsOf: text.utf8)
    }
}
