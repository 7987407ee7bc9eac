/// One line of the plain player clock (`--follow fd:N` or `--follow FILE`): `SECONDS [paused]`, the
/// player's position when the line was written, optionally `paused` (or `playing`) and `speed=F`.
/// `12.5`, `12.5 paused`, `0 playing speed=1.5`.
public struct PlayerClockLine: Equatable, Sendable {
    public var position: Nanoseconds
    public var paused: Bool
    /// nil: the speed said before (or `--speed`).
    public var speed: Double?

    public init(position: Nanoseconds, paused: Bool = false, speed: Double? = nil) {
        self.position = position
        self.paused = paused
        self.speed = speed
    }

    /// Lines longer than this are not a clock (and are not kept whole in memory).
    public static let maxLength = 200

    /// Parses `line` (without its newline); a blank line is nil with no problem.
    public static func parse(_ line: Substring) -> Result<PlayerClockLine, Problem>? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let first = words.first else { return nil }
        guard let seconds = Double(first), seconds.isFinite,
              first.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }) else {
            return .failure(Problem("bad position '\(first)' (want seconds, like 12.5)"))
        }
        guard ValueLimits.seconds.contains(seconds) else {
            return .failure(Problem("position '\(first)' is out of range (within \(ValueLimits.timeDescription))"))
        }
        var result = PlayerClockLine(position: Time.nanoseconds(seconds: seconds))
        for word in words.dropFirst() {
            switch word.lowercased() {
            case "paused", "pause": result.paused = true
            case "playing", "play": result.paused = false
            default:
                if word.lowercased().hasPrefix("speed="), let f = Double(word.dropFirst(6)), f.isFinite {
                    guard ValueLimits.speed.contains(f) else {
                        return .failure(Problem("'\(word)' is out of range (from \(ValueLimits.describe(ValueLimits.speed)))"))
                    }
                    result.speed = f
                } else {
                    return .failure(Problem("unknown word '\(word)' (want paused, playing or speed=F)"))
                }
            }
        }
        return .success(result)
    }

    public struct Problem: Error, Equatable, Sendable {
        public var message: String
        init(_ message: String) { self.message = message }
    }
}
