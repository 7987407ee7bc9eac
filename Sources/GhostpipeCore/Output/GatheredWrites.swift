/// What a text output (plain, json) or a recording writes during one turn of the event loop,
/// gathered into one write: the show flushes once it is up to date, so `--instant` writes a few large
/// blocks instead of one system call per cue or per grapheme batch. Writes stamped with different
/// instants stay apart (a recording of the output keeps each at its instant) unless the stamps are
/// in the bytes already (a cast's lines), and a megabyte is written at once (memory stays bounded).
///
/// The bytes gather in memory owned here, written through a pointer (`JSONWriter`): a line goes in
/// with one pass over its text, with no room zeroed first nor reference counts checked per write.
final class GatheredWrites {
    private let sink: any ByteSink
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var used = 0
    private var stamp: Nanoseconds = 0
    /// Whether writes stamped with different instants are written apart.
    private let keepsStampsApart: Bool
    /// For writers that append to an array (`add(at:_:)`).
    private var scratch: [UInt8] = []

    /// Gathered bytes are written once there are this many.
    static let flushSize = 1 << 20

    init(sink: any ByteSink, keepingStampsApart: Bool = true) {
        self.sink = sink
        keepsStampsApart = keepingStampsApart
        // Allocated at the first write: an output that writes nothing costs nothing.
        capacity = 0
        buffer = .allocate(capacity: 0)
    }

    deinit { buffer.deallocate() }

    /// Appends what `write` writes through a writer, at most `bound` bytes, stamped `stamp`.
    func add(at stamp: Nanoseconds, upTo bound: Int, _ write: (inout JSONWriter) -> Void) throws {
        if used > 0 && (stamp != self.stamp && keepsStampsApart || used + bound > capacity) { try flush() }
        if bound > capacity {
            // Room for a megabyte and the line that passes it, or for a write larger than that
            // (a long text's graphemes at one instant).
            buffer.deallocate()
            capacity = max(bound, Self.flushSize + (1 << 16))
            buffer = .allocate(capacity: capacity)
        }
        self.stamp = stamp
        var writer = JSONWriter(position: buffer + used)
        write(&writer)
        used = writer.position - buffer
        if used >= Self.flushSize { try flush() }
    }

    /// Appends `bytes`, then `terminator` if given.
    func add(at stamp: Nanoseconds, _ bytes: UnsafeBufferPointer<UInt8>, then terminator: UInt8? = nil) throws {
        try add(at: stamp, upTo: bytes.count + 1) { writer in
            writer.bytes(bytes)
            if let terminator { writer.byte(terminator) }
        }
    }

    /// Appends what `write` appends to an array (lines built from values, off the hot paths).
    func add(at stamp: Nanoseconds, _ write: (inout [UInt8]) -> Void) throws {
        scratch.removeAll(keepingCapacity: true)
        write(&scratch)
        try scratch.withUnsafeBufferPointer { try add(at: stamp, $0) }
    }

    func flush() throws {
        guard used > 0 else { return }
        let count = used
        used = 0
        try sink.write(contentsOf: UnsafeRawBufferPointer(start: buffer, count: count), at: stamp)
    }
}
