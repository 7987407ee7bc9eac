import Glibc

/// LRC lyrics (`.lrc`), simple and enhanced, read as the lyrics players read them:
///
/// - A line is one or more time tags `[mm:ss.xx]` then its text: the text shows at each of its tags
///   (a chorus written once). Tags may be `[mm:ss]`, `[mm:ss.x…]` with any fraction, `[mm:ss:xx]`,
///   or `[h:mm:ss.xx]`; minutes may pass 59; times are below a million hours. Lines come in any order.
/// - A line lasts until the next line's start (an empty line ends the one before, for an
///   instrumental); the last one until `[length:]`, or a few seconds.
/// - `[offset:±ms]`: a positive offset shows the lyrics sooner, as the LRC convention has it.
/// - `[ti:]`, `[ar:]`, `[al:]`: a title card (title, then artist and album) shows before the first
///   line when the lyrics start a second or more in. Other ID tags (`[by:]`, `[re:]`, …) are ignored.
/// - Enhanced LRC: `<mm:ss.xx>` inside a line times the words after it (karaoke: each word is
///   highlighted at its instant when colour is on, revealed then otherwise).
/// - A time tag that cannot be read skips its line with a ``Diagnostic``; lines without a tag are
///   ignored and said (once, with how many).
public enum LRCParser {

