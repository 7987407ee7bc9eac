/// What the old film formats share (MicroDVD, MPL2, SubViewer, TMPlayer, Spruce STL, EBU STL): times
/// counted in frames at a frame rate, lines that may give only where they begin (they last until the
/// next line, or a while), and their light markup (`|` between lines, a style for a whole line).
/// Their files are small (a two-hour film is 1,500 lines): the cues are built as they are read.
struct FilmCues {
    /// One line of the file as read: its start, its end when the file gives one (nil: until the
    /// next line begins, at most `longest`), its text (nil: a clear, which only ends the one before).
    struct Line {
        var start: Nanoseconds
        var end: Nanoseconds?
        var runs: [StyledRun]?
        var placement = CuePlacement()
        var line: Int
        var styleName: String?
        /// How long it shows at most without an end (when the next line is later still).
        var longest: Nanoseconds = FilmCues.openEnded
    }

    private(set) var lines: [Line] = []
    var diagnostics: [Diagnostic] = []
    /// Lines that ended before 0:00 (a file shifted too far): left out, and said once.
    private var beforeZero = 0
    private var firstBeforeZero = 0

    mutating func add(_ line: Line) { lines.append(line) }

    mutating func skip(_ line: Int, _ message: String) {
        diagnostics.append(Diagnostic(line: line, message: message))
    }

    /// The cues: each open line ends where the next one (of a later start) begins, or after
    /// `longest` — the last one after `longest` too. A line that starts before 0:00 starts then;
    /// one that ends by then is left out.
    mutating func finish() -> (cues: CueList, diagnostics: [Diagnostic]) {
        var order = Array(lines.indices)
        if !isSortedByStart(lines.lazy.map(\.start)) {
            order.sort { (lines[$0].start, $0) < (lines[$1].start, $1) }
        }
        // Walking back from the end: the first later start of each line is known when it is reached.
        var built: [Cue] = []
        built.reserveCapacity(lines.count)
        var clamped = 0                 // lines that start before 0:00 (and start at 0:00)
        var following: Nanoseconds?     // the start of the line after this one in time order
        var nextStart: Nanoseconds?     // the first start later than this line's
        for k in order.reversed() {
            let line = lines[k]
            if let following, following > line.start { nextStart = following }
            following = line.start
            guard let runs = line.runs else { continue }
            var end: Nanoseconds
            if let given = line.end {
                // A line that ends as it starts shows nothing (EBU STL's placeholders, `{10}{10}`).
                guard given > line.start else { continue }
                end = given
            } else {
                end = line.start + line.longest
                if let next = nextStart { end = min(end, next) }
            }
            if end <= 0 {
                beforeZero += 1
                firstBeforeZero = line.line
                continue
            }
            if line.start < 0 { clamped += 1 }
            let start = max(0, line.start)
            built.append(Cue(start: start, end: max(start, end), runs: runs, placement: line.placement,
                             sourceLine: line.line, styleName: line.styleName))
        }
        var cues = Array(built.reversed())
        // Lines moved to 0:00 were in the order of their times before it: now they start together,
        // so they take their file order, as cues starting together do.
        if clamped > 0 {
            let atZero = cues.firstIndex { $0.start > 0 } ?? cues.count
            cues[0..<atZero].sort { $0.sourceLine < $1.sourceLine }
        }
        if beforeZero > 0 {
            diagnostics.append(Diagnostic(line: firstBeforeZero, message: beforeZero == 1 ? "a line that ends before 0:00 skipped"
                                                                          : "\(beforeZero) lines that end before 0:00 skipped"))
        }
        diagnostics.sort { $0.line < $1.line }
        return (CueList(cues), diagnostics)
    }

    /// How long a line without an end shows when nothing follows it soon.
    static let openEnded: Nanoseconds = 5 * Time.second
}

/// A frame rate: frame counts into time.
struct FrameRate: Hashable, Sendable {
    let perSecond: Double

    init?(_ perSecond: Double) {
        guard perSecond.isFinite, perSecond >= 1, perSecond <= 1000 else { return nil }
        self.perSecond = perSecond
    }

    /// MicroDVD's default, as players assume when a file does not say (film at 24000/1001).
    static let film = FrameRate(23.976)!
    /// PAL: Spruce STL's and EBU STL's `STL25.01`.
    static let pal = FrameRate(25)!

    /// The instant of frame `frames`, rounded to the nanosecond; nil past the timestamp limit.
    func time(frames: Int64) -> Nanoseconds? {
        let seconds = Double(frames) / perSecond
        guard abs(seconds) < Double(Time.timestampLimit / Time.second) else { return nil }
        return Time.nanoseconds(seconds: seconds)
    }

    /// `23.976`, `25`, `29,97`: a rate as written in a file (nil if it is none).
    static func parse(_ text: some Collection<UInt8>) -> FrameRate? {
        var whole: Double = 0, fraction: Double = 0, scale: Double = 1
        var digits = 0, afterPoint = false
        for b in text {
            if Bytes.isDigit(b) {
                digits += 1
                guard digits <= 12 else { return nil }
                if afterPoint { scale /= 10; fraction += Double(b - 48) * scale } else { whole = whole * 10 + Double(b - 48) }
            } else if (b == 46 || b == 44) && !afterPoint {
                afterPoint = true
            } else if b == 32 || b == 9 {
                // The number ends at a space; what follows is a note (`{1}{1}25.000 movie info: …`,
                // as SubEdit writes MicroDVD's rate line, and FFmpeg and GStreamer read it).
                if digits > 0 { break }
            } else {
                return nil
            }
        }
        return digits > 0 ? FrameRate(whole + fraction) : nil
    }
}

