/// Where subtitles go.
public enum SubtitleOutput {
    /// A terminal (or its recording): cues revealed and cleared in a band, or appended as a transcript.
    case screen(Stage, layout: SubtitleLayout)
    /// Each cue's text and a newline at its start (pipes).
    case plain(any ByteSink)
    /// `{"start":S,"end":E,"text":"…"}` per cue at its start.
    case json(any ByteSink)
}

/// `--layout`: where cues appear on a terminal.
public enum SubtitleLayout: String, CaseIterable, Sendable {
    /// A band of rows at the bottom of the output, redrawn in place; cues are cleared at their end.
    case band
    /// Each cue appended below the last, as a transcript that stays in the scrollback.
    case scroll
}

/// How subtitles are timed and revealed.
public struct SubtitleTiming: Sendable {
    /// `--offset`: added to every cue time.
    public var offset: Nanoseconds = 0
    /// `--speed`: media seconds per clock second.
    public var speed: Double = 1
    /// `--start`: the media position playback begins at (cues active there show at once).
    public var start: Nanoseconds = 0
    public init(offset: Nanoseconds = 0, speed: Double = 1, start: Nanoseconds = 0) {
        self.offset = offset
        self.speed = speed
        self.start = start
    }
}

/// Subtitles played in real time: each cue appears at its start with the chosen reveal, paced to
/// finish within a third of its duration and never slower than `--cps`, stays until its end, and is
/// cleared. All cues active at once share the band, later ones lower.
///
/// The stage runs on media time (the playhead's position, after `--offset`), so pausing freezes the
/// frame, seeking jumps it and `--speed` scales everything at once; clock instants are only computed
/// for sleeping. Idle time between cues costs nothing.
public final class SubtitlePerformance: Performance {
    private let cues: CueList
    private let output: SubtitleOutput
    private let effect: any Effect
    private var context: EffectContext
    private var width: Int
    private var playhead: Playhead
    private var offset: Nanoseconds
    private var bandRows: Int
    /// `i`: a status line below the band (time, cue, speed, offset).
    private var showStatus = false
    /// Widths as the terminal draws them (probed), or nil for the Unicode widths.
    public var widths: MeasuredWidths?
    private let timeless: Bool
    /// The longest cue (to find cues still active behind a seek position).
    private let longest: Nanoseconds
    /// Next cue (in start order) not yet started.
    private var next = 0
    private struct Active { var index: Int; var actor: Int?; var rows: Int; var end: Nanoseconds }
    private var active: [Active] = []
    /// Transcript layout: the next free row.
    private var transcriptRow = 0
    private var previousBlock: Block?
    private var pendingChange: Nanoseconds?

    public init(cues: CueList, output: SubtitleOutput, effect: any Effect, context: EffectContext,
                width: Int, height: Int, timing: SubtitleTiming, fixedBandRows: Int?, instant: Bool,
                carriesTime: Bool, origin: Nanoseconds) {
        self.cues = cues
        self.output = output
        self.effect = effect
        self.context = context
        self.width = width
        self.offset = timing.offset
        self.playhead = Playhead(instant: origin, position: timing.start, speed: timing.speed)
        var longest: Nanoseconds = 0
        for i in cues.indices { longest = max(longest, cues.end(at: i) - cues.start(at: i)) }
        self.longest = longest
        if case .screen(let stage, .band) = output {
            bandRows = fixedBandRows.map { max(1, min($0, height)) }
                ?? Self.bandHeight(cues, width: width, limit: max(1, height - 1))
            stage.fixedRows = 0..<bandRows
        } else {
            bandRows = 0
        }
        timeless = instant && !carriesTime
        // Cues that ended before the start position are skipped; those active at it show at once.
        next = Self.firstIndex(in: cues, endingAfter: timing.start - timing.offset, longest: longest)
    }

