import Glibc

/// SAMI (`.smi`, `.sami`), read as the players that see the most of it (PotPlayer, VLC) read it:
///
/// - Tags and attributes in any case, quoted or not, unclosed `<P>` and `<SYNC>` (a new one ends the
///   last), comments `<!-- -->`, anything before the first `<SYNC>` ignored.
/// - `<STYLE>` declares the classes (`.KRCC { Name: Korean; lang: ko-KR; }`): each class is a track,
///   in the order declared (classes used but not declared follow, in the order they appear).
/// - `<SYNC Start=ms>` begins a change: each `<P Class=…>` in it is that class's new text (text
///   outside a `<P>`, or a `<P>` without a class, belongs to no class). A class's text lasts until
///   the next change of the same class; text that is only `&nbsp;` (or nothing) clears it. The last
///   text of a class lasts until its `End=` if the SYNC has one, else a few seconds.
/// - Text: whitespace collapses as in HTML; `<br>` breaks the line; `<b> <i> <u> <s>` and
///   `<font color>` style it; every other tag is hidden; character references are decoded.
/// - A `<SYNC>` without a readable start is skipped with a ``Diagnostic``; the rest still plays.
/// - The encoding (often CP949 or UTF-16 for Korean files) is the decoder's business.
public enum SAMIParser {