    /// Parses LRC text. Never fails: what cannot be read is skipped and reported.
    public static func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(validUTF8: Array(text.utf8))
    }

    /// Parses text given as UTF-8 that is known to be valid (a stream's decoded text).
    static func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        CueList.parsed(validUTF8: source) { bytes in
            let parsed = parse(bytes: bytes)
            return (parsed.records, [], .built(parsed.lyrics), parsed.diagnostics)
        }
    }

    /// Parses from UTF-8 bytes (invalid sequences become U+FFFD). For fuzzing and tests.
    public static func parse<Input: Collection>(utf8 bytes: Input) -> (cues: CueList, diagnostics: [Diagnostic])
    where Input.Element == UInt8 {
        parse(String(decoding: bytes, as: UTF8.self))
    }

    /// `detail` of a title card's record.
    static let titleCard: UInt32 = 1

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> (records: [CueRecord], lyrics: LRCLyrics, diagnostics: [Diagnostic]) {
        // Lines in time order (nearly every file) are written as they come; others read again.
        if let parsed = parse(bytes: bytes, inOrder: true) { return parsed }
        return parse(bytes: bytes, inOrder: false)!
    }

    /// The file's records, lyrics and messages; with `inOrder`, nil when a line's time goes back
    /// (or an `[offset:]` comes after the first line): see ``OpenEndedCues/Collector``.
    static func parse(bytes: UnsafeBufferPointer<UInt8>, inOrder: Bool)
        -> (records: [CueRecord], lyrics: LRCLyrics, diagnostics: [Diagnostic])? {
        guard bytes.count > 0 else { return ([], LRCLyrics(), []) }
        guard var scan = scan(bytes: bytes, inOrder: inOrder), var records = scan.changes.records(lastEnd: scan.length) else { return nil }
        let lyrics = scan.lyrics
        var diagnostics = scan.diagnostics
        if let first = records.first, first.start >= Time.second, let card = lyrics.titleCardRecord(before: first) {
            records.insert(card, at: 0)
        }
        if let untagged = scan.untagged { diagnostics.append(untaggedDiagnostic(untagged)) }
        if scan.changes.count == 0 {
            diagnostics.append(Diagnostic(line: 1, message: "no LRC time tags found"))
        }
        return (records, lyrics, diagnostics)
    }

    /// What one pass over LRC text found: its changes (each line at each of its times, empty lines
    /// as clears), what its ID tags say, and its messages.
    struct Scan {
        var changes: OpenEndedCues.Collector
        var lyrics: LRCLyrics
        var length: Nanoseconds?
        /// The first line without a time tag, and how many there were.
        var untagged: (first: Int, count: Int)?
        var diagnostics: [Diagnostic]
    }

    static func untaggedDiagnostic(_ untagged: (first: Int, count: Int)) -> Diagnostic {
        Diagnostic(line: untagged.first, message: "line without a time tag ignored"
                   + (untagged.count > 1 ? " (and \(untagged.count - 1) more like it)" : ""))
    }

    /// Reads the lines of `bytes` into changes, after what `lyrics` says already (a stream's
    /// earlier parts); nil when `inOrder` and a time goes back.
    static func scan(bytes: UnsafeBufferPointer<UInt8>, inOrder: Bool, lyrics given: LRCLyrics = LRCLyrics()) -> Scan? {
        var lyrics = given
        guard let p = bytes.baseAddress, bytes.count > 0 else {
            return Scan(changes: OpenEndedCues.Collector(inOrder: inOrder, reserve: 0), lyrics: lyrics, diagnostics: [])
        }
        let n = bytes.count
        var diagnostics: [Diagnostic] = []
        var changes = OpenEndedCues.Collector(inOrder: inOrder, reserve: LineScanner.estimateLineCount(p, n))
        var length: Nanoseconds?
        var untagged: (first: Int, count: Int)?
        let bom = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        var scanner = LineScanner(p, count: n, position: bom)
        // The line's times: the first (nearly always the only one), then the others' storage kept.
        var firstStamp: Nanoseconds = 0
        var stamps: [Nanoseconds] = []
        var stampCount = 0

        lines: while let line = scanner.next() {
            var k = line.start
            while k < line.end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
            guard k < line.end else { continue }
            stampCount = 0
            var tags = 0
            while k < line.end, p[k] == 91 {                                   // [
                var close = k + 1
                var time: Nanoseconds?                                           // nil: not a time tag
                if let usual = usualTimeTag(p, k, line.end, n) {
                    (time, close) = (usual.time, usual.close)
                } else {
                    while close < line.end, p[close] != 93 { close += 1 }        // ]
                    guard close < line.end else { break }
                    var inside = k + 1
                    while inside < close, Bytes.isSpaceOrTab(p[inside]) { inside += 1 }
                    if inside < close, Bytes.isDigit(p[inside]) {
                        guard let read = timeTag(p, k + 1, close) else {
                            diagnostics.append(Diagnostic(line: line.number, message:
                                "bad time tag '\(Bytes.snippet(p, k, close + 1, limit: 40))'; line skipped"))
                            continue lines
                        }
                        time = read
                    }
                }
                if let time {
                    if stampCount == 0 {
                        firstStamp = time
                    } else if stampCount - 1 < stamps.count {
                        stamps[stampCount - 1] = time
                    } else {
                        stamps.append(time)
                    }
                    stampCount += 1
                } else if let (key, value) = idTag(p, k + 1, close) {
                    switch key {
                    case "ti": lyrics.title = value
                    case "ar": lyrics.artist = value
                    case "al": lyrics.album = value
                    case "offset":
                        if let ms = Int64(value.hasPrefix("+") ? String(value.dropFirst()) : value) {
                            lyrics.offset = max(-86_400_000, min(ms, 86_400_000)) * Time.millisecond
                            // Written in order, the lines so far were shifted by another offset.
                            if changes.count > 0 { changes.abandonOrder() }
                        }
                    case "length":
                        length = Array(value.utf8).withUnsafeBufferPointer { b in b.baseAddress.flatMap { timeTag($0, 0, b.count) } }
                    default: break
                    }
                } else {
                    break                                                         // text that starts with [
                }
                tags += 1
                k = close + 1
            }
            var end = line.end
            while k < end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
            while end > k, Bytes.isSpaceOrTab(p[end - 1]) { end -= 1 }
            if stampCount == 0 {
                if tags == 0 { untagged = untagged.map { ($0.first, $0.count + 1) } ?? (line.number, 1) }
                continue
            }
            // In order, each line is shifted by the offset as it comes (it cannot change later).
            let shift = changes.isInOrder ? lyrics.offset : 0
            let text = k < end ? k..<end : nil
            changes.add(.init(start: max(0, firstStamp - shift), track: 0, text: text, line: line.number))
            for s in 0..<(stampCount - 1) {
                changes.add(.init(start: max(0, stamps[s] - shift), track: 0, text: text, line: line.number))
            }
            if changes.gaveUp { return nil }
            // Word stamps are written for the line's first time; its other times shift them.
            if stampCount > 1, k < end { lyrics.firstTimes[UInt32(truncatingIfNeeded: line.number)] = firstStamp }
        }
        // The offset applies to every tag, wherever it was written.
        if lyrics.offset != 0 {
            if !changes.isInOrder {
                for c in changes.changes.indices { changes.changes[c].start = max(0, changes.changes[c].start - lyrics.offset) }
            }
            for (line, time) in lyrics.firstTimes { lyrics.firstTimes[line] = max(0, time - lyrics.offset) }
        }
        return Scan(changes: changes, lyrics: lyrics, length: length, untagged: untagged, diagnostics: diagnostics)
    }

    /// The usual tag `[m…m:ss.xx]` or `[m…m:ss.xxx]` (one to seven digits of minutes, `.` or `,`) at
    /// `p[k]`, in a line that ends at `end` (of `n` bytes): its time and its `]`, as the line loop and
    /// ``timeTag(_:_:_:)`` find them; nil for any other (the general rule reads it). The minutes are
    /// read as one word, and so is the rest.
    @inline(__always)
    static func usualTimeTag(_ p: UnsafePointer<UInt8>, _ k: Int, _ end: Int, _ n: Int) -> (time: Nanoseconds, close: Int)? {
        guard k &+ 9 <= n else { return nil }
        let minutesWord = ByteWords.load(p + (k &+ 1))
        let digits = ByteWords.leadingDigits(minutesWord)
        let colon = k &+ 1 &+ digits
        guard digits > 0, digits < 8, colon &+ 8 <= n else { return nil }
        // ":00.00" taken away from the next six bytes: digits become 0…9, the colon and the full
        // stop 0 (a comma too, with its bit 0x02 set first).
        let word = ByteWords.load(p + colon)
        let values = ((word | 0x0000_0000_0200_0000) ^ 0x0000_3030_2E30_303A) & 0x0000_FFFF_FFFF_FFFF
        guard (values | (values &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 == 0,   // every byte 0…9
              values & 0x0000_0000_FF00_00FF == 0 else { return nil }                     // `:` and `.`
        @inline(__always) func digit(_ i: UInt64) -> Int64 { Int64(truncatingIfNeeded: values &>> (i &* 8) & 0xFF) }
        let seconds = Int64(ByteWords.decimalValue(minutesWord, digits: digits)) &* 60 &+ digit(1) &* 10 &+ digit(2)
        let hundredths = digit(4) &* 10 &+ digit(5)
        let after = UInt8(truncatingIfNeeded: word &>> 48)
        if after == 93, colon &+ 6 < end {                                                  // ]
            return (seconds &* Time.second &+ hundredths &* 10 &* Time.millisecond, colon &+ 6)
        }
        guard Bytes.isDigit(after), UInt8(truncatingIfNeeded: word &>> 56) == 93, colon &+ 7 < end else { return nil }
        return (seconds &* Time.second &+ (hundredths &* 10 &+ Int64(after &- 48)) &* Time.millisecond, colon &+ 7)
    }

    /// The time of a tag's inside `p[start..<end]`: `mm:ss`, `mm:ss.xx…`, `mm:ss:xx`, `h:mm:ss.xx`.
    static func timeTag(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Nanoseconds? {
        canonicalTimeTag(p, start, end) ?? anyTimeTag(p, start, end)
    }

    /// ``timeTag(_:_:_:)``'s fast path: the canonical `m…m:ss.f` with one to three decimals, which
    /// nearly every tag is; nil for any other (``anyTimeTag(_:_:_:)`` reads it, to the same value).
    @inline(__always)
    static func canonicalTimeTag(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Nanoseconds? {
        // Wrapping arithmetic: at most eight digits of minutes, three of fraction.
        var m = start
        var minutes: Int64 = 0
        while m < end, m &- start < 8, Bytes.isDigit(p[m]) { minutes = minutes &* 10 &+ Int64(p[m] &- 48); m &+= 1 }
        let decimals = end &- m &- 4
        guard m > start, decimals >= 1, decimals <= 3, p[m] == 58, p[m + 3] == 46 || p[m + 3] == 44,
              Bytes.isDigit(p[m + 1]), Bytes.isDigit(p[m + 2]) else { return nil }
        var fraction: Int64 = 0
        var k = m &+ 4
        while k < end {
            guard Bytes.isDigit(p[k]) else { return nil }
            fraction = fraction &* 10 &+ Int64(p[k] &- 48)
            k &+= 1
        }
        let scale: Int64 = decimals == 1 ? 100_000_000 : decimals == 2 ? 10_000_000 : 1_000_000
        let seconds = minutes &* 60 &+ Int64(p[m + 1] &- 48) &* 10 &+ Int64(p[m + 2] &- 48)
        guard seconds < Time.timestampLimit / Time.second else { return nil }
        return seconds &* Time.second &+ fraction &* scale
    }

    /// ``timeTag(_:_:_:)`` by the general rule.
    static func anyTimeTag(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Nanoseconds? {
        var k = start
        while k < end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
        var fields: (Int64, Int64, Int64) = (0, 0, 0)
        var count = 0
        var fraction: Nanoseconds = 0
        while k < end {
            var value: Int64 = 0, digits = 0
            let fieldStart = k
            while k < end, Bytes.isDigit(p[k]), digits < 9 { value = value * 10 + Int64(p[k] - 48); digits += 1; k += 1 }
            guard digits > 0, digits < 9 else { return nil }
            if count == 2 && !(k < end && (p[k] == 46 || p[k] == 44)) {
                // [mm:ss:xx]: the third field is the fraction.
                fraction = decimalFraction(p, fieldStart, k)
                break
            }
            switch count {
            case 0: fields.0 = value
            case 1: fields.1 = value
            default: fields.2 = value
            }
            count += 1
            if k < end, p[k] == 58, count < 3 { k += 1; continue }       // :
            if k < end, p[k] == 46 || p[k] == 44 {                                // . or ,
                let digitsStart = k + 1
                k = digitsStart
                while k < end, Bytes.isDigit(p[k]) { k += 1 }
                guard k > digitsStart else { return nil }
                fraction = decimalFraction(p, digitsStart, k)
            }
            break
        }
        while k < end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
        guard k == end, count >= 2 else { return nil }
        let seconds = count == 3 ? (fields.0 * 60 + fields.1) * 60 + fields.2 : fields.0 * 60 + fields.1
        guard seconds < Time.timestampLimit / Time.second else { return nil }
        return seconds * Time.second + fraction
    }

    /// The digits `p[start..<end]` as the decimals of a second, to the millisecond.
    static func decimalFraction(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Nanoseconds {
        var fraction: Nanoseconds = 0, scale = Time.second / 10
        for k in start..<min(end, start + 3) { fraction += Int64(p[k] - 48) * scale; scale /= 10 }
        return fraction
    }

    /// An ID tag's inside `key:value` (`ar:Someone`, `offset:+500`): the key in lower case and the
    /// value trimmed; nil when it is not one (a key is letters or `#`).
    static func idTag(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (String, String)? {
        var k = start
        while k < end, Bytes.isLetter(p[k]) || p[k] == 35 { k += 1 }
        guard k > start, k < end, p[k] == 58 else { return nil }
        let key = String(decoding: UnsafeBufferPointer(start: p + start, count: k - start), as: UTF8.self).lowercased()
        let value = String(decoding: UnsafeBufferPointer(start: p + k + 1, count: end - k - 1), as: UTF8.self)
        return (key, String(value.trimmingASCIIWhitespace()))
    }
}

/// What an LRC file says besides its lines: the title card's headers and the offset its word
/// timing shifts by. Builds each line's cue.
struct LRCLyrics: CueBuilder {
    var title: String?
    var artist: String?
    var album: String?
    /// `[offset:]`, subtracted from every time (positive: sooner).
    var offset: Nanoseconds = 0
    /// The first time of each line that has several (by line number): its word stamps are written
    /// for that one.
    var firstTimes: [UInt32: Nanoseconds] = [:]

    /// The title card's record, shown before `first` (which starts a second or more in), when the
    /// file names a title or an artist.
    func titleCardRecord(before first: CueRecord) -> CueRecord? {
        guard title != nil || artist != nil else { return nil }
        return CueRecord(start: 0, end: first.start, textStart: 0, textEnd: 0, idStart: 0, idEnd: 0,
                         line: first.line, detail: LRCParser.titleCard)
    }

    /// Title on the first line; artist and album on the second.
    var titleCard: String {
        let second = [artist, album].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " · ")
        return [title ?? "", second].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    func cue(_ r: CueRecord, in source: UnsafeBufferPointer<UInt8>) -> Cue {
        if r.detail == LRCParser.titleCard {
            return Cue(start: r.start, end: r.end, runs: [StyledRun(titleCard, style: Style(attributes: .bold))],
                       sourceLine: Int(r.line), styleName: "title")
        }
        guard let base = source.baseAddress else { return Cue(start: r.start, end: r.end, runs: [], sourceLine: Int(r.line)) }
        let text = UnsafeBufferPointer(start: base + Int(r.textStart), count: Int(r.textEnd) - Int(r.textStart))
        return Cue(start: r.start, end: r.end, runs: runs(text, shift: firstTimes.isEmpty ? 0 : r.start - (firstTimes[r.line] ?? r.start)),
                   sourceLine: Int(r.line))
    }

    /// The line's text, with enhanced LRC's `<mm:ss.xx>` word timing: each word after a stamp is
    /// sung at it (moved by `shift`, for a line's later times), dimmed before then.
    func runs(_ t: UnsafeBufferPointer<UInt8>, shift: Nanoseconds = 0) -> [StyledRun] {
        guard let p = t.baseAddress else { return [] }
        let n = t.count
        // A line without word stamps (most): its text as it is, when no padding is to go.
        if n > 0, p[n - 1] != 32, memchr(p, 60, n) == nil {
            return [StyledRun(String(decoding: t, as: UTF8.self))]
        }
        var builder = RunBuilder()
        var i = 0
        while i < n {
            if p[i] == 60, i + 1 < n, Bytes.isDigit(p[i + 1]) {                 // <mm:ss.xx>
                var close = i + 1
                while close < n, p[close] != 62, close - i < 24 { close += 1 }
                if close < n, p[close] == 62, let time = LRCParser.timeTag(p, i + 1, close) {
                    builder.at = max(0, time - offset + shift)
                    builder.before = Style(attributes: .dim)
                    i = close + 1
                    continue
                }
            }
            var k = i + 1
            while k < n, p[k] != 60 { k += 1 }
            builder.append(UnsafeBufferPointer(start: p + i, count: k - i))
            i = k
        }
        var runs = builder.finish()
        // Spaces before the first word stamp or after the last are the stamps' padding.
        if let last = runs.indices.last {
            while runs[last].text.last == " " { runs[last].text.removeLast() }
            if runs[last].text.isEmpty { runs.removeLast() }
        }
        return runs
    }
}
