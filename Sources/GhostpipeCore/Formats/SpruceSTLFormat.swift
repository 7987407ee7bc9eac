/// Spruce STL (`.stl`, DVD Studio Pro's text subtitles): `hh:mm:ss:ff , hh:mm:ss:ff , text`.
///
/// - Times are timecodes whose last field counts frames: at `--fps`, else at the rate a
///   `$FrameRate = 29.97` directive states, else 25 (PAL, what Spruce's tools assume). FFmpeg reads
///   the last field as hundredths instead; the format's documentation says frames.
/// - `$` directives change what follows: `$Bold`, `$Italic`, `$Underlined` (`TRUE`/`FALSE`),
///   `$HorzAlign` (Left, Center, Right), `$VertAlign` (Top, Center, Bottom); font, size, colour
///   indexes, contrast, fades and offsets are read and left.
/// - In the text, `^B`, `^I`, `^U` switch bold, italic, underline; `|` breaks lines.
/// - `//` begins a comment line.
struct SpruceSTLFormat: SubtitleParser {
    var name: String { "spruce" }
    var aliases: [String] { ["spruce-stl", "dvdsp"] }
    var title: String { "Spruce STL" }
    var extensions: [String] { ["stl"] }

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first.map(FilmText.trimmed) else { return .needMore }
        if Self.timing(first) != nil || Self.directive(first) != nil { return .yes }
        if first.starts(with: [47, 47]) { return lines.count > 1 ? recognize(Array(lines.dropFirst())) : .needMore }
        return .no
    }

    /// Its directives (`$FontName = …`) or timing lines make most of the first lines after comments.
    func matches(_ prefix: String) -> Bool {
        FilmDetection.mostLines(prefix, skipping: { $0.starts(with: [47, 47]) }) {
            Self.timing($0) != nil || Self.directive($0) != nil
        }
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(Array(text.utf8), options: ParseOptions()) }
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(text, options: ParseOptions()) }

    func parse(_ source: [UInt8], options: ParseOptions) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var film = FilmCues()
        let given = options.frameRate.flatMap(FrameRate.init)
        var stated: FrameRate?
        var base = Style.plain
        var placement = CuePlacement()
        FilmText.forEachLine(source) { raw, number in
            var line = FilmText.trimmed(raw)
            if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            guard !line.isEmpty, !line.starts(with: [47, 47]) else { return }
            if let (key, value) = Self.directive(line) {
                let on = value.lowercased() == "true"
                switch key {
                case "bold": if on { base.attributes.insert(.bold) } else { base.attributes.remove(.bold) }
                case "italic": if on { base.attributes.insert(.italic) } else { base.attributes.remove(.italic) }
                case "underlined", "underline": if on { base.attributes.insert(.underline) } else { base.attributes.remove(.underline) }
                case "horzalign":
                    switch value.lowercased() {
                    case "left": placement.alignment = .left
                    case "right": placement.alignment = .right
                    default: placement.alignment = .center
                    }
                case "vertalign":
                    switch value.lowercased() {
                    case "top": placement.vertical = .top
                    case "center", "middle": placement.vertical = .middle
                    default: placement.vertical = .bottom
                    }
                case "framerate", "fps":
                    if let rate = FrameRate.parse(Array(value.utf8)) { stated = rate }
                default: break
                }
                return
            }
            guard let (start, end, textStart) = Self.timing(line) else {
                return film.skip(number, "not a Spruce STL line '\(FilmText.snippet(line))'")
            }
            let rate = given ?? stated ?? .pal
            guard let startTime = start.time(rate), let endTime = end.time(rate) else {
                return film.skip(number, "bad timecode '\(FilmText.snippet(line[..<textStart]))'")
            }
            let runs = Self.runs(FilmText.trimmed(line[textStart...]), base: base)
            film.add(FilmCues.Line(start: startTime, end: max(startTime, endTime), runs: runs, placement: placement, line: number))
        }
        return film.finish()
    }

    /// `$Name = value`: the name in lower case and the value.
    static func directive(_ line: ArraySlice<UInt8>) -> (String, String)? {
        guard line.first == 36, let equals = line.firstIndex(of: 61) else { return nil }
        let key = String(decoding: FilmText.trimmed(line[(line.startIndex + 1)..<equals]), as: UTF8.self).lowercased()
        guard !key.isEmpty, key.utf8.allSatisfy({ Bytes.isLetter($0) || Bytes.isDigit($0) }) else { return nil }
        return (key, String(decoding: FilmText.trimmed(line[(equals + 1)...]), as: UTF8.self))
    }

    /// A timecode `hh:mm:ss:ff`.
    struct Timecode {
        var hours: Int64, minutes: Int64, seconds: Int64, frames: Int64
        func time(_ rate: FrameRate) -> Nanoseconds? {
            guard frames < Int64(rate.perSecond.rounded(.up)) + 1, let f = rate.time(frames: frames) else { return nil }
            return ((hours * 60 + minutes) * 60 + seconds) * Time.second + f
        }
    }

    /// `hh:mm:ss:ff , hh:mm:ss:ff ,` (spaces optional): both timecodes and where the text starts.
    static func timing(_ line: ArraySlice<UInt8>) -> (Timecode, Timecode, Int)? {
        guard let (start, a) = timecode(line, line.startIndex) else { return nil }
        var k = a
        while k < line.endIndex, Bytes.isSpaceOrTab(line[k]) { k += 1 }
        guard k < line.endIndex, line[k] == 44 else { return nil }
        k += 1
        while k < line.endIndex, Bytes.isSpaceOrTab(line[k]) { k += 1 }
        guard let (end, b) = timecode(line, k) else { return nil }
        k = b
        while k < line.endIndex, Bytes.isSpaceOrTab(line[k]) { k += 1 }
        guard k < line.endIndex, line[k] == 44 else { return nil }
        return (start, end, k + 1)
    }

    private static func timecode(_ line: ArraySlice<UInt8>, _ i: Int) -> (Timecode, Int)? {
        var fields: [Int64] = []
        var k = i
        for n in 0..<4 {
            guard let (value, e) = FilmText.number(line, at: k), e - k <= (n == 0 ? 4 : 2) else { return nil }
            fields.append(value)
            k = e
            if n < 3 {
                guard k < line.endIndex, line[k] == 58 || (n == 2 && line[k] == 59) else { return nil }
                k += 1
            }
        }
        guard fields[1] < 60, fields[2] < 60 else { return nil }
        return (Timecode(hours: fields[0], minutes: fields[1], seconds: fields[2], frames: fields[3]), k)
    }

    /// The text with `^B`, `^I`, `^U` switching styles over `base`, `|` breaking lines.
    static func runs(_ text: ArraySlice<UInt8>, base: Style) -> [StyledRun] {
        var builder = RunBuilder()
        builder.style = base
        var k = text.startIndex
        while k < text.endIndex {
            let b = text[k]
            if b == 94, k + 1 < text.endIndex {
                let toggled: TextAttributes?
                switch Bytes.lower(text[k + 1]) {
                case 98: toggled = .bold
                case 105: toggled = .italic
                case 117: toggled = .underline
                default: toggled = nil
                }
                if let toggled {
                    builder.style.attributes.formSymmetricDifference(toggled)
                    k += 2
                    continue
                }
            }
            if b == 124 {
                let style = builder.style
                builder.style = .plain
                builder.append(10)
                builder.style = style
            } else {
                builder.append(b)
            }
            k += 1
        }
        return FilmText.trimmedRuns(builder.finish())
    }
}
