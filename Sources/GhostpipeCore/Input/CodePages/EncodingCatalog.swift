/// Every encoding ghostpipe reads, with the names people call them by. `--encoding` looks names up
/// here, suggests close ones for a misspelt name, and the detector chooses among these.
///
/// Labels that browsers read as a Windows superset are read the same way (the WHATWG Encoding
/// Standard): `euc-kr` as CP949, `latin1` as CP1252, `gb2312` as GBK, `big5` with HKSCS,
/// `shift_jis` as CP932, `tis-620` as CP874: files so labelled are nearly always the superset.
public enum EncodingCatalog {
    public static let all: [TextEncoding] = [
        utf8,
        TextEncoding("UTF-16LE", "Unicode", aliases: ["utf-16", "utf16", "ucs-2", "unicode"], .utf16(bigEndian: false)),
        TextEncoding("UTF-16BE", "Unicode", aliases: ["unicodefffe"], .utf16(bigEndian: true)),
        TextEncoding("UTF-32LE", "Unicode", aliases: ["utf-32", "utf32"], .utf32(bigEndian: false)),
        TextEncoding("UTF-32BE", "Unicode", .utf32(bigEndian: true)),
        TextEncoding("CP949", "Korean", aliases: ["euc-kr", "uhc", "windows-949", "ms949", "ks_c_5601-1987",
                                                 "ks_c_5601-1989", "ksc5601", "korean", "csksc56011987", "iso-ir-149"], .eucKR),
        TextEncoding("GBK", "Simplified Chinese", aliases: ["cp936", "windows-936", "ms936", "gb2312", "euc-cn",
                                                            "x-gbk", "csgb2312", "chinese", "gb_2312-80", "iso-ir-58"], .gb18030),
        TextEncoding("GB18030", "Simplified Chinese", aliases: ["gb-18030"], .gb18030),
        TextEncoding("Big5", "Traditional Chinese", aliases: ["big5-hkscs", "cp950", "windows-950", "cn-big5",
                                                             "csbig5", "x-x-big5", "hkscs"], .big5),
        TextEncoding("Shift_JIS", "Japanese", aliases: ["sjis", "cp932", "windows-31j", "ms932", "ms_kanji",
                                                       "x-sjis", "csshiftjis", "windows-932"], .shiftJIS),
        TextEncoding("EUC-JP", "Japanese", aliases: ["ujis", "x-euc-jp", "cseucpkdfmtjapanese"], .eucJP),
        TextEncoding("ISO-2022-JP", "Japanese, 7-bit", aliases: ["csiso2022jp", "jis"], .iso2022JP),
        TextEncoding("CP1250", "Central European", aliases: ["windows-1250", "x-cp1250"], .singleByte { CodePageTables.cp1250 }),
        TextEncoding("CP1251", "Cyrillic", aliases: ["windows-1251", "x-cp1251"], .singleByte { CodePageTables.cp1251 }),
        TextEncoding("CP1252", "Western European", aliases: ["windows-1252", "x-cp1252", "iso-8859-1", "latin1",
                                                            "l1", "iso-ir-100", "cp819", "ibm819", "ascii", "us-ascii"],
                     .singleByte { CodePageTables.cp1252 }),
        TextEncoding("CP1253", "Greek", aliases: ["windows-1253", "x-cp1253"], .singleByte { CodePageTables.cp1253 }),
        TextEncoding("CP1254", "Turkish", aliases: ["windows-1254", "x-cp1254", "iso-8859-9", "latin5", "l5"],
                     .singleByte { CodePageTables.cp1254 }),
        TextEncoding("CP1255", "Hebrew", aliases: ["windows-1255", "x-cp1255"], .singleByte { CodePageTables.cp1255 }),
        TextEncoding("CP1256", "Arabic", aliases: ["windows-1256", "x-cp1256"], .singleByte { CodePageTables.cp1256 }),
        TextEncoding("CP1257", "Baltic", aliases: ["windows-1257", "x-cp1257"], .singleByte { CodePageTables.cp1257 }),
        TextEncoding("CP1258", "Vietnamese", aliases: ["windows-1258", "x-cp1258"], .singleByte { CodePageTables.cp1258 }),
        TextEncoding("ISO-8859-2", "Central European", aliases: ["latin2", "l2", "iso-ir-101"], .singleByte { CodePageTables.iso8859_2 }),
        TextEncoding("ISO-8859-3", "South European", aliases: ["latin3", "l3"], .singleByte { CodePageTables.iso8859_3 }),
        TextEncoding("ISO-8859-4", "Baltic", aliases: ["latin4", "l4"], .singleByte { CodePageTables.iso8859_4 }),
        TextEncoding("ISO-8859-5", "Cyrillic", aliases: ["cyrillic", "iso-ir-144"], .singleByte { CodePageTables.iso8859_5 }),
        TextEncoding("ISO-8859-6", "Arabic", aliases: ["arabic", "asmo-708", "ecma-114"], .singleByte { CodePageTables.iso8859_6 }),
        TextEncoding("ISO-8859-7", "Greek", aliases: ["greek", "greek8", "elot_928", "ecma-118"], .singleByte { CodePageTables.iso8859_7 }),
        TextEncoding("ISO-8859-8", "Hebrew", aliases: ["hebrew", "iso-8859-8-i", "iso-ir-138"], .singleByte { CodePageTables.iso8859_8 }),
        TextEncoding("ISO-8859-10", "Nordic", aliases: ["latin6", "l6"], .singleByte { CodePageTables.iso8859_10 }),
        TextEncoding("ISO-8859-13", "Baltic", aliases: ["latin7", "l7"], .singleByte { CodePageTables.iso8859_13 }),
        TextEncoding("ISO-8859-14", "Celtic", aliases: ["latin8", "l8"], .singleByte { CodePageTables.iso8859_14 }),
        TextEncoding("ISO-8859-15", "Western European with the euro sign", aliases: ["latin9", "latin-9", "l9"],
                     .singleByte { CodePageTables.iso8859_15 }),
        TextEncoding("ISO-8859-16", "South-Eastern European", aliases: ["latin10", "l10"], .singleByte { CodePageTables.iso8859_16 }),
        TextEncoding("KOI8-R", "Russian", aliases: ["koi8", "cskoi8r"], .singleByte { CodePageTables.koi8r }),
        TextEncoding("KOI8-U", "Ukrainian", aliases: ["koi8-ru"], .singleByte { CodePageTables.koi8u }),
        TextEncoding("CP866", "Cyrillic, DOS", aliases: ["ibm866", "866", "csibm866"], .singleByte { CodePageTables.cp866 }),
        TextEncoding("CP437", "the IBM PC's (DOS, ANSI art)", aliases: ["ibm437", "437", "cspc8codepage437", "dos"],
                     .singleByte { CodePageTables.cp437 }),
        TextEncoding("CP874", "Thai", aliases: ["windows-874", "tis-620", "iso-8859-11", "dos-874"], .singleByte { CodePageTables.cp874 }),
    ]

