/// HTML character references in cue text (`&amp;`, `&#233;`, `&#xE9;`), as the HTML "consume a
/// character reference" algorithm reads them, with the names subtitles actually use rather than all
/// 2,231 of HTML.
enum CharacterReferences {
    /// Named references, without `&` and `;`.
    static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "lrm": "\u{200E}", "rlm": "\u{200F}", "zwj": "\u{200D}", "zwnj": "\u{200C}", "shy": "\u{AD}",
        "hellip": "\u{2026}", "mdash": "\u{2014}", "ndash": "\u{2013}", "lsquo": "\u{2018}",
        "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "sbquo": "\u{201A}",
        "bdquo": "\u{201E}", "laquo": "\u{AB}", "raquo": "\u{BB}", "lsaquo": "\u{2039}",
        "rsaquo": "\u{203A}", "bull": "\u{2022}", "middot": "\u{B7}", "copy": "\u{A9}", "reg": "\u{AE}",
        "trade": "\u{2122}", "deg": "\u{B0}", "euro": "\u{20AC}", "pound": "\u{A3}", "yen": "\u{A5}",
        "cent": "\u{A2}", "sect": "\u{A7}", "para": "\u{B6}", "times": "\u{D7}", "divide": "\u{F7}",
        "plusmn": "\u{B1}", "frac12": "\u{BD}", "frac14": "\u{BC}", "frac34": "\u{BE}",
        "iexcl": "\u{A1}", "iquest": "\u{BF}", "hearts": "\u{2665}", "spades": "\u{2660}",
        "clubs": "\u{2663}", "diams": "\u{2666}", "larr": "\u{2190}", "rarr": "\u{2192}",
        "uarr": "\u{2191}", "darr": "\u{2193}", "auml": "\u{E4}", "ouml": "\u{F6}", "uuml": "\u{FC}",
        "Auml": "\u{C4}", "Ouml": "\u{D6}", "Uuml": "\u{DC}", "szlig": "\u{DF}", "eacute": "\u{E9}",
        "egrave": "\u{E8}", "ecirc": "\u{EA}", "aacute": "\u{E1}", "agrave": "\u{E0}", "acirc": "\u{E2}",
        "iacute": "\u{ED}", "oacute": "\u{F3}", "uacute": "\u{FA}", "ntilde": "\u{F1}", "ccedil": "\u{E7}",
        "Eacute": "\u{C9}", "Ntilde": "\u{D1}", "Ccedil": "\u{C7}", "ordf": "\u{AA}", "ordm": "\u{BA}",
        "sup2": "\u{B2}", "sup3": "\u{B3}", "micro": "\u{B5}", "emsp": "\u{2003}", "ensp": "\u{2002}",
        "thinsp": "\u{2009}",
    ]

    /// HTML's legacy names that also match without the semicolon (`AT&amp T`, `&nbsp`).
    static let legacyWithoutSemicolon: Set<String> = ["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"]

    /// The tables above by packed name (see ``key(_:_:_:)``): a lookup without making a string.
    /// Every name is ASCII and at most 8 bytes long.
    static let byKey: [UInt64: (scalar: Unicode.Scalar, legacy: Bool)] = {
        var table: [UInt64: (scalar: Unicode.Scalar, legacy: Bool)] = [:]
        for (name, scalar) in named {
            var bytes = Array(name.utf8)
            precondition(bytes.count <= 8, "character reference names are packed in 8 bytes")
            let key = bytes.withUnsafeMutableBufferPointer { Self.key($0.baseAddress!, 0, $0.count) }
            table[key] = (scalar, legacyWithoutSemicolon.contains(name))
        }
        return table
    }()

    /// The bytes of a name of at most 8 bytes, packed into one number (0 is no name).
    @inline(__always)
    static func key(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        var key: UInt64 = 0
        for k in start..<end { key = key << 8 | UInt64(p[k]) }
        return key
    }

    /// Windows-1252 meanings of numeric references 0x80–0x9F (HTML's replacement table).
    static let windows1252: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
        0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The reference at `p[i]` (which is `&`): its character and length in bytes; nil when there is
    /// none, and the `&` is literal.
    static func match(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (Unicode.Scalar, Int)? {
        var k = i + 1
        guard k < n else { return nil }
        if p[k] == 35 {                                          // #
            k += 1
            var hex = false
            if k < n, p[k] | 0x20 == 120 { hex = true; k += 1 }  // x
            var value: UInt32 = 0
            var digits = 0
            while k < n {
                let d = p[k]
                let v: UInt32
                if Bytes.isDigit(d) { v = UInt32(d - 48) } else if hex, (d | 0x20) &- 97 < 6 { v = UInt32((d | 0x20) - 87) } else { break }
                value = min(value * (hex ? 16 : 10) + v, 0x110000)   // saturate: out of range anyway
                digits += 1
                k += 1
            }
            guard digits > 0 else { return nil }
            if k < n, p[k] == 59 { k += 1 }                      // ; (optional, as in HTML)
            return (scalar(forNumeric: value), k - i)
        }
        let nameStart = k
        while k < n, k - nameStart < 32, Bytes.isLetter(p[k]) || Bytes.isDigit(p[k]) { k += 1 }
        guard k > nameStart, k - nameStart <= 8, let (scalar, legacy) = byKey[key(p, nameStart, k)] else { return nil }
        if k < n, p[k] == 59 { return (scalar, k + 1 - i) }
        return legacy ? (scalar, k - i) : nil
    }

    /// HTML's rules for a numeric reference: NUL, surrogates and values past U+10FFFF become U+FFFD;
    /// 0x80–0x9F mean what Windows-1252 puts there.
    static func scalar(forNumeric value: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(value), let mapped = Unicode.Scalar(windows1252[Int(value - 0x80)]) { return mapped }
        if value == 0 { return "\u{FFFD}" }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
