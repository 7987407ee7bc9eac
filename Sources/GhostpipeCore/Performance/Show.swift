#if canImport(Glibc)
import Glibc
#endif

/// The one performance pipeline: source (text stream or cues) → timeline (pacer or playhead) →
/// layout → effect(t) → frame → output. It handles the event loop's events:
///
/// - **Input**, file by file: each file is detected on its own (`--format` decides for all). Text
///   streams through a `TextRun` as it arrives; a subtitle file is read to its end and played by a
///   `CuePlayback`. Items play one after another, each starting where the one before ended on the
///   screen (and, for subtitles, on the clock).
/// - **Keys**, one policy: `q` quits; with subtitles playing the transport keys work
///   (`CuePlayback.press`); any other key shows everything at once from then on (a banner skipped).
/// - **The terminal**: resizes lay out again, Ctrl-Z hands the terminal back and `fg` redraws.
/// - **Time**: `advance(to:)` brings the playing item up to date, draws its scene and says when it
///   next changes. Every item plays the same way (`play`): a `Performance`, text or subtitles.
///   `--instant` waits for nothing unless the output carries time (json, cast): the one rule,
///   `ClockRule`, is decided here.
///
/// What arrives is read in `Show+Reading.swift`; keys and the terminal in `Show+Keys.swift`.
public final class Show: EventHandler, InputDemand {
    let settings: ShowSettings
    let output: any Output
    let scene = Scene()
    let widths: (any ColumnWidths)?
    let origin: Nanoseconds
    let report: (String) -> Void
    /// Whether everything shows as soon as it is ready, and whether frames run ahead of the clock.
    var clockRule: ClockRule
    public private(set) var outcome: Outcome?
    /// Some input could not be read or played (exit status 1).
    public internal(set) var hadErrors = false

    /// What plays, in order; the first is playing.
    enum Item {
        case text(TextRun)
        /// Subtitles: their cues as they arrive, and their playback once they play.
        case cues(SubtitleItem)
        /// Text that waits for the subtitles before it (its bytes, until its turn).
        case heldText([UInt8], ended: Bool)
    }
    var items: [Item] = []

    /// The file being read.
    enum Reading {
        case between
        /// Its first bytes, until they say what it is.
        case detecting(name: String?, bytes: [UInt8])
        case text
        /// A subtitle file, read as it arrives.
        case subtitles(SubtitleStream, SubtitleItem)
        /// A file not shown (binary content): read to its end and dropped.
        case skipping
    }
    var reading = Reading.between
    var currentName: String?
    var inputEnded = false
    /// Where the next item starts on the screen.
    var flowEnd: Placement
    /// Subtitles are about to play from document row `row` (the overlay sizes its band for them).
    public var willPlay: (([Cue], _ row: Int, Nanoseconds) throws -> Void)?
    /// The terminal drawn on, to ask where its cursor is and how wide it draws some clusters (see
    /// `Show+Terminal.swift`); nil when there is none to ask.
    public var terminal: (any TerminalAsking)?
    /// The start was asked (it is asked once).
    var startAsked = false
    /// While the show holds for the terminal's answer about its cursor: what it does once it came,
    /// in order. Until then it reads no input, plays nothing and leaves the keys in the terminal.
    var held: [(Nanoseconds) throws -> Void]?
    var holdReason: Hold?
    /// Pieces of input waiting, in order, for the terminal's widths of clusters the first holds.
    var intake: [Intake] = []

    /// `origin`: the show's start on the clock; `startRow`/`startColumn`: where the cursor is.
    public init(settings: ShowSettings, output: any Output, widths: (any ColumnWidths)? = nil, origin: Nanoseconds,
                report: @escaping (String) -> Void = { _ in }) {
        self.settings = settings
        self.output = output
        self.widths = widths
        self.origin = origin
        self.report = report
        clockRule = ClockRule(instant: settings.instant, carriesTime: output.carriesTime)
        trackCues = settings.trackCues
        tracksPending = settings.tracksPending
        flowEnd = Placement(row: 0, column: 0, width: 0)
    }

    // MARK: - Input

    public var wantsInput: Bool {
        guard !inputEnded, held == nil, intake.isEmpty else { return false }
        switch reading {
        case .detecting, .skipping: return true
        case .subtitles(_, let item): return item.waiting < 1024
        case .between: return !inputEnded
        case .text:
            switch items.last {
            case .text(let run)?: return run.wantsInput
            case .heldText(let bytes, _)?: return bytes.count < 1 << 16
            default: return true
            }
        }
    }

