/// Subtitles played in real time: each cue appears at its start with the chosen effect (its reveal
/// finishes within a third of the cue, and the typewriter never goes slower than `--cps`), with its
/// word timing and fades on top, stays until its end, and is cleared. Cues active at once share the
/// band, later ones lower; each track (a SAMI language, a `--track` file) has its own rows, stacked as
/// `--track-order` says. Cues may still be arriving while others play (a stream): the timeline starts
/// when the first part of the input does, and a cue that arrives after its start shows at once if it
/// is not over.
///
/// The scene runs on media time (the playhead's position, after `--offset`), so pausing freezes the
/// frame, seeking jumps it and `--speed` scales everything at once; clock instants are only computed
/// for sleeping. Idle time between cues costs nothing. Text outputs get each cue at its start.
final class CuePlayback: Performance {
    let cues: CueQueue
    let output: any Output
    let scene: Scene?
    let effect: any Effect
    var context: EffectContext
    let widths: (any ColumnWidths)?
    var width: Int
    var playhead: Playhead
    /// `--follow`: the playhead is the player's (`follow`); the keys do not move it, and the
    /// subtitles never end on their own (the player may seek back).
    let follows: Bool
    var offset: Nanoseconds
    /// `--track`: how many extra tracks, each track's own nudge (by `SubtitleTracks.file`: applied
    /// to its cues in the queue, and to those that arrive later), and the track `[`/`]` nudge (`t`
    /// selects; nil: all at once).
    let trackCount: Int
    var trackOffsets: [Int: Nanoseconds] = [:]
    var selectedTrack: Int?
    let layout: SubtitleLayout
    /// The band's first document row and its height.
    var base: Int
    var bandRows: Int
    /// `--band-rows`, and whether top and middle cues need the whole screen (see `bandHeight`).
    let fixedBandRows: Int?
    let placed: Bool
    /// Where the band sits on the terminal: its last rows, or under the prompt (`BandAnchor`).
    var anchor: BandAnchor
    let underPrompt: Bool
    /// `i`: a status line below the band (time, cue, speed, offset).
    var showStatus = false { didSet { if showStatus && knownTotal == nil { knownTotal = countAll?() } } }
    /// How many cues the whole input holds, counted when the status line first shows (a file read
    /// ahead of playing, so the counter is right from the start); nil for a stream.
    var countAll: (() -> Int?)?
    var knownTotal: Int?
    var timeless: Bool
    /// The show's start on the clock (cue times in text outputs count from it), and these subtitles'.
    let origin: Nanoseconds
    let runStart: Nanoseconds
    /// The band as the cues so far need it (grown as taller ones arrive), track by track; or the
    /// whole screen, for cues placed at the top or middle.
    var needs: BandRows
    var needsWholeScreen = false
    /// The rows the cues placed at the top take, track by track (they stack down from the first row).
    var topNeeds: BandRows
    /// Next cue (in start order) not yet started.
    var next = 0
    struct Active { var cue: Cue; var actor: Int?; var rows: Int; var end: Nanoseconds }
    var active: [Active] = []
    /// Transcript layout: the next free row.
    var transcriptRow: Int
    var previousBlock: Block?
    var pendingChange: Nanoseconds?
    /// `--instant` to a text output that carries time (json): on the virtual clock nothing happens
    /// between cues, so every known cue goes out at once with its own times, and the clock then
    /// jumps to the end of the last (what follows starts there) — one turn of the loop per batch of
    /// cues, not two per cue.
    let runsAhead: Bool
    /// The latest end of the cues sent ahead, on the media timeline.
    var aheadUntil: Nanoseconds?

