/// The ranges every time, rate and speed is held to where it enters ghostpipe (options, files, a
/// followed player), and the saturating arithmetic used past that border. A value outside its range
/// is refused with a message naming it and where it came from; inside them no sum or product of
/// nanoseconds that the program forms can leave an `Int64`, and where one still could (a time divided
/// by a small speed) the arithmetic saturates instead of trapping.
public enum ValueLimits {
    /// Times given on the command line or by a player: within ±100,000 hours (11 years).
    public static let hours: Int64 = 100_000
    public static let time: ClosedRange<Nanoseconds> = -(hours * 3600 * Time.second)...(hours * 3600 * Time.second)
    /// The same range in seconds, for values that arrive as floating point.
    public static let seconds: ClosedRange<Double> = -Double(hours * 3600)...Double(hours * 3600)
    /// Rates (`--cps`, `--wpm`): from one grapheme in 1,000 s to a million a second.
    public static let rate: ClosedRange<Double> = 1e-3...1e6
    /// Playback speeds (`--speed`, a player's speed): from a hundredth to a hundred times.
    public static let speed: ClosedRange<Double> = 0.01...100

    /// `0.001 to 1000000`, for messages.
    public static func describe(_ range: ClosedRange<Double>) -> String {
        "\(describe(range.lowerBound)) to \(describe(range.upperBound))"
    }

    /// A number as people write it: `100`, not `100.0`.
    public static func describe(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A time as it was said, in hours when past a day: `±100,000 hours`.
    public static let timeDescription = "±100,000 hours"
}

extension Int64 {
    /// `value` rounded toward zero, clamped to the Int64 range (NaN is 0): the conversion for a
    /// product or quotient of times that may leave the range, where `Int64(value)` would trap.
    @inlinable public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 0x1p63 {
            self = .max
        } else if value < -0x1p63 {
            self = .min
        } else {
            self = Int64(value)
        }
    }

    /// `self + other`, clamped to the Int64 range instead of trapping.
    @inlinable public func saturatingAdding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, clamped to the Int64 range instead of trapping.
    @inlinable public func saturatingSubtracting(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }
}
