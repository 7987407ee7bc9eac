import Glibc

/// Advanced SubStation Alpha (`.ass`) and SubStation Alpha (`.ssa`), read as libass (mpv) reads
/// them, as far as a terminal can show them.
///
/// - Sections: `[Script Info]` (`PlayResX`, `PlayResY`, `WrapStyle`), `[V4+ Styles]` / `[V4 Styles]`
///   (SSA's alignments are converted), `[Events]`; any other section (`[Fonts]`, `[Graphics]`,
///   Aegisub's) is skipped. A table's `Format:` line says which field is which; without one, the
///   standard order of its kind is assumed.
/// - `Dialogue:` lines are events; `Comment:` (and `Picture:`, `Sound:`, `Movie:`, `Command:`) lines
///   are not shown. The text is everything after the field before it, commas included.
/// - Times `H:MM:SS.CC`: hours below a million, one or two for minutes and seconds (below 60),
///   a fraction of any length read as a decimal (`.5` is 500 ms, `.05` 50 ms, `.050` 50 ms).
/// - An event whose time cannot be read, or that ends before it starts, is skipped with a
///   ``Diagnostic``; one that lasts no time is kept and said; a style the file does not define is
///   said once and `Default` (or the built-in default) is used, as libass does. Layers and events
///   out of order are played as SubRip's are: sorted by start, overlapping ones stacked.
/// - The event text's markup: see ``ASSText``.
public enum ASSParser {

