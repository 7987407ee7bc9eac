/// A sink that draws on an in-memory terminal: what a performance would write to a real terminal is
/// fed to a `TerminalEmulator`, whose cells can then be composed into a larger screen. The overlay
/// plays its band this way, so every performance and effect works there unchanged.
public final class EmulatorSink: ByteSink {
    public let emulator: TerminalEmulator
    /// Whether anything was written since `takeChanged()`.
    private var changed = false

    /// Draws on `emulator`.
    public init(_ emulator: TerminalEmulator) { self.emulator = emulator }

    public func write(_ bytes: [UInt8], at instant: Nanoseconds) throws {
        guard !bytes.isEmpty else { return }
        emulator.feed(bytes)
        changed = true
    }

    /// Whether anything was drawn since the last call.
    public func takeChanged() -> Bool {
        defer { changed = false }
        return changed
    }
}
