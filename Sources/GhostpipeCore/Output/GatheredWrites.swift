/// What a text output (plain, json) writes during one turn of the event loop, gathered into one
/// write: the show flushes once it is up to date, so `--instant` writes a few large blocks instead of
/// one system call per cue or per grapheme batch. Writes stamped with different instants stay apart
/// (a recording keeps each at its instant), and a megabyte is written at once (memory stays bounded).
final class GatheredWrites {
    private let sink: any ByteSink
    private var bytes: [UInt8] = []
    private var stamp: Nanoseconds = 0

    init(sink: any ByteSink) { self.sink = sink }

    /// Appends what `write` writes, stamped `stamp`.
    func add(at stamp: Nanoseconds, _ write: (inout [UInt8]) -> Void) throws {
        if !bytes.isEmpty && stamp != self.stamp { try flush() }
        self.stamp = stamp
        write(&bytes)
        if bytes.count >= 1 << 20 { try flush() }
    }

    func flush() throws {
        guard !bytes.isEmpty else { return }
        // Emptied after the write, not before: a copy taken first would make emptying allocate a
        // fresh buffer (and fault its pages in) at every flush.
        defer { bytes.removeAll(keepingCapacity: true) }
        try sink.write(bytes, at: stamp)
    }
}
