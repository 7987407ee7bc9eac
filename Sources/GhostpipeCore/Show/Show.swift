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
///   next changes. `--instant` waits for nothing unless the output carries time (json, cast): the
///   one rule, `timeless`, is decided here.
public final class Show: EventHandler, InputDemand {
    private let settings: ShowSettings
    private let output: any Output
    private let scene = Scene()
    private let widths: (any ColumnWidths)?
    private let origin: Nanoseconds
    private let report: (String) -> Void
    /// Show everything as soon as it is ready (`--instant` to an output without time, or after a key).
    private var timeless: Bool
    public private(set) var outcome: Outcome?
    /// Some input could not be read or played (exit status 1).
    public private(set) var hadErrors = false

    /// What plays, in order; the first is playing.
    private enum Item {
        case text(TextRun)
        /// Subtitles: their cues as they arrive, and their playback once they play.
        case cues(SubtitleItem)
        /// Text that waits for the subtitles before it (its bytes, until its turn).
        case heldText([UInt8], ended: Bool)
    }
    private var items: [Item] = []

    /// The file being read.
    private enum Reading {
        case between
        /// Its first bytes, until they say what it is.
        case detecting(name: String?, bytes: [UInt8])
        case text
        /// A subtitle file, read as it arrives.
        case subtitles(SubtitleStream, SubtitleItem)
        /// A file not shown (binary content): read to its end and dropped.
        case skipping
    }
    private var reading = Reading.between
    private var currentName: String?
    private var inputEnded = false
    /// Where the next item starts on the screen.
    private var flowEnd: Placement
    /// Subtitles are about to play from document row `row` (the overlay sizes its band for them).
    public var willPlay: (([Cue], _ row: Int, Nanoseconds) throws -> Void)?
    /// Asks the terminal where its cursor is as the show begins, with the first text's clusters (so
    /// that a width probe shares the round trip); returns its column. Asked once.
    public var locateStart: (([String]) -> Int?)?

    /// `origin`: the show's start on the clock; `startRow`/`startColumn`: where the cursor is.
    public init(settings: ShowSettings, output: any Output, widths: (any ColumnWidths)? = nil, origin: Nanoseconds,
                report: @escaping (String) -> Void = { _ in }) {
        self.settings = settings
        self.output = output
        self.widths = widths
        self.origin = origin
        self.report = report
        timeless = settings.instant && !output.carriesTime
        flowEnd = Placement(row: 0, column: 0, width: 0)
    }

    // MARK: - Input

