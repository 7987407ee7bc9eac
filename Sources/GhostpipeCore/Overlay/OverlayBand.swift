/// What plays in the overlay's band: SOURCE's performance — subtitles, paced text, credits, any
/// effect — drawing into a small terminal of its own exactly as it would draw at the bottom of a
/// real one. `view()` gives the band's rows from that terminal, ready to compose.
///
/// The band's terminal is one row taller than the band: the row a text's cursor rests on after a
/// line break. The view shows the latest `rows` rows that hold something, so streamed text (live
/// captions) scrolls through the band a line at a time, and subtitle cues keep their place in it.
///
/// Streamed SOURCE (a pipe, `-`) is not waited for: until its first lines say whether it is text or
/// subtitles the band is empty; text then plays as it arrives, subtitles once their input has ended.
public final class OverlayBand {
    /// What SOURCE is.
    public enum Content {
        /// Subtitles, read before the start.
        case cues(CueList)
        /// Streamed input: text, subtitles (read to their end first), or — format nil — whatever its
        /// first lines turn out to be.
        case stream(any ByteSource, format: SubtitleFormat?)
    }

    private enum State { case sniffing, text, collecting, playing }

    private let session: Session
    private let input: (any ByteSource)?
    private var state: State
    /// Input held while its format is not known, or subtitles until their end.
    private var held: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var performance: (any Performance)?
    /// The performance said it is done: nothing of it will change again.
    private var finished = false
    /// The cues playing, if SOURCE is subtitles (kept to lay them out anew at another size).
    private var cues: CueList?
    private var sink: EmulatorSink
    private let origin: Nanoseconds
    private var screenRows: Int
    private var lastInput: Nanoseconds
    /// A stream that pauses this long shows a word or grapheme it was holding back.
    public var idleFlush: Nanoseconds = 300 * Time.millisecond
    /// Rows of the band.
    public private(set) var rows: Int
    public private(set) var columns: Int
    /// Problems with SOURCE found while playing (shown once the terminal is given back; the exit
    /// status stays the program's).
    public private(set) var messages: [String] = []

    /// `columns` × `screenRows` is the whole terminal; the band takes what `Session.overlayBandRows`
    /// says. `origin` is the instant the timeline starts (the program's start).
    public init(session: Session, content: Content, columns: Int, screenRows: Int, origin: Nanoseconds) throws {
        self.session = session
        self.columns = max(1, columns)
        self.screenRows = screenRows
        self.origin = origin
        lastInput = origin
        var cues: CueList?
        switch content {
        case .cues(let list):
            cues = list
            input = nil
            state = .playing
        case .stream(let source, let format):
            input = source
            switch format {
            case nil: state = .sniffing
            case .text?: state = .text
            case .srt?, .vtt?: state = .collecting
            }
        }
        rows = session.overlayBandRows(cues: cues, columns: self.columns, screenRows: screenRows)
        sink = EmulatorSink(TerminalEmulator(rows: rows + 1, columns: self.columns, scrollbackLimit: 0))
        if state == .playing || state == .text { try start(cues: cues) }
    }

    /// Starts the performance on a fresh band terminal sized for it.
    private func start(cues: CueList?) throws {
        self.cues = cues
        rows = session.overlayBandRows(cues: cues, columns: columns, screenRows: screenRows)
        sink = EmulatorSink(TerminalEmulator(rows: rows + 1, columns: columns, scrollbackLimit: 0))
        performance = try session.bandPerformance(cues: cues, sink: sink, columns: columns, rows: rows, origin: origin)
        finished = false
    }

    // MARK: - Input

    private var wantsInput: Bool {
        switch state {
        case .sniffing, .collecting: return true
        case .text: return performance?.wantsInput ?? false
        case .playing: return false
        }
    }

    /// The descriptor to wait on, while input is wanted.
    public var inputDescriptor: Int32? { wantsInput ? input?.descriptor : nil }

    /// Reads what has arrived (call when `inputDescriptor` polls readable).
    public func readInput(at now: Nanoseconds) throws {
        guard wantsInput, let input else { return }
        let result = chunk.withUnsafeMutableBytes { input.read(into: $0, now: now) }
        switch result {
        case .bytes(let n): try received(Array(chunk[..<n]), at: now)
        case .end: try inputEnded(at: now)
        case .notReady: break
        }
    }

