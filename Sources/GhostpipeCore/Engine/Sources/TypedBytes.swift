/// Bytes typed on the terminal, as typed (the overlay's raw mode: Ctrl-C and Ctrl-Z are data for its
/// program). Read only while `wanted` says so: keys wait in the kernel while the program does not
/// take them, or while ghostpipe is in the background, where reading would stop it.
public final class TypedBytes: EventSource {
    private let keyboard: ControllingTerminal
    private let wanted: () -> Bool
    private var buffer = [UInt8].readBuffer()

    public init(_ keyboard: ControllingTerminal, wanted: @escaping () -> Bool) {
        self.keyboard = keyboard
        self.wanted = wanted
    }

    public func interest(at now: Nanoseconds) -> Interest { wanted() ? Interest(descriptor: keyboard.descriptor) : .none }

    public func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        let n = buffer.withUnsafeMutableBytes { keyboard.read(into: $0) }
        guard n > 0 else { return }
        try buffer.withUnsafeBufferPointer { try deliver(.program(.typed(UnsafeBufferPointer(rebasing: $0[..<n])))) }
    }
}