    public var wantsInput: Bool {
        guard !inputEnded else { return false }
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
            currentName = name
            begin(name: name)
        case .input(let bytes):
            try take(bytes, at: now)
        case .inputPaused:
            if case .detecting(let name, let bytes) = reading, SubtitleFormat.cannotBeSubtitles(bytes) {
                try decide(.text, name: name, bytes: bytes, at: now)
            }
            if case .subtitles(let stream, let item) = reading { try deliver(stream.paused(), to: item, at: now) }
            if case .text = reading, let output = textDecoder?.paused() { feedDecoded(output, at: now) }
            if case .text = reading, case .text(let run)? = items.last { run.paused(at: now) }
        case .inputEnded:
            try endFile(at: now)
            inputEnded = true
            endOpenText(at: now)
        case .key(let key):
            try press(key, at: now)
        case .keyWaiting:
            keySeen = true
            showEverything(at: now)
        case .signal(let signal):
            try stop(.interrupted(signal), at: now)
        case .resized(let columns, let rows):
            try resize(columns: columns, rows: rows, at: now)
        case .suspending:
            try output.screen?.suspend(at: now)
        case .resumed(let pause):
            try resume(after: pause, at: now)
        case .continued:
            try resume(after: 0, at: now)
        case .followed(let playhead):
            followed = playhead
            if case .cues(let item)? = items.first, let playback = item.playback { playback.follow(playhead, at: now) }
        case .playerEnded(let problem):
            if let problem { report(problem); hadErrors = true }
            try stop(.finished, at: now)
        case .typed, .programOutput, .programClosed, .childChanged:
            break
        }
    }

    private func begin(name: String?) {
        if let format = settings.format {
            if format == .text {
                beginText(name: name)
                ensureOpenText()
            } else {
                beginSubtitles(format, name: name)
            }
        } else {
            reading = .detecting(name: name, bytes: [])
        }
    }

    private func take(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws {
        if case .between = reading { begin(name: currentName) }
        switch reading {
        case .between:
            break
        case .detecting(let name, var held):
            reading = .between
            held.append(contentsOf: bytes)
            // Text that cannot be subtitles goes on at once, not after its first line.
            if let format = SubtitleFormat.cannotBeSubtitles(held) ? .text : detect(held, name: name, atEnd: false) {
                try decide(format, name: name, bytes: held, at: now)
            } else {
                reading = .detecting(name: name, bytes: held)
            }
        case .text:
            feedText(bytes, at: now)
        case .subtitles(let stream, let item):
            try deliver(stream.push(bytes), to: item, at: now)
        case .skipping:
            break
        }
    }

    /// What a file is from its first bytes: a stream (stdin, a pipe) as soon as its first lines
    /// tell; a regular file from its first 64 KiB and its name.
    private func detect(_ bytes: [UInt8], name: String?, atEnd: Bool) -> SubtitleFormat? {
        guard let name, name != "-", InputFiles.isRegularFile(name) else {
            return SubtitleFormat.sniff(bytes, fileName: nil, atEnd: atEnd)
        }
        return atEnd || bytes.count >= 1 << 16 ? SubtitleFormat.detect(fileName: name, prefix: bytes) : nil
    }

    private func decide(_ format: SubtitleFormat, name: String?, bytes: [UInt8], at now: Nanoseconds) throws {
        if format == .text && !output.takesRawBytes && !settings.force && !TextHead.isWideUnicode(bytes, named: settings.encoding)
            && BinaryContent.looksBinary(bytes) {
            // Like bat: a pipe gets it byte for byte, a screen gets a word about it.
            report("\(name == nil || name == "-" ? "standard input" : name!): binary content; not shown (--force shows it anyway)")
            reading = .skipping
            return
        }
        if format == .text {
            let now = items.isEmpty ? locate(firstText: bytes, at: now) : now
            beginText(name: name, head: output.takesRawBytes ? nil : bytes)
            ensureOpenText()
            bytes.withUnsafeBufferPointer { feedText($0, at: now) }
        } else {
            endOpenText(at: now)
            beginSubtitles(format, name: name)
            if case .subtitles(let stream, let item) = reading {
                try bytes.withUnsafeBufferPointer { try deliver(stream.push($0), to: item, at: now) }
            }
        }
    }

    /// A subtitle file begins: its cues are read as they arrive, and play in their turn.
    private func beginSubtitles(_ format: SubtitleFormat, name: String?) {
        let file = name ?? "-"
        let stream = SubtitleStream(format: format, name: file, encoding: settings.encoding,
                                    isFile: file != "-" && InputFiles.isRegularFile(file), language: settings.language)
        // A text output may write cues straight from the file's bytes (`CuePlayback.sendAhead`).
        stream.keepsParsed = output.screen == nil
        let item = SubtitleItem()
        if file != "-" && InputFiles.isRegularFile(file) {
            item.countAll = { [settings, unowned item] in SubtitleCount.of(file: file, format: format, settings: settings).map { $0 + item.preloaded } }
        }
        if !tracksPlaced && settings.trackCount > 0 {
            // The --track files play beside the first subtitles.
            tracksPlaced = true
            item.preload(settings.trackCues)
        }
        items.append(.cues(item))
        reading = .subtitles(stream, item)
    }

    private func deliver(_ batch: SubtitleStream.Batch, to item: SubtitleItem, at now: Nanoseconds) throws {
        for message in batch.messages { report(message) }
        // Cues the file leaves to the player take --align/--place; beside --track files, the
        // input's subtitles are the first track.
        let name = (currentName ?? "-") == "-" ? "stdin" : String((currentName ?? "-").split(separator: "/").last ?? "-")
        let placing = settings.alignment != nil || settings.place != nil
        guard placing || settings.trackCount > 0 else {
            if let parsed = batch.parsed { try item.receive(parsed, at: now) }
            return try item.receive(batch.cues, at: now)
        }
        try item.receive((batch.cues + (batch.parsed?.cues ?? [])).map { cue in
            var cue = cue
            if placing { cue.placement = cue.placement.defaulted(alignment: settings.alignment, place: settings.place) }
            return settings.trackCount > 0 ? SubtitleTracks.tag(cue, file: 0, name: name) : cue
        }, at: now)
    }

    /// The file ended: decide what it was if it was too short to tell, and play its subtitles.
    private func endFile(at now: Nanoseconds) throws {
        if case .detecting(let name, let bytes) = reading {
            try decide(detect(bytes, name: name, atEnd: true) ?? .text, name: name, bytes: bytes, at: now)
        }
        if case .subtitles(let stream, let item) = reading {
            reading = .between
            try deliver(stream.finish(), to: item, at: now)
            item.inputEnded()
            if item.total == 0 { report("\(stream.name): no cues") }
        }
        if case .text = reading {
            if let output = textDecoder?.finish() { feedDecoded(output, at: now) }
            textDecoder = nil
            reading = .between
        }
        if case .skipping = reading { reading = .between }
    }

    /// A text file begins. With `--encoding` its bytes are decoded first (each file on its own, its
    /// encoding decided from its start, as for subtitles); without, they are UTF-8.
    private func beginText(name: String?, head: [UInt8]? = nil) {
        reading = .text
        textName = name ?? "-"
        // Without --encoding, a screen gets UTF-16/32 and code page text decoded too (`TextHead`); a pipe the bytes.
        textDecoder = (settings.encoding ?? (head.map(TextHead.needsDecoding) == true ? "auto" : nil)).map {
            StreamTextDecoder(encoding: $0, isFile: textName != "-" && InputFiles.isRegularFile(textName))
        }
    }
    private var textDecoder: StreamTextDecoder?
    private var textName = "-"

    /// Text bytes of the file being read: decoded when an encoding was asked for.
    private func feedText(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) {
        guard textDecoder != nil else { return feedRun(bytes, at: now) }
        let output = textDecoder!.push(bytes)
        feedDecoded(output, at: now)
    }

    private func feedDecoded(_ output: StreamTextDecoder.Output, at now: Nanoseconds) {
        if let note = output.note { report("\(textName == "-" ? "standard input" : textName): \(note)") }
        output.text.withUnsafeBufferPointer { feedRun($0, at: now) }
    }

    /// Text bytes go to the open text item at the end of the queue (a new one after subtitles).
    private func ensureOpenText() {
        switch items.last {
        case .text(let run)? where !run.isEnded: return
        case .heldText(_, ended: false)?: return
        default: break
        }
        items.append(items.isEmpty ? .text(makeTextRun()) : .heldText([], ended: false))
    }

    private func feedRun(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) {
        ensureOpenText()
        switch items.last {
        case .text(let run)?:
            run.receive(bytes, at: now)
            if run.capped {
                say("--duration reads the whole text before it plays: it plays the first \(TextRun.maxFitted) graphemes; the rest is not read")
                reading = .between
                inputEnded = true  // nothing more is read
            }
        case .heldText(var held, let ended)?:
            items.removeLast()
            held.append(contentsOf: bytes)
            items.append(.heldText(held, ended: ended))
        default: break
        }
    }

    /// The open text stretch has ended (the input did, or subtitles follow).
    private func endOpenText(at now: Nanoseconds) {
        switch items.last {
        case .text(let run)?: run.end(at: now)
        case .heldText(let held, false)?:
            items.removeLast()
            items.append(.heldText(held, ended: true))
        default: break
        }
    }

    /// Says something about the options once.
    private func say(_ note: String) {
        guard said.insert(note).inserted else { return }
        report(note)
    }
    private var said: Set<String> = []
    /// Where the followed player (`--follow`) last said it was.
    private var followed: Playhead?
    /// The --track files' cues joined the first subtitles.
    private var tracksPlaced = false

    /// Where the cursor is as the show begins: the first row starts there, after a prompt. Returns
    /// the time once the terminal has answered (or not, after a timeout): the timeline starts then,
    /// when the first grapheme can be shown, so a slow or silent terminal never causes a burst.
    private func locate(firstText bytes: [UInt8], at now: Nanoseconds) -> Nanoseconds {
        guard let locateStart, let screen = output.screen else { return now }
        self.locateStart = nil
        let clusters = String(decoding: bytes.prefix(1 << 12), as: UTF8.self).map(String.init)
        let column = locateStart(clusters)
        let answered = max(now, currentTime?() ?? now)
        guard let column else { return answered }
        screen.start(atColumn: column)
        flowEnd = Placement(row: 0, column: screen.startColumn, width: 0)
        return answered
    }
    /// The clock, read after the terminal was asked where its cursor is (that takes a round trip).
    public var currentTime: (() -> Nanoseconds)?

    private func makeTextRun() -> TextRun {
        var settings = settings
        if let screen = output.screen { settings.columns = screen.width; settings.rows = screen.height }
        // --speed plays text faster too; --start and --offset are about subtitles' times.
        settings.pacing.graphemesPerSecond *= settings.timing.speed
        settings.context.graphemesPerSecond *= settings.timing.speed
        if settings.timing.start != 0 || settings.timing.offset != 0 {
            say("--start and --offset apply to subtitles; text starts at its beginning")
        }
        return TextRun(output: output, scene: scene, settings: settings, widths: widths, timeless: timeless,
                       row: flowEnd.row, column: flowEnd.column)
    }

    // MARK: - Time

    /// `--instant` to an output with time and a screen (a recording): frames are drawn ahead of the
    /// virtual clock, up to `drawnAhead`.
    private var runsAhead: Bool { settings.instant && !timeless && output.screen != nil }
    private var drawnAhead: Nanoseconds?

    /// An event came since the last `advance`, and the instant it said was next.
    private var changed = true
    private var due: Nanoseconds?

    public func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        guard outcome == nil else { return nil }
        // Nothing happened and nothing is due: nothing to draw (the overlay asks on every wake).
        if !changed, due.map({ now < $0 }) ?? true { return due }
        changed = false
        due = try update(to: now)
        try output.flush()
        return due
    }

    private func update(to clock: Nanoseconds) throws -> Nanoseconds? {
        var now = clock
        while let item = items.first {
            switch item {
            case .heldText(let bytes, let ended):
                let run = makeTextRun()
                items[0] = .text(run)
                bytes.withUnsafeBufferPointer { run.receive($0, at: now) }
                if ended { run.end(at: now) }
                continue
            case .cues(let item) where item.playback == nil && settings.subtitleLayout == .slides && output.screen != nil:
                // Slides: the cues, one at a time at their start, through the text's slide show.
                let now = locate(firstText: [], at: now)
                var settings = settings
                if let screen = output.screen { settings.columns = screen.width; settings.rows = screen.height }
                let setup = RevealSetup(output: output, scene: scene, settings: settings, widths: widths, timeless: timeless,
                                        row: flowEnd.row, column: flowEnd.column)
                items[0] = .text(TextRun(reveal: SlideShow(setup, scene: scene, cues: item, start: now)))
                continue
            case .cues(let item) where item.playback == nil:
                let now = locate(firstText: [], at: now)
                if settings.pacing.duration != nil { say("--duration applies to text; subtitles keep their times (--speed changes them)") }
                let row = flowEnd.column > 0 ? flowEnd.row + 1 : flowEnd.row
                try willPlay?(item.known, row, now)
                var settings = settings
                if let screen = output.screen { settings.columns = screen.width; settings.rows = screen.height }
                item.playback = CuePlayback(cues: item.queue, output: output, scene: scene, settings: settings, widths: widths,
                                            timeless: timeless, start: now, origin: origin, row: row)
                if let followed { item.playback?.follow(followed, at: now) }
                item.playback?.countAll = item.countAll
                continue
            case .text(let run):
                var due: Nanoseconds?
                // The show's time never goes back to before a frame it drew ahead of the clock.
                var t = max(now, drawnAhead ?? now)
                let reveal = run.reveal
                while true {
                    repeat {
                        due = try reveal.advance(to: t)
                        if !reveal.typesItself { try draw(at: t, stamp: t) }
                    } while reveal.drawn(at: t)
                    // `--instant` to a recording: on the virtual clock nothing happens between two
                    // instants, so the frames of everything scheduled are drawn now, each at its
                    // instant — one turn of the event loop per batch rather than per grapheme (the
                    // typewriter types all of them at once, `Screen.type`).
                    guard runsAhead, let next = due, !run.isDone else { break }
                    t = next
                }
                guard run.isDone else {
                    if t > now { drawnAhead = t }
                    return due ?? (t > now ? t : nil)
                }
                // What follows starts where the text ended on the timeline.
                now = t
                drawnAhead = nil
                flowEnd = run.reveal.end
            case .cues(let item):
                guard let playback = item.playback else { continue }
                let due = try playback.advance(to: now)
                try draw(at: playback.position(at: now), stamp: now)
                playback.drawn(at: now)
                guard playback.isDone else { return due }
                playback.clear()
                try draw(at: playback.position(at: now), stamp: now)
                flowEnd = playback.end
            }
            // The item is over: what it drew is final.
            items.removeFirst()
            scene.removeAll()
            scene.fixedRows = nil
            scene.extraRows = [:]
            scene.cursor = nil
        }
        if inputEnded, case .between = reading {
            try finish(at: now)
            outcome = .finished
        }
        return nil
    }

    private func draw(at t: Nanoseconds, stamp: Nanoseconds) throws {
        guard let screen = output.screen else { return }
        // Only graphemes appearing at the typing head: the renderer may write them as they are.
        if let appeared = scene.appearing(at: t), try screen.drawAppearing(appeared, cursor: scene.cursor, at: stamp) { return }
        try screen.draw(scene.frame(at: t, width: screen.width, emptyOrigin: screen.cursorRow), reserving: scene.fixedRows, at: stamp)
    }

    /// The end: the cursor where plain output would have left it.
    private func finish(at now: Nanoseconds) throws {
        try output.screen?.finish(row: flowEnd.row, column: flowEnd.column, interrupted: false, at: now)
    }

    /// `q` or a signal: subtitles leave an empty band with the cursor at its top; text leaves what
    /// was shown and the cursor on a fresh line below it.
    private func stop(_ how: Outcome, at now: Nanoseconds) throws {
        outcome = how
        if case .cues(let item)? = items.first, let playback = item.playback {
            playback.clear()
            try? draw(at: playback.position(at: now), stamp: now)
            flowEnd = playback.end
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

    // MARK: - Keys and the terminal

    /// The subtitle band's height now, when subtitles play.
    public var bandRows: Int? {
        if case .cues(let item)? = items.first, let playback = item.playback { return playback.bandRows }
        return nil
    }

    /// How keys are taken now: subtitles and slides read theirs (transport keys, ← →, `q`); text
    /// only notices that one waits (it shows everything at once) and leaves it, and what follows, for the shell.
    public var keyReading: KeyReading {
        if case .cues? = items.first { return .read }
        if case .text(let run)? = items.first, run.reveal.takesKeys { return .read }
        return keySeen ? .off : .peek
    }
    private var keySeen = false

    /// `q` quits; subtitles take their transport keys; any other key shows everything at once.
    private func press(_ key: Key, at now: Nanoseconds) throws {
        if key.meansQuit { return try stop(.quit, at: now) }
        if case .cues(let item)? = items.first, let playback = item.playback {
            playback.press(key, at: now)
            return
        }
        if case .text(let run)? = items.first, run.reveal.press(key, at: now) { return }
        showEverything(at: now)
    }

    /// From now on everything shows as soon as it is ready (a banner skipped).
    private func showEverything(at now: Nanoseconds) {
        timeless = true
        if case .text(let run)? = items.first { run.reveal.showEverything(at: now) }
    }

    private func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        switch items.first {
        case .text(let run)?: try run.reveal.resize(columns: columns, rows: rows, at: now)
        case .cues(let item)? where item.playback != nil: try item.playback?.resize(columns: columns, rows: rows, at: now)
        default:
            guard let screen = output.screen else { return }
            try screen.restart(columns: columns, rows: rows, fromRow: screen.cursorRow, clearing: false, at: now)
        }
    }

    private func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {
        switch items.first {
        case .text(let run)?: try run.reveal.resume(after: pause, at: now)
        case .cues(let item)? where item.playback != nil: try item.playback?.resume(after: pause, at: now)
        default: break
        }
    }
}
