import Testing
@testable import GhostpipeCore
#if canImport(Glibc)
import Glibc
#endif

/// Output to a descriptor someone made non-blocking, whose reader is slow: what it cannot take now
/// waits in the sink, and the loop writes it when there is room while it goes on serving keys,
/// signals and deadlines (no wait of its own in the sink).
@Suite struct OutputWaitingForRoom {
    /// A pipe whose write end is non-blocking and already full.
    final class FullPipe {
        let read: Int32, write: Int32
        init() {
            var fds: [Int32] = [-1, -1]
            _ = pipe(&fds)
            (read, write) = (fds[0], fds[1])
            _ = fcntl(write, F_SETFL, fcntl(write, F_GETFL) | O_NONBLOCK)
            let block = [UInt8](repeating: 0x2E, count: 4096)
            while Glibc.write(write, block, block.count) > 0 {}
        }
        /// Reads everything waiting in the pipe.
        func drain() -> [UInt8] {
            _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
            var all: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = Glibc.read(read, &buffer, buffer.count)
                guard n > 0 else { break }
                all += buffer[..<n]
            }
            return all
        }
        deinit { close(read); close(write) }
    }

    @Test func aWriteThatWouldBlockReturnsAndTheRestFollowsInOrderWhenThereIsRoom() throws {
        let pipe = FullPipe()
        let sink = DescriptorSink(fd: pipe.write)
        try sink.write(Array("first ".utf8), at: 0)
        try sink.write(Array("second".utf8), at: 0)
        #expect(sink.waitsForRoom)
        _ = pipe.drain()
        try sink.writeWaiting()
        #expect(!sink.waitsForRoom)
        #expect(pipe.drain() == Array("first second".utf8))
    }

    /// Draws once, then takes events until a key arrives; wants input all along.
    final class DrawThenWaitForKey: EventHandler, InputDemand {
        let sink: DescriptorSink
        var drawn = false
        var events: [String] = []
        var outcome: Outcome?
        init(_ sink: DescriptorSink) { self.sink = sink }
        var wantsInput: Bool { true }
        var holdsPartialInput: Bool { false }
        func handle(_ event: Event, at now: Nanoseconds) throws {
            switch event {
            case .key(let key): events.append("key \(key)"); outcome = .quit
            case .input(let bytes): events.append("input " + String(decoding: bytes, as: UTF8.self))
            default: break
            }
        }
        func advance(to now: Nanoseconds) throws -> Nanoseconds? {
            if !drawn { drawn = true; try sink.write(Array("frame".utf8), at: now) }
            return nil
        }
        func close(interrupted: Bool, at now: Nanoseconds) throws {}
    }

    @Test func keysAreServedAndInputWaitsWhileOutputWaitsForRoom() throws {
        let pipe = FullPipe()
        let sink = DescriptorSink(fd: pipe.write)
        let handler = DrawThenWaitForKey(sink)
        let input = InputEvents(ScriptedInput("more"), demand: handler, output: sink)
        let keys = ScriptedEvents([(1.0, .key(.character("q")))])
        let outcome = try EventLoop(clock: VirtualClock(), sources: [keys, input]).run(handler)
        #expect(outcome == .quit)
        #expect(handler.events == ["key character(\"q\")"])
        #expect(sink.waitsForRoom)
        _ = pipe.drain()
        try sink.finish(on: VirtualClock())
        #expect(pipe.drain() == Array("frame".utf8))
    }

    @Test func theLoopWritesWhatWaitsOnceTheReaderTakesSomeThenReadsAgain() throws {
        let pipe = FullPipe()
        let sink = DescriptorSink(fd: pipe.write)
        let handler = DrawThenWaitForKey(sink)
        let input = InputEvents(ScriptedInput("more"), demand: handler, output: sink)
        try sink.write(Array("late".utf8), at: 0)
        #expect(input.interest(at: 0).writer == pipe.write)
        #expect(input.interest(at: 0).instant == nil)
        _ = pipe.drain()
        try input.wake(SourceWake(readable: false, writable: true, due: false, idle: false), at: 0) { _ in }
        #expect(pipe.drain() == Array("late".utf8))
        #expect(input.interest(at: 0).writer == nil)
        #expect(input.interest(at: 0).instant == 0)
    }
}