    /// `--encoding auto`: detect the encoding (for plain text too; subtitles always are).
    public static let auto = "auto"

    /// The canonical names, in catalogue order (for completions and the man page).
    public static var canonicalNames: [String] { all.map(\.name) }

    /// The encoding a user's label names, ignoring case and `-`, `_`, `.`, space and `:`.
    public static func named(_ label: String) -> TextEncoding? {
        byKey[key(label)]
    }

    /// Made on its own: most input is UTF-8, and checking that needs none of the rest.
    public static let utf8 = TextEncoding("UTF-8", "Unicode", aliases: ["utf8", "unicode-1-1-utf-8"], .utf8)

    private static let byKey: [String: TextEncoding] = {
        var map: [String: TextEncoding] = [:]
        for encoding in all {
            for label in [encoding.name] + encoding.aliases {
                let previous = map.updateValue(encoding, forKey: key(label))
                precondition(previous == nil || previous == encoding, "'\(label)' names two encodings")
            }
        }
        return map
    }()

    static func key(_ label: String) -> String {
        String(String.UnicodeScalarView(label.lowercased().unicodeScalars.filter {
            !($0 == "-" || $0 == "_" || $0 == " " || $0 == "." || $0 == ":")
        }))
    }

    /// The canonical names of the encodings whose names are closest to `label` (at most `limit`),
    /// for a usage error: `cp1215` → CP1251, CP1250, …; `shiftjs` → Shift_JIS.
    public static func closeNames(to label: String, limit: Int = 4) -> [String] {
        let wanted = key(label)
        guard !wanted.isEmpty else { return [] }
        var best: [String: Int] = [:]
        let length = wanted.count
        for (candidate, encoding) in byKey {
            // Names differing in length by more than the edits allowed cannot be close: skipping them
            // keeps the search bounded by the names' lengths, not the label's (131 KB took 6 s).
            guard abs(length - candidate.count) <= 3 || length < candidate.count && candidate.hasPrefix(wanted) else { continue }
            let distance = EditDistance.between(wanted, candidate)
            if distance <= max(1, min(3, candidate.count / 3)) || candidate.hasPrefix(wanted) && wanted.count >= 3 {
                best[encoding.name] = min(best[encoding.name] ?? .max, distance)
            }
        }
        let order = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })
        return best.sorted { ($0.value, order[$0.key]!) < ($1.value, order[$1.key]!) }.prefix(limit).map(\.key)
    }

    /// What to say about a name that is not known: close names, or the common ones.
    public static func unknownNameMessage(_ label: String) -> String {
        let close = closeNames(to: label)
        // A name past any encoding's length is shown cut, with its size.
        let label = label.utf8.count <= 64 ? label : String(label.prefix(32)) + "… (\(label.utf8.count) bytes)"
        if close.isEmpty {
            return "'\(label)' is not an encoding ghostpipe knows (try auto, CP949, GBK, Big5, Shift_JIS, EUC-JP, "
                + "CP1250, CP1251, CP1252, KOI8-R; the manual lists all)"
        }
        return "'\(label)' is not an encoding ghostpipe knows; close names: \(close.joined(separator: ", "))"
    }
}
