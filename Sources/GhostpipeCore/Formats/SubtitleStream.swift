/// Subtitles read as they arrive, for a file as for a live feed (a speech recogniser writing SRT
/// blocks into a pipe): a cue comes out as soon as what follows it shows it is complete (the next
/// cue begins), when the input pauses (a live writer writes whole blocks), or at the end. Memory stays
/// bounded whatever comes in: only the cue being read is held, a cue's text is cut at `maxCueText`,
/// a line at `maxLine`, and lines that are not cues flow through without being kept.
///
/// The encoding is decided once, from the start: a byte order mark, `--encoding`, UTF-8 when the
/// first lines are valid UTF-8 (a stream) or the first 64 KiB are (a file), else a legacy code page
/// guessed from them. Problems come out as `NAME:LINE: what` messages.
public final class SubtitleStream {
    public struct Batch {
        public var cues: [Cue] = []
        public var messages: [String] = []
    }

    /// A cue's text is cut after this many bytes, a line after `maxLine`.
    public static let maxCueText = 1 << 18
    public static let maxLine = 1 << 16

    public let name: String
    private let parser: any SubtitleParser
    private let streaming: (any StreamableSubtitles)?
    private var decoder: StreamTextDecoder
    /// Decoded text not parsed yet (UTF-8), and the header every part is parsed after (WebVTT).
    private var pending: [UInt8] = []
    private var header: [UInt8]?
    private var headerLines = 0
    /// Lines of the stream before `pending`.
    private var consumedLines = 0
    private var batch = Batch()
    /// Text of the cue being read was cut (or text that is not cues ran on): its lines are dropped
    /// until the next cue begins.
    private var droppingCueText = false
    private var droppingWhat = "of that cue's text"
    private var droppedBytes = 0
    private var said: Set<String> = []

    /// `format`: a format of the catalogue; `isFile`: a regular file (its encoding is decided from
    /// its first 64 KiB) rather than a live stream (from its first lines).
    public init(format: SubtitleFormat, name: String, encoding: String?, isFile: Bool) {
        self.name = name
        parser = format.parser ?? SubRipFormat()
        streaming = parser as? any StreamableSubtitles
        decoder = StreamTextDecoder(encoding: encoding, isFile: isFile)
    }

    /// Whether part of a cue is held, waiting for what follows it (a pause in the input shows it).
    public var holdsPartialInput: Bool { !pending.isEmpty || decoder.holdsInput }

    /// Takes the next bytes; returns the cues now complete.
    public func push(_ bytes: UnsafeBufferPointer<UInt8>) -> Batch {
        take(decoder.push(bytes))
        parseComplete(final: false)
        return flush()
    }

    /// The input paused: what it holds is complete (a live writer writes whole blocks).
    public func paused() -> Batch {
        take(decoder.paused())
        parseComplete(final: true)
        return flush()
    }

    /// The end of the input.
    public func finish() -> Batch {
        take(decoder.finish())
        parseComplete(final: true)
        if droppedBytes > 0 { say("\(name): \(droppedBytes) more bytes \(droppingWhat) dropped") }
        return flush()
    }

    private func flush() -> Batch {
        defer { batch = Batch() }
        return batch
    }

    private func say(_ message: String) {
        if said.insert(message).inserted { batch.messages.append(message) }
    }

    /// Decoded text in; lines no longer than `maxLine`.
    private func take(_ decoded: StreamTextDecoder.Output) {
        if let note = decoded.note { say("\(name): \(note)") }
        guard !decoded.text.isEmpty else { return }
        if droppingCueText {
            // The text of a cut cue: dropped up to the next cue's start.
            pending.append(contentsOf: decoded.text)
            let start = pending.withUnsafeBufferPointer { streaming?.cueStarts($0)?.first ?? 0 }
            guard start > 0 else {
                droppedBytes += max(0, pending.count - Self.maxLine)
                if pending.count > Self.maxLine { pending.removeFirst(pending.count - Self.maxLine) }
                return
            }
            droppedBytes += start
            consumedLines += Self.lineCount(pending[..<start])
            pending.removeFirst(start)
            droppingCueText = false
            return
        }
        pending.append(contentsOf: decoded.text)
    }

    /// Parses what is complete (everything, when `final`); cuts what grew too long.
    private func parseComplete(final: Bool) {
        let starts = pending.withUnsafeBufferPointer { streaming?.cueStarts($0) }
        if header == nil, consumedLines == 0, streaming?.hasHeader == true, let starts {
            header = Array(pending[..<starts.first])
            headerLines = Self.lineCount(pending[..<starts.first])
        }
        // What is complete: up to the last cue's start, if a cue comes before it (what comes before
        // the first cue is read with it).
        var end = final ? pending.count : starts.map { $0.first < $0.last ? $0.last : 0 } ?? 0
        var cutting = false
        if end == 0 && pending.count > Self.maxCueText {
            // One cue, or text that is not cues, that does not end: read what there is of it, and
            // drop the rest as it comes.
            end = pending.count
            cutting = true
            droppingCueText = true
        }
        guard end > 0 else { return }
        var part = header ?? []
        let skipHeader = header != nil && consumedLines == 0 && pending.starts(with: part) && !part.isEmpty
        if skipHeader { part.removeAll() }
        part.append(contentsOf: pending[..<end])
        let text = String(decoding: part, as: UTF8.self)
        let (cues, diagnostics) = parser.parse(text)
        let shift = consumedLines - (skipHeader || header == nil ? 0 : headerLines)
        if cutting {
            droppingWhat = cues.isEmpty ? "that are not cues" : "of that cue's text"
            say("\(name):\(consumedLines + 1): " + (cues.isEmpty ? "\(pending.count) bytes that are not cues skipped"
                                                                : "cue text cut at \(Self.maxCueText) bytes"))
        }
        for diagnostic in diagnostics { say("\(name):\(diagnostic.line + shift): \(diagnostic.message)") }
        for var cue in cues {
            cue.sourceLine += shift
            batch.cues.append(Self.cut(cue))
        }
        consumedLines += Self.lineCount(pending[..<end])
        pending.removeFirst(end)
    }

    /// A cue's text is at most `maxCueText` bytes.
    private static func cut(_ cue: Cue) -> Cue {
        var total = 0
        var cue = cue
        for r in cue.runs.indices {
            let count = cue.runs[r].text.utf8.count
            if total + count > maxCueText {
                let keep = maxCueText - total
                cue.runs[r].text = String(decoding: cue.runs[r].text.utf8.prefix(max(0, keep)), as: UTF8.self)
                cue.runs.removeSubrange((r + 1)...)
                return cue
            }
            total += count
        }
        return cue
    }

    /// Lines ended in `bytes` (LF, CR LF, a lone CR), as the parsers number them.
    static func lineCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var previousCR = false
        for byte in bytes {
            if byte == 0x0A { if !previousCR { count += 1 }; previousCR = false } else if byte == 0x0D { count += 1; previousCR = true } else { previousCR = false }
        }
        return count
    }
}
