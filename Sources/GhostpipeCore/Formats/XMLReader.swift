import Glibc

/// A small pull reader of XML over UTF-8 bytes, for the subtitle formats written in XML (TTML, DFXP,
/// IMSC; YouTube's srv3 and transcripts). Not a validating parser: it reads what real files hold,
/// leniently, in one pass, without copying the text.
///
/// - Events: a start tag (name, attributes, whether it closes itself), an end tag, text. Names are
///   byte ranges as written (`tt:p`); ``localName(_:)`` and ``prefix(_:)`` split them, namespaces are
///   the caller's business (they depend on the vocabulary).
/// - The prolog `<?xml …?>`, processing instructions, comments and `<!DOCTYPE …>` (with an internal
///   subset) are skipped; `<![CDATA[…]]>` is text whose `&` is literal.
/// - Sloppy input: a `<` that starts no tag is text, attribute values may be unquoted, an attribute
///   without a value is skipped, end tags need not match (the caller decides), a file cut short ends.
/// - Text and attribute values keep their character references; ``decode(_:cdata:into:)`` resolves
///   them (XML's five names, numeric ones, and the HTML names subtitles use, see
///   ``CharacterReferences``).
struct XMLReader {
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
    }

    enum Token {
        /// `<name a="v">` or `<name/>`; `offset` is where `<` is.
        case start(name: Range<Int>, attributes: [Attribute], selfClosing: Bool, offset: Int)
        case end(name: Range<Int>, offset: Int)
        case text(Range<Int>, cdata: Bool)
    }

    let p: UnsafePointer<UInt8>
    let n: Int
    private(set) var position: Int
    /// Line counting, forward only (see ``line(at:)``).
    private var countedTo = 0
    private var countedLines = 1

    init(_ p: UnsafePointer<UInt8>, count: Int) {
        self.p = p
        self.n = count
        position = count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
    }

    /// The 1-based line of byte `offset`; offsets asked for should grow (earlier ones are counted
    /// again from the start).
    mutating func line(at offset: Int) -> Int {
        if offset < countedTo { countedTo = 0; countedLines = 1 }
        let end = min(offset, n)
        while countedTo < end, let hit = memchr(p + countedTo, 10, end - countedTo) {
            countedLines += 1
            countedTo = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(hit)) + 1
        }
        countedTo = max(countedTo, end)
        return countedLines
    }

    mutating func next() -> Token? {
        while position < n {
            let start = position
            guard p[start] == 60 else {                                        // text up to the next <
                let stop = memchr(p + start, 60, n - start).map { UnsafeRawPointer(p).distance(to: UnsafeRawPointer($0)) } ?? n
                position = stop
                return .text(start..<stop, cdata: false)
            }
            guard start + 1 < n else { position = n; return .text(start..<n, cdata: false) }
            let second = p[start + 1]
            if second == 33 {                                                   // <!
                if starts(start + 2, "--") {
                    position = find(start + 4, "-->").map { $0 + 3 } ?? n
                    continue
                }
                if starts(start + 2, "[CDATA[") {
                    let from = start + 9
                    let close = find(from, "]]>") ?? n
                    position = min(n, close + 3)
                    return .text(from..<close, cdata: true)
                }
                position = declarationEnd(start + 2)
                continue
            }
            if second == 63 {                                                   // <? … ?>
                position = find(start + 2, "?>").map { $0 + 2 } ?? n
                continue
            }
            if second == 47 {                                                   // </name>
                var k = start + 2
                let nameStart = k
                while k < n, isNameByte(p[k]) { k += 1 }
                let name = nameStart..<k
                while k < n, p[k] != 62, p[k] != 60 { k += 1 }
                position = k < n && p[k] == 62 ? k + 1 : k
                if name.isEmpty { return .text(start..<position, cdata: false) }
                return .end(name: name, offset: start)
            }
            guard isNameStart(second) else {                                    // a lone `<`: text
                position = start + 1
                return .text(start..<start + 1, cdata: false)
            }
            var k = start + 1
            while k < n, isNameByte(p[k]) { k += 1 }
            let name = start + 1..<k
            var attributes: [Attribute] = []
            var selfClosing = false
            while k < n {
                while k < n, Bytes.isASCIIWhitespace(p[k]) { k += 1 }
                guard k < n else { break }
                let c = p[k]
                if c == 62 { k += 1; break }                                    // >
                if c == 47 {                                                    // />
                    if k + 1 < n, p[k + 1] == 62 { selfClosing = true; k += 2; break }
                    k += 1
                    continue
                }
                if c == 60 { break }                                            // a tag cut short: the next begins
                let attributeStart = k
                while k < n, p[k] != 61, p[k] != 62, p[k] != 60, !Bytes.isASCIIWhitespace(p[k]), !(p[k] == 47 && k + 1 < n && p[k + 1] == 62) { k += 1 }
                let attributeName = attributeStart..<k
                if attributeName.isEmpty { k += 1; continue }
                var m = k
                while m < n, Bytes.isASCIIWhitespace(p[m]) { m += 1 }
                guard m < n, p[m] == 61 else { continue }                       // no value: skipped
                m += 1
                while m < n, Bytes.isASCIIWhitespace(p[m]) { m += 1 }
                guard m < n else { k = m; break }
                if p[m] == 34 || p[m] == 39 {
                    let quote = p[m]
                    let valueStart = m + 1
                    let close = memchr(p + valueStart, Int32(quote), n - valueStart)
                        .map { UnsafeRawPointer(p).distance(to: UnsafeRawPointer($0)) } ?? n
                    attributes.append(Attribute(name: attributeName, value: valueStart..<close))
                    k = min(n, close + 1)
                } else {
                    let valueStart = m
                    while m < n, !Bytes.isASCIIWhitespace(p[m]), p[m] != 62, p[m] != 60 { m += 1 }
                    attributes.append(Attribute(name: attributeName, value: valueStart..<m))
                    k = m
                }
            }
            position = k
            return .start(name: name, attributes: attributes, selfClosing: selfClosing, offset: start)
        }
        return nil
    }

    /// Past a `<!DOCTYPE …>` or other declaration whose body starts at `k`, its `[…]` subset included.
    private func declarationEnd(_ from: Int) -> Int {
        var k = from
        var depth = 0
        var quote: UInt8 = 0
        while k < n {
            let c = p[k]
            if quote != 0 { if c == quote { quote = 0 } } else if c == 34 || c == 39 { quote = c } else if c == 91 { depth += 1 } else if c == 93 { depth -= 1 } else if c == 62, depth <= 0 { return k + 1 }
            k += 1
        }
        return n
    }

    private func starts(_ at: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard at + count <= n else { return false }
        return memcmp(p + at, literal.utf8Start, count) == 0
    }

    private func find(_ from: Int, _ literal: StaticString) -> Int? {
        let count = literal.utf8CodeUnitCount
        let first = literal.utf8Start[0]
        var k = from
        while k + count <= n {
            guard let hit = memchr(p + k, Int32(first), n - k - count + 1) else { return nil }
            let at = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(hit))
            if memcmp(p + at, literal.utf8Start, count) == 0 { return at }
            k = at + 1
        }
        return nil
    }

    @inline(__always) private func isNameStart(_ b: UInt8) -> Bool { Bytes.isLetter(b) || b == 95 || b == 58 || b >= 0x80 }
    @inline(__always) private func isNameByte(_ b: UInt8) -> Bool {
        Bytes.isLetter(b) || Bytes.isDigit(b) || b == 95 || b == 58 || b == 45 || b == 46 || b >= 0x80
    }

    // MARK: Names and values

    /// The part of a name after its prefix (`p` of `tt:p`).
    func localName(_ name: Range<Int>) -> Range<Int> {
        var k = name.upperBound
        while k > name.lowerBound, p[k - 1] != 58 { k -= 1 }
        return k..<name.upperBound
    }

    /// The prefix of a name (`tt` of `tt:p`); empty when it has none.
    func prefix(_ name: Range<Int>) -> Range<Int> {
        let local = localName(name)
        return name.lowerBound..<max(name.lowerBound, local.lowerBound - 1)
    }

    func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && memcmp(p + range.lowerBound, literal.utf8Start, range.count) == 0
    }

    /// The bytes of a range as a string, as written.
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: p + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// An attribute value with its references resolved.
    func value(_ range: Range<Int>) -> String {
        if memchr(p + range.lowerBound, 38, range.count) == nil { return string(range) }
        var bytes: [UInt8] = []
        decode(range, cdata: false, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text of `range` with its character references resolved (none in CDATA).
    func decode(_ range: Range<Int>, cdata: Bool, into out: inout [UInt8]) {
        Self.decode(p, range, cdata: cdata, into: &out)
    }

    static func decode(_ p: UnsafePointer<UInt8>, _ range: Range<Int>, cdata: Bool, into out: inout [UInt8]) {
        var k = range.lowerBound
        let end = range.upperBound
        while k < end {
            let from = k
            if !cdata {
                while k < end, p[k] != 38 { k += 1 }
            } else {
                k = end
            }
            out.append(contentsOf: UnsafeBufferPointer(start: p + from, count: k - from))
            guard k < end else { break }
            if let (scalar, length) = CharacterReferences.match(p, k, end) {
                TextDecoder.appendUTF8(scalar.value, to: &out)
                k += length
            } else {
                out.append(38)
                k += 1
            }
        }
    }
}
