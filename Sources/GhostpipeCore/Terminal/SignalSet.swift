/// Signals as a bit mask over their numbers (1…64): what `SelfPipeSignals` installs. A mask, not an
/// array: it is built at every start, where an array of a type of its own costs its metadata.
public struct SignalSet: Sendable, Equatable {
    private var bits: UInt64 = 0
    public init() {}

    /// Every signal whose default action ends the process and that a program may catch
    /// (`Signal.ends`): each restores the terminal first, as Ctrl-C does (left to its default,
    /// SIGQUIT or SIGUSR1 left the cursor hidden, raw mode or the alternate screen on).
    public static let terminating: SignalSet = {
        var set = SignalSet()
        for number in Int32(1)...64 where Signal.endsProcess(number) { set.bits |= 1 << UInt64(number - 1) }
        return set
    }()

    /// Job control and resizes, which a show on a terminal follows.
    public static let jobControl = SignalSet().with(.suspend).with(.resume).with(.windowChange)

    /// This set and `signal`.
    public func with(_ signal: Signal) -> SignalSet {
        guard (1...64).contains(signal.number) else { return self }
        var set = self
        set.bits |= 1 << UInt64(signal.number - 1)
        return set
    }

    public func union(_ other: SignalSet) -> SignalSet {
        var set = self
        set.bits |= other.bits
        return set
    }

    public func contains(_ signal: Signal) -> Bool {
        (1...64).contains(signal.number) && bits & (1 << UInt64(signal.number - 1)) != 0
    }

    /// Each signal of the set, by increasing number.
    public func forEach(_ body: (Signal) -> Void) {
        var rest = bits
        while rest != 0 {
            let bit = rest.trailingZeroBitCount
            body(Signal(Int32(bit + 1)))
            rest &= rest - 1
        }
    }
}
