/// TTML's time expressions under the document's timing parameters (`ttp:frameRate`,
/// `ttp:frameRateMultiplier`, `ttp:subFrameRate`, `ttp:tickRate` on the root):
///
/// - clock time `hh:mm:ss`, `hh:mm:ss.fraction`, `hh:mm:ss:frames` and `hh:mm:ss:frames.subframes`;
/// - offset time `N(.fraction)` followed by `h`, `m`, `s`, `ms`, `f` (frames) or `t` (ticks).
///
/// Leniently also what sloppy writers produce: `mm:ss.fff`, a comma before the fraction, a bare
/// number (seconds), spaces around. `smpte` time bases and drop modes are read as media time: a
/// terminal plays against no timecode.
struct TTMLTimeBase: Sendable {
    /// Frames per second, the multiplier applied (`30` and `1000 1001` give 29.97).
    var frameRate: Double = 30
    var subFrameRate: Double = 1
    var tickRate: Double = 1

    /// The parameters from the root element's attributes (local names, values).
    init(frameRate: String? = nil, multiplier: String? = nil, subFrameRate: String? = nil, tickRate: String? = nil) {
        if let frameRate, let value = Double(frameRate.trimmingASCIIWhitespace()), value > 0, value.isFinite {
            self.frameRate = value
        }
        if let multiplier {
            let parts = multiplier.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
            if parts.count == 2, parts[0] > 0, parts[1] > 0 { self.frameRate *= parts[0] / parts[1] }
        }
        if let subFrameRate, let value = Double(subFrameRate.trimmingASCIIWhitespace()), value > 0, value.isFinite {
            self.subFrameRate = value
        }
        if let tickRate, let value = Double(tickRate.trimmingASCIIWhitespace()), value > 0, value.isFinite {
            self.tickRate = value
        } else if frameRate != nil {
            self.tickRate = self.frameRate * self.subFrameRate   // TTML: the frame rate's when it is given
        }
    }

    /// The time an expression stands for; nil when it is not one.
    func parse(_ text: String) -> Nanoseconds? {
        let s = Array(text.utf8.drop { Bytes.isASCIIWhitespace($0) })
        var end = s.count
        while end > 0, Bytes.isASCIIWhitespace(s[end - 1]) { end -= 1 }
        guard end > 0 else { return nil }
        let bytes = s[0..<end]
        if bytes.contains(58) { return clock(bytes) }                        // :
        // Offset time: digits, an optional fraction, a metric.
        var k = 0
        while k < end, Bytes.isDigit(bytes[k]) || bytes[k] == 46 || bytes[k] == 44 { k += 1 }
        guard k > 0, let number = Self.number(bytes[0..<k]) else { return nil }
        let metric = String(decoding: bytes[k...], as: UTF8.self).lowercased()
        let seconds: Double
        switch metric {
        case "h": seconds = number * 3600
        case "m": seconds = number * 60
        case "s", "": seconds = number
        case "ms": seconds = number / 1000
        case "f": seconds = number / frameRate
        case "t": seconds = number / tickRate
        default: return nil
        }
        return Self.nanoseconds(seconds)
    }

    private func clock(_ bytes: ArraySlice<UInt8>) -> Nanoseconds? {
        let parts = bytes.split(separator: 58, omittingEmptySubsequences: false)
        guard (2...4).contains(parts.count) else { return nil }
        var values: [Double] = []
        var subframes = 0.0
        for (index, part) in parts.enumerated() {
            if index == 3, let dot = part.firstIndex(of: 46) {                            // ff.subframes
                guard let frames = Self.number(part[..<dot]), let sub = Self.number(part[(dot + 1)...]) else { return nil }
                values.append(frames)
                subframes = sub
                continue
            }
            guard let v = Self.number(part) else { return nil }
            values.append(v)
        }
        switch parts.count {
        case 2: return Self.nanoseconds(values[0] * 60 + values[1])                      // mm:ss(.f)
        case 3: return Self.nanoseconds(values[0] * 3600 + values[1] * 60 + values[2])   // hh:mm:ss(.f)
        default:                                                                         // hh:mm:ss:ff(.sub)
            let frames = values[3] + subframes / subFrameRate
            return Self.nanoseconds(values[0] * 3600 + values[1] * 60 + values[2] + frames / frameRate)
        }
    }

    /// Digits with an optional `.` or `,` fraction.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count < 40,
              bytes.allSatisfy({ Bytes.isDigit($0) || $0 == 46 || $0 == 44 }),
              bytes.filter({ $0 == 46 || $0 == 44 }).count <= 1 else { return nil }
        let text = String(decoding: bytes.map { $0 == 44 ? 46 : $0 }, as: UTF8.self)
        guard let value = Double(text.hasPrefix(".") ? "0" + text : text), value.isFinite else { return nil }
        return value
    }

    /// Seconds to nanoseconds, rounded to the microsecond (frame times are inexact in binary), and
    /// bounded (a time past a century is no film's).
    static func nanoseconds(_ seconds: Double) -> Nanoseconds? {
        guard seconds.isFinite, seconds >= 0, seconds < 3_600_000 else { return nil }
        return Nanoseconds((seconds * 1_000_000).rounded()) * 1000
    }
}
