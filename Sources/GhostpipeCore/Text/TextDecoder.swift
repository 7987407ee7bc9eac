import Glibc

/// The result of decoding a whole file: its text, the encoding that was used, and whether that
/// encoding was guessed (no byte order mark, none named, and the bytes were not plain UTF-8).
public struct DecodedText: Sendable {
    /// The text, without a byte order mark. Line endings are left as they were (the parsers read
    /// LF, CRLF and bare CR alike).
    public var text: String
    /// Canonical name of the encoding used: `UTF-8`, `UTF-16LE`, `UTF-16BE`, `UTF-32LE`, `UTF-32BE`,
    /// or an iconv name such as `CP949` or `CP1252`.
    public var encodingUsed: String
    /// True when the encoding was guessed; the caller says so on stderr, e.g.
    /// `ghostpipe: movie.srt: not UTF-8; decoded as CP949`.
    public var guessed: Bool
    /// Something else the user should know (an `--encoding` that did not apply).
    public var note: String?

    /// What to tell the user when the encoding was guessed (the caller prefixes `ghostpipe: FILE: `):
    /// `not UTF-8; decoded as CP949`, or for a UTF-8 file with a few broken bytes,
    /// `invalid UTF-8 replaced with U+FFFD`. Nil when nothing was guessed.
    public var warning: String? {
        guard guessed else { return note }
        return encodingUsed == "UTF-8" ? "invalid UTF-8 replaced with U+FFFD" : "not UTF-8; decoded as \(encodingUsed)"
    }

    public init(text: String, encodingUsed: String, guessed: Bool, note: String? = nil) {
        self.text = text
        self.encodingUsed = encodingUsed
        self.guessed = guessed
        self.note = note
    }
}

