/// EBU STL (`.stl`, EBU Tech 3264): broadcast subtitles in a binary file — a 1024-byte GSI block,
/// then 128-byte TTI blocks.
///
/// - GSI: the code page of its own text (`850`…), the frame rate from `STL25.01` / `STL30.01`
///   (also `STL24.01`, `STL50.01` … as some tools write), the display standard (open subtitles or
///   teletext), the character code table of the subtitles (`00` Latin ISO 6937, `01`–`04` ISO 8859-5,
///   -6, -7, -8), the programme's start timecode.
/// - TTI: subtitle number, extension blocks (`EBN` 0, 1, … then `FF` for the last; `FE`, user
///   data, is left), cumulative status, timecodes in and out (hours, minutes, seconds, frames), the
///   vertical position (a teletext row 1–23, or a row of the open subtitles' `MNR`), justification,
///   comment flag (comments are left), 112 bytes of text.
/// - Text: `8A` breaks lines; `80`/`81` italics, `82`/`83` underline on/off; teletext colours
///   `00`–`07` set the foreground (white the default); the other teletext codes (boxing, double
///   height, flash) and `8F` filler are left. A teletext control code takes a cell, as on the screen:
///   between words it is a space.
/// - Times count from the programme's start (`TCP`) when the subtitles start there or later
///   (broadcast files start at 10:00:00:00); otherwise as they are.
/// - Cues of a cumulative set stay up until the set's last one goes.
struct EBUSTLFormat: SubtitleParser {
    var name: String { "ebu-stl" }
    var aliases: [String] { ["ebu", "ebustl"] }
    var title: String { "EBU STL" }
    var extensions: [String] { ["stl"] }
    var isBinary: Bool { true }

    /// The GSI block's start: a code page number and `STLnn.01`.
    func matches(bytes: ArraySlice<UInt8>) -> Recognition {
        let signature = Array("000STL00.01".utf8)
        for (k, b) in bytes.prefix(signature.count).enumerated() {
            let want = signature[k]
            if want == 48 ? !Bytes.isDigit(b) : b != want { return .no }
        }
        return bytes.count >= signature.count ? .yes : .needMore
    }