    /// Rows the band needs: the most rows that cues active together take (a cue placed at the top or
    /// middle, or on a WebVTT line, needs the whole screen — unless `placed` is false: the overlay's
    /// band places such cues within itself).
    static func bandHeight(_ cues: CueList, width: Int, limit: Int, placed: Bool = true) -> Int {
        var best = 1
        var open: [(end: Nanoseconds, rows: Int)] = []
        for i in cues.indices {
            let cue = cues[i]
            if placed && cue.placement.vertical != .bottom { return limit }
            let start = cue.start
            open.removeAll { $0.end <= start }
            open.append((cue.end, CueLayout.estimatedRows(of: cue, width: width)))
            best = max(best, open.reduce(0) { $0 + $1.rows })
            if best >= limit { return limit }
        }
        return best
    }

    /// The first cue (in start order) that could still be showing at `position` (media time before
    /// the offset): skips everything that ended before it.
    static func firstIndex(in cues: CueList, endingAfter position: Nanoseconds, longest: Nanoseconds) -> Int {
        // Cues starting before position − longest have surely ended; binary search past them.
        var low = 0, high = cues.count
        let bound = position - longest
        while low < high {
            let mid = (low + high) / 2
            if cues.start(at: mid) < bound { low = mid + 1 } else { high = mid }
        }
        while low < cues.count && cues.start(at: low) <= position && cues.end(at: low) <= position { low += 1 }
        return low
    }

    public var wantsInput: Bool { false }
    public var holdsPartialInput: Bool { false }
    public var isFinished: Bool { next >= cues.count && active.isEmpty && pendingChange == nil }
    public func receive(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws {}
    public func inputPaused(at now: Nanoseconds) throws {}
    public func inputEnded(at now: Nanoseconds) throws {}

    /// Cue `i`'s start and end on the media timeline (after the offset).
    private func times(_ i: Int) -> (start: Nanoseconds, end: Nanoseconds) {
        let t = cues.times(at: i)
        return (t.start + offset, t.end + offset)
    }

    public func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        let position = timeless ? Nanoseconds.max / 4 : playhead.position(at: now)
        // Ends first, so a cue that starts as another ends takes its place.
        let ending = active.filter { $0.end <= position }
        if !ending.isEmpty {
            active.removeAll { $0.end <= position }
            if case .screen(let stage, _) = output { for cue in ending { if let id = cue.actor { stage.remove(id: id) } } }
        }
        var started = false
        while next < cues.count && times(next).start <= position {
            try start(next, position: position, now: now)
            next += 1
            started = true
        }
        if started || !ending.isEmpty { restack() }
        if case .screen(let stage, _) = output {
            if showStatus {
                stage.overlayRows = [bandRows: statusLine(position: position)]
            } else if !stage.overlayRows.isEmpty {
                // Keep the row in the frame, blank, so the renderer erases the last status line.
                stage.overlayRows = [bandRows: []]
            }
            try stage.render(at: position, stamp: now)
            if timeless { stage.removeAll() }
        }
        if timeless {
            active.removeAll()
            pendingChange = nil
            return nil
        }
        // The next change on the media timeline, then as a clock instant.
        var mediaNext: Nanoseconds?
        if next < cues.count { mediaNext = times(next).start }
        for cue in active { mediaNext = min(mediaNext ?? cue.end, cue.end) }
        if case .screen(let stage, _) = output,
           let step = stage.nextChange(after: position, stepFloor: Nanoseconds(Double(frameInterval) * playhead.speed)) {
            mediaNext = min(mediaNext ?? step, step)
        }
        pendingChange = mediaNext
        var clockNext = mediaNext.flatMap { playhead.instant(of: $0) }
        // The status line's clock ticks ten times a second.
        if showStatus { clockNext = min(clockNext ?? .max, now + Time.second / 10) }
        return clockNext
    }

