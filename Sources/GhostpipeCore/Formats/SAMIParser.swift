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
}