    /// Never a text: see `matches(bytes:)`.
    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition { .no }
    func matches(_ prefix: String) -> Bool { false }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(Array(text.utf8), options: ParseOptions()) }
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(text, options: ParseOptions()) }

    /// `input`: the file's bytes. A diagnostic's line is the 128-byte block's number, counting the
    /// GSI block as 1 (the line of a binary file).
    func parse(_ input: [UInt8], options: ParseOptions) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var film = FilmCues()
        guard input.count >= 1024, matches(bytes: input[...]) == .yes else {
            film.skip(1, "not an EBU STL file (no GSI block)")
            return film.finish()
        }
        let gsi = EBUSTLHeader(input[0..<1024])
        if let problem = gsi.problem { film.skip(1, problem) }
        let rate = options.frameRate.flatMap(FrameRate.init) ?? gsi.frameRate
        let charset = EBUSTLText(table: gsi.characterTable, teletext: gsi.isTeletext)

        struct Subtitle {
            var block: Int, number: Int, cumulative: UInt8
            var timeIn: [UInt8], timeOut: [UInt8]
            var row: UInt8, justification: UInt8
            var text: [UInt8]
        }
        var subtitles: [Subtitle] = []
        var open: Subtitle?
        var blocks = (input.count - 1024) / 128
        if (input.count - 1024) % 128 != 0 { film.skip(blocks + 2, "block \(blocks + 2): a part block at the end left") }
        blocks = min(blocks, 1 << 20)
        for b in 0..<blocks {
            let tti = input[(1024 + b * 128)..<(1024 + b * 128 + 128)]
            let at = tti.startIndex
            let number = Int(tti[at + 1]) | Int(tti[at + 2]) << 8
            let extensionNumber = tti[at + 3]
            if extensionNumber == 0xFE || tti[at + 15] != 0 { continue }  // user data, comments
            let text = tti[(at + 16)...]
            if var current = open, current.number == number {
                current.text += text
                open = current
            } else {
                if let done = open { subtitles.append(done) }
                open = Subtitle(block: b + 2, number: number, cumulative: tti[at + 4],
                                timeIn: Array(tti[(at + 5)..<(at + 9)]), timeOut: Array(tti[(at + 9)..<(at + 13)]),
                                row: tti[at + 13], justification: tti[at + 14], text: Array(text))
            }
            if extensionNumber == 0xFF, let done = open { subtitles.append(done); open = nil }
        }
        if let done = open { subtitles.append(done) }

        func time(_ code: [UInt8]) -> Nanoseconds? {
            guard code[1] < 60, code[2] < 60, let frames = rate.time(frames: Int64(code[3])) else { return nil }
            return ((Int64(code[0]) * 60 + Int64(code[1])) * 60 + Int64(code[2])) * Time.second + frames
        }
        // Broadcast files count from the programme's start timecode.
        let programStart = gsi.startTimecode.flatMap(time) ?? 0
        let first = subtitles.lazy.compactMap { time($0.timeIn) }.min() ?? 0
        let origin = programStart > 0 && first >= programStart ? programStart : 0
        // The end of each cumulative set, by the index of its first subtitle.
        var setEnd: Nanoseconds?
        var lines: [FilmCues.Line] = []
        for s in subtitles.reversed() {
            guard let start = time(s.timeIn), let end = time(s.timeOut) else {
                film.skip(s.block, "block \(s.block): bad timecode in subtitle \(s.number)")
                continue
            }
            var stop = max(start, end) - origin
            switch s.cumulative {
            case 3: setEnd = stop
            case 1, 2: if let setEnd { stop = max(stop, setEnd) }
            default: setEnd = nil
            }
            if s.cumulative == 1 { setEnd = nil }
            let runs = charset.runs(s.text)
            guard !runs.isEmpty else { continue }
            lines.append(FilmCues.Line(start: start - origin, end: stop, runs: runs,
                                       placement: placement(row: s.row, justification: s.justification, gsi: gsi),
                                       line: s.block))
        }
        for line in lines.reversed() { film.add(line) }
        return film.finish()
    }

    /// Where a subtitle goes: its row in the upper third is the top, a middle row the middle, else
    /// the bottom; its justification left, centred or right.
    private func placement(row: UInt8, justification: UInt8, gsi: EBUSTLHeader) -> CuePlacement {
        var placement = CuePlacement()
        let rows = gsi.isTeletext ? 23 : max(gsi.maxRows, 1)
        let r = Int(row)
        if r * 3 < rows { placement.vertical = .top } else if r * 3 < rows * 2 { placement.vertical = .middle }
        switch justification {
        case 1: placement.alignment = .left
        case 3: placement.alignment = .right
        default: break
        }
        return placement
    }
}

/// The GSI block's fields that reading the subtitles needs.
struct EBUSTLHeader {
    var frameRate = FrameRate.pal
    var isTeletext = false
    var characterTable = 0
    var maxRows = 23
    var startTimecode: [UInt8]?
    var problem: String?

    init(_ gsi: ArraySlice<UInt8>) {
        let a = gsi.startIndex
        func field(_ from: Int, _ count: Int) -> ArraySlice<UInt8> { gsi[(a + from)..<(a + from + count)] }
        func number(_ from: Int, _ count: Int) -> Int? {
            let f = field(from, count)
            guard f.allSatisfy(Bytes.isDigit) else { return nil }
            return f.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        // `STL30.01` is 30 frames a second as the standard writes it (not 29.97).
        if let fps = number(6, 2), let rate = FrameRate(Double(fps)) { frameRate = rate }
        isTeletext = gsi[a + 11] == 49 || gsi[a + 11] == 50
        if let table = number(12, 2) {
            if table <= 4 { characterTable = table } else { problem = "unknown character code table \(table); read as Latin" }
        }
        if let rows = number(253, 2), rows > 0 { maxRows = rows }
        if let h = number(256, 2), let m = number(258, 2), let s = number(260, 2), let f = number(262, 2) {
            startTimecode = [UInt8(h), UInt8(m), UInt8(s), UInt8(f)]
        }
    }
}

/// EBU STL's text field: characters of the code table, teletext and EBU control codes.
struct EBUSTLText {
    let table: Int
    let teletext: Bool