    /// Plays `cues` from clock instant `start` on, in a band from document row `row` down (or a
    /// transcript from there).
    init(cues: CueQueue, output: any Output, scene: Scene?, settings: ShowSettings, widths: (any ColumnWidths)?,
         clockRule: ClockRule, start: Nanoseconds, origin: Nanoseconds, row: Int, live: Bool = false) {
        self.cues = cues
        self.live = live
        liveLag = settings.liveLag
        showsPartials = !output.carriesTime || settings.partials
        self.output = output
        self.scene = output.screen == nil ? nil : scene
        effect = settings.effect
        context = settings.context
        self.widths = widths
        width = output.screen?.width ?? settings.columns
        offset = settings.timing.offset
        trackCount = settings.trackCount
        follows = settings.follows
        // A followed player has said nothing yet: wait, paused at its start.
        playhead = Playhead(instant: start, position: follows ? 0 : settings.timing.start, speed: settings.timing.speed,
                            paused: follows)
        self.origin = origin
        runStart = start
        needs = BandRows(order: settings.trackOrder)
        topNeeds = needs
        timeless = clockRule.timeless
        runsAhead = clockRule.runsAhead && !clockRule.timeless && output.screen == nil
        startFloor = follows ? nil : settings.timing.start - settings.timing.offset
        base = row
        transcriptRow = row
        layout = Self.layout(settings, timeless: timeless, onScreen: output.screen != nil, live: live)
        // Live captions roll up in three rows unless `--band-rows` says otherwise.
        fixedBandRows = settings.bandRows ?? (live && layout == .band ? Self.rollUpRows : nil)
        placed = !settings.bandHoldsPlacedCues
        underPrompt = Self.bandUnderPrompt(settings)
        anchor = BandAnchor(floor: row, lastRow: nil)
        bandRows = 0
        screenRows = output.screen?.height ?? settings.rows
        for i in cues.firstKept..<cues.count { need(cues[i]) }
        if let screen = output.screen, layout == .band {
            bandRows = bandHeight(rows: screenRows)
            anchor(on: screen, floor: row)
        }
        // Cues that ended before the start position are skipped; those active at it show at once.
        next = Self.firstIndex(in: cues, endingAfter: playhead.position(at: start) - settings.timing.offset)
    }

    var screenRows: Int
    /// Where playing began (`--start`), before the offset: a text output never gets a cue over by
    /// then, however late in the input it comes (a screen skips cues over at the current position).
    let startFloor: Nanoseconds?

    /// Takes cues that arrived (in start order, mostly after those waiting): each joins the queue,
    /// or — if it came after its turn — shows at once when it is not over yet.
    func receive(_ new: [Cue], at now: Nanoseconds) throws {
        for var cue in new {
            // A track nudged on its own: its cues that arrive now are nudged too.
            if !trackOffsets.isEmpty, let file = SubtitleTracks.file(of: cue, trackCount: trackCount), let delta = trackOffsets[file] {
                cue.shift(by: delta)
            }
            need(cue)
            if !cues.add(cue, notBefore: next) {
                late.append(cue)
            }
        }
        if layout == .band, fixedBandRows == nil, output.screen != nil, bandHeight(rows: screenRows) > bandRows {
            bandRows = bandHeight(rows: screenRows)
            placeBand()
        }
    }

    /// Cues that came after their turn, to show at the next advance if they are not over.
    var late: [Cue] = []
    /// A live recogniser's output: its finals show when they come even if over by then, and its
    /// partial hypotheses show as a tentative line (`CuePlayback+Live.swift`).
    let live: Bool
    /// Partial hypotheses show on a live screen; a recording (`-o cast`) keeps the finals only,
    /// unless `--partials` asks for them.
    let showsPartials: Bool
    /// The tentative line on show, and the most rows one has taken (the band keeps room for it).
    var tentative: Active?
    var tentativeRows = 0
    /// Transcript rows a revision left without text, blank in the frame until it is drawn.
    var erasing = Set<Int>()
    /// How long text a live input shows may take to appear (`--max-lag`).
    let liveLag: Nanoseconds
    /// A live band's height (CEA-608 roll-up captions take 2, 3 or 4 rows).
    static let rollUpRows = 3
    /// How long a late cue shows at least.
    static let lateCueHold = 2 * Time.second

    /// The input ended: no more cues will come.

    /// Counts `cue` into the band's height: the most rows cues shown together take.
    func need(_ cue: Cue) {
        guard output.screen != nil, layout == .band else { return }
        let rows = CueLayout.estimatedRows(of: cue, width: width)
        if cue.placement.vertical == .top { topNeeds.add(cue, rows: rows) }
        if placed && cue.placement.vertical != .bottom { needsWholeScreen = true; return }
        needs.add(cue, rows: rows)
    }