    /// Parses SAMI text. Never fails: what cannot be read is skipped and reported.
    public static func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(validUTF8: Array(text.utf8))
    }

    /// Parses text given as UTF-8 that is known to be valid (a stream's decoded text).
    static func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        CueList.parsed(validUTF8: source) { bytes in
            let parsed = parse(bytes: bytes)
            return (parsed.records, [], .built(parsed.document), parsed.diagnostics)
        }
    }

    /// Parses from UTF-8 bytes (invalid sequences become U+FFFD). For fuzzing and tests.
    public static func parse<Input: Collection>(utf8 bytes: Input) -> (cues: CueList, diagnostics: [Diagnostic])
    where Input.Element == UInt8 {
        parse(String(decoding: bytes, as: UTF8.self))
    }

    /// A tag at `p[i]` (which is `<`): which of the tags that shape the file it is, whether it
    /// closes, where its attributes start, and where it ends (just past `>`); nil when `<` does not
    /// start a tag.
    struct Tag {
        var name: Name
        var closing: Bool
        var attributes: Int
        var end: Int
    }

    /// The tags the parser acts on; every other one is markup inside the text.
    enum Name { case sami, head, style, body, sync, p, other }

    static func readTag(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Tag? {
        var k = i + 1
        var closing = false
        if k < n, p[k] == 47 { closing = true; k += 1 }
        guard k < n, Bytes.isLetter(p[k]) else { return nil }
        let nameStart = k
        // The name's first four bytes in lower case (`| 0x20` lowers letters and keeps digits).
        var packed: UInt32 = 0
        while k < n, Bytes.isLetter(p[k]) || Bytes.isDigit(p[k]), k &- nameStart < 16 {
            if k &- nameStart < 4 { packed = packed &<< 8 | UInt32(p[k] | 0x20) }
            k &+= 1
        }
        let attributes = k
        let name: Name
        switch k - nameStart {
        case 1: name = packed == 0x70 ? .p : .other                                              // p
        case 4:
            switch packed {
            case 0x7379_6E63: name = .sync                                                       // sync
            case 0x626F_6479: name = .body                                                       // body
            case 0x7361_6D69: name = .sami                                                       // sami
            case 0x6865_6164: name = .head                                                       // head
            default: name = .other
            }
        case 5: name = packed == 0x7374_796C && p[nameStart + 4] | 0x20 == 0x65 ? .style : .other   // style
        default: name = .other
        }
        // Up to `>`; a `<` first means this was not a tag. Eight bytes at a time.
        while k &+ 8 <= n {
            let word = ByteWords.load(p + k)
            let marks = ByteWords.equal(word, 62) | ByteWords.equal(word, 60)
            if marks != 0 {
                k &+= marks.trailingZeroBitCount &>> 3
                break
            }
            k &+= 8
        }
        while k < n, p[k] != 62, p[k] != 60 { k += 1 }
        if k < n, p[k] == 60 { return nil }
        return Tag(name: name, closing: closing, attributes: attributes, end: min(n, k + 1))
    }

    /// Counts lines forward through a buffer as LineScanner numbers them (it does the counting:
    /// its `memchr` per line costs less than counting line feeds eight bytes at a time, measured).
    struct LineCounter {
        private var scanner: LineScanner

        init(_ p: UnsafePointer<UInt8>, count: Int) {
            scanner = LineScanner(p, count: count)
        }

        /// The number of the line holding byte `offset` (before the end of the buffer); offsets
        /// asked for only grow.
        mutating func line(at offset: Int) -> Int {
            while scanner.position <= offset, scanner.next() != nil {}
            return scanner.nextNumber - 1
        }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> (records: [CueRecord], document: SAMIDocument, diagnostics: [Diagnostic]) {
        // Syncs in time order (nearly every file) are written as they come; others read again.
        if let parsed = parse(bytes: bytes, inOrder: true) { return parsed }
        return parse(bytes: bytes, inOrder: false)!
    }

    /// The file's records, tracks and messages; with `inOrder`, nil when a sync's start goes back
    /// (see ``OpenEndedCues/Collector``).
    static func parse(bytes: UnsafeBufferPointer<UInt8>, inOrder: Bool)
        -> (records: [CueRecord], document: SAMIDocument, diagnostics: [Diagnostic])? {
        guard bytes.count > 0 else { return ([], SAMIDocument(tracks: []), []) }
        guard var scan = scan(bytes: bytes, inOrder: inOrder), let records = scan.changes.records() else { return nil }
        if !scan.sawSync {
            scan.diagnostics.append(Diagnostic(line: 1, message: "no SAMI cues found (no <SYNC> tags)"))
        }
        return (records, SAMIDocument(tracks: scan.tracks), scan.diagnostics)
    }

    /// What one pass over SAMI text found: its changes (each class's text at each sync, clears
    /// too), its classes (tracks, numbered from 1 in the changes), its messages.
    struct Scan {
        var changes: OpenEndedCues.Collector
        var tracks: [CueTrack]
        var diagnostics: [Diagnostic]
        var sawSync: Bool
    }

    /// Reads the syncs of `bytes` into changes; nil when `inOrder` and a start goes back.
    static func scan(bytes: UnsafeBufferPointer<UInt8>, inOrder: Bool) -> Scan? {
        guard let p = bytes.baseAddress, bytes.count > 0 else {
            return Scan(changes: OpenEndedCues.Collector(inOrder: inOrder, reserve: 0), tracks: [], diagnostics: [], sawSync: false)
        }
        let n = bytes.count
        var diagnostics: [Diagnostic] = []
        var lines = LineCounter(p, count: n)
        var tracks: [CueTrack] = []
        var trackIndex: [String: Int] = [:]
        var lastClass: (start: Int, end: Int, track: UInt32)?   // the class named last, usually named again
        var lastShortName: ShortName?                           // and as one word, when it fits
        var changes = OpenEndedCues.Collector(inOrder: inOrder, reserve: LineScanner.estimateLineCount(p, n))
        var sync: (start: Nanoseconds, end: Nanoseconds?, line: Int)?
        var content: (start: Int, track: UInt32, paragraph: Bool)?
        var sawSync = false

        func track(named name: String) -> UInt32 {
            let key = name.lowercased()
            if let k = trackIndex[key] { return UInt32(k + 1) }
            tracks.append(CueTrack(index: tracks.count, name: name))
            trackIndex[key] = tracks.count - 1
            return UInt32(tracks.count)
        }
        /// The text being read ends at `end`: a change of its class (a clear when it has no text).
        func endContent(at end: Int) {
            defer { content = nil }
            guard let sync, let open = content, open.start <= end else { return }
            if open.start == end, !open.paragraph { return }   // a <SYNC> right before its <P>: nothing
            switch textKind(p, open.start, end) {
            case .text:
                changes.add(.init(start: sync.start, track: open.track, text: open.start..<end, line: sync.line,
                                     end: sync.end, detail: open.track))
            case .clear:
                changes.add(.init(start: sync.start, track: open.track, text: nil, line: sync.line))
            case .blank:
                // An empty paragraph clears its class; white space between tags is nothing.
                if open.paragraph { changes.add(.init(start: sync.start, track: open.track, text: nil, line: sync.line)) }
            }
        }

        /// A `<SYNC>` at `lt` begins a change (false when its start went back and the changes are no
        /// longer written in order); one without a start is skipped and said.
        func beginSync(at lt: Int, start: Nanoseconds?, end: Nanoseconds?, tagEnd: Int) -> Bool {
            endContent(at: lt)
            if changes.gaveUp { return false }
            sawSync = true
            let line = lines.line(at: lt)
            if let start {
                sync = (start, end, line)
                content = (tagEnd, 0, false)
            } else {
                sync = nil
                diagnostics.append(Diagnostic(line: line, message:
                    (hasLongNumber(p, lt, tagEnd) ? "start time of more than 12 digits in '" : "no start time in '")
                    + "\(Bytes.snippet(p, lt, tagEnd, limit: 40))'; skipped"))
            }
            return true
        }
        /// A `<P>` at `lt` begins its class's text (the class's name in `p`, if it has one).
        func beginParagraph(at lt: Int, className name: Range<Int>?, tagEnd: Int) {
            var number: UInt32 = 0
            if let name, !name.isEmpty {
                if let last = lastClass, last.end - last.start == name.count,
                   memcmp(p + last.start, p + name.lowerBound, name.count) == 0 {
                    number = last.track
                } else {
                    number = track(named: String(decoding: UnsafeBufferPointer(start: p + name.lowerBound, count: name.count),
                                                 as: UTF8.self))
                    lastClass = (name.lowerBound, name.upperBound, number)
                    lastShortName = ShortName(p, name, n)
                }
            }
            beginParagraph(at: lt, track: number, tagEnd: tagEnd)
        }
        func beginParagraph(at lt: Int, track: UInt32, tagEnd: Int) {
            endContent(at: lt)
            content = (tagEnd, track, true)
        }

        var i = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        while i < n, let hit = memchr(p + i, 60, n - i) {
            let lt = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(hit))
            // The usual `<SYNC Start=N>` and `<P Class=X>` without the general readers.
            if let usual = usualSync(p, lt, n) {
                guard beginSync(at: lt, start: usual.start, end: nil, tagEnd: usual.end) else { return nil }
                i = usual.end
                continue
            }
            if let name = lastShortName, let end = paragraph(p, lt, n, named: name) {
                beginParagraph(at: lt, track: lastClass!.track, tagEnd: end)   // the class named last, again
                i = end
                continue
            }
            if let usual = usualParagraph(p, lt, n) {
                beginParagraph(at: lt, className: usual.className, tagEnd: usual.end)
                i = usual.end
                continue
            }
            if lt + 3 < n, p[lt + 1] == 33, p[lt + 2] == 45, p[lt + 3] == 45 {       // <!-- comment -->
                i = find(p, lt + 4, n, "-->").map { $0 + 3 } ?? n
                continue
            }
            guard let tag = readTag(p, lt, n) else { i = lt + 1; continue }
            switch (tag.name, tag.closing) {
            case (.style, false):
                let close = find(p, tag.end, n, "</") ?? n
                for (name, language) in styleClasses(p, tag.end, close) {
                    let k = Int(track(named: name)) - 1
                    if tracks[k].language == nil { tracks[k].language = language }
                }
                i = close
                continue
            case (.sync, false):
                let times = syncTimes(p, tag)
                guard beginSync(at: lt, start: times.start, end: times.end, tagEnd: tag.end) else { return nil }
            case (.p, false):
                beginParagraph(at: lt, className: className(p, tag), tagEnd: tag.end)
            case (.p, true), (.body, _), (.sami, true), (.head, _):
                endContent(at: lt)
            case (.sync, true):
                endContent(at: lt)
                sync = nil
            default:
                break  // markup inside the text
            }
            i = tag.end
        }
        endContent(at: n)
        if changes.gaveUp { return nil }
        return Scan(changes: changes, tracks: tracks, diagnostics: diagnostics, sawSync: sawSync)
    }

    /// A `<SYNC>`'s start and end times as the general rule reads them (the last of each counts).
    static func syncTimes(_ p: UnsafePointer<UInt8>, _ tag: Tag) -> (start: Nanoseconds?, end: Nanoseconds?) {
        var startValue: Range<Int>?, endValue: Range<Int>?
        if let value = TagAttributes.only("start", p, tag.attributes, tag.end - 1) {
            startValue = value                                          // the usual `<SYNC Start=1000>`
        } else {
            TagAttributes.forEach(p, tag.attributes, tag.end - 1) { nameStart, nameEnd, value in
                if Bytes.equalsIgnoringCase(p, nameStart, nameEnd, "start") {
                    startValue = value
                } else if Bytes.equalsIgnoringCase(p, nameStart, nameEnd, "end") {
                    endValue = value
                }
            }
        }
        return (startValue.flatMap { milliseconds(p, $0) }, endValue.flatMap { milliseconds(p, $0) })
    }

    /// A `<P>`'s class as the general rule reads it.
    static func className(_ p: UnsafePointer<UInt8>, _ tag: Tag) -> Range<Int>? {
        TagAttributes.only("class", p, tag.attributes, tag.end - 1)
            ?? TagAttributes.value(of: "class", p, tag.attributes, tag.end - 1)
    }

    /// `<SYNC Start=N>` at `p[lt]` (names in any case, one to twelve digits, nothing else): its start
    /// and where it ends (just past `>`), as ``readTag(_:_:_:)`` and ``syncTimes(_:_:)`` read it;
    /// nil for any other tag. Nearly every sync of a file is one.
    @inline(__always)
    static func usualSync(_ p: UnsafePointer<UInt8>, _ lt: Int, _ n: Int) -> (start: Nanoseconds, end: Int)? {
        // `<sync st` with its letters lowered (`| 0x20` only on them: `<` and space exact), then `art=`.
        guard lt &+ 13 <= n,
              ByteWords.load(p + lt) | 0x2020_0020_2020_2000 == 0x7473_2063_6E79_733C,
              UnsafeRawPointer(p + lt + 8).loadUnaligned(as: UInt32.self) | 0x0020_2020 == 0x3D74_7261 else { return nil }
        var k = lt &+ 12
        // Up to seven digits and `>` (times below 2.7 hours) read as one word; up to twelve as two.
        if k &+ 8 <= n {
            let word = ByteWords.load(p + k)
            let digits = ByteWords.leadingDigits(word)
            if digits > 0, digits < 8, word &>> UInt64(digits &* 8) & 0xFF == 62 {
                return (Int64(ByteWords.decimalValue(word, digits: digits)) &* Time.millisecond, k &+ digits &+ 1)
            }
            if digits == 8, k &+ 16 <= n {
                let next = ByteWords.load(p + (k &+ 8))
                let more = ByteWords.leadingDigits(next)
                if more < 5, next &>> UInt64(more &* 8) & 0xFF == 62 {
                    var ms = Int64(ByteWords.decimalValue(word, digits: 8))
                    if more > 0 {
                        for _ in 0..<more { ms &*= 10 }
                        ms &+= Int64(ByteWords.decimalValue(next, digits: more))
                    }
                    return (ms &* Time.millisecond, k &+ 8 &+ more &+ 1)
                }
            }
        }
        let first = k
        var ms: Int64 = 0
        while k < n, k &- first < 12, Bytes.isDigit(p[k]) { ms = ms &* 10 &+ Int64(p[k] &- 48); k &+= 1 }
        guard k > first, k < n, p[k] == 62 else { return nil }
        return (ms &* Time.millisecond, k &+ 1)
    }

    /// `<P Class=X>` at `p[lt]` (names in any case, a bare value): the class's name and where the tag
    /// ends, as ``readTag(_:_:_:)`` and ``className(_:_:)`` read it; nil for any other tag.
    @inline(__always)
    static func usualParagraph(_ p: UnsafePointer<UInt8>, _ lt: Int, _ n: Int) -> (className: Range<Int>, end: Int)? {
        // `<p class` with its letters lowered, then `=`.
        guard lt &+ 10 <= n,
              ByteWords.load(p + lt) | 0x2020_2020_2000_2000 == 0x7373_616C_6320_703C, p[lt &+ 8] == 61 else { return nil }
        var k = lt &+ 9
        while k < n, p[k] > 32, p[k] != 34, p[k] != 39, p[k] != 60, p[k] != 62 { k &+= 1 }
        guard k < n, p[k] == 62 else { return nil }
        return (lt &+ 9..<k, k &+ 1)
    }

    /// A class name of one to eight bytes, as one word (its bytes, zeros after them): the name a
    /// file's paragraphs nearly all repeat, compared where it stands.
    struct ShortName {
        var word: UInt64
        var count: Int

        init?(_ p: UnsafePointer<UInt8>, _ name: Range<Int>, _ n: Int) {
            guard name.count > 0, name.count <= 8, name.lowerBound &+ 8 <= n,
                  !name.contains(where: { p[$0] <= 32 || p[$0] == 34 || p[$0] == 39 || p[$0] == 60 || p[$0] == 62 })
            else { return nil }   // a quoted name with a space, say, is not read this way
            count = name.count
            word = ByteWords.load(p + name.lowerBound) & Self.mask(count)
        }

        @inline(__always) static func mask(_ count: Int) -> UInt64 { ~0 &>> UInt64(64 &- 8 &* count) }
    }

    /// `<P Class=X>` at `p[lt]` where X is `name`: where the tag ends, as ``usualParagraph(_:_:_:)``
    /// reads it (X's bytes end the name: none is a space, quote, `<` or `>`); nil for any other tag.
    @inline(__always)
    static func paragraph(_ p: UnsafePointer<UInt8>, _ lt: Int, _ n: Int, named name: ShortName) -> Int? {
        let close = lt &+ 9 &+ name.count
        guard lt &+ 17 <= n, close < n,
              ByteWords.load(p + lt) | 0x2020_2020_2000_2000 == 0x7373_616C_6320_703C, p[lt &+ 8] == 61,
              ByteWords.load(p + (lt &+ 9)) & ShortName.mask(name.count) == name.word, p[close] == 62 else { return nil }
        return close &+ 1
    }

    /// Where `needle` (ASCII, matched in any case) first occurs in `p[from..<n]`.
    static func find(_ p: UnsafePointer<UInt8>, _ from: Int, _ n: Int, _ needle: StaticString) -> Int? {
        needle.withUTF8Buffer { b in
            let count = b.count
            var k = from
            while k + count <= n {
                guard let hit = memchr(p + k, Int32(b[0]), n - k - count + 1) else { return nil }
                let at = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(hit))
                if (0..<count).allSatisfy({ Bytes.lower(p[at + $0]) == b[$0] }) { return at }
                k = at + 1
            }
            return nil
        }
    }

    /// A start or end time in milliseconds (`1000`, `"1000"`, `1000ms`); nil without digits.
    static func milliseconds(_ p: UnsafePointer<UInt8>, _ value: Range<Int>) -> Nanoseconds? {
        let end = value.upperBound
        var k = value.lowerBound
        while k < end, Bytes.isSpaceOrTab(p[k]) { k &+= 1 }
        // At most 12 digits: nothing overflows, in nanoseconds either.
        let first = k
        var ms: Int64 = 0
        while k < end, k &- first < 12, Bytes.isDigit(p[k]) { ms = ms &* 10 &+ Int64(p[k] &- 48); k &+= 1 }
        // More digits: a time no file means (cut to twelve, it would be another one).
        if k < end, Bytes.isDigit(p[k]) { return nil }
        return k > first ? ms &* Time.millisecond : nil
    }

    /// Whether `p[start..<end]` holds a run of more than 12 digits (a time ``milliseconds(_:_:)`` refuses).
    static func hasLongNumber(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var run = 0
        for k in start..<end {
            run = Bytes.isDigit(p[k]) ? run + 1 : 0
            if run > 12 { return true }
        }
        return false
    }

    enum TextKind { case text, clear, blank }

    /// What `p[start..<end]` holds once its tags are hidden: text, only no-break spaces (a clear),
    /// or nothing.
    static func textKind(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> TextKind {
        var k = start
        var sawSpace = false
        while k < end {
            let c = p[k]
            if Bytes.isASCIIWhitespace(c) { k += 1; continue }
            if c == 60, let tag = readTag(p, k, end) { k = tag.end; continue }
            if c == 60, k + 3 < end, p[k + 1] == 33, p[k + 2] == 45, p[k + 3] == 45 {
                k = find(p, k + 4, end, "-->").map { $0 + 3 } ?? end
                continue
            }
            if c == 38, k + 6 <= end,                                                                       // the usual clear
               UnsafeRawPointer(p + k).loadUnaligned(as: UInt32.self) == 0x7362_6E26,                            // &nbs
               UnsafeRawPointer(p + k + 4).loadUnaligned(as: UInt16.self) == 0x3B70 { sawSpace = true; k += 6; continue }   // p;
            if c == 38, let (scalar, length) = CharacterReferences.match(p, k, end), scalar == "\u{A0}" || scalar == " " {
                sawSpace = true
                k += length
                continue
            }
            if c == 0xC2, k + 1 < end, p[k + 1] == 0xA0 { sawSpace = true; k += 2; continue }   // U+00A0 itself
            return .text
        }
        return sawSpace ? .clear : .blank
    }

    /// The classes a `<STYLE>` block declares, with their `lang`: `.NAME { …; lang: ko-KR; … }`.
    static func styleClasses(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> [(String, String?)] {
        let css = String(decoding: UnsafeBufferPointer(start: p + start, count: max(0, end - start)), as: UTF8.self)
        var classes: [(String, String?)] = []
        var rest = Substring(css)
        while let open = rest.firstIndex(of: "{") {
            let selector = rest[..<open].replacing("<!--", with: "").replacing("-->", with: "").trimmingASCIIWhitespace()
            let close = rest[open...].firstIndex(of: "}") ?? rest.endIndex
            let body = rest[rest.index(after: open)..<close]
            rest = close < rest.endIndex ? rest[rest.index(after: close)...] : ""
            guard selector.first == ".", selector.count > 1 else { continue }
            let name = String(selector.dropFirst().prefix { !$0.isWhitespace && $0 != "," && $0 != "{" })
            var language: String?
            for declaration in body.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingASCIIWhitespace().lowercased() == "lang" else { continue }
                let value = parts[1].trimmingASCIIWhitespace()
                if !value.isEmpty { language = String(value) }
            }
            if !name.isEmpty { classes.append((name, language)) }
        }
        return classes
    }
}

/// A SAMI file's tracks (its classes); builds each cue's text (see ``SAMIText``).
struct SAMIDocument: CueBuilder {
    var tracks: [CueTrack]

    func cue(_ r: CueRecord, in source: UnsafeBufferPointer<UInt8>) -> Cue {
        guard let base = source.baseAddress else { return Cue(start: r.start, end: r.end, runs: [], sourceLine: Int(r.line)) }
        let text = UnsafeBufferPointer(start: base + Int(r.textStart), count: Int(r.textEnd) - Int(r.textStart))
        let track = r.detail > 0 && Int(r.detail) <= tracks.count ? tracks[Int(r.detail) - 1] : nil
        return Cue(start: r.start, end: r.end, runs: SAMIText.runs(text), sourceLine: Int(r.line), track: track)
    }
}
