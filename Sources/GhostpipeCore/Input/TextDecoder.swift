import Glibc

/// The result of decoding a whole file: its text, the encoding that was used, and whether that
/// encoding was guessed (no byte order mark, none named, and the bytes were not plain UTF-8).
public struct DecodedText: Sendable {
    /// The text, without a byte order mark. Line endings are left as they were (the parsers read
    /// LF, CRLF and bare CR alike).
    public var text: String
    /// Canonical name of the encoding used: `UTF-8`, `UTF-16LE`, `CP949`, `GBK`, … (`EncodingCatalog`).
    public var encodingUsed: String
    /// True when the encoding was guessed; the caller says so on stderr.
    public var guessed: Bool
    /// Something else the user should know (an `--encoding` that did not apply).
    public var note: String?
    /// How the detector chose, when it did.
    public var detection: EncodingDetection?

    /// What to tell the user when the encoding was guessed (the caller prefixes `ghostpipe: FILE: `):
    /// `not UTF-8; read as GBK (Simplified Chinese); --encoding NAME to choose`, or for a UTF-8 file
    /// with a few broken bytes, `invalid UTF-8 replaced with U+FFFD`. Nil when nothing was guessed.
    public var warning: String? {
        guard guessed else { return note }
        if encodingUsed == "UTF-8" { return "invalid UTF-8 replaced with U+FFFD" }
        if let detection { return detection.message }
        let described = EncodingCatalog.named(encodingUsed)?.description ?? encodingUsed
        return "not UTF-8; read as \(described); --encoding NAME to choose"
    }

    public init(text: String, encodingUsed: String, guessed: Bool, note: String? = nil, detection: EncodingDetection? = nil) {
        self.text = text
        self.encodingUsed = encodingUsed
        self.guessed = guessed
        self.note = note
        self.detection = detection
    }
}