    /// How many cues wait to be shown (the input is read while few do: memory stays bounded).
    var waiting: Int { cues.count - next }

    /// The band's height on a screen `rows` tall: `--band-rows`, or what the cues need (so far).
    func bandHeight(rows: Int) -> Int {
        fixedBandRows.map { max(1, min($0, rows)) } ?? min(needsWholeScreen ? .max : needs.total + tentativeRows, max(1, rows - 1))
    }

    /// Rows the band needs for `cues`: the most rows that cues shown together take (a cue placed at
    /// the top or middle, or on a WebVTT line, needs the whole screen — unless `placed` is false: the
    /// overlay's band places such cues within itself).
    static func bandHeight(_ cues: [Cue], width: Int, limit: Int, placed: Bool = true) -> Int {
        var needs = BandRows()
        for cue in cues {
            if placed && cue.placement.vertical != .bottom { return limit }
            needs.add(cue, rows: CueLayout.estimatedRows(of: cue, width: width))
            if needs.total >= limit { return limit }
        }
        return needs.total
    }

    /// The first cue (in start order) that could still be showing at `position` (media time before
    /// the offset): skips everything that ended before it.
    static func firstIndex(in cues: CueQueue, endingAfter position: Nanoseconds) -> Int {
        // Cues starting before position − longest have surely ended; binary search past them.
        var low = cues.firstKept, high = cues.count
        let bound = position - cues.longest
        while low < high {
            let mid = (low + high) / 2
            if cues.start(at: mid) < bound { low = mid + 1 } else { high = mid }
        }
        while low < cues.count, case let (start, end) = cues.times(at: low), isOver(start: start, end: end, at: position) {
            low += 1
        }
        return low
    }

    /// Whether a cue is over before `position` (a cue that lasts no time, at the position itself,
    /// still counts).
    static func isOver(start: Nanoseconds, end: Nanoseconds, at position: Nanoseconds) -> Bool {
        start <= position && end <= position && (end > start || start < position)
    }

    var isDone: Bool {
        !follows && cues.isComplete && next >= cues.count && late.isEmpty && active.isEmpty && tentative == nil && pendingChange == nil
    }
    /// Where text after the subtitles continues: the band's top (it is empty by then), or below the
    /// transcript.
    var end: Placement { Placement(row: layout == .band ? (atBottom ? base + bandRows : base) : transcriptRow, column: 0, width: 0) }

    /// The band is at the terminal's last rows (not when it takes the screen: it then starts under
    /// the command, and the cursor ends at its top).
    var atBottom: Bool { anchor.isAtBottom && !needsWholeScreen }

    /// Asks where the terminal's rows are and puts the band at their bottom (or at `floor`).
    func anchor(on screen: Screen, floor: Int) {
        anchor = underPrompt ? BandAnchor(floor: floor, lastRow: nil) : BandAnchor.locate(on: screen, floor: floor)
        placeBand()
    }

    /// The band's rows for its height now; the cues on show move with it.
    func placeBand() {
        base = atBottom ? anchor.base(bandRows: bandRows) : anchor.floor
        // At the terminal's bottom, the row below the band (status line, the cursor at the end) too.
        scene?.fixedRows = base..<(base + bandRows + (atBottom ? 1 : 0))
        restack()
    }

    /// Cue `i`'s start and end on the media timeline (after the offset).
    func times(_ i: Int) -> (start: Nanoseconds, end: Nanoseconds) {
        let t = cues.times(at: i)
        return (t.start + offset, t.end + offset)
    }

