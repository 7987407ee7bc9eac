// Fuzz target `decode`: bytes → TextDecoder → UTF8Cleaner → TerminalSanitizer → grapheme segmentation.
//
// Input: byte 0 picks the encoding (none, or a named one) and whether the file-descriptor path is
// compared too; the rest is the file. Chunkings are derived from the input.
//
// Properties checked (not just "no crash"):
// - decoding never fails for a known name; plain UTF-8 (no BOM, no NUL) decodes to itself;
//   the file-descriptor path gives exactly what the in-memory path gives;
// - UTF8Cleaner gives the same bytes whatever the chunking, equal to Swift's own lossy decoding, and
//   is the identity on valid UTF-8;
// - TerminalSanitizer output is valid UTF-8 with no ESC, no C0 but LF and TAB, no DEL, no C1
//   (U+0080–U+009F), and is the same whatever the chunking;
// - GraphemeStream gives the same clusters whatever the chunking, and they are Swift's `Character`s
//   of the sanitized text.
import GhostpipeCore
#if canImport(Glibc)
import Glibc
#endif

let encodings: [String?] = [nil, nil, nil, nil, "utf-8", "cp949", "cp1252", "shift_jis", "utf-16le", "utf-16be",
                            "utf-32", "gb18030", "iso-2022-jp", "big5", "euc-jp", "koi8-r"]

