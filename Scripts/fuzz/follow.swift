// Fuzz target `follow`: bytes → what `--follow` reads from a player: each line as mpv's JSON IPC
// (JSONValue, then MPVState) and as the plain clock's `SECONDS [paused]` (PlayerClockLine), and the
// whole input through PlayerClockEvents in chunks at virtual instants. Properties: parsing is
// deterministic; a playhead's speed stays positive and finite; the clock's source ends once.
import GhostpipeCore

final class Collector: EventHandler {
    var ended = 0
    var outcome: Outcome?
    func handle(_ event: Event, at now: Nanoseconds) throws {
        switch event {
        case .followed(let playhead):
            require(ValueLimits.speed.contains(playhead.speed), "clock: speed \(playhead.speed)")
        case .playerEnded: ended += 1; outcome = .finished
        default: break
        }
    }
    func advance(to now: Nanoseconds) throws -> Nanoseconds? { nil }
    func close(interrupted: Bool, at now: Nanoseconds) throws {}
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = amplified(data, size)
    var mpv = MPVState()
    var now: Nanoseconds = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        now += 7_000_000
        let value = JSONValue.parse(line)
        require(value == JSONValue.parse(Array(line)), "json: parsing is not deterministic")
        if let value {
            _ = mpv.take(value, at: now)
            let playhead = mpv.playhead
            require(ValueLimits.speed.contains(playhead.speed), "mpv: speed \(playhead.speed)")
            // Within the range as said, plus what it ran on since at most 100 times the speed.
            require(abs(playhead.anchorPosition) <= 2 * ValueLimits.time.upperBound, "mpv: position \(playhead.anchorPosition)")
            // Far instants and positions: saturated, never a trap.
            _ = playhead.position(at: now + 1_000_000_000)
            _ = playhead.position(at: .max)
            _ = playhead.instant(of: .max)
            _ = playhead.instant(of: .min)
        }
        if case .success(let clock)? = PlayerClockLine.parse(Substring(String(decoding: line, as: UTF8.self))) {
            require(ValueLimits.time.contains(clock.position), "clock: position \(clock.position)")
            require(clock.speed.map { ValueLimits.speed.contains($0) } ?? true, "clock: speed \(String(describing: clock.speed))")
        }
    }
    // The whole input as the plain clock's stream, in chunks of the first byte's size.
    let step = max(1, Int(bytes.first ?? 1) % 64)
    var chunks: [(at: Nanoseconds, bytes: [UInt8])] = []
    var i = 0
    while i < bytes.count {
        chunks.append((Nanoseconds(chunks.count) * 10_000_000, Array(bytes[i..<min(bytes.count, i + step)])))
        i += step
    }
    let collector = Collector()
    let clock = PlayerClockEvents(ScriptedInput(chunks), name: "fuzz") { message in
        require(!message.isEmpty && message.hasPrefix("fuzz:"), "clock: message \(message)")
    }
    _ = try? EventLoop(clock: VirtualClock(), sources: [clock]).run(collector)
    require(collector.ended == 1, "clock: ended \(collector.ended) times")
    return 0
}
