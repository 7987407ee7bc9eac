import Testing
@testable import GhostpipeCore

/// What text outputs write in a turn is gathered into few writes (`GatheredWrites`), in memory it
/// owns and reuses: every byte comes out once, in order, at its instant, whatever the sizes.
@Suite struct GatheredWritesTests {
    @Test func writesComeOutWholeInOrderAndApartByInstant() throws {
        let sink = MemorySink()
        // Through a tee: a sink that keeps what it is given must keep a copy, not the reused memory.
        let writes = GatheredWrites(sink: TeeSink([sink]))
        var expected: [(instant: Nanoseconds, bytes: [UInt8])] = []
        func add(_ bytes: [UInt8], at instant: Nanoseconds) throws {
            try bytes.withUnsafeBufferPointer { try writes.add(at: instant, $0, then: 0x0A) }
            if expected.last?.instant == instant { expected[expected.count - 1].bytes += bytes + [0x0A] } else { expected.append((instant, bytes + [0x0A])) }
        }
        // Small writes past a megabyte, one larger than the memory gathered so far, then other instants.
        for k in 0..<30_000 { try add(Array("line \(k) of text at one instant".utf8), at: 1) }
        try add([UInt8](repeating: 0x61, count: 3 << 20), at: 1)
        try add(Array("later".utf8), at: 2)
        try writes.add(at: 3) { $0.append(contentsOf: "built\n".utf8) }
        expected.append((3, Array("built\n".utf8)))
        try writes.flush()

        #expect(sink.writes.count >= 4 && sink.writes.count <= 8, "\(sink.writes.map(\.bytes.count))")
        // Joined by instant, the writes are what was added.
        var joined: [(instant: Nanoseconds, bytes: [UInt8])] = []
        for write in sink.writes {
            if joined.last?.instant == write.instant { joined[joined.count - 1].bytes += write.bytes } else { joined.append(write) }
        }
        #expect(joined.map(\.instant) == expected.map(\.instant))
        #expect(joined.map(\.bytes) == expected.map(\.bytes))
        #expect(sink.writes.allSatisfy { $0.bytes.count <= (3 << 20) + 1 })
    }
}