/// One scratch file, reused for every input that takes the file-descriptor path.
let scratchFile: Int32 = {
    var template = Array("/tmp/ghostpipe-fuzz-decode-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    return fd
}()

func decodeThroughFile(_ bytes: [UInt8], encoding: String?) -> DecodedText? {
    let fd = scratchFile
    guard fd >= 0, ftruncate(fd, 0) == 0 else { return nil }
    let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    guard written == bytes.count, lseek(fd, 0, SEEK_SET) == 0 else { return nil }
    return try? TextDecoder.decode(fileDescriptor: fd, encoding: encoding)
}

func clean(_ bytes: [UInt8], _ sizes: [Int]) -> [UInt8] {
    var cleaner = UTF8Cleaner()
    var out: [UInt8] = []
    var at = 0
    bytes.withUnsafeBufferPointer { all in
        for size in sizes {
            cleaner.clean(UnsafeBufferPointer(rebasing: all[at..<at + size]), into: &out)
            at += size
        }
    }
    cleaner.finish(into: &out)
    return out
}

func sanitize(_ bytes: [UInt8], _ sizes: [Int]) -> [UInt8] {
    var sanitizer = TerminalSanitizer()
    var out: [UInt8] = []
    var at = 0
    bytes.withUnsafeBufferPointer { all in
        for size in sizes {
            let before = out.count
            sanitizer.sanitize(UnsafeBufferPointer(rebasing: all[at..<at + size]), into: &out)
            for change in sanitizer.styleChanges {
                require(change.offset >= before && change.offset <= out.count, "SGR offset \(change.offset) outside the output")
            }
            at += size
        }
    }
    // The end of input: a carriage return or backspace still held goes out, as the stream does.
    sanitizer.flush(into: &out)
    return out
}

func checkSanitized(_ out: [UInt8], _ what: String) {
    require(isValidUTF8(out), "\(what): sanitized output is not valid UTF-8: \(out)")
    var previous: UInt8 = 0
    for b in out {
        require(b != 0x1B, "\(what): ESC in sanitized output")
        // Tab, and the motions kept for a terminal as `cat` leaves them (carriage return, backspace).
        require(b >= 0x20 || b == 0x0A || b == 0x09 || b == 0x0D || b == 0x08, "\(what): C0 control \(b) in sanitized output")
        require(b != 0x7F, "\(what): DEL in sanitized output")
        require(!(previous == 0xC2 && b >= 0x80 && b <= 0x9F), "\(what): C1 control U+00\(String(b, radix: 16)) in sanitized output")
        previous = b
    }
}

/// Grapheme clusters as the concatenated bytes and the end offset of each cluster (cheaper to build
/// and compare than one array per cluster).
struct Clusters: Equatable {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    /// Swift's own `Character`s of `text`.
    init(swift text: String) {
        bytes = Array(text.utf8)
        var end = 0
        for character in text {
            end += character.utf8.count
            ends.append(end)
        }
    }
    init() {}
}

/// The clusters of `bytes` pushed through a GraphemeStream in chunks of `sizes`; `pauses` inserts
/// interactive-pause flushes (which may legitimately cut differently, so only the bytes are compared).
func segment(_ bytes: [UInt8], _ sizes: [Int], sanitizing: Bool, pauses: Bool = false) -> Clusters {
    var stream = GraphemeStream(sanitizing: sanitizing)
    var clusters = Clusters()
    func take(_ batch: GraphemeBatch) {
        require(batch.byteCount <= batch.bytes.count, "batch ends past its bytes")
        let base = clusters.bytes.count
        var start = 0
        for end in batch.ends {
            require(end > start, "empty or backward cluster \(start)..<\(end)")
            _ = batch.bytes.withUnsafeBufferPointer { GraphemeKind.of(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            clusters.ends.append(base + end)
            start = end
        }
        clusters.bytes.append(contentsOf: batch.bytes[..<batch.byteCount])
    }
    var at = 0
    bytes.withUnsafeBufferPointer { all in
        for (i, size) in sizes.enumerated() {
            take(stream.push(UnsafeBufferPointer(rebasing: all[at..<at + size])))
            at += size
            if pauses, i % 3 == 1 { take(stream.flushAfterPause()) }
        }
    }
    take(stream.finish())
    require(!stream.holdsPartialInput, "input still held after finish()")
    return clusters
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let selector = data[0]
    let payload = amplified(data + 1, size - 1)
    let encoding = encodings[Int(selector & 0x0F)]
    var random = payload.withUnsafeBufferPointer { FuzzRandom(bytes: $0, salt: UInt64(selector)) }
    let whole = [payload.count]
    let sizesA = chunking(payload.count, &random)
    let sizesB = chunking(payload.count, &random)

    // 1. Decoding.
    let decoded: DecodedText
    do {
        decoded = try TextDecoder.decode(payload, encoding: encoding)
    } catch {
        require(false, "decode threw \(error) for encoding \(encoding ?? "nil")")
        return 0
    }
    let text = Array(decoded.text.utf8)
    require(isValidUTF8(text), "decoded text is not valid UTF-8")
    let bom = payload.starts(with: [0xEF, 0xBB, 0xBF]) || payload.starts(with: [0xFF, 0xFE])
        || payload.starts(with: [0xFE, 0xFF]) || payload.starts(with: [0, 0, 0xFE, 0xFF])
    if encoding == nil, !bom, !payload.contains(0), isValidUTF8(payload) {
        require(decoded.encodingUsed == "UTF-8" && !decoded.guessed, "valid UTF-8 decoded as \(decoded.encodingUsed)")
        require(text == payload, "valid UTF-8 not decoded to itself")
    }
    if (encoding == nil || encoding == "utf-8"), payload.starts(with: [0xEF, 0xBB, 0xBF]) {
        require(text == Array(String(decoding: payload.dropFirst(3), as: UTF8.self).utf8), "UTF-8 BOM not dropped")
    }
    if selector & 0x10 != 0, let viaFile = decodeThroughFile(payload, encoding: encoding) {
        require(viaFile.text == decoded.text && viaFile.encodingUsed == decoded.encodingUsed
                    && viaFile.guessed == decoded.guessed,
                "file-descriptor decoding differs: \(viaFile.encodingUsed)/\(viaFile.guessed) vs \(decoded.encodingUsed)/\(decoded.guessed)")
    }

    // 2. Cleaning: chunking-independent, Swift's own replacement, identity on valid UTF-8.
    let cleaned = clean(payload, whole)
    require(cleaned == Array(String(decoding: payload, as: UTF8.self).utf8), "UTF8Cleaner differs from Swift's decoding")
    require(clean(payload, sizesA) == cleaned, "UTF8Cleaner depends on the chunking")
    require(clean(payload, sizesB) == cleaned, "UTF8Cleaner depends on the chunking")
    var textRandom = FuzzRandom(seed: random.next())
    let textSizes = chunking(text.count, &textRandom)
    require(clean(text, textSizes) == text, "UTF8Cleaner changed valid UTF-8")

    // 3. Sanitizing. Chunking-independent — except for nroff overstrike (X BS X is bold): a
    // backspace in a later read than the glyph it strikes moves back instead (a known limit: the
    // glyph was already written), so input with a backspace is not compared across chunkings.
    let sanitized = sanitize(cleaned, [cleaned.count])
    checkSanitized(sanitized, "raw input")
    let overstrike = cleaned.contains(0x08) || text.contains(0x08)
    let shuffled = sanitize(cleaned, chunking(cleaned.count, &random))
    require(overstrike || shuffled == sanitized, "TerminalSanitizer depends on the chunking")
    let sanitizedText = sanitize(text, textSizes)
    checkSanitized(sanitizedText, "decoded text")
    require(overstrike || sanitize(text, [text.count]) == sanitizedText, "TerminalSanitizer depends on the chunking")

    // 4. Segmentation: the same clusters whatever the reads, and they are Swift's. (Overstrike aside, as above.)
    if !overstrike {
        let clustersA = segment(payload, sizesA, sanitizing: true)
        let clustersB = segment(payload, sizesB, sanitizing: true)
        require(clustersA == clustersB, "clusters depend on the chunking: \(clustersA) in chunks \(sizesA) vs \(clustersB) in chunks \(sizesB)")
        let expected = Clusters(swift: String(decoding: sanitized, as: UTF8.self))
        require(clustersA == expected, "clusters differ from Swift's Characters: \(clustersA) vs \(expected)")
        let paused = segment(payload, sizesB, sanitizing: true, pauses: true)
        // A pause shows what is held: a carriage return waiting for its line feed goes out as it is
        // (CR LF, the same screen as LF; and CR before CR LF, which the sanitizer folds into CR LF
        // when it sees both, the same screen too), and a backspace waiting for an overstrike moves
        // back instead of making bold — so those inputs are compared with a CR before LF or CR
        // dropped, and without backspaces not at all.
        func lineFeeds(_ bytes: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            for (i, b) in bytes.enumerated() where !(b == 0x0D && i + 1 < bytes.count && (bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D)) {
                out.append(b)
            }
            return out
        }
        if !sanitized.contains(0x08) && !paused.bytes.contains(0x08) {
            require(lineFeeds(paused.bytes) == lineFeeds(sanitized), "flushAfterPause lost or added bytes: \(paused) in chunks \(sizesB) vs \(sanitized)")
        }
    }
    let textClusters = segment(text, textSizes, sanitizing: false)
    require(textClusters == Clusters(swift: decoded.text), "clusters of decoded text differ from Swift's: \(textClusters) in chunks \(textSizes)")
    return 0
}
