/// MicroDVD (`.sub`, `.txt`): `{start}{end}text`, times in frames.
///
/// - The frame rate: `--fps`, else a first line `{1}{1}23.976` (as VLC, mpv and pysubs2 read it;
///   the line itself does not show; a note may follow the rate, as SubEdit writes it), else 23.976.
/// - `{100}{}text` (no end frame) lasts until the next line, at most a few seconds.
/// - `|` breaks lines; control codes at the start of a line (lower case) or of the text (upper case,
///   every line): `{y:i}`, `{y:b}`, `{y:u}`, `{y:s}` (several as `{y:b,i}`), `{c:$BBGGRR}` colour;
///   `{f:…}` font, `{s:…}` size, `{p:…}` position, `{o:…}`, `{h:…}` are read and left (a terminal
///   has one font). A line beginning with `/` is italic (files converted from MPL2).
/// - A line that is not `{n}{n}` is skipped and said.
struct MicroDVDFormat: SubtitleParser {
    var name: String { "microdvd" }
    var aliases: [String] { ["mdvd"] }
    var title: String { "MicroDVD" }
    var extensions: [String] { ["sub"] }

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        return Self.timing(FilmText.trimmed(first)) != nil ? .yes : .no
    }

    /// The first non-blank line, or most of the first ten, are `{n}{n}` lines.
    func matches(_ prefix: String) -> Bool {
        FilmDetection.mostLines(prefix) { Self.timing(FilmText.trimmed($0)) != nil }
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(Array(text.utf8), options: ParseOptions()) }
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(text, options: ParseOptions()) }

    func parse(_ source: [UInt8], options: ParseOptions) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var film = FilmCues()
        var rate = options.frameRate.flatMap(FrameRate.init)
        var seenFirst = false
        FilmText.forEachLine(source) { raw, number in
            var line = FilmText.trimmed(raw)
            if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard !line.isEmpty else { return }
            guard let (start, end, textStart) = Self.timing(line) else {
                return film.skip(number, "not a MicroDVD line '\(FilmText.snippet(line))'")
            }
            let text = line[textStart...]
            if !seenFirst {
                seenFirst = true
                // `{1}{1}25`: the frame rate, unless the command line gave one.
                if start == 1, end == 1, let stated = FrameRate.parse(text) {
                    if rate == nil { rate = stated }
                    return
                }
            }
            let fps = rate ?? .film
            guard let startTime = fps.time(frames: start), end.map({ fps.time(frames: $0) != nil }) ?? true else {
                return film.skip(number, "frame number too large")
            }
            film.add(FilmCues.Line(start: startTime, end: end.flatMap { fps.time(frames: $0) }.map { max($0, startTime) },
                                   runs: Self.runs(text), line: number))
        }
        return film.finish()
    }

    /// `{start}{end}` (end may be empty; spaces allowed inside the braces): the frames and where the text starts.
    static func timing(_ line: ArraySlice<UInt8>) -> (start: Int64, end: Int64?, text: Int)? {
        guard let (start, afterStart) = braced(line, line.startIndex), let start else { return nil }
        guard let (end, afterEnd) = braced(line, afterStart) else { return nil }
        return (start, end, afterEnd)
    }

    /// `{n}` or `{}` at `i`: the number (nil when empty) and where it ends.
    private static func braced(_ line: ArraySlice<UInt8>, _ i: Int) -> (Int64?, Int)? {
        var k = i
        guard k < line.endIndex, line[k] == 123 else { return nil }
        k += 1
        while k < line.endIndex, Bytes.isSpaceOrTab(line[k]) { k += 1 }
        var value: Int64?
        if let (n, after) = FilmText.number(line, at: k, allowMinus: true) { value = n; k = after }
        while k < line.endIndex, Bytes.isSpaceOrTab(line[k]) { k += 1 }
        guard k < line.endIndex, line[k] == 125 else { return nil }
        return (value, k + 1)
    }

    /// The text's runs: upper-case codes at its start apply to every line, lower-case ones to theirs.
    static func runs(_ text: ArraySlice<UInt8>) -> [StyledRun] {
        var whole = text
        var base = Style.plain
        readCodes(&whole, &base, global: true)
        return FilmText.runs(whole, base: base) { line, style in
            if line.first == 47 { style.attributes.insert(.italic); line = line.dropFirst() }
            readCodes(&line, &style, global: false)
        }
    }

    /// Reads the control codes `{x:…}` at the start of `text` into `style`: upper-case ones only
    /// when `global`, any when not (a line's own codes; an upper-case one there applies to it too).
    private static func readCodes(_ text: inout ArraySlice<UInt8>, _ style: inout Style, global: Bool) {
        while text.count >= 4, text.first == 123, Bytes.isLetter(text[text.startIndex + 1]), text[text.startIndex + 2] == 58,
              let close = text.firstIndex(of: 125) {
            let letter = text[text.startIndex + 1]
            if global && letter >= 97 { return }
            let value = text[(text.startIndex + 3)..<close]
            switch Bytes.lower(letter) {
            case 121:  // y: styles
                for b in value {
                    switch Bytes.lower(b) {
                    case 105: style.attributes.insert(.italic)
                    case 98: style.attributes.insert(.bold)
                    case 117: style.attributes.insert(.underline)
                    case 115: style.attributes.insert(.strikethrough)
                    default: break
                    }
                }
            case 99:  // c: $BBGGRR
                if let color = Self.color(value) { style.foreground = color }
            case 102, 115, 112, 111, 104:  // f, s, p, o, h: font, size, position, …: not for a terminal
                break
            default:
                return  // not a control code: text
            }
            text = text[(close + 1)...]
        }
    }

    /// `$BBGGRR` (the `$` optional): blue, green, red in hex.
    private static func color(_ value: ArraySlice<UInt8>) -> Color? {
        let digits = value.first == 36 ? value.dropFirst() : value
        guard digits.count == 6 else { return nil }
        var v: UInt32 = 0
        for b in digits {
            let d: UInt8
            switch b {
            case 48...57: d = b - 48
            case 65...70: d = b - 55
            case 97...102: d = b - 87
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return .rgb(UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16))
    }
}

/// How the film formats recognise their content.
enum FilmDetection {
    /// Whether the first non-blank line of `prefix` is one of the format's (`isLine`) and most of
    /// the first ten are (at least three of them, or all of a shorter file): a text that happens to
    /// hold such a line is not taken for subtitles.
    static func mostLines(_ prefix: String, skipping header: (ArraySlice<UInt8>) -> Bool = { _ in false },
                          _ isLine: (ArraySlice<UInt8>) -> Bool) -> Bool {
        var seen = 0, matched = 0
        var first = true
        for raw in Array(prefix.utf8).split(whereSeparator: { $0 == 10 || $0 == 13 }) {
            var line = FilmText.trimmed(raw)
            if first, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard !line.isEmpty, !header(line) else { continue }
            let yes = isLine(line)
            if first && !yes { return false }
            first = false
            seen += 1
            if yes { matched += 1 }
            if seen >= 10 { break }
        }
        return matched >= 3 ? matched * 2 > seen : matched > 0 && matched == seen
    }
}