    /// The status line: play state, position, cue number, speed, offset and the keys.
    private func statusLine(position: Nanoseconds) -> [Cell] {
        let state = playhead.isPaused ? "❚❚" : "▶"
        let cue = min(cues.count, max(next, 1))
        let speed = (playhead.speed * 100).rounded() / 100
        let shift = Double(offset) / 1e9
        let text = " \(state) \(Time.format(max(0, position - offset)))  cue \(cue)/\(cues.count)  ×\(speed)  offset \(shift >= 0 ? "+" : "")\(shift)s   space pause  ←→ 5s  ↑↓ 60s  +- speed  [] offset  q quit "
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
        let (start, end) = times(i)
        let cue = cues[i]
        switch output {
        case .plain(let sink):
            var text = Array(TerminalSanitizer.clean(cue.plainText).utf8)
            while text.last == 0x0A { text.removeLast() }
            text.append(0x0A)
            try sink.write(text, at: now)
        case .json(let sink):
            var line: [UInt8] = Array("{\"start\":".utf8)
            JSON.appendMilliseconds(Nanoseconds(Double(start) / playhead.speed), to: &line)
            line.append(contentsOf: ",\"end\":".utf8)
            JSON.appendMilliseconds(Nanoseconds(Double(end) / playhead.speed), to: &line)
            line.append(contentsOf: ",\"text\":".utf8)
            var text = Substring(TerminalSanitizer.clean(cue.plainText))
            while text.last == "\n" { text = text.dropLast() }
            JSON.appendString(text, to: &line)
            line.append(contentsOf: "}\n".utf8)
            try sink.write(line, at: now)
        case .screen(let stage, let layout):
            guard end > position || layout == .scroll else { return }  // over already (late, or zero length)
            if let widths, widths.learn(cue.runs.lazy.flatMap { $0.text.lazy.map(String.init) }) { stage.invalidateCursorRow() }
            let laidOut = CueLayout.block(for: cue, width: width, leftAligned: layout == .scroll, widths: widths)
            var block = laidOut.block
            guard !block.glyphs.isEmpty else {
                active.append(Active(index: i, actor: nil, rows: 0, end: end))
                return
            }
            var context = self.context
            context.seed = self.context.seed &+ UInt64(i)
            context.previous = previousBlock
            // Word timing cannot outlast the cue.
            for k in block.glyphs.indices {
                if let reveal = block.glyphs[k].reveal { block.glyphs[k].reveal = min(reveal, max(0, end - start)) }
            }
            // The reveal finishes within a third of the cue (the typewriter also never goes slower
            // than --cps: its duration is the smaller of the two).
            let duration = effect.duration(of: block, budget: max(0, (end - start) / 3), context: context)
            if layout == .scroll {
                // A transcript: appended below the last cue, never cleared (the stage lets it settle).
                stage.add(Stage.Actor(id: 0, block: block, effect: effect, context: context, start: start,
                                      duration: duration, row: transcriptRow, column: laidOut.column))
                transcriptRow += max(1, block.rows)
            } else {
                let id = stage.add(Stage.Actor(id: 0, block: block, effect: effect, context: context, start: start,
                                               duration: duration, end: end, row: 0, column: laidOut.column))
                active.append(Active(index: i, actor: id, rows: block.rows, end: end))
            }
            previousBlock = block
        }
        if case .screen = output {} else { active.append(Active(index: i, actor: nil, rows: 0, end: end)) }
    }

    /// Places the active cues in the band: bottom cues stacked in file order, later ones lower; top
    /// cues from the first row; middle cues centred; WebVTT lines at their row.
    private func restack() {
        guard case .screen(let stage, .band) = output else { return }
        let onStage = active.filter { $0.actor != nil }
        let bottom = onStage.filter { cues[$0.index].placement.vertical == .bottom }
        var row = bandRows - bottom.reduce(0) { $0 + $1.rows }
        for cue in bottom {
            move(stage, cue, row: max(0, row))
            row += cue.rows
        }
        var topRow = 0
        for cue in onStage {
            switch cues[cue.index].placement.vertical {
            case .bottom: continue
            case .top: move(stage, cue, row: topRow); topRow += cue.rows
            case .middle: move(stage, cue, row: max(0, (bandRows - cue.rows) / 2))
            case .line(let n): move(stage, cue, row: n >= 0 ? min(n, bandRows - cue.rows) : max(0, bandRows + n - cue.rows + 1))
            case .percent(let p): move(stage, cue, row: max(0, min(bandRows - cue.rows, Int(p / 100 * Double(bandRows)))))
            }
        }
    }