    static let colors: [Color] = [.palette(0), .palette(1), .palette(2), .palette(3), .palette(4), .palette(5), .palette(6), .palette(7)]

    func runs(_ text: [UInt8]) -> [StyledRun] {
        var builder = RunBuilder()
        var style = Style.plain
        /// A control code shows as a space on a teletext screen: one is written before the next
        /// character when something came before it on the line.
        var pendingSpace = false
        var spaces = 0
        var spaceStyle = Style.plain
        var lineHasText = false
        var rowsWritten = 0, rowsDone = 0
        func put(_ scalar: UInt32) {
            if !lineHasText && rowsWritten < rowsDone {
                builder.style = .plain
                builder.append(10)
                rowsWritten = rowsDone
            }
            if lineHasText && (spaces > 0 || pendingSpace) {
                builder.style = spaceStyle
                for _ in 0..<max(spaces, 1) { builder.append(32) }
            }
            pendingSpace = false
            spaces = 0
            lineHasText = true
            builder.style = style
            if let s = Unicode.Scalar(scalar) { builder.append(scalar: s) }
        }
        func newLine() {
            // Double height takes two rows per line: the empty row between is not a line of its own.
            if lineHasText { rowsDone += 1 }
            pendingSpace = false
            spaces = 0
            lineHasText = false
            style.foreground = nil   // each teletext row starts white
        }
        var k = 0
        while k < text.count {
            let b = text[k]
            k += 1
            switch b {
            case 0x00...0x07:
                style.foreground = b == 7 ? nil : Self.colors[Int(b)]
                if spaces == 0 && !pendingSpace { spaceStyle = .plain }
                pendingSpace = true
            case 0x08...0x1F:
                if spaces == 0 && !pendingSpace { spaceStyle = .plain }
                pendingSpace = true
            case 0x80: style.attributes.insert(.italic)
            case 0x81: style.attributes.remove(.italic)
            case 0x82: style.attributes.insert(.underline)
            case 0x83: style.attributes.remove(.underline)
            case 0x8A: newLine()
            case 0x84...0x89, 0x8B...0x9F: break  // boxing, reserved, 8F filler
            case 0x20:
                // Written before the next character of the row, not at its end.
                if lineHasText {
                    if spaces == 0 && !pendingSpace { spaceStyle = style }
                    spaces += 1
                }
                continue
            default:
                if table == 0, b >= 0xC1, b <= 0xCF {
                    // An accent before its letter.
                    if k < text.count, text[k] >= 0x20, text[k] < 0x7F {
                        let accented = CodePageTables.iso6937Accented[b, text[k]]
                        k += 1
                        put(accented == 0xFFFD ? UInt32(text[k - 1]) : accented)
                    }
                    continue
                }
                put(scalar(b))
            }
        }
        return FilmText.trimmedRuns(builder.finish()).filter { !$0.text.isEmpty }
    }

    /// The character of `b` (0x20–0x7F, 0xA0–0xFF) in the table.
    private func scalar(_ b: UInt8) -> UInt32 {
        switch table {
        case 1: return CodePageTables.iso8859_5[b]
        case 2: return CodePageTables.iso8859_6[b]
        case 3: return CodePageTables.iso8859_7[b]
        case 4: return CodePageTables.iso8859_8[b]
        default:
            // Tech 3264's Latin table has `$` and `#` at A4 and A6, where ISO 6937:1992 has none.
            if b == 0xA4 { return 0x24 }
            if b == 0xA6 { return 0x23 }
            let s = CodePageTables.iso6937[b]
            return (0xE000...0xF8FF).contains(s) ? 0xFFFD : s
        }
    }
}
