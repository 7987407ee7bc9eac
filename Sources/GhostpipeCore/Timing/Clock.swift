import CGhostpipe
#if canImport(Glibc)
import Glibc
#endif

/// Why a wait ended.
public struct Wake: Sendable {
    /// The deadline passed.
    public var deadline = false
    /// The real-time idle timeout passed with no descriptor ready.
    public var idle = false
    /// Descriptors that are readable (indices into the `descriptors` argument).
    public var readable: [Int] = []
    public init() {}
}

/// The player's sense of time. Real playback uses `MonotonicClock`; tests, `--instant` and recordings
/// use `VirtualClock`, on which waiting for a deadline takes no time at all.
public protocol Clock: AnyObject {
    /// The current instant.
    func now() -> Nanoseconds
    /// Waits until `deadline` (nil: no deadline), until one of `descriptors` is readable, or until
    /// `idleTimeout` of real time passes with none readable — whichever comes first.
    func wait(until deadline: Nanoseconds?, descriptors: [Int32], idleTimeout: Nanoseconds?) -> Wake
}

/// CLOCK_MONOTONIC: deadlines are absolute instants on it, so sleeping late once never delays what
/// follows. Sleeping without descriptors is one `clock_nanosleep(TIMER_ABSTIME)`; with descriptors to
/// watch, `ppoll` with the time left recomputed from the absolute deadline on every wake.
public final class MonotonicClock: Clock {
    public init() {
        // 1 µs of timer slack instead of the default 50 µs: lateness is what we sell.
        _ = gp_set_timer_slack(1000)
    }

    public func now() -> Nanoseconds {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Nanoseconds(ts.tv_sec) * Time.second + Nanoseconds(ts.tv_nsec)
    }

    public func wait(until deadline: Nanoseconds?, descriptors: [Int32], idleTimeout: Nanoseconds?) -> Wake {
        var wake = Wake()
        if descriptors.isEmpty && idleTimeout == nil {
            guard let deadline else { pause(); return wake }  // nothing could ever wake us but a signal
            var ts = timespec(tv_sec: Int(deadline / Time.second), tv_nsec: Int(deadline % Time.second))
            let result = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil)
            wake.deadline = result == 0
            return wake
        }
        let start = now()
        var timeout: Nanoseconds = -1
        if let deadline { timeout = max(0, deadline - start) }
        if let idleTimeout { timeout = timeout < 0 ? idleTimeout : min(timeout, idleTimeout) }
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let count = fds.withUnsafeMutableBufferPointer { gp_ppoll($0.baseAddress, UInt($0.count), timeout) }
        if count > 0 {
            wake.readable = fds.indices.filter { fds[$0].revents != 0 }
        } else if count == 0 {
            if let deadline, now() >= deadline { wake.deadline = true } else { wake.idle = idleTimeout != nil }
        }
        return wake
    }
}

/// A clock that only moves when the player waits for a deadline: it jumps there at once. Input that is
/// ready is always taken first; input that is not yet ready is waited for in real time (so `--instant`
/// still follows a live pipe), and scripted test input arrives at the virtual instants it names.
public final class VirtualClock: Clock {
    public private(set) var current: Nanoseconds

    public init(start: Nanoseconds = 0) { current = start }

    public func now() -> Nanoseconds { current }

    /// Moves the clock (for tests).
    public func advance(to instant: Nanoseconds) { current = max(current, instant) }

    public func wait(until deadline: Nanoseconds?, descriptors: [Int32], idleTimeout: Nanoseconds?) -> Wake {
        var wake = Wake()
        if !descriptors.isEmpty {
            // Ready input first, without waiting.
            wake.readable = Self.poll(descriptors, timeout: 0)
            if !wake.readable.isEmpty { return wake }
        }
        if let deadline {
            current = max(current, deadline)
            wake.deadline = true
            return wake
        }
        if descriptors.isEmpty { wake.idle = true; return wake }
        let timeout = idleTimeout.map { Int32(clamping: $0 / Time.millisecond) } ?? -1
        wake.readable = Self.poll(descriptors, timeout: timeout)
        wake.idle = wake.readable.isEmpty
        return wake
    }

    static func poll(_ descriptors: [Int32], timeout: Int32) -> [Int] {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let count = fds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), timeout) }
        guard count > 0 else { return [] }
        return fds.indices.filter { fds[$0].revents != 0 }
    }
}
