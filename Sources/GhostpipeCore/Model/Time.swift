/// Time in ghostpipe is counted in whole nanoseconds in an `Int64`: instants on `CLOCK_MONOTONIC`,
/// instants on a media timeline (cue times) and the spans between them. Integers never drift the way
/// repeated floating-point additions do, and 2^63 ns is 292 years.
public typealias Nanoseconds = Int64

public enum Time {
    public static let second: Nanoseconds = 1_000_000_000
    public static let millisecond: Nanoseconds = 1_000_000
    /// Times a subtitle file gives are below a million hours (SubRip's six digits of hours): far
    /// past any film, and far enough below 2^63 ns for the offsets and lengths added to them.
    public static let timestampLimit: Nanoseconds = 1_000_000 * 3600 * second

    /// Seconds as a `Double` (for JSON, asciicast and messages).
    @inlinable public static func seconds(_ ns: Nanoseconds) -> Double { Double(ns) / 1e9 }

    /// Nanoseconds from seconds, rounded to the nearest nanosecond; saturated at the ends of the
    /// range (callers check their input against `ValueLimits` first, this only keeps a slip from trapping).
    @inlinable public static func nanoseconds(seconds: Double) -> Nanoseconds {
        Nanoseconds(saturating: (seconds * 1e9).rounded())
    }

    /// Parses a duration as the command line accepts it: `1.5`, `1.5s`, `300ms`, `2m`, `1h`,
    /// `1m30s`, `00:01:02,500`, `1:02.5`, with an optional leading sign (`-0.5s`, for offsets).
    public static func parseDuration(_ text: String) -> Nanoseconds? {
        var s = Substring(text.trimmingASCIIWhitespace())
        guard !s.isEmpty else { return nil }
        var sign: Nanoseconds = 1
        if s.first == "-" { sign = -1; s = s.dropFirst() } else if s.first == "+" { s = s.dropFirst() }
        guard !s.isEmpty else { return nil }
        if s.contains(":") {
            // [[h:]m:]s[.,fraction]
            let fields = s.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count <= 3 else { return nil }
            var total: Nanoseconds = 0
            for (i, field) in fields.enumerated() {
                let isLast = i == fields.count - 1
                if isLast {
                    guard let v = parseDecimalSeconds(field, allowComma: true),
                          let sum = timesSixty(total, plus: v) else { return nil }
                    total = sum
                } else {
                    guard !field.isEmpty, field.count <= 9, field.allSatisfy(\.isASCIIDigit),
                          let v = Int64(field), let sum = timesSixty(total, plus: v * second) else { return nil }
                    total = sum
                }
            }
            return sign * total
        }
        // A sequence of number+unit pairs (`1m30s`), or one bare number of seconds.
        var total: Nanoseconds = 0
        var rest = s
        var sawUnit = false
        while !rest.isEmpty {
            let numberEnd = rest.firstIndex(where: { !($0.isASCIIDigit || $0 == ".") }) ?? rest.endIndex
            let number = rest[..<numberEnd]
            rest = rest[numberEnd...]
            let unitEnd = rest.firstIndex(where: { $0.isASCIIDigit || $0 == "." }) ?? rest.endIndex
            let unit = rest[..<unitEnd]
            rest = rest[unitEnd...]
            guard !number.isEmpty, let seconds = parseDecimalSeconds(number, allowComma: false) else { return nil }
            let scale: (num: Int64, den: Int64)
            switch unit {
            case "": guard !sawUnit, rest.isEmpty else { return nil }; scale = (1, 1)
            case "ns": scale = (1, 1_000_000_000)
            case "us", "µs": scale = (1, 1_000_000)
            case "ms": scale = (1, 1000)
            case "s": scale = (1, 1)
            case "m", "min": scale = (60, 1)
            case "h": scale = (3600, 1)
            default: return nil
            }
            sawUnit = sawUnit || !unit.isEmpty
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: scale.num)
            let (sum, sumOverflow) = total.addingReportingOverflow(scaled / scale.den)
            guard !overflow, !sumOverflow else { return nil }
            total = sum
        }
        return sign * total
    }

    /// `12`, `12.5`, `12,5` (comma only where timestamps use it) → nanoseconds.
    static func parseDecimalSeconds(_ s: Substring, allowComma: Bool) -> Nanoseconds? {
        guard !s.isEmpty else { return nil }
        let separatorIndex = s.firstIndex(where: { $0 == "." || (allowComma && $0 == ",") })
        let whole = separatorIndex.map { s[..<$0] } ?? s
        let fraction = separatorIndex.map { s[s.index(after: $0)...] } ?? ""
        guard whole.count <= 11, whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit),
              !(whole.isEmpty && fraction.isEmpty) else { return nil }
        // Up to 11 digits of seconds: more than an Int64 of nanoseconds holds, so check.
        let (wholeNs, overflow) = (whole.isEmpty ? 0 : Int64(whole) ?? 0).multipliedReportingOverflow(by: second)
        guard !overflow else { return nil }
        var fractionNs: Nanoseconds = 0
        var scale = second / 10
        for digit in fraction.prefix(9) {
            fractionNs += Int64(digit.asciiValue! - 48) * scale
            scale /= 10
        }
        let (ns, sumOverflow) = wholeNs.addingReportingOverflow(fractionNs)
        return sumOverflow ? nil : ns
    }

    /// `total * 60 + value`, or nil when that does not fit in an Int64.
    static func timesSixty(_ total: Nanoseconds, plus value: Nanoseconds) -> Nanoseconds? {
        let (product, overflow) = total.multipliedReportingOverflow(by: 60)
        let (sum, sumOverflow) = product.addingReportingOverflow(value)
        return overflow || sumOverflow ? nil : sum
    }

    /// `1:02:03.500`-style rendering for status lines and messages.
    public static func format(_ ns: Nanoseconds) -> String {
        let negative = ns < 0
        let ms = Int64(ns.magnitude / UInt64(millisecond))  // -Int64.min has no Int64
        let h = ms / 3_600_000, m = ms / 60_000 % 60, s = ms / 1000 % 60, f = ms % 1000
        func pad(_ v: Int64, _ width: Int) -> String {
            let digits = String(v)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return (negative ? "-" : "") + "\(h):\(pad(m, 2)):\(pad(s, 2)).\(pad(f, 3))"
    }
}

extension Character {
    @inlinable var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}

extension StringProtocol {
    func trimmingASCIIWhitespace() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