    /// The media position the scene is drawn at for clock instant `now`.
    func position(at now: Nanoseconds) -> Nanoseconds { timeless ? Nanoseconds.max / 4 : playhead.position(at: now) }
    func sceneTime(at now: Nanoseconds) -> Nanoseconds { position(at: now) }

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        let position = position(at: now)
        // Ends first, so a cue that starts as another ends takes its place.
        if let tentative, tentative.end <= position { dropTentative() }
        let ending = active.filter { $0.end <= position }
        if !ending.isEmpty {
            active.removeAll { $0.end <= position }
            for cue in ending { if let id = cue.actor { scene?.remove(id: id) } }
        }
        var started = false
        for cue in late {
            try show(cue, index: nil, position: position, now: now)
            started = true
        }
        late.removeAll()
        while next < cues.count && (runsAhead || times(next).start <= position) {
            // A followed player jumped past it before it arrived (a stream): it is over, not late.
            if follows && !timeless && !runsAhead, case let (start, end) = times(next), end <= position && start < position {
                next += 1
                continue
            }
            try start(next, position: position, now: now)
            next += 1
            started = true
        }
        cues.forget(before: next)
        // The input ended with a hypothesis never made final: it leaves the screen.
        if cues.isComplete, tentative != nil { dropTentative(); started = true }
        if cues.isComplete, live, layout == .band { endRollUp(at: position) }
        if started || !ending.isEmpty { restack() }
        if let scene {
            if showStatus {
                scene.extraRows = [base + bandRows: statusLine(position: position)]
            } else if layout == .band, !scene.extraRows.isEmpty {
                // Keep the row in the frame, blank, so the renderer erases the last status line.
                scene.extraRows = [base + bandRows: []]
            }
            scene.cursor = nil
        }
        if timeless {
            active.removeAll()
            pendingChange = nil
            return nil
        }
        if runsAhead {
            if let until = aheadUntil, until <= position { aheadUntil = nil }
            pendingChange = aheadUntil
            return aheadUntil.flatMap { playhead.instant(of: $0) }
        }
        // The next change on the media timeline, then as a clock instant.
        var mediaNext: Nanoseconds?
        if next < cues.count { mediaNext = times(next).start }
        for cue in active { mediaNext = min(mediaNext ?? cue.end, cue.end) }
        if let tentative { mediaNext = min(mediaNext ?? tentative.end, tentative.end) }
        if let scene, let step = scene.nextChange(after: position, stepFloor: Nanoseconds(saturating: Double(frameInterval) * playhead.speed)) {
            mediaNext = min(mediaNext ?? step, step)
        }
        pendingChange = mediaNext
        var clockNext = mediaNext.flatMap { playhead.instant(of: $0) }
        // The status line's clock ticks ten times a second.
        if showStatus { clockNext = min(clockNext ?? .max, now + Time.second / 10) }
        return clockNext
    }

    /// Timeless scenes are transcripts: what was drawn stays, and leaves the scene.
    func drawn(at now: Nanoseconds) -> Bool {
        if timeless { scene?.removeAll() }
        if layout == .scroll, let scene { scene.dropSettled(at: position(at: now)) }
        forgetErased()
        return false
    }

    /// A cue may still arrive that starts before the next instant named (a stream).
    var drawsAhead: Bool { false }
    /// The transport keys.
    var takesKeys: Bool { true }
    var reservedRows: Int? { bandRows }

    func start(_ i: Int, position: Nanoseconds, now: Nanoseconds) throws {
        try show(cues[i], index: i, position: position, now: now)
    }

    /// Shows `cue` (the cue at `index` of the queue, or one that came late).
    func show(_ cue: Cue, index: Int?, position: Nanoseconds, now: Nanoseconds) throws {
        var (start, end) = (cue.start + offset, cue.end + offset)
        guard let scene else {
            if let startFloor, Self.isOver(start: cue.start, end: cue.end, at: startFloor) { return }
            // Counted from the show's start: where these subtitles began, plus the cue's time at the speed.
            // Following a player, from where it is now (its past is not ours to know).
            let clock = textClock(position: position, now: now)
            var timed = cue
            for k in timed.runs.indices { timed.runs[k].at = timed.runs[k].at.map { clock($0 + offset) } }
            // A cue a followed player jumped into starts when it shows.
            try output.cue(timed, start: follows ? max(now - origin, clock(start)) : clock(start), end: clock(end), at: now)
            if runsAhead { aheadUntil = max(aheadUntil ?? end, end) } else { active.append(Active(cue: cue, actor: nil, rows: 0, end: end)) }
            return
        }
        // A live recogniser's final comes once its utterance is over (or as it ends, or just after
        // the instant it names): it shows from now, for as long as it was said (a moment to read at
        // least), never dropped for being late.
        if live, start <= position + Self.lateness {
            (start, end) = (position, layout == .scroll ? position : position + max(end - start, Self.lateCueHold))
        }
        guard end > position || layout == .scroll else { return }  // over already (late, or zero length)
        let laidOut = CueLayout.block(for: cue, width: width, leftAligned: layout == .scroll || live, widths: widths)
        var block = laidOut.block
        if live && effect.streaming == .typed && !timeless {
            // It replaces the tentative line: what that showed in place stays, the rest is typed.
            try showFinal(cue, block: block, column: laidOut.column, start: start, end: end, position: position)
            return
        }
        guard !block.glyphs.isEmpty else {
            active.append(Active(cue: cue, actor: nil, rows: 0, end: end))
            return
        }
        var context = self.context
        context.seed = self.context.seed &+ UInt64(index ?? cue.sourceLine)
        context.previous = previousBlock
        // Word timing cannot outlast the cue.
        for k in block.glyphs.indices {
            if let reveal = block.glyphs[k].reveal { block.glyphs[k].reveal = min(reveal, max(0, end - start)) }
        }
        let budget = max(0, (end - start) / 3)
        var effect = WordTiming.wrapping(self.effect, for: block, budget: budget, context: context)
        effect = FadeInOut.wrapping(effect, fadeIn: cue.fadeIn, fadeOut: cue.fadeOut, length: end - start, context: context)
        let duration = timeless ? 0 : effect.duration(of: block, budget: budget, context: context)
        if layout == .scroll {
            // A transcript: appended below the last cue, never cleared.
            scene.add(Actor(block: block, effect: effect, context: context, start: timeless ? position : start,
                            duration: duration, row: transcriptRow, column: laidOut.column))
            transcriptRow += max(1, block.rows)
        } else {
            let id = scene.add(Actor(block: block, effect: effect, context: context, start: start,
                                     duration: duration, end: end, row: base, column: laidOut.column))
            active.append(Active(cue: cue, actor: id, rows: block.rows, end: end))
        }
        previousBlock = block
    }

    /// Media time → the time a text output gives: counted from the show's start, where these
    /// subtitles began plus the media time at the speed; following a player, from where it is now
    /// (its past is not ours to know).
    func textClock(position: Nanoseconds, now: Nanoseconds) -> (Nanoseconds) -> Nanoseconds {
        let (origin, runStart, speed) = (origin, runStart, playhead.speed)
        return follows
            ? { media in (now - origin).saturatingAdding(Nanoseconds(saturating: Double(media - position) / speed)) }
            : { media in (runStart - origin).saturatingAdding(Nanoseconds(saturating: Double(media) / speed)) }
    }

    /// `--instant` to a text output (with time or without): a parsed part goes out at once, its plain
    /// cues written from their bytes and the others built and shown as `advance` would (same bytes,
    /// no `Cue` for most). Only when nothing waits and the part starts no sooner than the cues before
    /// it (so the order is the one `advance` would give); otherwise returns false and the cues take
    /// the queue.
    func sendAhead(_ part: SubtitleStream.ParsedCues, at now: Nanoseconds) throws -> Bool {
        let records = part.list.records
        guard runsAhead || timeless && scene == nil, !follows, trackCount == 0, late.isEmpty, next == cues.count, let first = records.first,
              cues.lastStart.map({ $0 <= first.start }) ?? true else { return false }
        let position = position(at: now)
        let clock = textClock(position: position, now: now)
        var longest: Nanoseconds = 0
        var scratch: [UInt8] = []
        try part.list.withSource { source in
            for (i, record) in records.enumerated() {
                longest = max(longest, record.end - record.start)
                if let startFloor, Self.isOver(start: record.start, end: record.end, at: startFloor) { continue }
                let (start, end) = (clock(record.start + offset), clock(record.end + offset))
                switch part.list.plainText(of: record, in: source, scratch: &scratch) {
                case .source(let text): try output.cue(text: text, start: start, end: end, at: now)
                case .scratch: try scratch.withUnsafeBufferPointer { try output.cue(text: $0, start: start, end: end, at: now) }
                case nil:
                    try show(part.cue(at: i), index: nil, position: position, now: now)
                    continue
                }
                if runsAhead { aheadUntil = max(aheadUntil ?? record.end + offset, record.end + offset) }
            }
        }
        cues.pass(records.count, lastStart: records[records.count - 1].start, longest: longest)
        next = cues.count
        return true
    }
}
