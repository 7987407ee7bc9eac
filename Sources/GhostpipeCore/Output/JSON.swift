/// The little JSON ghostpipe writes: strings escaped per RFC 8259 (plus DEL and C1 controls, so a
/// reader printing them raw cannot be commanded), and seconds with microsecond precision.
public enum JSON {
    public static func appendString(_ text: some StringProtocol, to out: inout [UInt8]) {
        out.append(0x22)
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        func escape(_ v: Int) { out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[v >> 4], hex[v & 15]]) }
        // Byte by byte over the UTF-8: runs that need no escape are copied whole.
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])
            case 0x09: out.append(contentsOf: [0x5C, 0x74])
            case 0x00..<0x20, 0x7F: escape(Int(byte))
            case 0xC2: break  // decided by the next byte: C2 80…C2 9F are the C1 controls
            case 0x80...0x9F where previous == 0xC2: escape(Int(byte))
            default:
                if previous == 0xC2 { out.append(0xC2) }
                out.append(byte)
            }
        }
        if previous == 0xC2 { out.append(0xC2) }
        out.append(0x22)
    }

    /// Seconds from nanoseconds: `1.5`, `0.04`, `12.000001`, `3.0` — shortest form, at most 6 decimals.
    public static func appendSeconds(_ ns: Nanoseconds, to out: inout [UInt8]) {
        var value = ns
        if value < 0 { out.append(0x2D); value = -value }
        let micros = (value + 500) / 1000
        ANSI.appendNumber(Int(micros / 1_000_000), to: &out)
        out.append(0x2E)
        var fraction = Int(micros % 1_000_000)
        var digits = 6
        while digits > 1 && fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let text = String(fraction)
        out.append(contentsOf: repeatElement(UInt8(0x30), count: digits - text.count))
        out.append(contentsOf: text.utf8)
    }

    /// Seconds with exactly three decimals (cue times: millisecond precision).
    public static func appendMilliseconds(_ ns: Nanoseconds, to out: inout [UInt8]) {
        var value = ns
        if value < 0 { out.append(0x2D); value = -value }
        let millis = (value + 500_000) / 1_000_000
        ANSI.appendNumber(Int(millis / 1000), to: &out)
        out.append(0x2E)
        let fraction = Int(millis % 1000)
        out.append(UInt8(48 + fraction / 100)); out.append(UInt8(48 + fraction / 10 % 10)); out.append(UInt8(48 + fraction % 10))
    }
}
