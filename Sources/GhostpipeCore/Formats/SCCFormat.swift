/// Scenarist closed captions (`.scc`): a `Scenarist_SCC V1.0` line, then lines of a SMPTE timecode
/// and CEA-608 byte pairs in hex (`00:00:01;02	9420 9420 94ae …`), decoded by `CEA608Decoder`.
///
/// - A line's pairs go out one a frame from its timecode, at 29.97 frames a second: `HH:MM:SS:FF` is
///   non-drop-frame (frames counted at 30, each lasting 1.001/30 s), `HH:MM:SS;FF` (or `.`, `,`)
///   drop-frame (frames 0 and 1 of each minute but every tenth skipped in the count). A line that
///   starts before the pairs of the one before are out waits for them, as a broadcast would.
/// - `--channel` picks CC1–CC4 (default CC1); when it has no captions and another channel has,
///   that is said.
/// - Read whole; what cannot be read is said with its line and skipped (a word of two hex digits
///   is a byte and a null, as pycaption reads it).
struct SCCFormat: SubtitleParser {

    var name: String { "scc" }
    var aliases: [String] { ["scenarist"] }
    var title: String { "Scenarist SCC" }
    var extensions: [String] { ["scc"] }

    static let signature = Array("Scenarist_SCC".utf8)

    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        guard let first = lines.first else { return .needMore }
        let line = first.drop { $0 == 32 || $0 == 9 }
        return line.starts(with: Self.signature) ? .yes : .no
    }

    /// The signature begins the file (after blank space), or, in a file that lost it, the first line
    /// is a caption line: a timecode, a tab and words of four hex digits (nothing else looks so; a
    /// TMPlayer line's text would have to be just that).
    func matches(_ prefix: String) -> Bool {
        let text = prefix.utf8.drop { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if text.starts(with: Self.signature) { return true }
        return Self.isCaptionLine(text.prefix { $0 != 10 && $0 != 13 })
    }

    /// `hh:mm:ss:ff` or `hh:mm:ss;ff`, a tab, then `xxxx` words separated by spaces.
    static func isCaptionLine<Line: Collection>(_ line: Line) -> Bool where Line.Element == UInt8 {
        let bytes = Array(line)
        guard bytes.count >= 16, bytes[11] == 9 else { return false }
        for (k, b) in bytes[..<11].enumerated() {
            let ok = k % 3 == 2 ? (b == 58 || (k == 8 && b == 59)) : Bytes.isDigit(b)
            if !ok { return false }
        }
        let words = bytes[12...].split(separator: 32)
        return !words.isEmpty && words.allSatisfy { $0.count == 4 && $0.allSatisfy { Bytes.isDigit($0) || (($0 | 0x20) &- 97) < 6 } }
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(validUTF8: Array(text.utf8))
    }

    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(text, options: ParseOptions())
    }

    /// On `--channel` (CC1 without it).
    func parse(_ input: [UInt8], options: ParseOptions) -> (cues: CueList, diagnostics: [Diagnostic]) {
        input.withUnsafeBufferPointer { Self.parse($0, channel: options.channel) }
    }

    /// One frame at 29.97 frames a second.
    static let frame: Nanoseconds = 33_366_667
    /// What is on screen when the file ends stays this long (ttconv's default end).
    static let linger: Nanoseconds = 10 * Time.second

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, channel: Int) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var decoder = CEA608Decoder(channel: channel)
        var diagnostics: [Diagnostic] = []
        guard let p = bytes.baseAddress else { return (CueList(), []) }
        var scanner = LineScanner(p, count: bytes.count)
        var nextFrame = 0                                     // the first frame free for the next pair
        var badWords = 0, firstBadWord: (line: Int, word: String)?
        var firstParityLine: Int?
        var timeWentBack = false
        var lastLineFrames: Int?
        var frameOverflowSaid = false
        while let line = scanner.next() {
            var k = line.start
            while k < line.end, Bytes.isSpaceOrTab(p[k]) || p[k] == 0xEF || p[k] == 0xBB || p[k] == 0xBF { k += 1 }
            guard k < line.end else { continue }
            if UnsafeBufferPointer(start: p + k, count: line.end - k).starts(with: signature) { continue }
            guard let (frames, after) = timecode(p, k, line.end) else {
                var end = k
                while end < line.end, !Bytes.isSpaceOrTab(p[end]) { end += 1 }
                diagnostics.append(Diagnostic(line: line.number, message:
                    "bad timecode '\(Bytes.snippet(p, k, end, limit: 40))' (HH:MM:SS:FF or HH:MM:SS;FF); line skipped"))
                continue
            }
            if let last = lastLineFrames, frames < last, !timeWentBack {
                timeWentBack = true
                diagnostics.append(Diagnostic(line: line.number, message: "timecode goes back; its pairs follow those before"))
            }
            lastLineFrames = frames
            decoder.line = line.number
            if !frameOverflowSaid, p[after - 2] >= 51 {                       // frames 30 and on
                frameOverflowSaid = true
                diagnostics.append(Diagnostic(line: line.number, message:
                    "frame \(Bytes.snippet(p, after - 2, after)) of a second that has 30; counted on into the next"))
            }
            var frame = max(frames, nextFrame)
            k = after
            while k < line.end {
                while k < line.end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
                guard k < line.end else { break }
                var end = k
                while end < line.end, !Bytes.isSpaceOrTab(p[end]) { end += 1 }
                // Two digits: one byte, its pair's second byte null (pycaption reads files that have them).
                if end - k == 4 || end - k == 2, let high = hexByte(p[k], p[k + 1]),
                   let low = end - k == 2 ? 0x80 : hexByte(p[k + 2], p[k + 3]) {
                    let errors = decoder.parityErrors
                    decoder.receive(high, low, at: time(ofFrame: frame))
                    if decoder.parityErrors > errors, firstParityLine == nil { firstParityLine = line.number }
                    frame += 1
                } else {
                    badWords += 1
                    if firstBadWord == nil { firstBadWord = (line.number, Bytes.snippet(p, k, end, limit: 20)) }
                }
                k = end
            }
            nextFrame = frame
        }
        decoder.finish(linger: linger)
        if let firstBadWord {
            let more = badWords > 1 ? " (and \(badWords - 1) more)" : ""
            diagnostics.append(Diagnostic(line: firstBadWord.line, message:
                "'\(firstBadWord.word)' is not a byte pair of four hex digits; skipped\(more)"))
        }
        if let firstParityLine {
            diagnostics.append(Diagnostic(line: firstParityLine, message:
                "\(decoder.parityErrors) byte pairs without odd parity, read as if they had it"))
        }
        if decoder.cues.isEmpty, decoder.channelsWithText & ~(1 << (channel - 1)) != 0 {
            let others = (1...4).filter { decoder.channelsWithText & (1 << ($0 - 1)) != 0 && $0 != channel }
            diagnostics.append(Diagnostic(line: 1, message:
                "no captions on channel \(channel); the file has them on channel \(others.map(String.init).joined(separator: ", ")) (--channel \(others[0]))"))
        }
        diagnostics.sort { $0.line < $1.line }
        return (CueList(decoder.cues), diagnostics)
    }

    /// The media time of frame `n` at 29.97 frames a second.
    static func time(ofFrame n: Int) -> Nanoseconds {
        (Nanoseconds(n) * 1_001_000_000 + 15) / 30
    }

    /// `HH:MM:SS:FF` (non-drop-frame) or `HH:MM:SS;FF` (`.` and `,` too: drop-frame) at `k`: the
    /// frames it counts at 29.97, and where it ends. Frames past 29 count on into the next second,
    /// as ttconv counts them (the caller says so).
    static func timecode(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (frames: Int, end: Int)? {
        var k = start
        var fields: [Int] = []
        var dropFrame = false
        while fields.count < 4 {
            let digitsStart = k
            var value = 0
            while k < end, Bytes.isDigit(p[k]), k - digitsStart < 6 { value = value * 10 + Int(p[k] - 48); k += 1 }
            guard k > digitsStart, fields.isEmpty || k - digitsStart == 2 else { return nil }
            fields.append(value)
            if fields.count == 4 { break }
            guard k < end else { return nil }
            switch p[k] {
            case 58: break                                                   // :
            case 59, 46, 44: guard fields.count == 3 else { return nil }; dropFrame = true
            default: return nil
            }
            k += 1
        }
        guard k == end || Bytes.isSpaceOrTab(p[k]) else { return nil }
        let (h, m, s, f) = (fields[0], fields[1], fields[2], fields[3])
        guard m < 60, s < 60, f < 100 else { return nil }
        let minutes = h * 60 + m
        var frames = (minutes * 60 + s) * 30 + f
        if dropFrame { frames -= 2 * (minutes - minutes / 10) }
        return (max(0, frames), k)
    }

    static func hexByte(_ a: UInt8, _ b: UInt8) -> UInt8? {
        guard let high = hexDigit(a), let low = hexDigit(b) else { return nil }
        return high << 4 | low
    }

    @inline(__always) static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }
}