/// Why a file could not be decoded.
public enum TextDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--encoding` named something neither ghostpipe nor iconv knows.
    case unknownEncoding(String)
    /// Reading failed; the payload is `strerror(errno)`.
    case readFailed(String)

    public var description: String {
        switch self {
        case .unknownEncoding(let name): return "unknown encoding '\(name)'"
        case .readFailed(let reason): return reason
        }
    }
}

/// Whole-file decoding: byte order marks, UTF-8 (lossy), UTF-16/32, and legacy code pages through
/// glibc's iconv, with a CP949/CP1252 guess for files that are not UTF-8.
///
/// Order of decisions (as in the WHATWG "decode" algorithm browsers use): a byte order mark wins over
/// everything; then a named encoding; then UTF-8 when the bytes are valid UTF-8; then a guess.
public enum TextDecoder {

    // MARK: Public entry points

    /// Decodes `bytes`. `encoding` is an encoding name as the user typed it (`cp949`, `EUC-KR`,
    /// `windows-1252`, `latin1`, `utf-16le`, `gbk`, `shift_jis`, or anything iconv knows), or `nil`
    /// to sniff and guess.
    public static func decode(_ bytes: [UInt8], encoding: String? = nil) throws -> DecodedText {
        try bytes.withUnsafeBytes { try decode($0, encoding: encoding) }
    }

    /// Decodes the bytes in `buffer`, as the `[UInt8]` overload does.
    public static func decode(_ buffer: UnsafeRawBufferPointer, encoding: String? = nil) throws -> DecodedText {
        let bytes = UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                        count: buffer.count)
        let named = try encoding.map(resolve)
        if let (bom, length) = sniffBOM(bytes) {
            return DecodedText(text: decodeBuiltin(bom, UnsafeBufferPointer(rebasing: bytes[length...])),
                               encodingUsed: bom.name, guessed: false)
        }
        if let named {
            if case .iconv = named, bytes.contains(where: { $0 >= 0x80 }), UTF8Validation.isValid(bytes) {
                // Text that is valid UTF-8 (and not ASCII) is UTF-8, whatever was named: a legacy code
                // page almost never makes valid UTF-8 by chance.
                return DecodedText(text: String(decoding: bytes, as: UTF8.self), encodingUsed: "UTF-8", guessed: false,
                                   note: "valid UTF-8, so read as UTF-8 (--encoding \(named.name) not used)")
            }
            return DecodedText(text: decodeNamed(named, bytes), encodingUsed: named.name, guessed: false)
        }
        if let utf16 = sniffBOMlessUTF16(bytes) {
            return DecodedText(text: decodeBuiltin(utf16, bytes), encodingUsed: utf16.name, guessed: true)
        }
        if UTF8Validation.isValid(bytes) {
            return DecodedText(text: String(decoding: bytes, as: UTF8.self), encodingUsed: "UTF-8", guessed: false)
        }
        return guessLegacy(bytes)
    }

    /// Reads the rest of the open file `descriptor` and decodes it. A regular UTF-8 file is read
    /// straight into the string's storage, so decoding costs no second copy of the file (this is
    /// what keeps parsing a 50 MB subtitle file under 2× its size in memory).
    public static func decode(fileDescriptor descriptor: Int32, encoding: String? = nil) throws -> DecodedText {
        let named = try encoding.map(resolve)
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
           named == nil || named == .utf8 {
            let size = Int(info.st_size)
            var fallback: DecodedText?
            var readError: Int32 = 0
            var complete = true
            let text = String(unsafeUninitializedCapacity: size) { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                var filled = 0
                while filled < size {
                    let n = read(descriptor, base + filled, size - filled)
                    if n < 0 {
                        if errno == EINTR { continue }
                        readError = errno
                        return 0
                    }
                    if n == 0 { break }
                    filled += n
                }
                if filled == size {
                    // The file may have grown since fstat: then take the slow path for the rest.
                    var probe: UInt8 = 0
                    if read(descriptor, &probe, 1) == 1 {
                        complete = false
                        var all = Array(UnsafeBufferPointer(start: base, count: filled))
                        all.append(probe)
                        if let rest = try? readAll(descriptor) { all += rest }
                        fallback = try? decode(all, encoding: encoding)
                        return 0
                    }
                }
                let bytes = UnsafeBufferPointer(start: UnsafePointer(base), count: filled)
                // A UTF-8 byte order mark is dropped in place; anything but plain UTF-8 goes the
                // general way, into a string of its own.
                if filled >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
                    let rest = UnsafeBufferPointer(rebasing: bytes[3...])
                    if UTF8Validation.isValid(rest) || named == .utf8 {
                        memmove(base, base + 3, filled - 3)
                        return filled - 3
                    }
                }
                if sniffBOM(bytes) == nil, named == .utf8 || (sniffBOMlessUTF16(bytes) == nil && UTF8Validation.isValid(bytes)) {
                    return filled
                }
                fallback = try? decode(UnsafeRawBufferPointer(bytes), encoding: encoding)
                return 0
            }
            if readError != 0 { throw TextDecodingError.readFailed(String(cString: strerror(readError))) }
            if let fallback { return fallback }
            if complete { return DecodedText(text: text, encodingUsed: "UTF-8", guessed: false) }
        }
        return try decode(readAll(descriptor), encoding: encoding)
    }

    /// Opens, reads and decodes the file at `path`.
    public static func decodeFile(atPath path: String, encoding: String? = nil) throws -> DecodedText {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TextDecodingError.readFailed(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        return try decode(fileDescriptor: descriptor, encoding: encoding)
    }

    /// The canonical name for an encoding the user typed, or ``TextDecodingError/unknownEncoding(_:)``:
    /// lets the command line reject `--encoding nonsense` before reading anything.
    public static func canonicalName(of encoding: String) throws -> String {
        try resolve(encoding).name
    }

    // MARK: Encodings

    enum Encoding: Equatable {
        case utf8, utf16LE, utf16BE, utf32LE, utf32BE
        /// A legacy encoding converted by iconv; `iconvName` is what iconv_open is given.
        case iconv(String)

        var name: String {
            switch self {
            case .utf8: return "UTF-8"
            case .utf16LE: return "UTF-16LE"
            case .utf16BE: return "UTF-16BE"
            case .utf32LE: return "UTF-32LE"
            case .utf32BE: return "UTF-32BE"
            case .iconv(let name): return name
            }
        }
    }

    /// Common labels, normalised (lower case, no `-`, `_`, space or `.`). The Korean, Western and
    /// Chinese/Japanese labels map to the Windows supersets, as the WHATWG Encoding Standard does
    /// (a file labelled EUC-KR or Latin-1 is nearly always CP949 or CP1252 in practice).
    static let aliases: [String: Encoding] = [
        "utf8": .utf8, "unicode11utf8": .utf8,
        "utf16": .utf16LE, "utf16le": .utf16LE, "unicode": .utf16LE, "ucs2": .utf16LE,
        "utf16be": .utf16BE, "unicodefffe": .utf16BE,
        "utf32": .utf32LE, "utf32le": .utf32LE, "utf32be": .utf32BE,
        "cp949": .iconv("CP949"), "uhc": .iconv("CP949"), "windows949": .iconv("CP949"),
        "ms949": .iconv("CP949"), "euckr": .iconv("CP949"), "ksc56011987": .iconv("CP949"),
        "ksc5601": .iconv("CP949"), "korean": .iconv("CP949"),
        "cp1252": .iconv("CP1252"), "windows1252": .iconv("CP1252"), "latin1": .iconv("CP1252"),
        "iso88591": .iconv("CP1252"), "l1": .iconv("CP1252"), "ascii": .iconv("CP1252"),
        "usascii": .iconv("CP1252"), "cp819": .iconv("CP1252"),
        "cp1250": .iconv("CP1250"), "windows1250": .iconv("CP1250"),
        "cp1251": .iconv("CP1251"), "windows1251": .iconv("CP1251"),
        "cp1253": .iconv("CP1253"), "windows1253": .iconv("CP1253"),
        "cp1254": .iconv("CP1254"), "windows1254": .iconv("CP1254"),
        "cp1255": .iconv("CP1255"), "windows1255": .iconv("CP1255"),
        "cp1256": .iconv("CP1256"), "windows1256": .iconv("CP1256"),
        "cp1257": .iconv("CP1257"), "windows1257": .iconv("CP1257"),
        "cp1258": .iconv("CP1258"), "windows1258": .iconv("CP1258"),
        "cp874": .iconv("CP874"), "windows874": .iconv("CP874"), "tis620": .iconv("CP874"),
        "gbk": .iconv("GBK"), "cp936": .iconv("GBK"), "gb2312": .iconv("GBK"), "windows936": .iconv("GBK"),
        "gb18030": .iconv("GB18030"),
        "shiftjis": .iconv("CP932"), "sjis": .iconv("CP932"), "cp932": .iconv("CP932"),
        "windows31j": .iconv("CP932"), "mskanji": .iconv("CP932"), "xsjis": .iconv("CP932"),
        "big5": .iconv("BIG5-HKSCS"), "big5hkscs": .iconv("BIG5-HKSCS"), "cp950": .iconv("BIG5-HKSCS"),
        "eucjp": .iconv("EUC-JP"), "iso2022jp": .iconv("ISO-2022-JP"),
        "koi8r": .iconv("KOI8-R"), "koi8u": .iconv("KOI8-U"),
    ]

    static func resolve(_ label: String) throws -> Encoding {
        let key = String(String.UnicodeScalarView(label.lowercased().unicodeScalars.filter {
            !($0 == "-" || $0 == "_" || $0 == " " || $0 == ".")
        }))
        if let known = aliases[key] { return known }
        // ISO-8859-N and anything else iconv knows, by its own name.
        let trimmed = label.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw TextDecodingError.unknownEncoding(label)
        }
        let name = String(trimmed).uppercased()
        guard let converter = IconvConverter(from: name) else { throw TextDecodingError.unknownEncoding(label) }
        converter.close()
        return .iconv(name)
    }

    // MARK: Sniffing

    /// A byte order mark and its length. UTF-32LE's `FF FE 00 00` is checked before UTF-16LE's
    /// `FF FE` (it starts with it).
    static func sniffBOM(_ b: UnsafeBufferPointer<UInt8>) -> (Encoding, Int)? {
        let n = b.count
        if n >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return (.utf32LE, 4) }
        if n >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return (.utf32BE, 4) }
        if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return (.utf8, 3) }
        if n >= 2, b[0] == 0xFF, b[1] == 0xFE { return (.utf16LE, 2) }
        if n >= 2, b[0] == 0xFE, b[1] == 0xFF { return (.utf16BE, 2) }
        return nil
    }

    /// UTF-16 without a byte order mark shows as NUL bytes in every other position (the high bytes
    /// of ASCII characters). UTF-8 text practically never contains NULs, so this is a safe test.
    static func sniffBOMlessUTF16(_ b: UnsafeBufferPointer<UInt8>) -> Encoding? {
        let sample = min(b.count, 4096) & ~1
        guard sample >= 4 else { return nil }
        var zerosEven = 0, zerosOdd = 0
        var i = 0
        while i < sample {
            if b[i] == 0 { zerosEven += 1 }
            if b[i + 1] == 0 { zerosOdd += 1 }
            i += 2
        }
        let pairs = sample / 2
        if zerosOdd >= max(2, pairs * 3 / 10), zerosEven * 10 <= zerosOdd { return .utf16LE }
        if zerosEven >= max(2, pairs * 3 / 10), zerosOdd * 10 <= zerosEven { return .utf16BE }
        return nil
    }

    // MARK: Decoding

    static func decodeNamed(_ encoding: Encoding, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch encoding {
        case .iconv(let name):
            return convert(bytes, from: name, strict: false) ?? String(decoding: bytes, as: UTF8.self)
        default:
            return decodeBuiltin(encoding, bytes)
        }
    }

    static func decodeBuiltin(_ encoding: Encoding, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch encoding {
        case .utf8, .iconv: return String(decoding: bytes, as: UTF8.self)
        case .utf16LE: return decodeUTF16(bytes, bigEndian: false)
        case .utf16BE: return decodeUTF16(bytes, bigEndian: true)
        case .utf32LE: return decodeUTF32(bytes, bigEndian: false)
        case .utf32BE: return decodeUTF32(bytes, bigEndian: true)
        }
    }

    /// UTF-16, lossy: an unpaired surrogate or a dangling odd byte becomes U+FFFD.
    static func decodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> String {
        let units = bytes.count / 2
        var out: [UInt8] = []
        out.reserveCapacity(units * 3 / 2 + 4)
        var i = 0
        @inline(__always) func unit(_ k: Int) -> UInt32 {
            let a = UInt32(bytes[2 * k]), b = UInt32(bytes[2 * k + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        while i < units {
            let u = unit(i)
            i += 1
            if u & 0xFC00 == 0xD800, i < units {
                let low = unit(i)
                if low & 0xFC00 == 0xDC00 {
                    i += 1
                    appendUTF8(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00), to: &out)
                    continue
                }
            }
            appendUTF8(u & 0xF800 == 0xD800 ? 0xFFFD : u, to: &out)
        }
        if bytes.count % 2 == 1 { appendUTF8(0xFFFD, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// UTF-32, lossy: surrogates, values past U+10FFFF and a dangling tail become U+FFFD.
    static func decodeUTF32(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2)
        var i = 0
        while i + 4 <= bytes.count {
            let b0 = UInt32(bytes[i]), b1 = UInt32(bytes[i + 1]), b2 = UInt32(bytes[i + 2]), b3 = UInt32(bytes[i + 3])
            let v = bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
            appendUTF8(v > 0x10FFFF || v & 0xFFFFF800 == 0xD800 ? 0xFFFD : v, to: &out)
            i += 4
        }
        if i < bytes.count { appendUTF8(0xFFFD, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always)
    static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | v >> 6)); out.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | v >> 12)); out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18)); out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// Not UTF-8 and nothing named. A file that is mostly good UTF-8 with a few broken bytes stays
    /// UTF-8 (lossy): reading it as a code page would garble every other line. Otherwise CP949 when
    /// the bytes are valid CP949 and contain Hangul (Korean subtitles are the common legacy case
    /// here), else CP1252, which decodes any byte (VLC's default fallback for Western locales).
    static func guessLegacy(_ bytes: UnsafeBufferPointer<UInt8>) -> DecodedText {
        let stats = UTF8Validation.census(bytes)
        if stats.validMultibyte >= 4 * stats.invalid {
            return DecodedText(text: String(decoding: bytes, as: UTF8.self), encodingUsed: "UTF-8", guessed: true)
        }
        if let korean = convert(bytes, from: "CP949", strict: true), containsHangul(korean) {
            return DecodedText(text: korean, encodingUsed: "CP949", guessed: true)
        }
        let western = convert(bytes, from: "CP1252", strict: false) ?? String(decoding: bytes, as: UTF8.self)
        return DecodedText(text: western, encodingUsed: "CP1252", guessed: true)
    }

    static func containsHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value)
            || (0x3130...0x318F).contains($0.value) }
    }

    /// Converts legacy bytes to a String with iconv. Lossy mode turns each byte iconv rejects into
    /// U+FFFD and goes on; strict mode returns nil at the first one. Nil also when iconv does not
    /// know `name`.
    static func convert(_ bytes: UnsafeBufferPointer<UInt8>, from name: String, strict: Bool) -> String? {
        guard let converter = IconvConverter(from: name) else { return nil }
        defer { converter.close() }
        return converter.convert(bytes, strict: strict)
    }

    static func readAll(_ descriptor: Int32) throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TextDecodingError.readFailed(String(cString: strerror(errno)))
            }
            if n == 0 { return result }
            result.append(contentsOf: chunk[0..<n])
        }
    }
}

/// A glibc iconv descriptor converting to UTF-8.
struct IconvConverter {
    let descriptor: iconv_t

    init?(from name: String) {
        let cd = iconv_open("UTF-8", name)
        guard let cd, Int(bitPattern: cd) != -1 else { return nil }
        descriptor = cd
    }

    func close() { iconv_close(descriptor) }

    func convert(_ bytes: UnsafeBufferPointer<UInt8>, strict: Bool) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 2 + 16)
        let chunkSize = 1 << 16
        let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        guard let base = bytes.baseAddress, bytes.count > 0 else { return "" }
        var input = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
        var inputLeft = bytes.count
        func drain(_ out: UnsafeMutablePointer<CChar>) {
            let produced = chunk.distance(to: out)
            chunk.withMemoryRebound(to: UInt8.self, capacity: produced) {
                result.append(contentsOf: UnsafeBufferPointer(start: $0, count: produced))
            }
        }
        while inputLeft > 0 {
            var output: UnsafeMutablePointer<CChar>? = chunk
            var outputLeft = chunkSize
            var inputPointer: UnsafeMutablePointer<CChar>? = input
            let status = iconv(descriptor, &inputPointer, &inputLeft, &output, &outputLeft)
            let failure = status == -1 ? errno : 0
            if let inputPointer { input = inputPointer }
            drain(output ?? chunk)
            if failure == E2BIG || failure == 0 { continue }
            // EILSEQ (a byte the code page does not map) or EINVAL (a sequence cut off at the end).
            if strict { return nil }
            result += [0xEF, 0xBF, 0xBD]
            input += 1
            inputLeft -= 1
            if failure == EINVAL { break }
        }
        // Flush any shift state (ISO-2022-JP).
        var output: UnsafeMutablePointer<CChar>? = chunk
        var outputLeft = chunkSize
        _ = iconv(descriptor, nil, nil, &output, &outputLeft)
        drain(output ?? chunk)
        return String(decoding: result, as: UTF8.self)
    }
}

/// A UTF-8 validator over raw bytes (the Unicode well-formed byte sequences table: no overlongs,
/// no surrogates, nothing past U+10FFFF), with an eight-bytes-at-a-time path for ASCII runs.
enum UTF8Validation {
    static func isValid(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = b.baseAddress else { return true }
        let n = b.count
        var i = 0
        while i < n {
            if i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
            }
            let length = sequenceLength(base, i, n)
            if length == 0 { return false }
            i += length
        }
        return true
    }

    /// Counts of well-formed multi-byte sequences and of ill-formed bytes (each skipped singly).
    static func census(_ b: UnsafeBufferPointer<UInt8>) -> (validMultibyte: Int, invalid: Int) {
        guard let base = b.baseAddress else { return (0, 0) }
        var valid = 0, invalid = 0, i = 0
        while i < b.count {
            let length = sequenceLength(base, i, b.count)
            if length == 0 { invalid += 1; i += 1 } else { if length > 1 { valid += 1 }; i += length }
        }
        return (valid, invalid)
    }

    /// Length of the well-formed sequence starting at `i`, or 0 when it is ill-formed (the one
    /// table: `UTF8Sequence`).
    @inline(__always)
    static func sequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        if p[i] < 0x80 { return 1 }
        if case .valid(let length) = UTF8Sequence.check(p + i, available: n - i) { return length }
        return 0
    }
}
