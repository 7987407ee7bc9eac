#if canImport(Glibc)
import Glibc
#endif

/// The outcome of one read.
public enum ReadResult: Equatable, Sendable {
    case bytes(Int)
    /// The next file begins (its name, `-` for stdin); its bytes follow.
    case file(String)
    /// Nothing available yet (wait for the descriptor, or for `nextArrival`).
    case notReady
    /// All input has been read.
    case end
}

/// Where input bytes come from: the files on the command line (or stdin), or a script of timed
/// chunks in tests.
public protocol ByteSource: AnyObject {
    /// A descriptor to poll for readability, when reading could block.
    var descriptor: Int32? { get }
    /// For scripted input on a virtual clock: the instant the next bytes arrive.
    var nextArrival: Nanoseconds? { get }
    /// Reads what is available into `buffer` (never blocks if `descriptor` was reported readable).
    func read(into buffer: UnsafeMutableRawBufferPointer, now: Nanoseconds) -> ReadResult
}

/// FILE arguments in order, `-` meaning stdin. A file that cannot be opened or read is reported with
/// `ghostpipe: NAME: REASON` through `report` and skipped; the others still play.
///
/// `openingWithoutWaiting` (for a loop with other things to do, the overlay): files are opened
/// non-blocking, so a named pipe is open at once, before any writer has come (a blocking open would
/// wait for one), and reports its end only after a writer came and went — a pipe fed by another
/// process shows each line as it arrives (live captions). Reads happen only when it polls readable.
public final class InputFiles: ByteSource {
    private var names: [String]
    private var index = 0
    private var fd: Int32 = -1
    /// The file just opened, not yet announced by `read`.
    private var announced = true
    private let report: (String) -> Void
    private let openFlags: Int32
    /// Whether any file failed (the exit status becomes 1).
    public private(set) var hadErrors = false
    /// The name of the file being read (for messages).
    public private(set) var currentName: String?

    public init(names: [String], openingWithoutWaiting: Bool = false, report: @escaping (String) -> Void) {
        self.names = names.isEmpty ? ["-"] : names
        self.report = report
        openFlags = O_RDONLY | O_CLOEXEC | (openingWithoutWaiting ? O_NONBLOCK : 0)
    }

    public var descriptor: Int32? {
        openNextIfNeeded()
        return fd >= 0 && announced ? fd : nil  // a new file's name is news now, without waiting
    }

    /// Whether `name` is a regular file (its format can be told from its start and its name; a pipe's
    /// from its first lines, as they come).
    public static func isRegularFile(_ name: String) -> Bool {
        var info = stat()
        return stat(name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// All the names, in order (`-` for stdin).
    public var allNames: [String] { names }

    public var nextArrival: Nanoseconds? { nil }

    public func read(into buffer: UnsafeMutableRawBufferPointer, now: Nanoseconds) -> ReadResult {
        while true {
            openNextIfNeeded()
            guard fd >= 0 else { return .end }
            if !announced {
                announced = true
                return .file(currentName ?? "-")
            }
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n < 0 {
                let error = errno
                if error == EINTR || error == EAGAIN { return .notReady }
                fail(currentName ?? "-", error)
            }
            closeCurrent()
        }
    }

    private func openNextIfNeeded() {
        while fd < 0 && index < names.count {
            let name = names[index]
            index += 1
            currentName = name
            if name == "-" {
                fd = 0
            } else {
                fd = open(name, openFlags)
                if fd < 0 { fail(name, errno) }
            }
            announced = fd < 0
        }
    }

    private func closeCurrent() {
        if fd > 0 { close(fd) }
        fd = -1
    }

    private func fail(_ name: String, _ error: Int32) {
        hadErrors = true
        report("\(name): \(String(cString: strerror(error)))")
    }
}

/// Input for tests: chunks of bytes that arrive at given instants of a virtual clock.
public final class ScriptedInput: ByteSource {
    private var chunks: [(at: Nanoseconds, bytes: [UInt8])]

    public init(_ chunks: [(at: Nanoseconds, bytes: [UInt8])]) {
        self.chunks = chunks.sorted { $0.at < $1.at }
    }

    public convenience init(_ text: String) { self.init([(0, Array(text.utf8))]) }

    public var descriptor: Int32? { nil }
    public var nextArrival: Nanoseconds? { chunks.first?.at }

    public func read(into buffer: UnsafeMutableRawBufferPointer, now: Nanoseconds) -> ReadResult {
        guard let first = chunks.first else { return .end }
        guard first.at <= now else { return .notReady }
        let n = min(buffer.count, first.bytes.count)
        first.bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        if n == first.bytes.count { chunks.removeFirst() } else { chunks[0].bytes.removeFirst(n) }
        return .bytes(n)
    }
}

/// Input that has already been read in full (subtitles): the player reads nothing more.
public final class NoInput: ByteSource {
    public init() {}
    public var descriptor: Int32? { nil }
    public var nextArrival: Nanoseconds? { nil }
    public func read(into buffer: UnsafeMutableRawBufferPointer, now: Nanoseconds) -> ReadResult { .end }
}

/// An inherited descriptor (`--follow fd:N`), read when it polls readable; its end is the end.
public final class DescriptorInput: ByteSource {
    private var fd: Int32

    public init(_ fd: Int32) { self.fd = fd }

    /// Whether `fd` is an open descriptor.
    public static func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) >= 0 }

    public var descriptor: Int32? { fd >= 0 ? fd : nil }
    public var nextArrival: Nanoseconds? { nil }

    public func read(into buffer: UnsafeMutableRawBufferPointer, now: Nanoseconds) -> ReadResult {
        guard fd >= 0 else { return .end }
        let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
        if n > 0 { return .bytes(n) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return .notReady }
        close(fd)
        fd = -1
        return .end
    }
}