    private func received(_ bytes: [UInt8], at now: Nanoseconds) throws {
        switch state {
        case .sniffing:
            held += bytes
            if let format = SubtitleFormat.sniff(held, fileName: nil, atEnd: false) { try decide(format, at: now) }
        case .collecting:
            held += bytes
        case .text:
            lastInput = now
            try bytes.withUnsafeBufferPointer { try performance?.receive($0, at: now) }
        case .playing:
            break
        }
    }

    private func decide(_ format: SubtitleFormat, at now: Nanoseconds) throws {
        guard format == .text else { state = .collecting; return }
        state = .text
        try start(cues: nil)
        let text = held
        held = []
        if !text.isEmpty { try received(text, at: now) }
    }

    private func inputEnded(at now: Nanoseconds) throws {
        switch state {
        case .sniffing:
            try decide(SubtitleFormat.sniff(held, fileName: nil, atEnd: true) ?? .text, at: now)
            try inputEnded(at: now)
        case .collecting:
            let cues = parseSubtitles(held)
            held = []
            state = .playing
            try start(cues: cues)
        case .text:
            try performance?.inputEnded(at: now)
            state = .playing
        case .playing:
            break
        }
    }

    /// Streamed subtitles, decoded and parsed as a file would be.
    private func parseSubtitles(_ bytes: [UInt8]) -> CueList {
        let name = "-"
        let decoded: DecodedText
        do {
            decoded = try TextDecoder.decode(bytes, encoding: session.options.encoding)
        } catch {
            messages.append("\(name): \(error)")
            return CueList()
        }
        if let warning = decoded.warning { messages.append("\(name): \(warning)") }
        let format = session.options.format ?? SubtitleFormat.detect(fileName: nil, prefix: decoded.text)
        guard format != .text else {
            messages.append("\(name): not a SubRip or WebVTT file")
            return CueList()
        }
        let (cues, diagnostics) = Subtitles.parse(decoded.text, as: format)
        for diagnostic in diagnostics.prefix(SubtitleLoader.diagnosticLimit) {
            messages.append("\(name):\(diagnostic.line): \(diagnostic.message)")
        }
        if cues.isEmpty { messages.append("\(name): no cues") }
        return cues
    }

    // MARK: - Time

    /// Brings the band up to `now` (input due on a virtual clock, a pause that shows a held word,
    /// the performance's frame); returns the next instant anything is due, if any.
    public func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        var deadline: Nanoseconds?
        if wantsInput, let input, input.descriptor == nil {
            // Nothing to wait on (bytes read ahead, input at its end, or scripted input in tests):
            // read when due, which is now unless the input names an instant.
            if input.nextArrival ?? now <= now { try readInput(at: now) }
            if wantsInput, input.descriptor == nil { deadline = input.nextArrival ?? now }
        }
        guard let performance else { return deadline }
        let holding = state == .text && wantsInput && performance.holdsPartialInput
        if holding && now >= lastInput + idleFlush {
            try performance.inputPaused(at: now)
            lastInput = now
        }
        if !finished {
            if let next = try performance.advance(to: now) { deadline = min(deadline ?? next, next) }
            finished = performance.isFinished
        }
        if state == .text && wantsInput && performance.holdsPartialInput {
            deadline = min(deadline ?? .max, lastInput + idleFlush)
        }
        return deadline
    }

    // MARK: - Drawing

    /// Whether the band's terminal changed since the last call.
    public func takeChanged() -> Bool { sink.takeChanged() }

    /// The band's rows: the latest `rows` rows of its terminal that hold something (from the top
    /// when nothing below them does).
    public func view() -> [[Cell]] {
        let canvas = sink.emulator
        var last = 0
        for r in stride(from: canvas.rows - 1, through: 0, by: -1) where canvas.row(r).contains(where: { !$0.isBlank }) {
            last = r
            break
        }
        let top = max(0, last - rows + 1)
        return (top..<min(canvas.rows, top + rows)).map { canvas.row($0) }
    }

    /// The terminal is now `columns` × `screenRows`. Subtitles start afresh at that size (the band
    /// as tall as the cues now need; cues showing reappear at once); streamed text is laid out again
    /// at the new width, keeping what it showed.
    public func resize(columns newColumns: Int, screenRows newRows: Int, at now: Nanoseconds) throws {
        let newColumns = max(1, newColumns)
        guard newColumns != columns || newRows != screenRows else { return }
        columns = newColumns
        screenRows = newRows
        if state == .playing, let cues {
            try start(cues: cues)
            return
        }
        sink.emulator.resize(rows: rows + 1, columns: newColumns)
        try (performance as? any TerminalAware)?.resize(columns: newColumns, rows: rows + 1, at: now)
    }
}
