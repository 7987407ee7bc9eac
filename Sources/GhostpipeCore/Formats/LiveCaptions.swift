/// A live speech recogniser's output, read as a format of the catalogue (Vosk's JSON, whisper.cpp's
/// lines, whisper_streaming's lines). A recogniser says two kinds of things:
///
/// - a **partial** hypothesis: the words of the utterance so far, revised (grown, shrunk, changed)
///   as more audio comes. It is tentative: `SubtitleStream` hands it on in `Batch.partials`, never
///   as a cue, so a pipe, `-o plain` and `-o json` get final text only unless asked for partials.
/// - a **final** utterance: text that will not change. It becomes a cue, timed by the protocol
///   when it says when (whisper's segment times, Vosk's word times), else by when it arrived
///   (`LiveTiming`).
public struct PartialHypothesis: Hashable, Sendable {
    /// The whole hypothesis so far (not a difference): empty when the recogniser has none.
    public var text: String
    /// 1-based line of the input it came from.
    public var sourceLine: Int

    public init(text: String, sourceLine: Int) {
        self.text = text
        self.sourceLine = sourceLine
    }
}

/// A final utterance as the protocol gives it: its text (in runs, with word instants when known)
/// and its times when the protocol has them.
struct LiveUtterance: Equatable {
    var runs: [StyledRun]
    var start: Nanoseconds?
    var end: Nanoseconds?
    var line: Int
}

/// One thing a recogniser said, in the order it said them.
enum LiveEvent: Equatable {
    case partial(PartialHypothesis)
    case final(LiveUtterance)
}

/// A live protocol: its lines read into events. `parse` (a whole file) keeps the finals as cues;
/// `SubtitleStream` reads events as lines arrive, with their arrival times.
protocol LiveCaptionFormat: SubtitleParser, StreamableSubtitles {
    /// The events of complete lines (`source`: valid UTF-8), numbered from 1, and what was skipped.
    func events(_ source: [UInt8]) -> (events: [LiveEvent], diagnostics: [Diagnostic])
}

extension LiveCaptionFormat {
    var hasHeader: Bool { false }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { parse(validUTF8: Array(text.utf8)) }

    /// A file: its finals as cues (those without times follow each other, see `LiveTiming`).
    func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        let (events, diagnostics) = events(source)
        var timing = LiveTiming()
        var cues: [Cue] = []
        for event in events {
            switch event {
            case .partial(let partial): timing.heard(partial, at: nil)
            case .final(let utterance): cues.append(timing.cue(for: utterance, at: nil))
            }
        }
        return (CueList(cues), diagnostics)
    }

    /// Each non-blank line may be a cue: the first and the last line that begin something.
    func cueStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, last: Int)? {
        LiveLines.starts(bytes) { _ in true }
    }
}

/// Lines of a live protocol.
enum LiveLines {
    /// Where the first and the last non-blank line for which `begins` holds start (`begins` gets
    /// the line's first byte that is not a space or tab).
    static func starts(_ bytes: UnsafeBufferPointer<UInt8>, _ begins: (UInt8) -> Bool) -> (first: Int, last: Int)? {
        guard let p = bytes.baseAddress else { return nil }
        var scanner = LineScanner(p, count: bytes.count)
        var first: Int?, last = 0
        while let line = scanner.next() {
            var k = line.start
            while k < line.end, Bytes.isSpaceOrTab(p[k]) { k += 1 }
            guard k < line.end, begins(p[k]) else { continue }
            if first == nil { first = line.start }
            last = line.start
        }
        return first.map { ($0, last) }
    }

    /// Text as a recogniser prints it: without escape sequences (colours, `ESC[2K`) and control
    /// characters, white space at either end trimmed.
    static func text(_ line: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(line.count)
        var k = line.startIndex
        while k < line.endIndex {
            let b = line[k]
            if b == 0x1B {
                // CSI: parameters and intermediates, then a final byte; other escapes: one byte.
                k += 1
                if k < line.endIndex, line[k] == UInt8(ascii: "[") {
                    k += 1
                    while k < line.endIndex, !(0x40...0x7E).contains(line[k]) { k += 1 }
                }
                k += 1
                continue
            }
            if b >= 0x20 && b != 0x7F || b == 0x09 { out.append(b == 0x09 ? 0x20 : b) }
            k += 1
        }
        return String(decoding: FilmText.trimmed(out[...]), as: UTF8.self)
    }
}