/// Why a file could not be decoded.
public enum TextDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--encoding` named something ghostpipe does not know.
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

/// Whole-file decoding: byte order marks, UTF-8 (lossy), UTF-16/32, and the built-in legacy code
/// pages (`EncodingCatalog`), with the `EncodingDetector` choosing one for files that are not UTF-8.
///
/// Order of decisions (as in the WHATWG "decode" algorithm browsers use): a byte order mark wins over
/// everything; then a named encoding; then UTF-8 when the bytes are valid UTF-8; then a guess.
public enum TextDecoder {

    // MARK: Public entry points

    /// Decodes `bytes`. `encoding` is an encoding name as the user typed it (`cp949`, `EUC-KR`,
    /// `windows-1252`, `latin1`, `utf-16le`, `gbk`, `shift_jis`, … see `EncodingCatalog`), or `nil`
    /// (or `auto`) to sniff and guess.
    public static func decode(_ bytes: [UInt8], encoding: String? = nil) throws -> DecodedText {
        try bytes.withUnsafeBytes { try decode($0, encoding: encoding) }
    }

    /// Decodes the bytes in `buffer`, as the `[UInt8]` overload does.
    public static func decode(_ buffer: UnsafeRawBufferPointer, encoding: String? = nil) throws -> DecodedText {
        let bytes = UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                        count: buffer.count)
        let decision = decide(bytes, named: try encoding.flatMap(resolve))
        let rest = UnsafeBufferPointer(rebasing: bytes[decision.byteOrderMark...])
        return DecodedText(text: text(decision.encoding, rest), encodingUsed: decision.encoding.name,
                           guessed: decision.guessed, note: decision.note, detection: decision.detection)
    }

    /// How some bytes are to be read: the whole input, or the start of a stream.
    struct Decision {
        var encoding: TextEncoding
        /// Length of the byte order mark to skip.
        var byteOrderMark = 0
        var guessed = false
        var note: String?
        var detection: EncodingDetection?
    }

    /// Chooses the encoding of `bytes`: a byte order mark; else `named`, unless the bytes are valid
    /// UTF-8 (and not ASCII); else UTF-16 without a byte order mark, UTF-8, mostly UTF-8, or the
    /// detector's choice.
    static func decide(_ bytes: UnsafeBufferPointer<UInt8>, named: TextEncoding?, declared: Set<String> = []) -> Decision {
        if let (bom, length) = sniffBOM(bytes) { return Decision(encoding: bom, byteOrderMark: length) }
        if let named {
            if !named.isUnicode, bytes.contains(where: { $0 >= 0x80 }), UTF8Validation.isValid(bytes) {
                // Text that is valid UTF-8 (and not ASCII) is UTF-8, whatever was named: a legacy code
                // page almost never makes valid UTF-8 by chance.
                return Decision(encoding: EncodingCatalog.utf8,
                                note: "valid UTF-8, so read as UTF-8 (--encoding \(named.name) not used)")
            }
            return Decision(encoding: named)
        }
        if let utf16 = sniffBOMlessUTF16(bytes) { return Decision(encoding: utf16, guessed: true) }
        if UTF8Validation.isValid(bytes) { return Decision(encoding: EncodingCatalog.utf8) }
        // A file that is mostly good UTF-8 with a few broken bytes stays UTF-8 (lossy): reading it as
        // a code page would garble every other line.
        let stats = UTF8Validation.census(bytes)
        if stats.validMultibyte >= 4 * stats.invalid { return Decision(encoding: EncodingCatalog.utf8, guessed: true) }
        let detection = EncodingDetector.detect(bytes, declared: declared)
        return Decision(encoding: detection.encoding, guessed: true, detection: detection)
    }

    /// Reads the rest of the open file `descriptor` and decodes it. A regular UTF-8 file is read
    /// straight into the string's storage, so decoding costs no second copy of the file (this is
    /// what keeps parsing a 50 MB subtitle file under 2× its size in memory).
    public static func decode(fileDescriptor descriptor: Int32, encoding: String? = nil) throws -> DecodedText {
        let named = try encoding.flatMap(resolve)
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
           named == nil || named == EncodingCatalog.utf8 {
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
                    if UTF8Validation.isValid(rest) || named == EncodingCatalog.utf8 {
                        memmove(base, base + 3, filled - 3)
                        return filled - 3
                    }
                }
                if sniffBOM(bytes) == nil, named == EncodingCatalog.utf8 || (sniffBOMlessUTF16(bytes) == nil && UTF8Validation.isValid(bytes)) {
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

    /// The canonical name for an encoding the user typed (`auto` stays `auto`), or
    /// ``TextDecodingError/unknownEncoding(_:)``: lets the command line reject `--encoding nonsense`
    /// before reading anything.
    public static func canonicalName(of encoding: String) throws -> String {
        if EncodingCatalog.key(encoding) == EncodingCatalog.auto { return EncodingCatalog.auto }
        guard let known = EncodingCatalog.named(encoding) else { throw TextDecodingError.unknownEncoding(encoding) }
        return known.name
    }

    /// The encoding a label names; nil for `auto` (detect).
    static func resolve(_ label: String) throws -> TextEncoding? {
        if EncodingCatalog.key(label) == EncodingCatalog.auto { return nil }
        guard let known = EncodingCatalog.named(label) else { throw TextDecodingError.unknownEncoding(label) }
        return known
    }

    // MARK: Sniffing

    /// A byte order mark and its length. UTF-32LE's `FF FE 00 00` is checked before UTF-16LE's
    /// `FF FE` (it starts with it).
    static func sniffBOM(_ b: UnsafeBufferPointer<UInt8>) -> (TextEncoding, Int)? {
        let n = b.count
        if n >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return (named("UTF-32LE"), 4) }
        if n >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return (named("UTF-32BE"), 4) }
        if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return (EncodingCatalog.utf8, 3) }
        if n >= 2, b[0] == 0xFF, b[1] == 0xFE { return (named("UTF-16LE"), 2) }
        if n >= 2, b[0] == 0xFE, b[1] == 0xFF { return (named("UTF-16BE"), 2) }
        return nil
    }

    /// UTF-16 without a byte order mark shows as NUL bytes in every other position (the high bytes
    /// of ASCII characters). UTF-8 text practically never contains NULs, so this is a safe test.
    static func sniffBOMlessUTF16(_ b: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
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
        if zerosOdd >= max(2, pairs * 3 / 10), zerosEven * 10 <= zerosOdd { return named("UTF-16LE") }
        if zerosEven >= max(2, pairs * 3 / 10), zerosOdd * 10 <= zerosEven { return named("UTF-16BE") }
        return nil
    }

    // MARK: Decoding

    /// One of the catalogue's encodings, by its canonical name.
    static func named(_ name: String) -> TextEncoding {
        guard let encoding = EncodingCatalog.named(name) else { preconditionFailure("\(name) is not in the catalogue") }
        return encoding
    }

    /// `bytes` decoded whole in `encoding`, lossy.
    static func text(_ encoding: TextEncoding, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if encoding == EncodingCatalog.utf8 { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: encoding.decode(bytes), as: UTF8.self)
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

    static func readAll(_ descriptor: Int32) throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8].readBuffer()
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