    /// Parses ASS or SSA text. Never fails: what cannot be read is skipped and reported.
    public static func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(validUTF8: Array(text.utf8))
    }

    /// Parses text given as UTF-8 that is known to be valid (a stream's decoded text).
    static func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        CueList.parsed(validUTF8: source) { bytes in
            let parsed = parse(bytes: bytes)
            return (parsed.records, [], .built(parsed.script), parsed.diagnostics)
        }
    }

    /// Parses from UTF-8 bytes (invalid sequences become U+FFFD). For fuzzing and tests.
    public static func parse<Input: Collection>(utf8 bytes: Input) -> (cues: CueList, diagnostics: [Diagnostic])
    where Input.Element == UInt8 {
        parse(String(decoding: bytes, as: UTF8.self))
    }

    enum Section { case none, scriptInfo, styles(legacy: Bool), events, other }

    /// Where the fields an event needs are, by the `[Events]` `Format:` line.
    struct EventFormat {
        var start = 1
        var end = 2
        var style = 3
        /// The text is the last field: it starts after this many commas.
        var text = 9

        init() {}

        init?(_ names: [String]) {
            guard let start = names.firstIndex(of: "start"), let end = names.firstIndex(of: "end") else { return nil }
            self.start = start
            self.end = end
            style = names.firstIndex(of: "style") ?? -1
            text = names.count - 1
        }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> (records: [CueRecord], script: ASSScript, diagnostics: [Diagnostic]) {
        var script = ASSScript()
        guard let p = bytes.baseAddress, bytes.count > 0 else { return ([], script, []) }
        let n = bytes.count
        var records: [CueRecord] = []
        records.reserveCapacity(LineScanner.estimateLineCount(p, n))
        var diagnostics: [Diagnostic] = []
        let bom = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        var scanner = LineScanner(p, count: n, position: bom)
        var section = Section.none
        var styleFormat: [String]?
        var eventFormat = EventFormat()
        var playResX: Int?, playResY: Int?
        var sawEventsOrStyles = false
        var unknownStyles: Set<[UInt8]> = []
        var lastStyle: (start: Int, end: Int, known: Bool) = (0, 0, true)

        while let line = scanner.next() {
            var first = line.start
            while first < line.end, Bytes.isSpaceOrTab(p[first]) { first += 1 }
            guard first < line.end else { continue }
            let c = p[first]
            if c == 91 {                                                          // [Section]
                var close = line.end
                while close > first, p[close - 1] != 93 { close -= 1 }
                let name = String(decoding: UnsafeBufferPointer(start: p + first + 1, count: max(0, close - first - 2)),
                                  as: UTF8.self).lowercased().trimmingASCIIWhitespace()
                switch name {
                case "script info": section = .scriptInfo
                case "v4+ styles", "v4 styles+": section = .styles(legacy: false); styleFormat = nil; sawEventsOrStyles = true
                case "v4 styles": section = .styles(legacy: true); styleFormat = nil; sawEventsOrStyles = true
                case "events": section = .events; sawEventsOrStyles = true
                default: section = .other
                }
                continue
            }
            if c == 68, starts(p, first, line.end, "Dialogue:") {                 // the fast path
                sawEventsOrStyles = true
                guard let event = readEvent(p, first + 9, line.end, eventFormat) else {
                    diagnostics.append(Diagnostic(line: line.number, message:
                        "Dialogue line with fewer fields than its Format line names; skipped"))
                    continue
                }
                let timeField = { (r: (Int, Int)) in Bytes.snippet(p, r.0, r.1, limit: 40) }
                guard let start = parseTime(p, event.start.0, event.start.1) else {
                    diagnostics.append(Diagnostic(line: line.number, message: "bad time '\(timeField(event.start))'"))
                    continue
                }
                guard let end = parseTime(p, event.end.0, event.end.1) else {
                    diagnostics.append(Diagnostic(line: line.number, message: "bad time '\(timeField(event.end))'"))
                    continue
                }
                if end < start {
                    diagnostics.append(Diagnostic(line: line.number, message:
                        "event ends before it starts: '\(timeField(event.start))' to '\(timeField(event.end))'; skipped"))
                    continue
                }
                // A style it names that the file does not define: said once.
                let style = event.style
                if style.1 - style.0 != lastStyle.end - lastStyle.start || memcmp(p + style.0, p + lastStyle.start, style.1 - style.0) != 0 {
                    let name = String(decoding: UnsafeBufferPointer(start: p + style.0, count: style.1 - style.0), as: UTF8.self)
                    lastStyle = (style.0, style.1, script.style(named: name) != nil)
                    // `Default` need not be defined: libass has one.
                    if !lastStyle.known, name.lowercased() != "default", unknownStyles.insert(Array(name.utf8)).inserted {
                        diagnostics.append(Diagnostic(line: line.number, message:
                            "no style '\(name)'; \(script.styles["Default"] == nil ? "the default style" : "'Default'") used"))
                    }
                }
                // Drawings alone show nothing: not a cue.
                if hasDrawing(p, event.text, line.end),
                   script.build(start: start, end: end, style: "", text: UnsafeBufferPointer(start: p + event.text, count: line.end - event.text)).runs.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) {
                    continue
                }
                if end == start {
                    diagnostics.append(Diagnostic(line: line.number, message:
                        "cue lasts no time: listed in -o json and -o plain, never on a screen"))
                }
                records.append(CueRecord(start: start, end: end, textStart: UInt32(event.text), textEnd: UInt32(line.end),
                                         idStart: UInt32(style.0), idEnd: UInt32(style.1),
                                         line: UInt32(truncatingIfNeeded: line.number), detail: 0))
                continue
            }
            switch section {
            case .scriptInfo:
                guard let (key, value) = keyValue(p, first, line.end) else { continue }
                switch key.lowercased() {
                // A script resolution no screen has is ignored (PlayResY Int.max trapped in y * 4 / 3).
                case "playresx": playResX = Int(value).flatMap { $0 > 0 && $0 <= 1 << 20 ? $0 : nil }
                case "playresy": playResY = Int(value).flatMap { $0 > 0 && $0 <= 1 << 20 ? $0 : nil }
                case "wrapstyle": script.wrapStyle = Int(value) ?? 0
                default: break
                }
            case .styles(let legacy):
                guard let (key, value) = keyValue(p, first, line.end) else { continue }
                if key.lowercased() == "format" {
                    styleFormat = value.split(separator: ",").map { $0.trimmingASCIIWhitespace().lowercased() }
                } else if key.lowercased() == "style" {
                    let format = styleFormat ?? (legacy ? ASSStyle.v4Format : ASSStyle.v4PlusFormat)
                    let style = ASSStyle(fields: value.split(separator: ",", omittingEmptySubsequences: false),
                                         format: format, legacyAlignment: legacy)
                    script.styles[style.name] = style
                    lastStyle = (0, 0, true)
                }
            case .events, .none:
                guard let (key, value) = keyValue(p, first, line.end), key.lowercased() == "format" else { continue }
                let names = value.split(separator: ",").map { $0.trimmingASCIIWhitespace().lowercased() }
                if let format = EventFormat(names) {
                    eventFormat = format
                } else {
                    diagnostics.append(Diagnostic(line: line.number, message:
                        "Format line without Start and End fields; the standard one is used"))
                }
            case .other:
                continue
            }
        }
        script.setResolution(x: playResX, y: playResY)
        script.resolveStyles(of: &records, p)
        if records.isEmpty, !sawEventsOrStyles {
            diagnostics.append(Diagnostic(line: 1, message: "no ASS/SSA sections or events found"))
        }
        return (records, script, diagnostics)
    }

    /// Whether `p[start..<end]` begins with `prefix`.
    static func starts(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard end - start >= count else { return false }
        return prefix.withUTF8Buffer { memcmp(p + start, $0.baseAddress!, count) == 0 }
    }

    /// `Key: value`, trimmed.
    static func keyValue(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (Substring, Substring)? {
        var colon = start
        while colon < end, p[colon] != 58 { colon += 1 }
        guard colon < end else { return nil }
        let line = String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self)
        guard let index = line.firstIndex(of: ":") else { return nil }
        return (line[..<index].trimmingASCIIWhitespace(), line[line.index(after: index)...].trimmingASCIIWhitespace())
    }

    /// The byte ranges of an event's start, end and style fields, and where its text begins (`from`
    /// is just after `Dialogue:`); nil when it has fewer fields than the text's.
    static func readEvent(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int, _ format: EventFormat)
        -> (start: (Int, Int), end: (Int, Int), style: (Int, Int), text: Int)? {
        var start = (0, 0), stop = (0, 0), style = (from, from)
        var fieldStart = from
        for field in 0..<max(0, format.text) {
            let comma = nextComma(p, fieldStart, end)
            guard comma < end else { return nil }
            // Only the fields kept are trimmed.
            if field == format.start || field == format.end || field == format.style {
                var a = fieldStart, b = comma
                while a < b, Bytes.isSpaceOrTab(p[a]) { a += 1 }
                while b > a, Bytes.isSpaceOrTab(p[b - 1]) { b -= 1 }
                if field == format.start { start = (a, b) } else if field == format.end { stop = (a, b) } else { style = (a, b) }
            }
            fieldStart = comma + 1
        }
        return (start, stop, style, fieldStart)
    }

    /// The first comma in `p[from..<end]`, or `end`. Eight bytes at a time: a byte-by-byte scan
    /// mispredicted the end of each of an event's nine fields (their lengths vary from line to line).
    @inline(__always)
    static func nextComma(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        var k = from
        while k + 8 <= end {
            let commas = ByteWords.anyEqual(ByteWords.load(p + k), 44)
            if commas != 0 { return k + ByteWords.firstMarked(commas) }
            k += 8
        }
        while k < end, p[k] != 44 { k += 1 }
        return k
    }

    /// `H:MM:SS.CC` (see the type's notes), spaces around it allowed; nil when it is not one.
    @inline(__always)
    static func parseTime(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Nanoseconds? {
        canonicalTime(p, start, end) ?? anyTime(p, start, end)
    }

    /// The usual `H:MM:SS.CC` and `HH:MM:SS.CC`, its last eight bytes read as one word; nil for
    /// anything else (which ``anyTime(_:_:_:)`` reads).
    @inline(__always)
    static func canonicalTime(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Nanoseconds? {
        let length = end - start
        guard length == 10 || length == 11, p[end - 9] == 58 else { return nil }
        let h0 = Int64(p[start] &- 48), h1 = Int64(p[end - 10] &- 48)      // the same digit when there is one
        guard h0 < 10, h1 < 10 else { return nil }
        let hours = length == 10 ? h0 : h0 * 10 + h1
        // "MM:SS.CC", little-endian: byte 0 is the minutes' tens, bytes 2 and 5 the separators.
        let w = ByteWords.load(p + end - 8)
        let separators: UInt64 = 0x0000_FF00_00FF_0000
        guard w & separators == 0x0000_2E00_003A_0000 else { return nil }
        let d = (w ^ 0x3030_3030_3030_3030) & ~separators          // a digit's byte is its value
        guard (d | (d &+ 0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0 == 0,    // every byte below 10
              (d &+ 0x0A00_000A) & 0x1000_0010 == 0                             // tens of minutes, seconds below 6
        else { return nil }
        @inline(__always) func digit(_ i: UInt64) -> Int64 { Int64(truncatingIfNeeded: d >> (8 * i) & 0xFF) }
        let seconds = hours * 3600 + (digit(0) * 10 + digit(1)) * 60 + digit(3) * 10 + digit(4)
        return seconds * Time.second + (digit(6) * 10 + digit(7)) * 10 * Time.millisecond
    }

    /// The general rule of ``parseTime(_:_:_:)``.
    static func anyTime(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Nanoseconds? {
        var k = start
        var fields: (Int64, Int64, Int64) = (0, 0, 0)
        var widths: (Int, Int) = (0, 0)      // of minutes and seconds
        for field in 0..<3 {
            var value: Int64 = 0, width = 0
            while k < end, Bytes.isDigit(p[k]), width < 10 { value = value * 10 + Int64(p[k] - 48); width += 1; k += 1 }
            guard width > 0, width < 10 else { return nil }
            switch field {
            case 0: fields.0 = value
            case 1: fields.1 = value; widths.0 = width
            default: fields.2 = value; widths.1 = width
            }
            guard field < 2 else { break }
            guard k < end, p[k] == 58 else { return nil }
            k += 1
        }
        guard widths.0 <= 2, widths.1 <= 2, fields.1 < 60, fields.2 < 60, fields.0 < Time.timestampLimit / 3600 / Time.second
        else { return nil }
        var nanos: Int64 = 0
        if k < end, p[k] == 46 || p[k] == 44 {
            k += 1
            var scale = Time.second / 10
            var digits = 0
            while k < end, Bytes.isDigit(p[k]) {
                nanos += Int64(p[k] - 48) * scale
                scale /= 10
                digits += 1
                k += 1
            }
            guard digits > 0 else { return nil }
        }
        guard k == end else { return nil }
        return ((fields.0 * 60 + fields.1) * 60 + fields.2) * Time.second + nanos - nanos % Time.millisecond
    }

    /// Whether the text has a drawing tag (`\p` and a digit other than 0). Most texts have no `\p`
    /// at all: every word is looked at without a branch (an early exit mispredicts at each text's
    /// end), and ``drawingTag(_:_:_:)`` looks closer when one is there.
    static func hasDrawing(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 9 else { return drawingTag(p, start, end) }
        var pairs = ByteWords.equalPair(p + end - 9, 92, 112)        // the last word, overlapping
        var k = start
        while k + 9 <= end {
            pairs |= ByteWords.equalPair(p + k, 92, 112)
            k += 8
        }
        return pairs != 0 && drawingTag(p, start, end)
    }

    /// The general rule of ``hasDrawing(_:_:_:)``: a backslash, `p`, and a digit from 1 to 9.
    static func drawingTag(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = start
        while k + 2 < end, let hit = memchr(p + k, 92, end - 2 - k) {
            k = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(hit))
            if p[k + 1] == 112, p[k + 2] &- 49 < 9 { return true }
            k += 1
        }
        return false
    }
}

/// What an ASS/SSA file says besides its events: styles, the script's resolution (for `\pos`) and
/// how `\n` wraps. Builds each event's cue (see ``ASSText``).
struct ASSScript: CueBuilder {
    var styles: [String: ASSStyle] = [:]
    /// The style of each event, by its record's `detail`, and its name as the event gives it:
    /// resolved once per name after the file is read (styles may come after events), not once per
    /// cue built.
    var eventStyles: [(name: String, style: ASSStyle)] = []
    var playResX = 384
    var playResY = 288
    var wrapStyle = 0

    /// libass's defaults: 384×288 without either; otherwise the missing one from the other (4:3,
    /// with 1280×1024 as the exception).
    mutating func setResolution(x: Int?, y: Int?) {
        switch (x, y) {
        case let (x?, y?): (playResX, playResY) = (x, y)
        case let (x?, nil): (playResX, playResY) = (x, x == 1280 ? 1024 : x * 3 / 4)
        case let (nil, y?): (playResX, playResY) = (y == 1024 ? 1280 : y * 4 / 3, y)
        case (nil, nil): (playResX, playResY) = (384, 288)
        }
        playResX = max(1, playResX)
        playResY = max(1, playResY)
    }

    /// The style an event names: by name, then ignoring case; nil when there is none.
    func style(named name: String) -> ASSStyle? {
        let trimmed = String(name.drop { $0 == "*" })
        if let style = styles[trimmed] { return style }
        let lower = trimmed.lowercased()
        return styles.first { $0.key.lowercased() == lower }?.value
    }

    /// The style an event named `name` is shown in: its own, or `Default`, or libass's default.
    func eventStyle(named name: String) -> ASSStyle {
        style(named: name) ?? styles["Default"] ?? ASSStyle()
    }

    func build(start: Nanoseconds, end: Nanoseconds, style name: String, text: UnsafeBufferPointer<UInt8>) -> ASSText.Result {
        ASSText.parse(text, style: eventStyle(named: name), script: self, start: start, length: end - start)
    }

    /// Sets each record's `detail` to its style in ``eventStyles`` (its name is the record's
    /// identifier range in `p`). Events name the same style run after run: a name is looked up
    /// when it differs from the last one.
    mutating func resolveStyles(of records: inout [CueRecord], _ p: UnsafePointer<UInt8>) {
        var byName: [String: UInt32] = [:]
        var last: (start: Int, end: Int, index: UInt32)?
        for k in records.indices {
            let start = Int(records[k].idStart), end = Int(records[k].idEnd)
            if let last, last.end - last.start == end - start, memcmp(p + last.start, p + start, end - start) == 0 {
                records[k].detail = last.index
                continue
            }
            let name = String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self)
            let index = byName[name] ?? {
                eventStyles.append((name, eventStyle(named: name)))
                byName[name] = UInt32(eventStyles.count - 1)
                return UInt32(eventStyles.count - 1)
            }()
            records[k].detail = index
            last = (start, end, index)
        }
    }

    func cue(_ r: CueRecord, in source: UnsafeBufferPointer<UInt8>) -> Cue {
        guard let base = source.baseAddress else { return Cue(start: r.start, end: r.end, runs: [], sourceLine: Int(r.line)) }
        let (name, style) = Int(r.detail) < eventStyles.count ? eventStyles[Int(r.detail)] : {
            let name = String(decoding: UnsafeBufferPointer(start: base + Int(r.idStart), count: Int(r.idEnd) - Int(r.idStart)), as: UTF8.self)
            return (name, eventStyle(named: name))
        }()
        let text = UnsafeBufferPointer(start: base + Int(r.textStart), count: Int(r.textEnd) - Int(r.textStart))
        let result = ASSText.parse(text, style: style, script: self, start: r.start, length: r.end - r.start)
        return Cue(start: r.start, end: r.end, runs: result.runs, placement: result.placement, sourceLine: Int(r.line),
                   styleName: name.isEmpty ? nil : name, fadeIn: result.fadeIn, fadeOut: result.fadeOut)
    }
}
