#if canImport(Glibc)
import Glibc
#endif

/// Why output failed.
public enum OutputError: Error, Equatable {
    /// The reader went away (`ghostpipe big.txt | head -1`): end quietly.
    case brokenPipe
    case failed(name: String, errno: Int32)
    /// A signal asked us to stop while a write was blocked.
    case interrupted
}

/// Where rendered bytes go, with the timeline instant they belong to (a recording keeps it).
public protocol ByteSink: AnyObject {
    func write(_ bytes: [UInt8], at instant: Nanoseconds) throws
    /// The same from memory the caller owns (gathered text output): a descriptor writes it as it
    /// is; other sinks take a copy.
    func write(contentsOf buffer: UnsafeRawBufferPointer, at instant: Nanoseconds) throws
    /// Frames one after another from one buffer, each at its instant: frame `i` is the bytes from
    /// where frame `i - 1` ended (the first: from `start`) to `frames[i].end` (a typewriter's
    /// steps, `Screen.type`).
    func write(frames buffer: UnsafeRawBufferPointer, from start: Int, _ frames: UnsafeBufferPointer<(end: Int, instant: Nanoseconds)>) throws
    /// Writes what the sink gathered (a recording gathers its lines); the show calls it once per
    /// turn of the event loop.
    func flush() throws
}

extension ByteSink {
    public func flush() throws {}
    public func write(contentsOf buffer: UnsafeRawBufferPointer, at instant: Nanoseconds) throws {
        try write([UInt8](buffer), at: instant)
    }
    public func write(frames buffer: UnsafeRawBufferPointer, from start: Int, _ frames: UnsafeBufferPointer<(end: Int, instant: Nanoseconds)>) throws {
        try writeEach(frames: buffer, from: start, frames)
    }

    /// `write(frames:…)` as a write per frame that has bytes.
    func writeEach(frames buffer: UnsafeRawBufferPointer, from start: Int, _ frames: UnsafeBufferPointer<(end: Int, instant: Nanoseconds)>) throws {
        var from = start
        for frame in frames {
            if frame.end > from { try write(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[from..<frame.end]), at: frame.instant) }
            from = frame.end
        }
    }
}

/// A file descriptor (stdout, a recording file). Writes everything, retrying short writes and EINTR,
/// and gives up when `shouldStop` says a signal asked us to stop. A descriptor someone else made
/// non-blocking (a shared terminal) may take only part of a write (EAGAIN): the rest waits here, in
/// order, and the event loop writes it when the descriptor has room (`InputEvents`), so that keys,
/// signals and deadlines are served meanwhile instead of waiting for a slow reader.
public final class DescriptorSink: ByteSink {
    public let fd: Int32
    private let name: String
    private let shouldStop: () -> Bool
    /// Bytes the descriptor did not take yet (it would have blocked).
    private var waiting: [UInt8] = [] { didSet { waitsForRoom = !waiting.isEmpty } }

    public init(fd: Int32, name: String = "stdout", shouldStop: @escaping () -> Bool = { false }) {
        self.fd = fd
        self.name = name
        self.shouldStop = shouldStop
    }

    /// Whether bytes wait for room in the descriptor (kept as a flag: the loop asks on every turn).
    public private(set) var waitsForRoom = false

    public func write(_ bytes: [UInt8], at instant: Nanoseconds) throws {
        try bytes.withUnsafeBytes { try writeAll($0) }
    }

    public func write(contentsOf buffer: UnsafeRawBufferPointer, at instant: Nanoseconds) throws {
        try writeAll(buffer)
    }

    /// Writes `buffer` after what is waiting, as far as the descriptor takes it now; the rest waits.
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws {
        guard !waitsForRoom else {
            waiting.append(contentsOf: buffer)
            try writeWaiting()
            return
        }
        let written = try writeNow(buffer)
        if written < buffer.count { waiting.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[written...])) }
    }

    /// Writes what is waiting as far as the descriptor takes it now (the loop calls this when it has room).
    public func writeWaiting() throws {
        guard waitsForRoom else { return }
        let written = try waiting.withUnsafeBytes { try writeNow($0) }
        waiting.removeFirst(written)
    }

    /// Writes what is waiting, waiting on `clock` for room as long as it takes: once the loop is over
    /// (the last bytes of a run), when there is nothing else to serve.
    public func finish(on clock: any Clock) throws {
        while waitsForRoom {
            try writeWaiting()
            if !waitsForRoom { break }
            _ = clock.wait(until: nil, descriptors: [], writers: [fd], idleTimeout: nil)
            if shouldStop() { throw OutputError.interrupted }
        }
    }

    /// Writes as much of `buffer` as the descriptor takes without blocking; returns how much.
    private func writeNow(_ buffer: UnsafeRawBufferPointer) throws -> Int {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n >= 0 { offset += n; continue }
            switch errno {
            case EINTR:
                if shouldStop() { throw OutputError.interrupted }
            case EAGAIN:
                return offset
            case EPIPE:
                throw OutputError.brokenPipe
            case let error:
                throw OutputError.failed(name: name, errno: error)
            }
        }
        return offset
    }
}

/// Keeps everything written, with its instant (tests, and the overlay's composition).
public final class MemorySink: ByteSink {
    public private(set) var writes: [(instant: Nanoseconds, bytes: [UInt8])] = []
    public init() {}
    public func write(_ bytes: [UInt8], at instant: Nanoseconds) throws { writes.append((instant, bytes)) }
    public var bytes: [UInt8] { writes.flatMap(\.bytes) }
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Writes to several sinks (the terminal and a recording).
public final class TeeSink: ByteSink {
    private let sinks: [any ByteSink]
    public init(_ sinks: [any ByteSink]) { self.sinks = sinks }
    public func write(_ bytes: [UInt8], at instant: Nanoseconds) throws {
        for sink in sinks { try sink.write(bytes, at: instant) }
    }
    public func write(contentsOf buffer: UnsafeRawBufferPointer, at instant: Nanoseconds) throws {
        for sink in sinks { try sink.write(contentsOf: buffer, at: instant) }
    }
    public func flush() throws {
        for sink in sinks { try sink.flush() }
    }
}
