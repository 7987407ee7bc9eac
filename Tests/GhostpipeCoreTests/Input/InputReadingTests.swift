import Testing
@testable import GhostpipeCore

/// How the input is read: all of it, in order, and no more at a time than its handler takes
/// (`InputDemand.readSize`: paced text takes 8 KiB, so that every buffer after the read stays small).
@Suite struct InputReading {
    final class Demand: InputDemand {
        let readSize: Int
        init(readSize: Int) { self.readSize = readSize }
        var wantsInput: Bool { true }
        var holdsPartialInput: Bool { false }
    }

    /// The reads `InputEvents` delivers for `text` to a handler taking `readSize` bytes at a time.
    func reads(of text: [UInt8], readSize: Int) throws -> [[UInt8]] {
        let demand = Demand(readSize: readSize)  // held here: the reader holds it weakly
        let events = InputEvents(ScriptedInput([(0, text)]), demand: demand)
        var (reads, ended) = ([[UInt8]](), false)
        while !ended {
            try events.wake(SourceWake(readable: false, due: true, idle: false), at: 0) { event in
                switch event {
                case .input(let bytes): reads.append(Array(bytes))
                case .inputEnded: ended = true
                default: break
                }
            }
        }
        withExtendedLifetime(demand) {}
        return reads
    }

    @Test func eachReadIsAtMostWhatTheHandlerTakesAtATime() throws {
        let text = (0..<100_000).map { UInt8(0x41 + $0 % 26) }
        let small = try reads(of: text, readSize: 30_000)
        #expect(small.map(\.count) == [30_000, 30_000, 30_000, 10_000])
        #expect(Array(small.joined()) == text)
        // Never more than the reader's own buffer, whatever the handler would take.
        let large = try reads(of: text, readSize: 1 << 30)
        #expect(large.map(\.count) == [InputEvents.readSize, text.count - InputEvents.readSize])
        #expect(Array(large.joined()) == text)
    }
}