    /// Text on its way to a screen or a timed output is read 8 KiB at a time: every stage after the
    /// read (segmenting, layout, pacing, typing, a recording's lines) keeps a buffer the size of one
    /// read, and at that size they all stay in the cache and touch few pages. `--instant -o cast` of
    /// 1 MB touched 3,250 pages with 64 KiB reads and as many as one line does (400) with 8 KiB, in a
    /// fifth less time; 16 KiB and 4 KiB were 3 % slower than 8. A copy to a pipe and the subtitle
    /// parsers take as much as a read gives.
    public var readSize: Int {
        switch reading {
        case .subtitles, .skipping: return InputEvents.readSize
        case .text:
            if case .text(let run)? = items.last, run.copiesRaw { return InputEvents.readSize }
            return Self.textReadSize
        case .detecting, .between: return Self.textReadSize
        }
    }
    static let textReadSize = 1 << 13

    public var isLive: Bool {
        if case .text(let run)? = items.last { return run.isLive }
        return false
    }

    public var holdsPartialInput: Bool {
        switch reading {
        case .detecting(_, let bytes): return !bytes.isEmpty
        case .text:
            if textDecoder?.holdsInput == true { return true }
            if case .text(let run)? = items.last { return run.holdsPartialInput }
            return false
        case .subtitles(let stream, _): return stream.holdsPartialInput
        default: return false
        }
    }

    public func handle(_ event: Event, at now: Nanoseconds) throws {
        guard outcome == nil else { return }
        changed = true
        switch event {
        case .inputFile(let name):
            try endFile(at: now)
            try whenStarted(at: now) { [unowned self] now in
                currentName = name
                try begin(name: name, at: now)
            }
        case .input(let bytes):
            try take(bytes, at: now)
            reportTextNotes()
        case .inputPaused:
            if case .detecting(let name, let bytes) = reading, SubtitleFormat.cannotBeSubtitles(bytes) {
                try decide(.text, name: name, bytes: bytes, at: now)
            }
            try whenStarted(at: now) { [unowned self] now in
                if case .subtitles(let stream, let item) = reading { try deliver(stream.paused(at: now), to: item, at: now) }
                if case .text = reading, let output = textDecoder?.paused() { try feedDecoded(output, at: now) }
                if case .text = reading, case .text(let run)? = items.last {
                    let last = run.clustersAtPause()
                    try taking(Self.disputable(last), at: now) { now in
                        run.deliver(.clusters(last), at: now)
                        run.paused(at: now)
                    }
                }
                reportTextNotes()
            }
        case .inputEnded:
            try endFile(at: now)
            try whenStarted(at: now) { [unowned self] now in
                inputEnded = true
                try endOpenText(at: now)
                reportTextNotes()
            }
        case .key(let key):
            try press(key, at: now)
        case .keyWaiting:
            keySeen = true
            showEverything(at: now)
        case .signal(let signal):
            try stop(.interrupted(signal), at: now)
        case .resized(let columns, let rows):
            // Nothing is drawn before the start is known: the new size counts from then. Where the
            // cursor went is asked first when the terminal may have reflowed rows still on the
            // screen, or a band keeps to the terminal's bottom.
            try whenStarted(at: now) { [unowned self] now in
                let reflowed = output.screen?.mayHaveReflowed(toWidth: columns) ?? false
                guard reflowed || playing?.needsCursor == true else { return try resize(columns: columns, rows: rows, at: now) }
                try withCursor(at: now) { [unowned self] now in try resize(columns: columns, rows: rows, at: now) }
            }
        case .terminalAnswered(let cursor):
            try terminalAnswered(cursor, at: now)
        case .suspending:
            try output.screen?.suspend(at: now)
        case .resumed(let pause):
            try resumeAskingCursor(after: pause, at: now)
        case .continued:
            try resumeAskingCursor(after: 0, at: now)
        case .followed(let playhead):
            followed = playhead
            playing?.follow(playhead, at: now)
        case .playerEnded(let problem):
            if let problem { report(problem); hadErrors = true }
            try stop(.finished, at: now)
        case .program:
            break
        }
    }

    // MARK: - Time

    var textDecoder: StreamTextDecoder?
    var textName = "-"
    var said: Set<String> = []
    /// The text's notes (cut slides, cut lines): a few of each kind said, the rest counted.
    var textReports = RepeatedReports()
    /// The start of the text being opened, while its run is made (`--wrap auto` reads it).
    var textHead: [UInt8]?
    /// What its SAUCE record or name says when it is ANSI art.
    var textArt: ANSIArt?
    /// Where the followed player (`--follow`) last said it was.
    var followed: Playhead?
    /// The --track files' cues joined the first subtitles.
    var tracksPlaced = false
    /// The `--track` files' cues, and whether they are still being read.
    var trackCues: [Cue]
    var tracksPending: Bool
    /// A key was seen waiting (text showed everything at once): keys are the shell's from then on.
    var keySeen = false
    /// `--instant` to a recording: frames drawn ahead of the virtual clock, up to here.
    var drawnAhead: Nanoseconds?
    /// The band rows the last performance kept, when what it drew stays (`bandRows`).
    var rowsLeft: Int?

