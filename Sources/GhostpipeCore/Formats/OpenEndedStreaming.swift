/// A format whose cues end where a later change of their track begins (LRC, SAMI), read as it
/// arrives: each part (complete lines or syncs) is turned into changes by the format's reader, and
/// an ``OpenEndedWindow`` sorts them and lets the cues go once their ends are known.
protocol OpenEndedSubtitles: StreamableSubtitles {
    /// A reader for one file (it keeps what the file said so far: LRC's offset, SAMI's classes).
    func openEndedReader() -> any OpenEndedReader
}

/// Turns the parts of one file into changes.
protocol OpenEndedReader: AnyObject {
    /// What a change is called in messages (`line`, `sync`).
    var unit: String { get }
    /// The changes of `part` (valid UTF-8), cues built with lines moved by `lineShift`, and messages
    /// numbered within the part.
    func read(_ part: [UInt8], lineShift: Int) -> (changes: [OpenEndedWindow.Arrival], diagnostics: [Diagnostic])
    /// Where the last cues end when nothing later does (LRC's `[length:]`).
    var lastEnd: Nanoseconds? { get }
    /// A cue to show before the first one (LRC's title card).
    func opening(before first: Cue) -> Cue?
    /// Messages for the end of the file (numbered as the file is).
    func finish(changes: Int) -> [Diagnostic]
}

extension OpenEndedReader {
    func opening(before first: Cue) -> Cue? { nil }
    func finish(changes: Int) -> [Diagnostic] { [] }
}

/// One file of such a format as `SubtitleStream` reads it: its reader and its window.
final class OpenEndedParts {
    private let reader: any OpenEndedReader
    private let window: OpenEndedWindow
    private var changes = 0
    private var openingAsked = false

    init(_ reader: any OpenEndedReader, windowSize: Int = OpenEndedWindow.size) {
        self.reader = reader
        window = OpenEndedWindow(unit: reader.unit, size: windowSize)
    }

    /// A part in; the cues whose ends are now known out, the part's messages (numbered within
    /// it), the window's (numbered in the file), and how many changes the part held.
    func read(_ part: [UInt8], lineShift: Int) -> (cues: [Cue], diagnostics: [Diagnostic], notes: [Diagnostic], changes: Int) {
        let (arrivals, diagnostics) = reader.read(part, lineShift: lineShift)
        changes += arrivals.count
        for arrival in arrivals { window.add(arrival) }
        let (cues, notes) = taken()
        return (cues, diagnostics, notes, arrivals.count)
    }

    /// The input paused: every cue whose end is known goes.
    func paused() -> (cues: [Cue], notes: [Diagnostic]) {
        window.release(paused: true)
        return taken()
    }

    /// Whether a pause would let a cue go.
    var holdsEnded: Bool { window.holdsEnded }

    func finish() -> (cues: [Cue], notes: [Diagnostic]) {
        window.finish(lastEnd: reader.lastEnd)
        var (cues, notes) = taken()
        notes += reader.finish(changes: changes)
        return (cues, notes)
    }

    private func taken() -> (cues: [Cue], notes: [Diagnostic]) {
        var (cues, notes) = window.take()
        if !openingAsked, let first = cues.first {
            openingAsked = true
            if let opening = reader.opening(before: first) { cues.insert(opening, at: 0) }
        }
        return (cues, notes)
    }
}
