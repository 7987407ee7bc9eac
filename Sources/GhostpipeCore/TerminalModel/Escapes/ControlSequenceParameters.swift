/// The numeric parameters of a control sequence as they arrive, digit by digit: up to 32 values
/// (xterm keeps 30; further ones are dropped), each either empty (the function's default) or a number
/// saturated at 65535, and for each whether it followed a colon (an ITU T.416 sub-parameter, as in
/// `38:2::255:0:0`) rather than a semicolon.
struct ControlSequenceParameters {
    static let capacity = 32
    static let maximum: Int32 = 65535
    private static let empty: Int32 = -1

    private var values = InlineArray<32, Int32>(repeating: -1)
    private(set) var count = 0
    /// Bit i: parameter i followed a colon.
    private var subparameterBits: UInt32 = 0
    private var current: Int32 = -1
    private var started = false
    private var currentIsSubparameter = false

    mutating func reset() {
        count = 0
        subparameterBits = 0
        current = Self.empty
        started = false
        currentIsSubparameter = false
    }

    @inline(__always)
    mutating func digit(_ byte: UInt8) {
        started = true
        let d = Int32(byte &- 0x30)
        current = current < 0 ? d : min(current &* 10 &+ d, Self.maximum)
    }

    /// `;` (or `:` when `colon`) ends the current parameter and starts the next.
    mutating func separator(colon: Bool) {
        started = true
        store()
        currentIsSubparameter = colon
    }

    /// The final byte: the parameter being read (if any was started) is complete.
    mutating func finish() {
        if started { store() }
        started = false
    }

    private mutating func store() {
        if count < Self.capacity {
            values[count] = current
            if currentIsSubparameter { subparameterBits |= 1 << UInt32(count) }
            count += 1
        }
        current = Self.empty
        currentIsSubparameter = false
    }

    /// Parameter `i`, or `defaultValue` when it is missing or empty.
    @inline(__always)
    func value(_ i: Int, default defaultValue: Int) -> Int {
        guard i < count else { return defaultValue }
        let v = values[i]
        return v < 0 ? defaultValue : Int(v)
    }

    /// Parameter `i` where 0 means the same as the default 1 (cursor movements, counts).
    @inline(__always)
    func count(_ i: Int) -> Int { max(1, value(i, default: 1)) }

    /// Nothing (not even a separator) has arrived yet.
    var isUntouched: Bool { count == 0 && !started }

    func isEmpty(_ i: Int) -> Bool { i >= count || values[i] < 0 }

    /// Whether parameter `i` followed a colon.
    func isSubparameter(_ i: Int) -> Bool { i < count && subparameterBits & (1 << UInt32(i)) != 0 }

    /// The index after the sub-parameters that follow parameter `i` (`i + 1` when none do).
    @inline(__always)
    func subparametersEnd(after i: Int) -> Int {
        // Bits are set only for stored parameters, so the run of ones stops at `count`.
        i + 1 + (~(subparameterBits >> UInt32(i + 1))).trailingZeroBitCount
    }
}