    /// An event came since the last `advance`, and the instant it said was next.
    var changed = true
    var due: Nanoseconds?

    /// When the show last brought its performance up to the clock and drew it.
    var lastFrame: Nanoseconds?

    public func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        guard outcome == nil else { return nil }
        // Nothing happened and nothing is due: nothing to draw (the overlay asks on every wake).
        if !changed, due.map({ now < $0 }) ?? true { return due }
        if let next = nextFrame(after: now) { return next }
        changed = false
        lastFrame = now
        due = try update(to: now)
        try output.flush()
        return due
    }

    /// Text shown at once (`--instant` to a terminal, or after a key) while its input keeps coming:
    /// a frame at most every `frameInterval`, as the overlay draws, with what was read meanwhile in
    /// it — composing the rows in view once per frame the eye can see, not once per read. The frame
    /// is drawn at once when the text stops reading (its backlog is full) or the input ends, and a
    /// pause in the input shows within the interval.
    func nextFrame(after now: Nanoseconds) -> Nanoseconds? {
        guard clockRule.timeless, output.screen != nil, let last = lastFrame, now < last + frameInterval,
              items.count == 1, case .text = items[0], wantsInput else { return nil }
        return last + frameInterval
    }

    func update(to clock: Nanoseconds) throws -> Nanoseconds? {
        var now = clock
        guard held == nil else { return nil }
        while let item = items.first {
            switch item {
            case .heldText(let bytes, let ended):
                let run = makeTextRun()
                items[0] = .text(run)
                try bytes.withUnsafeBufferPointer { try feed(run, $0, at: now) }
                if ended { try end(run, at: now) }
                continue
            case .cues(let waiting) where waiting.playback == nil && tracksPending:
                return nil  // subtitles start with their --track files
            case .cues(let item) where item.playback == nil && settings.subtitleLayout == .slides && output.screen != nil:
                // Slides: the cues, one at a time at their start, through the text's slide show.
                guard let now = try startKnown(at: now) else { return nil }
                var settings = settings
                if let screen = output.screen { settings.columns = screen.width; settings.rows = screen.height }
                let setup = RevealSetup(output: output, scene: scene, settings: settings, widths: widths, clockRule: clockRule,
                                        row: flowEnd.row, column: flowEnd.column)
                items[0] = .text(TextRun(reveal: SlideShow(setup, scene: scene, cues: item, start: now)))
                continue
            case .cues(let item) where item.playback == nil:
                guard let now = try startKnown(at: now) else { return nil }
                // They begin with what came before them taken (the terminal asked about its widths).
                guard intake.isEmpty else { return nil }
                if CuePlayback.anchorsToTerminal(settings, clockRule: clockRule, onScreen: output.screen != nil, live: item.live) {
                    // The band goes to the terminal's last rows: where they are is asked first.
                    try withCursor(at: now) { [unowned self] now in try beginPlayback(item, at: now) }
                    if held != nil { return nil }
                } else {
                    try beginPlayback(item, at: now)
                }
                continue
            case .text(let run):
                switch try play(run.reveal, from: now) {
                case .goesOn(let due): return due
                case .ended(let t): now = t
                }
            case .cues(let item):
                guard let playback = item.playback else { continue }
                switch try play(playback, from: now) {
                case .goesOn(let due): return due
                case .ended(let t): now = t
                }
            }
            // The item is over: what it drew is final.
            items.removeFirst()
            scene.removeDrawing()
            scene.fixedRows = nil
            scene.reservedThrough = nil
        }
        if inputEnded, intake.isEmpty, case .between = reading {
            try finish(at: now)
            outcome = .finished
        }
        return nil
    }

    /// Subtitles begin to play, from now.
    func beginPlayback(_ item: SubtitleItem, at now: Nanoseconds) throws {
        if settings.pacing.duration != nil { say("--duration applies to text; subtitles keep their times (--speed changes them)") }
        let row = flowEnd.column > 0 ? flowEnd.row + 1 : flowEnd.row
        try willPlay?(item.known, row, now)
        var settings = settings
        if let screen = output.screen { settings.columns = screen.width; settings.rows = screen.height }
        let playback = CuePlayback(cues: item.queue, output: output, scene: scene, settings: settings, widths: widths,
                                   clockRule: clockRule, start: now, origin: origin, row: row, live: item.live)
        item.playback = playback
        if let followed { playback.follow(followed, at: now) }
        playback.countAll = item.countAll
        if let heard = item.heard { playback.hear(heard, at: now) }
    }

    /// What became of the performance playing: it goes on, next due then, or it ended at an instant
    /// (what follows starts there).
    enum Turn { case goesOn(due: Nanoseconds?), ended(at: Nanoseconds) }

    /// Brings `performance` up to `now` and draws it, the one way every performance is played.
    func play(_ performance: any Performance, from now: Nanoseconds) throws -> Turn {
        var due: Nanoseconds?
        // The show's time never goes back to before a frame it drew ahead of the clock.
        var t = max(now, drawnAhead ?? now)
        while true {
            let turn = { [unowned self] in
                repeat {
                    due = try performance.advance(to: t)
                    if !performance.typesItself { try draw(at: performance.sceneTime(at: t), stamp: t) }
                } while performance.drawn(at: t)
            }
            // The frames of one instant (a stream's backlog, a screenful each) go out as one write.
            if let screen = output.screen, !performance.typesItself { try screen.gathering(at: t, turn) } else { try turn() }
            // `--instant` to a recording: on the virtual clock nothing happens between two
            // instants, so the frames of everything scheduled are drawn now, each at its instant —
            // one turn of the event loop per batch rather than per grapheme (the typewriter types
            // all of them at once, `Screen.type`).
            guard clockRule.runsAhead, output.screen != nil, performance.drawsAhead, let next = due, !performance.isDone else { break }
            t = next
        }
        guard performance.isDone else {
            if t > now { drawnAhead = t }
            return .goesOn(due: due ?? (t > now ? t : nil))
        }
        let left = performance.leave()
        if left { try draw(at: performance.sceneTime(at: t), stamp: t) }
        // What stays on the screen keeps its rows (a stream's last screen, in the overlay's band).
        rowsLeft = left ? nil : performance.reservedRows
        drawnAhead = nil
        flowEnd = performance.end
        return .ended(at: t)
    }

    /// The performance playing now, if one is: the first item's.
    var playing: (any Performance)? {
        switch items.first {
        case .text(let run)?: return run.reveal
        case .cues(let item)?: return item.playback
        default: return nil
        }
    }

    func draw(at t: Nanoseconds, stamp: Nanoseconds) throws {
        guard let screen = output.screen else { return }
        // Only graphemes appearing at the typing head: the renderer may write them as they are.
        if let appeared = scene.appearing(at: t), try screen.drawAppearing(appeared, cursor: scene.cursor, at: stamp) { return }
        // A stream's lines that scrolled off go before the frame, plain ones written from packed cells.
        let apart = scene.finalRowsApart
        try screen.draw(scene.frame(at: t, width: screen.width, emptyOrigin: screen.cursorRow, leavingFinalRows: apart),
                        after: apart ? scene.finalRows : nil, plain: scene.plainRows,
                        reserving: scene.fixedRows ?? scene.reservedThrough.map { $0..<($0 + 1) }, at: stamp)
    }

    /// The end: the cursor where plain output would have left it.
    func finish(at now: Nanoseconds) throws {
        reportTextSummary()
        try output.screen?.finish(row: flowEnd.row, column: flowEnd.column, interrupted: false, at: now)
    }

    /// `q` or a signal: subtitles leave an empty band with the cursor at its top; text leaves what
    /// was shown and the cursor on a fresh line below it.
    func stop(_ how: Outcome, at now: Nanoseconds) throws {
        // Stopped before the input ended (Ctrl-C, q): what was cut so far is said.
        var stoppedEarly = how == .quit
        if case .interrupted = how { stoppedEarly = true }
        if stoppedEarly, case .text(let run)? = items.last {
            run.interrupted()
            reportTextNotes()
        }
        if stoppedEarly, case .subtitles(let stream, _) = reading { stream.interrupted().forEach(report) }
        reportTextSummary()
        outcome = how
        if let performance = playing, performance.leave() {
            try? draw(at: performance.sceneTime(at: now), stamp: now)
            flowEnd = performance.end
            try output.screen?.finish(row: flowEnd.row, column: 0, interrupted: false, at: now)
        } else {
            try output.screen?.finish(row: flowEnd.row, column: flowEnd.column, interrupted: true, at: now)
        }
    }

    public func close(interrupted: Bool, at now: Nanoseconds) throws {
        guard outcome == nil else { return try output.flush() }
        if interrupted { try stop(.interrupted(.interrupt), at: now) } else { try finish(at: now); outcome = .finished }
        try output.flush()
    }
}
