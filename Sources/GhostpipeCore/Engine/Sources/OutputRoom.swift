/// Output waiting for room as a source: a descriptor someone made non-blocking took only part of a
/// write, and the rest is written when it can take more. Keys, signals and deadlines are served
/// meanwhile; the input is not read meanwhile (`InputEvents`' `heldBack`), so what waits stays as
/// small as what one read makes.
public final class OutputRoom: EventSource {
    private let sink: DescriptorSink

    public init(_ sink: DescriptorSink) { self.sink = sink }

    /// Whether output waits for room.
    public var isWaiting: Bool { sink.waitsForRoom }

    public func interest(at now: Nanoseconds) -> Interest { sink.waitsForRoom ? Interest(writer: sink.fd) : .none }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        if wake.writable { try sink.writeWaiting() }
    }
}
