/// `--instant` plain output to a pipe or a file: nothing waits and nothing is cleaned, so the text
/// is copied as it arrives, as `cat` copies it — no segmenting, no per-grapheme work — at the speed
/// of the reads and writes. Output still begins before the input ends, and memory stays bounded.
final class RawCopy: TextReveal {
    private let output: any RawCopyTarget
    private var pending: [UInt8] = []
    private var ended = false

    /// `output`: what the output offers for bytes as they are (`Output.rawCopyTarget`).
    init(into output: any RawCopyTarget) { self.output = output }

    /// Bytes as read (the text run hands them over instead of clusters).
    func take(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) { pending.append(contentsOf: bytes) }
    var readsBytes: Bool { true }

    var wantsInput: Bool { pending.count < 1 << 20 }
    var holdsPartialInput: Bool { false }
    var isDone: Bool { ended && pending.isEmpty }
    var end: Placement { Placement(row: 0, column: 0, width: 0) }

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds) {
        batch.bytes[..<batch.byteCount].withUnsafeBufferPointer { take($0, at: now) }
    }
    func paused(at now: Nanoseconds) {}
    func ended(at now: Nanoseconds) { ended = true }

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        guard !pending.isEmpty else { return nil }
        try output.copy(pending, at: now)
        pending.removeAll(keepingCapacity: true)
        return nil
    }

    func drawn(at now: Nanoseconds) -> Bool { false }
    func showEverything(at now: Nanoseconds) {}
    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {}
    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {}
}
