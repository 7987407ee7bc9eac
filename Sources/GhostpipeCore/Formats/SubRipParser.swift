import Glibc

/// SubRip (`.srt`), read as leniently as the players that see the most broken files (ffmpeg, which
/// mpv uses, and VLC), so that what plays there plays here.
///
/// What is accepted, and the choices where they differ:
/// - LF, CRLF, bare CR and any mix; a UTF-8 BOM; blank lines anywhere.
/// - A cue starts at a *timing line*. The line right before it is the cue's index when it is a
///   number or stands alone after a blank line (so indices may be missing, repeated or not
///   numeric); otherwise it stays text of the previous cue. Everything up to the next cue is text,
///   blank lines included, so a blank line inside a cue does not end it (ffmpeg drops such blank
///   lines, and so do we when building the cue). A number on the last line of the file stays text
///   (ffmpeg: a copyright year is likelier than the index of a missing cue).
/// - Timestamps `[H:]M:S[,fff]`: one to three digits for minutes and seconds, up to six for hours,
///   `,` or `.` before the fraction, which is a decimal fraction cut (not rounded) to milliseconds
///   (`,5` is 500 ms, `,04` is 40 ms, `,1239` is 123 ms). Minutes and seconds are taken as numbers
///   whatever their size (`00:61:00,000` is 61 minutes), as ffmpeg's and VLC's `%d` fields do.
/// - Arrows `-->`, `->`, `- >`, `-- >`, with or without spaces; anything after the end time
///   (`X1:… Y2:…` coordinates) is ignored.
/// - Empty cues are kept (they occupy time); overlapping cues are kept; cues out of order are sorted
///   stably by start.
/// - A timing line that cannot be read (a line starting with a digit and holding an arrow), with a
///   negative time, or whose end is before its start, skips that cue with a ``Diagnostic``; the rest
///   still plays. A cue that lasts no time is kept (an event at an instant) and said.
public enum SubRipParser {

