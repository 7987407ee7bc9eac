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
    private let cues: CueQueue
    private let output: any Output
    private let scene: Scene?
    private let effect: any Effect
    private var context: EffectContext
    private let widths: (any ColumnWidths)?
    private var width: Int
    private(set) var playhead: Playhead
    /// `--follow`: the playhead is the player's (`follow`); the keys do not move it, and the
    /// subtitles never end on their own (the player may seek back).
    private let follows: Bool
    private var offset: Nanoseconds
    /// `--track`: how many extra tracks, each track's own nudge (by `SubtitleTracks.file`: applied
    /// to its cues in the queue, and to those that arrive later), and the track `[`/`]` nudge (`t`
    /// selects; nil: all at once).
    private let trackCount: Int
    private var trackOffsets: [Int: Nanoseconds] = [:]
    private var selectedTrack: Int?
    private let layout: SubtitleLayout
    /// The band's first document row and its height.
    private var base: Int
    private(set) var bandRows: Int
    /// `--band-rows`, and whether top and middle cues need the whole screen (see `bandHeight`).
    private let fixedBandRows: Int?
    private let placed: Bool
    /// Where the band sits on the terminal: its last rows, or under the prompt (`BandAnchor`).
    private var anchor: BandAnchor
    private let underPrompt: Bool
    /// `i`: a status line below the band (time, cue, speed, offset).
    private var showStatus = false { didSet { if showStatus && knownTotal == nil { knownTotal = countAll?() } } }
    /// How many cues the whole input holds, counted when the status line first shows (a file read
    /// ahead of playing, so the counter is right from the start); nil for a stream.
    var countAll: (() -> Int?)?
    private var knownTotal: Int?
    private var timeless: Bool
    /// The show's start on the clock (cue times in text outputs count from it), and these subtitles'.
    private let origin: Nanoseconds
    private let runStart: Nanoseconds
    /// The band as the cues so far need it (grown as taller ones arrive), track by track; or the
    /// whole screen, for cues placed at the top or middle.
    private var needs: BandRows
    private var needsWholeScreen = false
    /// The rows the cues placed at the top take, track by track (they stack down from the first row).
    private var topNeeds: BandRows
    /// Next cue (in start order) not yet started.
    private var next = 0
    private struct Active { var cue: Cue; var actor: Int?; var rows: Int; var end: Nanoseconds }
    private var active: [Active] = []
    /// Transcript layout: the next free row.
    private var transcriptRow: Int
    private var previousBlock: Block?
    private var pendingChange: Nanoseconds?
    /// `--instant` to a text output that carries time (json): on the virtual clock nothing happens
    /// between cues, so every known cue goes out at once with its own times, and the clock then
    /// jumps to the end of the last (what follows starts there) — one turn of the loop per batch of
    /// cues, not two per cue.
    private let runsAhead: Bool
    /// The latest end of the cues sent ahead, on the media timeline.
    private var aheadUntil: Nanoseconds?

    /// Plays `cues` from clock instant `start` on, in a band from document row `row` down (or a
    /// transcript from there).
    init(cues: CueQueue, output: any Output, scene: Scene?, settings: ShowSettings, widths: (any ColumnWidths)?,
         clockRule: ClockRule, start: Nanoseconds, origin: Nanoseconds, row: Int) {
        self.cues = cues
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
        // Shown at once (--instant) on a terminal, cues would flash and vanish: show the transcript.
        layout = timeless && output.screen != nil ? .scroll : settings.subtitleLayout
        fixedBandRows = settings.bandRows
        placed = !settings.bandHoldsPlacedCues
        underPrompt = settings.bandUnderPrompt || !placed
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

    private var screenRows: Int
    /// Where playing began (`--start`), before the offset: a text output never gets a cue over by
    /// then, however late in the input it comes (a screen skips cues over at the current position).
    private let startFloor: Nanoseconds?

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
    private var late: [Cue] = []

    /// The input ended: no more cues will come.

    /// Counts `cue` into the band's height: the most rows cues shown together take.
    private func need(_ cue: Cue) {
        guard output.screen != nil, layout == .band else { return }
        let rows = CueLayout.estimatedRows(of: cue, width: width)
        if cue.placement.vertical == .top { topNeeds.add(cue, rows: rows) }
        if placed && cue.placement.vertical != .bottom { needsWholeScreen = true; return }
        needs.add(cue, rows: rows)
    }

    /// How many cues wait to be shown (the input is read while few do: memory stays bounded).
    var waiting: Int { cues.count - next }

    /// The band's height on a screen `rows` tall: `--band-rows`, or what the cues need (so far).
    private func bandHeight(rows: Int) -> Int {
        fixedBandRows.map { max(1, min($0, rows)) } ?? min(needsWholeScreen ? .max : needs.total, max(1, rows - 1))
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

    var isDone: Bool { !follows && cues.isComplete && next >= cues.count && late.isEmpty && active.isEmpty && pendingChange == nil }
    /// Where text after the subtitles continues: the band's top (it is empty by then), or below the
    /// transcript.
    var end: Placement { Placement(row: layout == .band ? (atBottom ? base + bandRows : base) : transcriptRow, column: 0, width: 0) }

    /// The band is at the terminal's last rows (not when it takes the screen: it then starts under
    /// the command, and the cursor ends at its top).
    private var atBottom: Bool { anchor.isAtBottom && !needsWholeScreen }

    /// Asks where the terminal's rows are and puts the band at their bottom (or at `floor`).
    private func anchor(on screen: Screen, floor: Int) {
        anchor = underPrompt ? BandAnchor(floor: floor, lastRow: nil) : BandAnchor.locate(on: screen, floor: floor)
        placeBand()
    }

    /// The band's rows for its height now; the cues on show move with it.
    private func placeBand() {
        base = atBottom ? anchor.base(bandRows: bandRows) : anchor.floor
        // At the terminal's bottom, the row below the band (status line, the cursor at the end) too.
        scene?.fixedRows = base..<(base + bandRows + (atBottom ? 1 : 0))
        restack()
    }

    /// Cue `i`'s start and end on the media timeline (after the offset).
    private func times(_ i: Int) -> (start: Nanoseconds, end: Nanoseconds) {
        let t = cues.times(at: i)
        return (t.start + offset, t.end + offset)
    }

    /// The media position the scene is drawn at for clock instant `now`.
    func position(at now: Nanoseconds) -> Nanoseconds { timeless ? Nanoseconds.max / 4 : playhead.position(at: now) }
    func sceneTime(at now: Nanoseconds) -> Nanoseconds { position(at: now) }

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        let position = position(at: now)
        // Ends first, so a cue that starts as another ends takes its place.
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
        if started || !ending.isEmpty { restack() }
        if let scene {
            if showStatus {
                scene.extraRows = [base + bandRows: statusLine(position: position)]
            } else if !scene.extraRows.isEmpty {
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
        return false
    }

    /// A cue may still arrive that starts before the next instant named (a stream).
    var drawsAhead: Bool { false }
    /// The transport keys.
    var takesKeys: Bool { true }
    var reservedRows: Int? { bandRows }

    /// The status line: play state, position, cue number, speed, offset and the keys, fitted to the width.
    private func statusLine(position: Nanoseconds) -> [Cell] {
        let shift = Double(offset + (selectedTrack.flatMap { trackOffsets[$0] } ?? 0)) / 1e9
        let track = trackCount == 0 ? nil : selectedTrack.map { "track \($0 + 1)/\(trackCount + 1)" } ?? "all tracks"
        let total = knownTotal ?? cues.count
        let text = StatusLine.fit(StatusLine.parts(
            paused: playhead.isPaused, position: Time.format(max(0, position - offset)), cue: min(total, max(next, 1)), of: total,
            totalKnown: knownTotal != nil || cues.isComplete, speed: (playhead.speed * 100).rounded() / 100, track: track,
            offset: shift, follows: follows, tracks: trackCount > 0), width: width)
        var cells: [Cell] = []
        var columns = 0
        for character in text {
            let w = DisplayWidth.of(character)
            guard w > 0, columns + w <= width else { continue }
            cells.append(Cell(String(character), width: UInt8(w), style: Style(attributes: .inverse)))
            if w == 2 { cells.append(Cell("", width: 0, style: Style(attributes: .inverse))) }
            columns += w
        }
        while columns < width { cells.append(Cell(" ", style: Style(attributes: .inverse))); columns += 1 }
        return cells
    }

    private func start(_ i: Int, position: Nanoseconds, now: Nanoseconds) throws {
        try show(cues[i], index: i, position: position, now: now)
    }

    /// Shows `cue` (the cue at `index` of the queue, or one that came late).
    private func show(_ cue: Cue, index: Int?, position: Nanoseconds, now: Nanoseconds) throws {
        let (start, end) = (cue.start + offset, cue.end + offset)
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
        guard end > position || layout == .scroll else { return }  // over already (late, or zero length)
        if let widths, widths.learn(cue.runs.flatMap { $0.text.map(String.init) }) { output.screen?.invalidateCursorRow() }
        let laidOut = CueLayout.block(for: cue, width: width, leftAligned: layout == .scroll, widths: widths)
        var block = laidOut.block
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
    private func textClock(position: Nanoseconds, now: Nanoseconds) -> (Nanoseconds) -> Nanoseconds {
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

    /// Places the active cues in the band: bottom cues stacked up from the last row and top cues
    /// down from the first, each track in its own rows in the tracks' order (when the band holds
    /// them all; else the tracks' cues in that order, later cues of a track lower); middle cues
    /// centred; WebVTT lines at their row.
    private func restack() {
        guard let scene, layout == .band else { return }
        let onStage = active.filter { $0.actor != nil }
        stack(onStage.filter { $0.cue.placement.vertical == .bottom }, in: needs, fromTop: false, scene)
        stack(onStage.filter { $0.cue.placement.vertical == .top }, in: topNeeds, fromTop: true, scene)
        for cue in onStage {
            switch cue.cue.placement.vertical {
            case .bottom, .top: continue
            case .middle: move(scene, cue, row: max(0, (bandRows - cue.rows) / 2))
            case .line(let n): move(scene, cue, row: n >= 0 ? min(n, bandRows - cue.rows) : max(0, bandRows + n - cue.rows + 1))
            case .percent(let p): move(scene, cue, row: max(0, min(bandRows - cue.rows, Int(p / 100 * Double(bandRows)))))
            }
        }
    }

    /// Stacks `cues` (in the order they started) against the band's top or bottom edge: each track at
    /// its own rows of `rows` when they all fit, the band's edge row first. A cue that does not fit
    /// whole in the band (too many on show for it) is left out until there is room: the rows farthest
    /// from the edge go first, and nothing overlaps or spills out of the band.
    private func stack(_ cues: [Active], in rows: BandRows, fromTop: Bool, _ scene: Scene) {
        guard !cues.isEmpty else { return }
        let tracks = rows.tracks
        if tracks.count > 1, rows.total <= bandRows {
            // Each track's rows in turn from the top; its cues against the band's edge within them.
            var top = fromTop ? 0 : bandRows - rows.total
            for track in tracks {
                let mine = cues.filter { BandRows.key($0.cue) == track }
                let height = rows.byTrack[track] ?? 0
                var row = fromTop ? top : top + height - mine.reduce(0) { $0 + $1.rows }
                for cue in mine {
                    move(scene, cue, row: row)
                    row += cue.rows
                }
                top += height
            }
        } else {
            let place = Dictionary(uniqueKeysWithValues: rows.order.stacked(Set(cues.map { BandRows.key($0.cue) })).enumerated().map { ($1, $0) })
            let ordered = cues.enumerated().sorted { (place[BandRows.key($0.element.cue)] ?? 0, $0.offset) < (place[BandRows.key($1.element.cue)] ?? 0, $1.offset) }
            var row = fromTop ? 0 : bandRows - cues.reduce(0) { $0 + $1.rows }
            for cue in ordered.map(\.element) {
                move(scene, cue, row: row)
                row += cue.rows
            }
        }
    }

    /// Puts `cue` at band row `row`; out of the band (in part or whole), it is left out of the frame,
    /// unless it is taller than the band itself (it shows from the band's top as far as it goes).
    private func move(_ scene: Scene, _ cue: Active, row: Int) {
        guard let id = cue.actor else { return }
        let fits = cue.rows > bandRows || (row >= 0 && row + cue.rows <= bandRows)
        scene.update(id: id) {
            $0.row = self.base + max(0, min(row, self.bandRows - cue.rows))
            $0.isHidden = !fits
        }
    }

    /// The end, or `q`, or a signal: the band is emptied (status line included) and left to the
    /// prompt; a transcript stays.
    func leave() -> Bool {
        clear()
        return true
    }

    private func clear() {
        guard let scene else { return }
        if layout == .band { scene.removeAll() }
        if !scene.extraRows.isEmpty { scene.extraRows = [base + bandRows: []] }
        active.removeAll()
        next = cues.count
        pendingChange = nil
        showStatus = false
    }

    // MARK: - Keys and the terminal

    /// Space pauses, ←/→ seek 5 s, ↑/↓ seek 60 s, +/- change the speed by 10 %, [/] nudge the offset
    /// by 100 ms, `i` toggles the status line; any other key shows the cues on screen complete.
    /// Every key is taken.
    func press(_ key: Key, at now: Nanoseconds) -> Bool {
        take(key, at: now)
        return true
    }

    private func take(_ key: Key, at now: Nanoseconds) {
        let position = playhead.position(at: now)
        if follows, ![Key.character("["), .character("]"), .character("i"), .character("I"), .character("t")].contains(key) {
            // The player's own keys pause, seek and change the speed; here they would fight it.
            return showEverything(at: now)
        }
        switch key {
        case .character(" "): playhead.setPaused(!playhead.isPaused, at: now)
        case .left: seek(to: position - 5 * Time.second, at: now)
        case .right: seek(to: position + 5 * Time.second, at: now)
        case .up: seek(to: position + 60 * Time.second, at: now)
        case .down: seek(to: position - 60 * Time.second, at: now)
        case .character("+"), .character("="): playhead.setSpeed(min(100, playhead.speed * 1.1), at: now)
        case .character("-"), .character("_"): playhead.setSpeed(max(0.01, playhead.speed / 1.1), at: now)
        case .character("["): nudge(by: -100 * Time.millisecond); seek(to: position, at: now)
        case .character("]"): nudge(by: 100 * Time.millisecond); seek(to: position, at: now)
        case .character("t") where trackCount > 0:
            // The next track, then all of them again.
            let next = (selectedTrack ?? -1) + 1
            selectedTrack = next > trackCount ? nil : next
        case .character("i"), .character("I"): showStatus.toggle()
        default:
            for cue in active { if let id = cue.actor { scene?.finishReveal(id: id, at: position) } }
        }
    }

    /// Jumps to media `position` (clamped at 0): what shows there appears at once.
    private func seek(to target: Nanoseconds, at now: Nanoseconds) {
        let position = max(0, target)
        playhead.seek(to: position, at: now)
        jump(to: position)
    }

    /// A followed player's position moved further than this from where ours ran: a seek, not drift.
    static let followJump: Nanoseconds = 250 * Time.millisecond

    /// `--follow`: the player said where it is. Small differences only re-anchor the playhead (cues
    /// between start as usual; a small step back is `stepBack`); a jump (a seek in the player) shows
    /// what plays there at once.
    func follow(_ player: Playhead, at now: Nanoseconds) {
        let before = playhead.position(at: now)
        playhead = player
        let after = playhead.position(at: now)
        if abs(after - before) > Self.followJump {
            jump(to: after)
        } else if after < before {
            stepBack(by: before - after, to: after, at: now)
        }
    }

    /// The followed player is a little behind where ours ran (`delta`, under `followJump`). What is
    /// on screen holds its look rather than flicker: each cue's reveal goes on from where it was.
    /// A cue that started, but whose start is now ahead, stays if the player reaches that start
    /// within `followJump` of clock time; if it does not (it paused there), the cue goes, to start
    /// again when the player gets there.
    private func stepBack(by delta: Nanoseconds, to position: Nanoseconds, at now: Nanoseconds) {
        func isAhead(_ start: Nanoseconds) -> Bool {
            start > position && (playhead.instant(of: start).map { $0 - now > Self.followJump } ?? true)
        }
        let gone = active.filter { isAhead($0.cue.start + offset) }
        if !gone.isEmpty {
            active.removeAll { isAhead($0.cue.start + offset) }
            for cue in gone { if let id = cue.actor { scene?.remove(id: id) } }
            while next > cues.firstKept, isAhead(times(next - 1).start) { next -= 1 }
        }
        for cue in active { if let id = cue.actor { scene?.update(id: id) { $0.start -= delta } } }
    }

    /// The media position jumped to `position`: the band empties and the cues active there show at once.
    private func jump(to position: Nanoseconds) {
        if layout == .band { scene?.removeAll() }
        active.removeAll()
        next = Self.firstIndex(in: cues, endingAfter: position - offset)
    }

    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        guard let scene, let screen = output.screen else { return }
        let top = layout == .band ? base : scene.topRow(otherwise: transcriptRow)
        let start = try screen.restart(columns: columns, rows: rows, fromRow: top, clearing: true, at: now)
        if layout == .band {
            // The band begins where the terminal's reflow left its top in reach.
            let shift = start - base
            base = start
            scene.updateAll { $0.row += shift }
        } else {
            scene.updateAll { if $0.row < start { $0.row = start } }
            transcriptRow = max(transcriptRow, start)
        }
        width = columns
        screenRows = rows
        if layout == .band {
            // What the cues need at the new width.
            needs = BandRows(order: needs.order)
            topNeeds = needs
            needsWholeScreen = false
            for i in cues.firstKept..<cues.count { need(cues[i]) }
            bandRows = bandHeight(rows: rows)
            anchor(on: screen, floor: start)
            if !scene.extraRows.isEmpty { scene.extraRows = [:] }
        }
        for cue in active {
            guard let id = cue.actor else { continue }
            let laidOut = CueLayout.block(for: cue.cue, width: columns, widths: widths)
            scene.update(id: id) { $0.block = laidOut.block; $0.column = laidOut.column }
            if let i = active.firstIndex(where: { $0.actor == id }) { active[i].rows = laidOut.block.rows }
        }
        restack()
        pendingChange = nil
    }

    /// Stopping is pausing: the subtitles continue where they were, the band (or the transcript's
    /// current cue) drawn again on the cursor's fresh line.
    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {
        if !follows { playhead.delay(by: pause) }  // a followed player went on meanwhile
        guard let scene, let screen = output.screen else { return }
        let top = layout == .band ? base : scene.topRow(otherwise: transcriptRow)
        try screen.restart(columns: width, rows: screen.height, fromRow: top, clearing: false, at: now)
        if layout == .band { anchor(on: screen, floor: top) }
    }

    /// `[`/`]`: the selected track's own offset, or everything's.
    private func nudge(by delta: Nanoseconds) {
        guard let selectedTrack else { offset += delta; return }
        trackOffsets[selectedTrack, default: 0] += delta
        cues.shift(by: delta) { SubtitleTracks.file(of: $0, trackCount: self.trackCount) == selectedTrack }
    }

    /// A key finished the animation: the cues on screen show complete.
    func showEverything(at now: Nanoseconds) {
        let position = playhead.position(at: now)
        for cue in active { if let id = cue.actor { scene?.finishReveal(id: id, at: position) } }
    }
}