/// Reading the film formats' lines and numbers.
enum FilmText {
    /// Calls `body` with each line of `source` (LF, CR LF or a lone CR end one), without its
    /// terminator, and its 1-based number.
    static func forEachLine(_ source: [UInt8], _ body: (ArraySlice<UInt8>, Int) -> Void) {
        source.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var scanner = LineScanner(base, count: buffer.count)
            while let line = scanner.next() {
                body(source[line.start..<line.end], line.number)
            }
        }
    }

    /// A whole number of at most 15 digits at `i` in `bytes`, with an optional `-`: its value and
    /// where it stops.
    static func number(_ bytes: ArraySlice<UInt8>, at i: Int, allowMinus: Bool = false) -> (value: Int64, end: Int)? {
        var k = i
        var negative = false
        if allowMinus, k < bytes.endIndex, bytes[k] == 45 { negative = true; k += 1 }
        let first = k
        var value: Int64 = 0
        while k < bytes.endIndex, Bytes.isDigit(bytes[k]) {
            guard k - first < 15 else { return nil }
            value = value * 10 + Int64(bytes[k] - 48)
            k += 1
        }
        return k > first ? (negative ? -value : value, k) : nil
    }

    /// `[-]h:mm:ss` and, with `fraction`, `.f` of one to three digits: the time and where it stops.
    static func clock(_ line: ArraySlice<UInt8>, _ i: Int, fraction: Bool) -> (Nanoseconds, Int)? {
        var k = i
        let negative = k < line.endIndex && line[k] == 45
        if negative { k += 1 }
        guard let (h, a) = FilmText.number(line, at: k), a - k <= 6, a < line.endIndex, line[a] == 58,
              let (m, b) = FilmText.number(line, at: a + 1), b - a == 3, m < 60, b < line.endIndex, line[b] == 58,
              let (s, c) = FilmText.number(line, at: b + 1), c - b == 3, s < 60 else { return nil }
        var time = ((h * 60 + m) * 60 + s) * Time.second
        k = c
        if fraction {
            guard k < line.endIndex, line[k] == 46, let (f, d) = FilmText.number(line, at: k + 1), d - k - 1 <= 3 else { return nil }
            var scale = Time.second
            for _ in 0..<(d - k - 1) { scale /= 10 }
            time += f * scale
            k = d
        }
        return (negative ? -time : time, k)
    }

    /// `[from, to)` without the spaces and tabs at either end.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = bytes.startIndex, e = bytes.endIndex
        while s < e, Bytes.isSpaceOrTab(bytes[s]) { s += 1 }
        while e > s, Bytes.isSpaceOrTab(bytes[e - 1]) { e -= 1 }
        return bytes[s..<e]
    }

    /// A line's text for a message (its control characters are made visible when it is printed).
    static func snippet(_ bytes: ArraySlice<UInt8>) -> String {
        let text = Array(bytes)
        return text.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return "" }
            return Bytes.snippet(p, 0, b.count)
        }
    }

    /// The runs of a text whose lines are split by `|` (or `separator`): each line gets the style
    /// `lineStyle` gives for it (it may consume a prefix such as MPL2's `/`), and `inline` may read
    /// markup within a line (MicroDVD's `{y:i}`).
    static func runs(_ text: ArraySlice<UInt8>, separator: UInt8 = 124, base: Style = .plain,
                     lineStyle: (inout ArraySlice<UInt8>, inout Style) -> Void = { _, _ in }) -> [StyledRun] {
        var builder = RunBuilder()
        var first = true
        for piece in text.split(separator: separator, omittingEmptySubsequences: false) {
            if !first { builder.style = .plain; builder.append(10) }
            first = false
            var line = piece
            var style = base
            lineStyle(&line, &style)
            builder.style = style
            line.withUnsafeBufferPointer { builder.append($0) }
        }
        return trimmedRuns(builder.finish())
    }

    /// Runs without blank lines at the end, nor spaces ending or starting the text. On the UTF-8
    /// bytes (what is trimmed is ASCII): walking `Character`s back was most of a parse.
    static func trimmedRuns(_ runs: [StyledRun]) -> [StyledRun] {
        @inline(__always) func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 10 || b == 9 }
        var runs = runs
        while let last = runs.last {
            let utf8 = last.text.utf8
            var end = utf8.endIndex
            while end > utf8.startIndex {
                let before = utf8.index(before: end)
                guard isBlank(utf8[before]) else { break }
                end = before
            }
            if end == utf8.startIndex { runs.removeLast(); continue }
            if end < utf8.endIndex { runs[runs.count - 1].text = String(last.text[..<end]) }
            break
        }
        while let first = runs.first {
            let utf8 = first.text.utf8
            var start = utf8.startIndex
            while start < utf8.endIndex, utf8[start] == 32 || utf8[start] == 9 { start = utf8.index(after: start) }
            if start == utf8.endIndex { runs.removeFirst(); continue }
            if start > utf8.startIndex { runs[0].text = String(first.text[start...]) }
            break
        }
        return runs
    }
}