    /// Parses SubRip text. Never fails: what cannot be read is skipped and reported.
    public static func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(validUTF8: Array(text.utf8))
    }

    /// Parses SubRip text given as UTF-8 that is known to be valid (a stream's decoded part).
    static func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        CueList.parsed(validUTF8: source) { bytes in
            let parsed = parse(bytes: bytes)
            return (parsed.records, [CuePlacement()], .subRip, parsed.diagnostics, parsed.lineCount)
        }
    }

    /// Parses SubRip from UTF-8 bytes (invalid sequences become U+FFFD). For fuzzing and tests.
    public static func parse<Input: Collection>(utf8 bytes: Input) -> (cues: CueList, diagnostics: [Diagnostic])
    where Input.Element == UInt8 {
        parse(String(decoding: bytes, as: UTF8.self))
    }

    // MARK: Blocks

    /// A cue being collected: its times, index line and text so far.
    private struct Pending {
        var start: Nanoseconds
        var end: Nanoseconds
        var line: Int
        var idStart: Int
        var idEnd: Int
        /// First and last text line (byte offsets); `textStart < 0` while there is no text.
        var textStart = -1
        var textEnd = -1
        /// Where the text ended before the last line was added (to take an index line back out).
        var textEndBeforeLast = -1
        var lastLineStart = -1
    }

    /// The last non-blank line seen, to decide whether it is the next cue's index.
    private struct Previous {
        var start: Int
        var end: Int
        var number: Int
        var isNumber: Bool
        var afterBlank: Bool
    }

    /// `lineCount`: the lines `bytes` ends (LF, CR LF, a lone CR), which it reads all of anyway.
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> (records: [CueRecord], diagnostics: [Diagnostic], lineCount: Int) {
        guard let p = bytes.baseAddress, bytes.count > 0 else { return ([], [], 0) }
        let n = bytes.count
        var records: [CueRecord] = []
        records.reserveCapacity(estimateCueCount(p, n))
        var diagnostics: [Diagnostic] = []

        let bom = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        var scanner = LineScanner(p, count: n, position: bom)
        var pending: Pending?
        var previous: Previous?       // the line just before the current one, when not blank
        var lastWasBlank = true       // the start of the file counts as a blank line
        var skipping = false          // after an unreadable timing line, until the next good one
        var seenCue = false
        var strayLines = 0            // text before the first cue
        var firstStrayLine = 0
        var sawContent = false

        func close(_ cue: Pending, droppingIndex index: Previous?) {
            var cue = cue
            if let index, cue.lastLineStart == index.start {
                // The last "text" line was the next cue's index.
                if cue.textStart == index.start { cue.textStart = -1 } else { cue.textEnd = cue.textEndBeforeLast }
            }
            let hasText = cue.textStart >= 0
            records.append(CueRecord(
                start: cue.start, end: cue.end,
                textStart: UInt32(hasText ? cue.textStart : 0), textEnd: UInt32(hasText ? cue.textEnd : 0),
                idStart: UInt32(cue.idStart), idEnd: UInt32(cue.idEnd),
                line: UInt32(truncatingIfNeeded: cue.line), detail: 0))
        }

        while let line = scanner.next() {
            var first = line.start
            while first < line.end, Bytes.isSpaceOrTab(p[first]) { first += 1 }
            if first == line.end {
                lastWasBlank = true
                previous = nil
                continue
            }
            sawContent = true
            // Whether the line is a bare number (a possible index): never a timing line then.
            var last = line.end
            while last > first, Bytes.isSpaceOrTab(p[last - 1]) { last -= 1 }
            var isNumber = true
            var k = first
            while k < last { if !Bytes.isDigit(p[k]) { isNumber = false; break }; k += 1 }
            var timing = Timing.notTiming
            if !isNumber, Bytes.isDigit(p[first]) { timing = parseTimingLine(p, first, line.end) }
            if p[first] == 45, first + 1 < line.end, Bytes.isDigit(p[first + 1]),      // -00:00:03,000 --> …
               case .timing = parseTimingLine(p, first + 1, line.end) {
                timing = .malformed("negative time '\(Bytes.snippet(p, first, line.end))'; skipped")
            }

            switch timing {
            case .timing(let start, let end):
                let index = previous.flatMap { $0.isNumber || $0.afterBlank ? $0 : nil }
                if let cue = pending { close(cue, droppingIndex: index) }
                pending = nil
                if !seenCue, strayLines > (index == nil ? 0 : 1) {
                    diagnostics.append(Diagnostic(line: firstStrayLine, message: "ignored text before the first cue"))
                }
                seenCue = true
                skipping = false
                if end < start {
                    diagnostics.append(Diagnostic(line: line.number, message:
                        "cue ends before it starts: '\(Bytes.snippet(p, first, line.end))'; skipped"))
                    skipping = true
                } else {
                    var idStart = 0, idEnd = 0
                    if let index {
                        idStart = index.start
                        idEnd = index.end
                        while idStart < idEnd, Bytes.isSpaceOrTab(p[idStart]) { idStart += 1 }
                        while idEnd > idStart, Bytes.isSpaceOrTab(p[idEnd - 1]) { idEnd -= 1 }
                    }
                    pending = Pending(start: start, end: end, line: line.number, idStart: idStart, idEnd: idEnd)
                    if end == start {
                        diagnostics.append(Diagnostic(line: line.number, message:
                            "cue lasts no time: listed in -o json and -o plain, never on a screen"))
                    }
                }
                previous = nil
                lastWasBlank = false
                continue

            case .malformed(let message):
                let index = previous.flatMap { $0.isNumber || $0.afterBlank ? $0 : nil }
                if let cue = pending { close(cue, droppingIndex: index) }
                pending = nil
                seenCue = true
                skipping = true
                diagnostics.append(Diagnostic(line: line.number, message: message))
                previous = nil
                lastWasBlank = false
                continue

            case .notTiming:
                break
            }

            // A text line.
            if !skipping {
                if var cue = pending {
                    if cue.textStart < 0 { cue.textStart = line.start }
                    cue.textEndBeforeLast = cue.textEnd
                    cue.textEnd = line.end
                    cue.lastLineStart = line.start
                    pending = cue
                } else if !seenCue {
                    if strayLines == 0 { firstStrayLine = line.number }
                    strayLines += 1
                }
            }
            previous = Previous(start: line.start, end: line.end, number: line.number, isNumber: isNumber,
                                afterBlank: lastWasBlank)
            lastWasBlank = false
        }
        // The last cue keeps its last line, even a number.
        if let cue = pending { close(cue, droppingIndex: nil) }
        if !seenCue, sawContent {
            diagnostics.append(Diagnostic(line: firstStrayLine > 0 ? firstStrayLine : 1, message: "no SubRip cues found"))
        }
        // The scanner's lines, less a last one that no terminator ends.
        let lines = scanner.nextNumber - 1 - (n > bom && p[n - 1] != 10 && p[n - 1] != 13 ? 1 : 0)
        return (records, diagnostics, lines)
    }

    /// The number of cues to reserve records for, from the density of arrows (`>` after `-` or a
    /// space) in the first 8 KiB (a streamed part is often not much larger: sampling more would read
    /// it twice), with a margin: growing an array by doubling would briefly hold two copies of it.
    /// Reserved but untouched capacity costs address space, not memory.
    static func estimateCueCount(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        let sample = min(n, 1 << 13)
        var arrows = 0
        var i = 1
        while i < sample, let hit = memchr(p + i, 62, sample - i) {
            let k = UnsafeRawPointer(p).distance(to: UnsafeRawPointer(hit))
            if p[k - 1] == 45 || p[k - 1] == 32 { arrows += 1 }
            i = k + 1
        }
        let estimate = Double(arrows + 1) * Double(n) / Double(sample) * 1.1 + 16
        return min(Int(estimate), n / 8 + 1)
    }

    // MARK: Timing lines

    enum Timing: Equatable {
        case timing(Nanoseconds, Nanoseconds)
        case notTiming
        case malformed(String)
    }

    /// Reads `start --> end [anything]` from `p[from..<end]` (which starts at a digit).
    static func parseTimingLine(_ p: UnsafePointer<UInt8>, _ from: Int, _ lineEnd: Int) -> Timing {
        var i = from
        // A timestamp ends at a space, a tab or the arrow: `00:0a:00` is not `00:0` followed by junk.
        guard let start = parseTimestamp(p, &i, lineEnd), i < lineEnd, Bytes.isSpaceOrTab(p[i]) || p[i] == 45 else {
            return looksLikeTiming(p, from, lineEnd) ? .malformed("bad timestamp '\(token(p, from, lineEnd))'") : .notTiming
        }
        while i < lineEnd, Bytes.isSpaceOrTab(p[i]) { i += 1 }
        guard skipArrow(p, &i, lineEnd) else {
            return looksLikeTiming(p, from, lineEnd)
                ? .malformed("bad timing line '\(Bytes.snippet(p, from, lineEnd))'") : .notTiming
        }
        while i < lineEnd, Bytes.isSpaceOrTab(p[i]) { i += 1 }
        let endFrom = i
        guard let end = parseTimestamp(p, &i, lineEnd), i == lineEnd || Bytes.isSpaceOrTab(p[i]) else {
            return .malformed("bad timestamp '\(token(p, endFrom, lineEnd))'")
        }
        return .timing(start, end)
    }

    /// `-->`, `->`, `- >`, `-- >`, `--->`: one to three hyphens, optional spaces, `>`.
    static func skipArrow(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> Bool {
        var k = i
        var hyphens = 0
        while k < end, p[k] == 45, hyphens < 3 { k += 1; hyphens += 1 }
        guard hyphens > 0 else { return false }
        while k < end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
        guard k < end, p[k] == 62 else { return false }
        i = k + 1
        return true
    }

    /// A line whose first word starts with a digit and holds a colon, with an arrow further on, was
    /// meant as a timing line (`00:0a:00,000 --> …`); `3 o'clock -> late` is text.
    static func looksLikeTiming(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Bool {
        var k = from
        var colon = false
        while k < end, !Bytes.isSpaceOrTab(p[k]) {
            if p[k] == 58 { colon = true }
            if p[k] == 45 { var j = k; if skipArrow(p, &j, end) { break } }
            k += 1
        }
        guard colon else { return false }
        while k < end {
            if p[k] == 45 {
                var j = k
                if skipArrow(p, &j, end) { return true }
            }
            k += 1
        }
        return false
    }

    /// The timestamp-like word at `from`, for messages: up to a space, tab or arrow.
    static func token(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> String {
        var k = from
        while k < end, !Bytes.isSpaceOrTab(p[k]) {
            if p[k] == 45 { var j = k; if skipArrow(p, &j, end) { break } }
            k += 1
        }
        return Bytes.snippet(p, from, k, limit: 40)
    }

    /// `[H:]M:S[(,|.)fraction]` at `i`; on success `i` is just past it.
    static func parseTimestamp(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> Nanoseconds? {
        // Fast path for the canonical `HH:MM:SS,mmm` not followed by another digit.
        if i + 12 <= end, p[i + 2] == 58, p[i + 5] == 58, p[i + 8] == 44 || p[i + 8] == 46,
           i + 12 == end || !Bytes.isDigit(p[i + 12]) {
            @inline(__always) func d(_ k: Int) -> Int64 { Int64(p[i + k] &- 48) }
            let digitsOK = Bytes.isDigit(p[i]) && Bytes.isDigit(p[i + 1]) && Bytes.isDigit(p[i + 3])
                && Bytes.isDigit(p[i + 4]) && Bytes.isDigit(p[i + 6]) && Bytes.isDigit(p[i + 7])
                && Bytes.isDigit(p[i + 9]) && Bytes.isDigit(p[i + 10]) && Bytes.isDigit(p[i + 11])
            if digitsOK {
                let seconds = (d(0) * 10 + d(1)) * 3600 + (d(3) * 10 + d(4)) * 60 + d(6) * 10 + d(7)
                let millis = d(9) * 100 + d(10) * 10 + d(11)
                i += 12
                return seconds * Time.second + millis * Time.millisecond
            }
        }
        var fields: (Int64, Int64, Int64) = (0, 0, 0)
        var widths: (Int, Int, Int) = (0, 0, 0)
        var count = 0
        var k = i
        while true {
            var value: Int64 = 0
            var width = 0
            while k < end, Bytes.isDigit(p[k]), width < 7 {
                value = value * 10 + Int64(p[k] - 48)
                width += 1
                k += 1
            }
            guard width > 0, width <= 6 else { return nil }
            switch count {
            case 0: fields.0 = value; widths.0 = width
            case 1: fields.1 = value; widths.1 = width
            default: fields.2 = value; widths.2 = width
            }
            count += 1
            guard count < 3, k < end, p[k] == 58 /* : */ else { break }
            k += 1
        }
        guard count >= 2 else { return nil }
        let hours: Int64, minutes: Int64, seconds: Int64
        if count == 3 {
            guard widths.1 <= 3, widths.2 <= 3 else { return nil }
            (hours, minutes, seconds) = fields
        } else {
            guard widths.0 <= 3, widths.1 <= 3 else { return nil }
            (hours, minutes, seconds) = (0, fields.0, fields.1)
        }
        var millis: Int64 = 0
        if k < end, p[k] == 44 || p[k] == 46 {
            k += 1
            var scale: Int64 = 100
            while k < end, Bytes.isDigit(p[k]) {
                millis += Int64(p[k] - 48) * scale
                scale /= 10
                k += 1
            }
        }
        i = k
        return ((hours * 60 + minutes) * 60 + seconds) * Time.second + millis * Time.millisecond
    }
}
