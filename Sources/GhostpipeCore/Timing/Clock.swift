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
    /// Descriptors that can be written without blocking (indices into the `writers` argument).
    public var writable: [Int] = []
    public init() {}
}

/// The player's sense of time. Real playback uses `MonotonicClock`; tests, `--instant` and recordings
/// use `VirtualClock`, on which waiting for a deadline takes no time at all.
public protocol Clock: AnyObject {
    /// The current instant.
    func now() -> Nanoseconds
    /// Waits until `deadline` (nil: no deadline), until one of `descriptors` is readable or one of
    /// `writers` writable, or until `idleTimeout` of real time passes with none ready — whichever
    /// comes first.
    func wait(until deadline: Nanoseconds?, descriptors: [Int32], writers: [Int32], idleTimeout: Nanoseconds?) -> Wake
}

extension Clock {
    public func wait(until deadline: Nanoseconds?, descriptors: [Int32], idleTimeout: Nanoseconds?) -> Wake {
        wait(until: deadline, descriptors: descriptors, writers: [], idleTimeout: idleTimeout)
    }
}

/// pollfds for readers then writers.
private func pollDescriptors(_ readers: [Int32], _ writers: [Int32]) -> [pollfd] {
    readers.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } + writers.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
}

/// Splits poll results into readable and writable indices.
private func ready(_ fds: [pollfd], readers: Int, into wake: inout Wake) {
    for i in fds.indices where fds[i].revents != 0 {
        if i < readers { wake.readable.append(i) } else { wake.writable.append(i - readers) }
    }
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

    public func wait(until deadline: Nanoseconds?, descriptors: [Int32], writers: [Int32], idleTimeout: Nanoseconds?) -> Wake {
        var wake = Wake()
        if descriptors.isEmpty && writers.isEmpty && idleTimeout == nil {
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
        var fds = pollDescriptors(descriptors, writers)
        let count = fds.withUnsafeMutableBufferPointer { gp_ppoll($0.baseAddress, UInt($0.count), timeout) }
        if count > 0 {
            ready(fds, readers: descriptors.count, into: &wake)
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

    public func wait(until deadline: Nanoseconds?, descriptors: [Int32], writers: [Int32], idleTimeout: Nanoseconds?) -> Wake {
        var wake = Wake()
        if !descriptors.isEmpty || !writers.isEmpty {
            // Ready descriptors first, without waiting.
            Self.poll(descriptors, writers, timeout: 0, into: &wake)
            if !wake.readable.isEmpty || !wake.writable.isEmpty { return wake }
        }
        if let deadline {
            current = max(current, deadline)
            wake.deadline = true
            return wake
        }
        if descriptors.isEmpty && writers.isEmpty { wake.idle = true; return wake }
        let timeout = idleTimeout.map { Int32(clamping: $0 / Time.millisecond) } ?? -1
        Self.poll(descriptors, writers, timeout: timeout, into: &wake)
        wake.idle = wake.readable.isEmpty && wake.writable.isEmpty
        return wake
    }

    private static func poll(_ readers: [Int32], _ writers: [Int32], timeout: Int32, into wake: inout Wake) {
        var fds = pollDescriptors(readers, writers)
        let count = fds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), timeout) }
        guard count > 0 else { return }
        ready(fds, readers: readers.count, into: &wake)
    }
}
