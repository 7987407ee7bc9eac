#if canImport(Glibc)
import Glibc
#endif

/// Input read without ever blocking, for a loop that has other things to do (the overlay): FILEs in
/// order, `-` being stdin. A named pipe is opened at once, before any writer has come (a blocking
/// open would wait for one), and reports its end only after a writer came and went; so a pipe fed
/// by another process shows each line as it arrives (live captions). Reads happen only when the
/// descriptor polls readable.
public final class LiveInput: ByteSource {
    private let names: [String]
    private var index = 0
    private var fd: Int32 = -1
    private let report: (String) -> Void
    /// Whether a file could not be opened or read.
    public private(set) var hadErrors = false

    /// `names` in order (none: stdin); a file that cannot be opened or read is passed to `report`
    /// as `NAME: REASON` and skipped.
    public init(names: [String], report: @escaping (String) -> Void) {
        self.names = names.isEmpty ? ["-"] : names
        self.report = report
    }

    public var descriptor: Int32? {
        openNextIfNeeded()
        return fd >= 0 ? fd : nil
    }

    /// Nothing arrives on a schedule: everything comes through the descriptor (or is at its end).
    public var nextArrival: Nanoseconds? {
        openNextIfNeeded()
        return fd >= 0 ? nil : 0
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, now: Nanoseconds) -> ReadResult {
        while true {
            openNextIfNeeded()
            guard fd >= 0 else { return .end }
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n < 0 {
                let error = errno
                if error == EINTR || error == EAGAIN { return .notReady }
                fail(names[index - 1], error)
            }
            if fd > 0 { close(fd) }
            fd = -1
        }
    }

    private func openNextIfNeeded() {
        while fd < 0 && index < names.count {
            let name = names[index]
            index += 1
            if name == "-" {
                fd = 0
            } else {
                fd = open(name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                if fd < 0 { fail(name, errno) }
            }
        }
    }

    private func fail(_ name: String, _ error: Int32) {
        hadErrors = true
        report("\(name): \(String(cString: strerror(error)))")
    }
}