    private func move(_ stage: Stage, _ cue: Active, row: Int) {
        guard let id = cue.actor, let actor = stage.actors.first(where: { $0.id == id }) else { return }
        stage.move(id: id, row: max(0, row), column: actor.column)
    }

    public func finish(interrupted: Bool, at now: Nanoseconds) throws {
        guard case .screen(let stage, let layout) = output else { return }
        // The prompt comes back where the band began (the band is empty by now), or below the transcript.
        let row = layout == .band ? 0 : transcriptRow
        try stage.finish(row: row, column: 0, interrupted: interrupted, stamp: now)
    }
}

extension SubtitlePerformance: TerminalAware {
    /// Space pauses, ←/→ seek 5 s, ↑/↓ seek 60 s, +/- change the speed by 10 %, [/] nudge the offset
    /// by 100 ms, `i` toggles the status line, `q` quits; any other key shows the cues on screen
    /// complete at once.
    public func press(_ key: Key, at now: Nanoseconds) throws -> KeyResponse {
        let position = playhead.position(at: now)
        switch key {
        case _ where key.meansQuit: return .quit
        case .character(" "): playhead.setPaused(!playhead.isPaused, at: now)
        case .left: seek(to: position - 5 * Time.second, at: now)
        case .right: seek(to: position + 5 * Time.second, at: now)
        case .up: seek(to: position + 60 * Time.second, at: now)
        case .down: seek(to: position - 60 * Time.second, at: now)
        case .character("+"), .character("="): playhead.setSpeed(min(100, playhead.speed * 1.1), at: now)
        case .character("-"), .character("_"): playhead.setSpeed(max(0.01, playhead.speed / 1.1), at: now)
        case .character("["): offset -= 100 * Time.millisecond; seek(to: position, at: now)
        case .character("]"): offset += 100 * Time.millisecond; seek(to: position, at: now)
        case .character("i"), .character("I"): showStatus.toggle()
        default:
            if case .screen(let stage, _) = output {
                for cue in active { if let id = cue.actor { stage.finishReveal(id: id, at: position) } }
            }
        }
        return .handled
    }

    /// Jumps to media `position` (clamped at 0): what shows there appears at once.
    private func seek(to target: Nanoseconds, at now: Nanoseconds) {
        let position = max(0, target)
        playhead.seek(to: position, at: now)
        if case .screen(let stage, .band) = output { stage.removeAll() }
        active.removeAll()
        next = Self.firstIndex(in: cues, endingAfter: position - offset, longest: longest)
    }

    public func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        guard case .screen(let stage, let layout) = output else { return }
        width = columns
        if layout == .band { bandRows = min(bandRows, max(1, rows - 1)); stage.fixedRows = 0..<bandRows }
        for cue in active {
            guard let id = cue.actor else { continue }
            let laidOut = CueLayout.block(for: cues[cue.index], width: columns, widths: widths)
            stage.replaceBlock(id: id, with: laidOut.block, column: laidOut.column)
            if let i = active.firstIndex(where: { $0.actor == id }) { active[i].rows = laidOut.block.rows }
        }
        restack()
        let top = layout == .band ? 0 : (stage.actors.map(\.row).min() ?? transcriptRow)
        try stage.restart(columns: columns, rows: rows, fromRow: top, clearing: true, stamp: now)
        pendingChange = nil
    }

    public func suspend(at now: Nanoseconds) throws {
        if case .screen(let stage, _) = output { try stage.suspend(stamp: now) }
    }

    public func resume(at now: Nanoseconds, after pause: Nanoseconds) throws {
        // Stopping is pausing: the subtitles continue where they were.
        playhead.delay(by: pause)
        guard case .screen(let stage, let layout) = output else { return }
        // The shell printed its job messages: the band (or the transcript's current cue) starts
        // again on the cursor's fresh line.
        let top = layout == .band ? 0 : (stage.actors.map(\.row).min() ?? transcriptRow)
        try stage.restart(columns: width, rows: stage.height, fromRow: top, clearing: false, stamp: now)
    }
}
