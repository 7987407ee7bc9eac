/// WebVTT (`.vtt`), by the W3C "WebVTT parser algorithm" (WebVTT: The Web Video Text Tracks Format,
/// § 6 Parsing), working on UTF-8 bytes.
///
/// Followed as written: the signature (`WEBVTT` alone, or followed by space, tab or a line break;
/// a BOM before it is fine; anything else is not WebVTT, and we return no cues and one diagnostic so
/// the caller can fall back to SubRip); the header; blocks separated by empty lines; cue identifiers;
/// timestamps `mm:ss.ttt` and `hh:mm:ss.ttt` (hours of two or more digits, minutes and seconds 00–59,
/// exactly three fraction digits); cue settings; and a line containing `-->` inside a block ends it
/// (that line begins the next block). NOTE, STYLE and REGION blocks are not cues; STYLE blocks before
/// the first cue feed ``WebVTTStyleSheet``; regions and `vertical:` are ignored (a terminal draws
/// neither).
///
/// Where we add to the spec: cues whose timing line fails, or that end before they start (the spec
/// keeps those, but they could never show), are reported with a ``Diagnostic`` and skipped; cues are
/// sorted stably by start time. Hours are limited to six digits (beyond, the time would overflow).
public enum WebVTTParser {

    /// Parses WebVTT text. Never fails: what cannot be read is skipped and reported.
    public static func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(validUTF8: Array(text.utf8))
    }

    /// Parses WebVTT given as UTF-8 that is known to be valid (a stream's decoded text).
    static func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        CueList.parsed(validUTF8: source) { bytes in
            let parsed = parse(bytes: bytes)
            return (parsed.records, parsed.placements, .webVTT(parsed.styleSheet), parsed.diagnostics)
        }
    }

    /// Parses WebVTT from UTF-8 bytes (invalid sequences become U+FFFD). For fuzzing and tests.
    public static func parse<Input: Collection>(utf8 bytes: Input) -> (cues: CueList, diagnostics: [Diagnostic])
    where Input.Element == UInt8 {
        parse(String(decoding: bytes, as: UTF8.self))
    }

    /// True when `bytes` start with the WebVTT signature (after an optional UTF-8 BOM).
    static func hasSignature(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let start = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        let magic = Array("WEBVTT".utf8)
        guard n - start >= 6 else { return false }
        for (k, m) in magic.enumerated() where p[start + k] != m { return false }
        guard n - start > 6 else { return true }
        let next = p[start + 6]
        return next == 32 || next == 9 || next == 10 || next == 13
    }

    /// True when `text` starts with the WebVTT signature.
    static func hasSignature(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in buffer.baseAddress.map { hasSignature($0, min(buffer.count, 16)) } ?? false }
    }

    struct Parsed {
        var records: [CueRecord] = []
        var placements: [CuePlacement] = [CuePlacement()]
        var styleSheet = WebVTTStyleSheet.empty
        var diagnostics: [Diagnostic] = []
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
        var out = Parsed()
        guard let p = bytes.baseAddress, hasSignature(p, bytes.count) else {
            out.diagnostics.append(Diagnostic(line: 1, message: "not a WebVTT file: it does not start with 'WEBVTT'"))
            return out
        }
        let n = bytes.count
        let bom = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        let defaultPlacement = CuePlacement()
        var placementIndex: [CuePlacement: UInt32] = [defaultPlacement: 0]
        out.records.reserveCapacity(SubRipParser.estimateCueCount(p, n))
        var scanner = LineScanner(p, count: n, position: bom)
        _ = scanner.next()                         // the signature line, header text and all
        guard !scanner.atEnd else { return out }
        var seenCue = false
        var notedLooseTime = false

        /// Skips empty lines ("collect a sequence of code points that are U+000A").
        func skipEmptyLines() {
            while true {
                var peek = scanner
                guard let line = peek.next(), line.isEmpty else { return }
                scanner = peek
            }
        }

        /// The spec's "collect a WebVTT block".
        func collectBlock(inHeader: Bool) {
            var lineCount = 0
            var previous = scanner
            var seenArrow = false
            var bufferStart = -1, bufferEnd = -1        // the block's lines so far (identifier, then text)
            var firstLine: SourceLine?
            var cue: (start: Nanoseconds, end: Nanoseconds, line: Int, placement: CuePlacement, idStart: Int, idEnd: Int)?
            var isStyle = false
            while let line = scanner.next() {
                lineCount += 1
                if Bytes.containsArrow(p, line.start, line.end) {
                    if !inHeader, lineCount == 1 || (lineCount == 2 && !seenArrow) {
                        seenArrow = true
                        previous = scanner
                        switch parseTimingLine(p, line.start, line.end) {
                        case .success(let timing):
                            if timing.end < timing.start {
                                cue = nil
                                out.diagnostics.append(Diagnostic(line: line.number, message:
                                    "cue ends before it starts: '\(Bytes.snippet(p, line.start, line.end))'; skipped"))
                            } else {
                                let id = bufferStart >= 0 ? (bufferStart, bufferEnd) : (0, 0)
                                cue = (timing.start, timing.end, line.number, timing.placement, id.0, id.1)
                                if let loose = timing.loose, !notedLooseTime {
                                    notedLooseTime = true
                                    out.diagnostics.append(Diagnostic(line: line.number, message:
                                        "time '\(loose)' without three fraction digits; read as FFmpeg does (so are any others in this file)"))
                                }
                            }
                            bufferStart = -1
                            bufferEnd = -1
                            seenCue = true
                        case .failure(let message):
                            cue = nil
                            out.diagnostics.append(Diagnostic(line: line.number, message: message))
                        }
                    } else {
                        scanner = previous
                        break
                    }
                } else if line.isEmpty {
                    break
                } else {
                    if !inHeader, lineCount == 2, !seenCue, let first = firstLine, cue == nil {
                        if isKeyword("STYLE", p, first) {
                            isStyle = true
                            bufferStart = -1
                        } else if isKeyword("REGION", p, first) {
                            bufferStart = -1            // regions are not used; the block is dropped
                        }
                    }
                    if lineCount == 1 { firstLine = line }
                    if bufferStart < 0 { bufferStart = line.start }
                    bufferEnd = line.end
                    previous = scanner
                }
            }
            if let cue {
                let placement: UInt32
                if cue.placement == defaultPlacement {
                    placement = 0
                } else if let known = placementIndex[cue.placement] {
                    placement = known
                } else {
                    placement = UInt32(out.placements.count)
                    placementIndex[cue.placement] = placement
                    out.placements.append(cue.placement)
                }
                let hasText = bufferStart >= 0
                out.records.append(CueRecord(
                    start: cue.start, end: cue.end,
                    textStart: UInt32(hasText ? bufferStart : 0), textEnd: UInt32(hasText ? bufferEnd : 0),
                    idStart: UInt32(cue.idStart), idEnd: UInt32(cue.idEnd),
                    line: UInt32(truncatingIfNeeded: cue.line), detail: placement))
            } else if isStyle, bufferStart >= 0 {
                out.styleSheet.addRules(from: UnsafeBufferPointer(start: p + bufferStart, count: bufferEnd - bufferStart))
            }
        }

        // Header: a block right after the signature line (unless that line is followed by an empty one).
        var peek = scanner
        if let line = peek.next(), line.isEmpty {
            scanner = peek
        } else {
            collectBlock(inHeader: true)
        }
        skipEmptyLines()
        while !scanner.atEnd {
            collectBlock(inHeader: false)
            skipEmptyLines()
        }
        return out
    }

    /// `STYLE` or `REGION` followed by nothing but ASCII whitespace.
    static func isKeyword(_ keyword: StaticString, _ p: UnsafePointer<UInt8>, _ line: SourceLine) -> Bool {
        let k = keyword.utf8CodeUnitCount
        guard line.end - line.start >= k else { return false }
        let kp = keyword.utf8Start
        for j in 0..<k where p[line.start + j] != kp[j] { return false }
        var j = line.start + k
        while j < line.end { if !Bytes.isASCIIWhitespace(p[j]) { return false }; j += 1 }
        return true
    }

    // MARK: Timings and settings

    struct Timing {
        var start: Nanoseconds
        var end: Nanoseconds
        var placement: CuePlacement
        /// A time was written without its three fraction digits (`00:01:39`, `00:01:41.04`), read as
        /// FFmpeg and other lenient readers do: the first such time as written, for a note.
        var loose: String? = nil
    }

    enum TimingResult {
        case success(Timing)
        case failure(String)
    }

    /// "Collect WebVTT cue timings and settings".
    static func parseTimingLine(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> TimingResult {
        var i = from
        func skipWhitespace() { while i < end, Bytes.isASCIIWhitespace(p[i]) { i += 1 } }
        func badTimestamp(_ at: Int) -> TimingResult {
            var k = at
            while k < end, !Bytes.isASCIIWhitespace(p[k]), !(p[k] == 45 && k + 1 < end && p[k + 1] == 45) { k += 1 }
            return .failure(k > at ? "bad timestamp '\(Bytes.snippet(p, at, k, limit: 40))'"
                                   : "bad cue timing '\(Bytes.snippet(p, from, end))'")
        }
        skipWhitespace()
        let startAt = i
        var loose: String?
        /// A timestamp as the spec has it, or else leniently (noted in `loose`).
        func collect() -> Nanoseconds? {
            let at = i
            if let time = collectTimestamp(p, &i, end) { return time }
            guard let time = collectTimestamp(p, &i, end, lenient: true) else { return nil }
            if loose == nil { loose = Bytes.snippet(p, at, i) }
            return time
        }
        guard let start = collect() else { return badTimestamp(startAt) }
        skipWhitespace()
        guard i + 2 < end, p[i] == 45, p[i + 1] == 45, p[i + 2] == 62 else {
            return .failure("expected '-->' after the start time in '\(Bytes.snippet(p, from, end))'")
        }
        i += 3
        skipWhitespace()
        let endAt = i
        guard let stop = collect() else { return badTimestamp(endAt) }
        return .success(Timing(start: start, end: stop, placement: parseSettings(p, i, end), loose: loose))
    }

    /// "Collect a WebVTT timestamp" at `i`; on success `i` is just past it. `lenient` (cue timings):
    /// the fraction may be missing or have other than three digits.
    static func collectTimestamp(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, lenient: Bool = false) -> Nanoseconds? {
        var k = i
        func digits() -> (value: Int64, count: Int) {
            var value: Int64 = 0, count = 0
            while k < end, Bytes.isDigit(p[k]) {
                if count < 10 { value = value * 10 + Int64(p[k] - 48) }
                count += 1
                k += 1
            }
            return (value, count)
        }
        guard k < end, Bytes.isDigit(p[k]) else { return nil }
        var v1: Int64, n1: Int
        (v1, n1) = digits()
        let hoursFirst = n1 != 2 || v1 > 59
        guard n1 <= 6, k < end, p[k] == 58 else { return nil }                 // :
        k += 1
        var v2: Int64, n2: Int
        (v2, n2) = digits()
        guard n2 == 2 else { return nil }
        var v3: Int64
        if hoursFirst || (k < end && p[k] == 58) {
            guard k < end, p[k] == 58 else { return nil }
            k += 1
            let (value, count) = digits()
            guard count == 2 else { return nil }
            v3 = value
        } else {
            (v3, v2, v1) = (v2, v1, 0)
        }
        let whole = ((v1 * 60 + v2) * 60 + v3) * Time.second
        guard k < end, p[k] == 46 else {                                       // .
            guard lenient, v2 <= 59, v3 <= 59 else { return nil }
            i = k
            return whole
        }
        k += 1
        let fractionStart = k
        let (v4, n4) = digits()
        guard n4 == 3 || lenient && n4 > 0, v2 <= 59, v3 <= 59 else { return nil }
        i = k
        if n4 == 3 { return whole + v4 * Time.millisecond }
        // Other than three digits: a decimal fraction of a second, to the nanosecond.
        var fraction: Int64 = 0
        for j in 0..<9 { fraction = fraction * 10 + (fractionStart + j < k ? Int64(p[fractionStart + j] - 48) : 0) }
        return whole + fraction
    }

    /// "Parse the WebVTT cue settings" into a placement.
    static func parseSettings(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> CuePlacement {
        var placement = CuePlacement()
        var k = from
        while k < end {
            while k < end, Bytes.isASCIIWhitespace(p[k]) { k += 1 }
            let tokenStart = k
            while k < end, !Bytes.isASCIIWhitespace(p[k]) { k += 1 }
            let token = UnsafeBufferPointer(start: p + tokenStart, count: k - tokenStart)
            guard let colon = token.firstIndex(of: 58), colon > 0, colon < token.count - 1 else { continue }
            let name = String(decoding: token[..<colon], as: UTF8.self)
            let value = Array(token[(colon + 1)...])
            switch name {
            case "line":
                let comma = value.firstIndex(of: 44)
                let linepos = comma.map { Array(value[..<$0]) } ?? value
                let linealign = comma.map { String(decoding: value[($0 + 1)...], as: UTF8.self) }
                guard linepos.contains(where: Bytes.isDigit) else { continue }
                let isPercent = linepos.last == 37
                let number: Double
                if isPercent {
                    guard let percent = parsePercentage(linepos) else { continue }
                    number = percent
                } else {
                    guard let value = parseLineNumber(linepos) else { continue }
                    number = value
                }
                var lineAlignment = CuePlacement.LineAlignment.start
                switch linealign {
                case nil, "start": lineAlignment = .start
                case "center": lineAlignment = .center
                case "end": lineAlignment = .end
                default: continue
                }
                placement.lineAlignment = lineAlignment
                placement.vertical = isPercent ? .percent(number) : .line(clampedLine(number))
            case "position":
                let comma = value.firstIndex(of: 44)
                let colpos = comma.map { Array(value[..<$0]) } ?? value
                let colalign = comma.map { String(decoding: value[($0 + 1)...], as: UTF8.self) }
                guard let number = parsePercentage(colpos) else { continue }
                var alignment = CuePlacement.PositionAlignment.auto
                switch colalign {
                case nil: alignment = .auto
                case "line-left": alignment = .lineLeft
                case "center": alignment = .center
                case "line-right": alignment = .lineRight
                default: continue
                }
                placement.positionAlignment = alignment
                placement.position = number
            case "size":
                guard let number = parsePercentage(value) else { continue }
                placement.size = number
            case "align":
                switch String(decoding: value, as: UTF8.self) {
                case "start": placement.alignment = .start
                case "center": placement.alignment = .center
                case "end": placement.alignment = .end
                case "left": placement.alignment = .left
                case "right": placement.alignment = .right
                default: break
                }
            default:
                break                       // region, vertical, unknown settings
            }
        }
        return placement
    }

    static func clampedLine(_ number: Double) -> Int {
        Int(max(-1_000_000, min(1_000_000, number.rounded())))
    }

    /// "Parse a percentage string": `^\d+(\.\d+)?%$`, 0–100.
    static func parsePercentage(_ s: [UInt8]) -> Double? {
        guard s.count >= 2, s.last == 37 else { return nil }
        guard let value = parseDecimal(s.dropLast()), value >= 0, value <= 100 else { return nil }
        return value
    }

    /// A `line:` number: `-?\d+(\.\d+)?` (the spec's character checks, then a float parse).
    static func parseLineNumber(_ s: [UInt8]) -> Double? {
        guard let first = s.first else { return nil }
        if first == 45 {
            guard let magnitude = parseDecimal(s.dropFirst()) else { return nil }
            return -magnitude
        }
        return parseDecimal(s[...])
    }

    /// `\d+(\.\d+)?` → Double.
    static func parseDecimal(_ s: ArraySlice<UInt8>) -> Double? {
        var whole = 0.0, fraction = 0.0, scale = 1.0
        var seenDot = false, wholeDigits = 0, fractionDigits = 0
        for b in s {
            if Bytes.isDigit(b) {
                if seenDot { scale /= 10; fraction += Double(b - 48) * scale; fractionDigits += 1 } else { whole = whole * 10 + Double(b - 48); wholeDigits += 1 }
            } else if b == 46, !seenDot {
                seenDot = true
            } else {
                return nil
            }
        }
        guard wholeDigits > 0, !seenDot || fractionDigits > 0 else { return nil }
        return whole + fraction
    }
}
