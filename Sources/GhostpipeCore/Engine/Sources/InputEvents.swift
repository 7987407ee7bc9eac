/// What the handler of the input says about it: whether it wants more now (backpressure keeps
/// memory bounded on endless input) and whether it holds part of it back waiting for what follows.
public protocol InputDemand: AnyObject {
    var wantsInput: Bool { get }
    /// An unfinished grapheme or word is held: a pause in the input of `idleFlush` shows it.
    var holdsPartialInput: Bool { get }
    /// The most bytes it takes at a time (at most `InputEvents.readSize`): each read is handled
    /// whole before the next, so this is also the size of every buffer the handler fills from it.
    var readSize: Int { get }
    /// The input is live (it rewrites its text: see `StreamSchedule`): what it holds back shows
    /// after a pause of `liveFlush`, within the lag bound, rather than `idleFlush`.
    var isLive: Bool { get }
}

extension InputDemand {
    public var readSize: Int { InputEvents.readSize }
    public var isLive: Bool { false }
}

/// The input (FILE arguments or stdin, or scripted chunks in tests) as events: `.inputFile` when a
/// file begins, `.input` as bytes arrive, `.inputPaused` when it stays quiet while something is
/// held, `.inputEnded` at the end. Reads only while the handler wants input.
///
/// Input and output flow as one pipe, as through `cat`: when `output` could not take everything
/// (a descriptor someone made non-blocking, a slow reader), nothing more is read; the loop writes
/// what waits when the descriptor has room, serving keys, signals and deadlines meanwhile.
public final class InputEvents: EventSource {
    private let source: any ByteSource
    private weak var demand: (any InputDemand)?
    /// Where what is read goes, when its writes may have to wait for room.
    private let output: DescriptorSink?
    /// An input that pauses this long shows a word or grapheme it was holding back.
    public var idleFlush: Nanoseconds = 300 * Time.millisecond
    /// Live input: the last grapheme of a write is shown this soon (a cluster that goes on in the
    /// next write is rarer than a recogniser's next hypothesis is late).
    public var liveFlush: Nanoseconds = 20 * Time.millisecond
    private var lastInput: Nanoseconds?
    private var ended = false
    private var buffer = [UInt8].readBuffer(InputEvents.readSize)
    /// The most read at a time (what a copy to a pipe or a subtitle parser takes).
    public static let readSize = 1 << 16

    public init(_ source: any ByteSource, demand: any InputDemand, output: DescriptorSink? = nil) {
        self.source = source
        self.demand = demand
        self.output = output
    }

    public func interest(at now: Nanoseconds) -> Interest {
        if let output, output.waitsForRoom { return Interest(writer: output.fd) }
        guard !ended, let demand, demand.wantsInput else { return .none }
        var interest = Interest()
        let last = lastInput ?? now
        let flush = demand.isLive ? liveFlush : idleFlush
        if lastInput == nil { lastInput = now }
        if let fd = source.descriptor {
            interest.descriptor = fd
            if demand.holdsPartialInput { interest.idleTimeout = max(0, last + flush - now) }
        } else {
            // Nothing to poll: bytes read ahead, the end of the files, or scripted input. Read when
            // due, which is now unless the input names an instant; a pause is an instant too.
            interest.instant = source.nextArrival ?? now
            if demand.holdsPartialInput { interest.instant = min(interest.instant!, last + flush) }
        }
        return interest
    }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        if wake.writable {
            try output?.writeWaiting()
            return
        }
        let scripted = source.descriptor == nil
        if wake.readable || (scripted && (source.nextArrival ?? now) <= now) {
            let size = max(1, min(buffer.count, demand?.readSize ?? buffer.count))
            let result = buffer.withUnsafeMutableBytes { source.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<size]), now: now) }
            switch result {
            case .bytes(let n):
                lastInput = now
                try buffer.withUnsafeBufferPointer { try deliver(.input(UnsafeBufferPointer(rebasing: $0[..<n]))) }
            case .file(let name):
                lastInput = now
                try deliver(.inputFile(name))
            case .end:
                ended = true
                try deliver(.inputEnded)
            case .notReady:
                break
            }
            return
        }
        if let demand, demand.holdsPartialInput, wake.idle || (scripted && now >= (lastInput ?? now) + (demand.isLive ? liveFlush : idleFlush)) {
            lastInput = now
            try deliver(.inputPaused)
        }
    }
}
