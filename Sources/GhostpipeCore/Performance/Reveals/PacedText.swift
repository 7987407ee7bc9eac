/// Streamed text on the typewriter's timeline: input → grapheme clusters → (layout, on a screen) →
/// the pacer's instants → shown.
///
/// Every stage works as input arrives, so output begins before EOF. A grapheme is scheduled as soon as
/// it is ready: arrived, and — on a screen — placed, which for the first grapheme of a word means the
/// whole word has arrived (or cannot fit anyway), so a word never jumps to the next row after it
/// started. Text outputs (plain, json) get each grapheme at its instant; on a screen the graphemes
/// are glyphs of one actor revealed by the `Typewriter` effect, and the terminal's cursor rests at
/// the typing head. Rows the head has left are final: they leave the scene (and the queue), so
/// memory and every frame stay one or two rows however long the text. Where time no longer shows
/// (`--instant`, to a recording or a terminal, or after a key skipped the animation) it types
/// straight from the queue instead (`typing`): no glyphs, no scene, the same frames.
final class PacedText: TextReveal {
    private let output: any Output
    /// The scene the typewriter's glyphs go on (a screen, unless `typing`).
    private var scene: Scene?
    /// `--instant` (or a key that skipped the animation): the screen the queue is typed on
    /// (`Screen.type`), everything scheduled at once, each frame at its instant.
    private var typing: Screen?
    /// The next frame `typing` draws is composed whole (the first, after a relayout or a key).
    private var composesWhole = true
    private let effect: any Effect
    private var context: EffectContext
    private var queue = GlyphQueue()
    private var layout: FlowLayout?
    private var pacer: Pacer
    /// `--typing human`: a person's intervals instead of the pacer's even ones.
    private var human: HumanPacer?
    /// `--typos`: slips planted in the text as it arrives (screens and json: plain output is the
    /// input byte for byte), and the first placement whose typos are not yet on their cells.
    private var typos: TypoPlanter?
    private var typoScan = 0
    private var fitted: FittedSchedule?
    private let duration: Nanoseconds?
    /// Show everything as soon as it is ready (`--instant` to an output without time, or after a key).
    private var timeless: Bool
    /// `--instant` to a text output that carries time (json): on the virtual clock nothing happens
    /// between two graphemes' instants, so every scheduled grapheme goes out at once, each with its
    /// own instant, and the clock then jumps to the last of them — one turn of the event loop (one
    /// poll, one write) per batch rather than per grapheme, with the same output.
    private var runsAhead: Bool { instantWithTime && !timeless }
    private let instantWithTime: Bool
    /// `--instant` from the start: a read's graphemes are typed one by one (`TypingTape.oneByOne`),
    /// the paced typewriter's fast paths. The rest after a key stays one step, the scene's frame of
    /// it byte for byte (spaces moved over, not written: tests compare the two).
    private let typesOneByOne: Bool
    /// The instant of the last grapheme sent ahead of the clock, until the clock reaches it.
    private var aheadUntil: Nanoseconds?
    private let tabWidth: Int
    private var ended = false
    /// Graphemes that are ready (placed, on a screen).
    private var readyCount = 0
    /// The first grapheme of the row the typing head is on, that row, and where the head is.
    private var rowStart = 0
    private var headRow: Int
    private var head: Placement
    /// The typewriter's actor on the scene, the document row its block starts on, and the graphemes
    /// its glyphs come from (up to `glyphed`).
    private var actorID: Int?
    private var actorRow: Int
    private var glyphed = 0
    /// Backpressure: stop reading while this many graphemes wait to be shown.
    var maxQueued = 1 << 16
    /// Widths as the terminal draws them (probed), or nil for the Unicode widths.
    let widths: (any ColumnWidths)?
    /// The screen it lays out for (and types on, `--instant`).
    private let screen: Screen?

    /// Starts at document `row`, `column` (where the text before it ended).
    /// Starts at the setup's row and column (where the text before it ended).
    init(_ setup: RevealSetup) {
        let settings = setup.settings
        output = setup.output
        let typing = setup.screen.flatMap { (setup.clockRule.runsAhead || setup.timeless) && $0.typesFromQueue ? $0 : nil }
        self.typing = typing
        scene = typing == nil ? setup.scene : nil
        screen = setup.screen
        effect = settings.effect
        context = settings.context
        tabWidth = settings.tabWidth
        layout = setup.screen.map { FlowLayout(width: $0.width, tabWidth: settings.tabWidth, row: setup.row, column: setup.column) }
        pacer = Pacer(graphemesPerSecond: settings.pacing.graphemesPerSecond, pauses: settings.pacing.pauses)
        pacer.lagBound = settings.pacing.lagBound
        duration = settings.pacing.duration
        fitted = settings.pacing.duration == nil ? nil : FittedSchedule(pauses: settings.pacing.pauses)
        if settings.pacing.typing == .human, fitted == nil {
            human = HumanPacer(graphemesPerSecond: settings.pacing.graphemesPerSecond, pauses: settings.pacing.pauses,
                               seed: settings.context.seed)
            human?.lagBound = settings.pacing.lagBound
        }
        if settings.pacing.typos > 0, fitted == nil, !setup.timeless, !setup.output.takesRawBytes {
            typos = TypoPlanter(rate: settings.pacing.typos, seed: settings.context.seed)
        }
        timeless = setup.timeless
        typesOneByOne = setup.timeless
        instantWithTime = setup.clockRule.runsAhead && !setup.timeless && (setup.scene == nil || typing != nil)
        widths = setup.widths
        headRow = setup.row
        actorRow = setup.row
        head = Placement(row: setup.row, column: setup.column, width: 0)
    }

    var wantsInput: Bool { !ended && (fitted != nil || queue.pending < maxQueued) }
    var holdsPartialInput: Bool { (layout?.heldCount ?? 0) > 0 }
    var isDone: Bool { ended && queue.head == queue.count && aheadUntil == nil }
    var end: Placement { layout.map { Placement(row: $0.row, column: $0.column, width: 0) } ?? head }

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds) { ingest(batch, at: now) }

    func paused(at now: Nanoseconds) {
        layout?.flushHeldWord()
        ingest(GraphemeBatch(), at: now)
    }

    func ended(at now: Nanoseconds) {
        layout?.flushHeldWord()
        ended = true
        ingest(GraphemeBatch(), at: now)
        if let fitted, let duration {
            // The whole text is known: spread it over the duration, starting now.
            for k in queue.instants.count..<queue.count {
                queue.schedule(now + fitted.offset(k, duration: duration))
            }
            addGlyphs()
        }
    }

    private func ingest(_ batch: GraphemeBatch, at now: Nanoseconds) {
        let first = queue.count
        // Without time (--instant to a pipe) nothing needs pacing: no kinds, no instants — unless
        // --duration fits the text, whose timestamps a recording keeps.
        var batch = batch
        var marks: [Int] = []
        if typos != nil { (batch, marks) = typos!.plant(in: batch) }
        queue.append(batch, classify: !timeless || layout != nil || fitted != nil, measure: layout != nil, widths: widths)
        for mark in marks { queue.markTypo(at: first + mark) }
        if var flow = layout {
            // Laid out in a local copy, read through pointers: a property's access checked per
            // grapheme cost more than its layout.
            layout = nil
            queue.layOut(from: first, with: &flow)
            layout = flow
        }
        readyCount = layout == nil ? queue.count : placedTypos()
        if fitted != nil {
            // --duration: only count units now; instants come at EOF (nothing is shown before).
            // (A resize may hold back again graphemes counted already: they are not counted twice.)
            let counted = fitted?.units.count ?? 0
            if readyCount > counted { for k in counted..<readyCount { fitted?.add(queue.kinds[k]) } }
            return
        }
        if timeless {
            // Shown now: a screen and a text output with time (json, after a key) need the instant.
            if layout != nil || output.carriesTime { queue.schedule(upTo: readyCount, at: now) }
        } else {
            schedule(at: now)
        }
        addGlyphs()
    }

    /// Schedules the ready graphemes, evenly or as a person types.
    private func schedule(at now: Nanoseconds) {
        if human != nil {
            queue.schedule(upTo: readyCount, with: &human!, ready: now)
        } else {
            queue.schedule(upTo: readyCount, with: &pacer, ready: now)
        }
    }

    /// The placed graphemes that are ready, typos put on their right keys' cells first.
    private func placedTypos() -> Int {
        guard typos != nil else { return queue.placements.count }
        let ready = queue.placeTypos(from: typoScan)
        typoScan = ready
        return ready
    }

    // MARK: - The typewriter's actor

    /// Adds the scheduled graphemes not yet on the scene to the typewriter's block — those of the
    /// head's row and the next (the rest wait in the queue, compact, until the head comes near).
    /// The last row a carriage return or backspace moved the head back on.
    private var rewoundRow: Int?

    private func addGlyphs() {
        let end = min(queue.instants.count, queue.placements.count)
        // Usually nothing new is near the head: checked apart from the loop, which copies the queue.
        guard scene != nil, end > glyphed, queue.placements[glyphed].row <= headRow + 1 else { return }
        addGlyphs(upTo: end)
    }

    @inline(never)
    private func addGlyphs(upTo end: Int) {
        guard let scene else { return }
        // Read through one copy: each grapheme's string read from the property copied the queue.
        let queue = self.queue
        var added: [Glyph] = []
        added.reserveCapacity(min(end - glyphed, 256))
        var k = glyphed
        while k < end, queue.placements[k].row <= headRow + 1 {
            let p = queue.placements[k]
            let kind = queue.kinds[k]
            k += 1
            if kind.isMotion { rewoundRow = p.row }
            guard TypingTape.draws(kind, at: p, rewoundRow: rewoundRow) else { continue }
            added.append(Glyph(queue.string(k - 1), row: p.row - actorRow, column: p.column, width: p.width,
                               style: queue.styles[Int(queue.styleIndices[k - 1])], reveal: queue.instants[k - 1]))
        }
        glyphed = k
        guard !added.isEmpty else { return }
        if let actorID {
            scene.append(added, toActor: actorID)
        } else {
            let block = Block(glyphs: added, rows: (added.last?.row ?? 0) + 1, columns: layout?.width ?? 80)
            actorID = scene.add(Actor(block: block, effect: effect, context: context, start: 0,
                                      duration: Nanoseconds.max / 4, row: actorRow))
        }
    }

    /// Rebuilds the typewriter's block from grapheme `start` on, which begins document row `row`
    /// (after a relayout).
    private func rebuildActor(from start: Int, row: Int) {
        guard let scene else { return }
        if let actorID { scene.remove(id: actorID) }
        actorID = nil
        actorRow = row
        glyphed = start
        rewoundRow = nil
        addGlyphs()
    }

    // MARK: - Time

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        var k = queue.head
        if timeless && layout == nil {
            // Everything at once — but a fitted text only once it is whole (its instants come at EOF).
            k = fitted == nil || ended ? readyCount : queue.head
        } else if runsAhead {
            k = queue.instants.count
        } else {
            let instants = queue.instants
            // Instants never go back (the pacer schedules in order, a key brings the rest to now, a
            // pause moves them all): the last one due, all are (text shown at once: not a step each).
            if let last = instants.last, last <= now {
                k = max(k, instants.count)
            } else {
                while k < instants.count && instants[k] <= now { k += 1 }
            }
        }
        if k > queue.head {
            if runsAhead && queue.instants[k - 1] > now { aheadUntil = queue.instants[k - 1] }
            if let typing {
                try type(upTo: k, on: typing)
            } else if scene == nil {
                try output.graphemes(queue, queue.head..<k, at: timeless ? now : queue.instants[k - 1])
            } else {
                followHead(through: k)
                addGlyphs()
            }
            queue.advanceHead(to: k)
            let dropped = queue.compact(keepingFrom: layout != nil ? rowStart : nil)
            readyCount -= dropped
            rowStart -= dropped
            glyphed -= dropped
            typoScan = max(0, typoScan - dropped)
        }
        scene?.cursor = scene == nil ? nil : head
        if runsAhead {
            if let until = aheadUntil, until <= now { aheadUntil = nil }
            return aheadUntil
        }
        return queue.head < queue.instants.count ? queue.instants[queue.head] : nil
    }

    /// Types graphemes from the head up to `k` on `typing` (`stamp`: all at that instant, as one
    /// frame), the head following them.
    private func type(upTo k: Int, on typing: Screen, stamp: Nanoseconds? = nil) throws {
        var state = TypingTape.State(headRow: headRow, rowStart: rowStart, head: head, rewoundRow: rewoundRow, composesWhole: composesWhole)
        try queue.withTape(from: queue.head, to: k, state: &state, stamp: stamp, oneByOne: typesOneByOne) { try typing.type(&$0) }
        (headRow, rowStart, head, rewoundRow, composesWhole) = (state.headRow, state.rowStart, state.head, state.rewoundRow, state.composesWhole)
    }

    /// Keeps `rowStart`/`headRow`/`head` on the row where graphemes up to `k` leave the typing head;
    /// rows the head leaves are final and leave the scene.
    private func followHead(through k: Int) {
        var state = TypingTape.State(headRow: headRow, rowStart: rowStart, head: head)
        for i in queue.head..<k { TypingTape.follow(queue.kinds[i], at: queue.placements[i], index: i, state: &state) }
        (headRow, rowStart, head) = (state.headRow, state.rowStart, state.head)
    }

    /// The frame at the head's position was drawn: rows above the head's row are final on the
    /// terminal and leave the scene.
    var typesItself: Bool { typing != nil }

    func drawn(at now: Nanoseconds) -> Bool {
        guard actorRow < headRow else { return false }
        let shift = headRow - actorRow
        actorRow = headRow
        guard let scene, let actorID else { return false }
        scene.dropFinalRows(shift, ofActor: actorID)
        return false
    }

    func showEverything(at now: Nanoseconds) {
        guard !timeless else { return }
        timeless = true
        // What is scheduled for later shows now.
        for k in queue.head..<queue.instants.count where queue.instants[k] > now { queue.setInstant(k, now) }
        composesWhole = true
        if let scene, let screen, screen.typesFromQueue {
            // Typed from the queue from now on: a scene of the rest (a glyph per grapheme, a frame
            // composed of every row) made a long line's skip take ten times as long as `cat`. The
            // graphemes not shown yet are all from the queue's head on; the head's row is typed
            // again, composed whole, over the frame the scene drew last.
            if let actorID { scene.remove(id: actorID) }
            scene.cursor = nil
            actorID = nil
            self.scene = nil
            typing = screen
        } else if let scene, let actorID {
            scene.update(id: actorID) { actor in
                for g in actor.block.glyphs.indices where (actor.block.glyphs[g].reveal ?? 0) > now { actor.block.glyphs[g].reveal = now }
            }
        }
        if fitted != nil && !ended { fitted = nil }
        ingest(GraphemeBatch(), at: now)
    }

    // MARK: - Terminal

    /// Lays out the head's row and everything after it again at `columns`, and draws afresh from
    /// the cursor's line.
    private func relayout(columns: Int, rows: Int, clearing: Bool, at now: Nanoseconds) throws {
        guard layout != nil, let screen else { return }
        var fresh = FlowLayout(width: columns, tabWidth: tabWidth, row: headRow, column: rowStartColumn)
        queue.unplace(from: rowStart)
        typoScan = min(typoScan, rowStart)
        let shown = queue.head
        for k in rowStart..<queue.count {
            fresh.add(queue.kinds[k], width: Int(queue.widths[k]))
            // A pause of the input placed (and showed) the start of a word: it stays placed, as
            // then, rather than held again as a word whose end is unknown.
            if k + 1 == shown { fresh.flushHeldWord() }
            for placement in fresh.drain() { queue.place(placement) }
        }
        if ended { fresh.flushHeldWord(); for placement in fresh.drain() { queue.place(placement) } }
        layout = fresh
        // A grapheme held back again (its word now waits for its end) gets a new instant when placed.
        readyCount = placedTypos()
        queue.truncateInstants(to: readyCount)
        if fitted == nil {
            if timeless { queue.schedule(upTo: readyCount, at: now) }
            else { schedule(at: now) }
        }
        try screen.restart(columns: columns, rows: rows, fromRow: headRow, clearing: clearing, at: now)
        // The head row's graphemes already shown are drawn again at their new places (the row may
        // now be several: the head moves to the last, the others are drawn once, then final).
        let start = rowStart, firstRow = headRow
        head = Placement(row: headRow, column: rowStartColumn, width: 0)
        queue.rewindHead(to: rowStart)
        if let typing {
            // Typed again at once, as one frame composed whole.
            composesWhole = true
            try type(upTo: shown, on: typing, stamp: now)
        } else {
            followHead(through: shown)
        }
        queue.advanceHead(to: shown)
        rebuildActor(from: start, row: firstRow)
    }

    /// The column the head row starts at (0, or where the text before this one left off).
    private var rowStartColumn: Int { rowStart < queue.placements.count ? queue.placements[rowStart].column : head.column }

    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        try relayout(columns: columns, rows: rows, clearing: true, at: now)
    }

    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {
        queue.shiftInstants(from: queue.head, by: pause)
        pacer.shift(by: pause)
        human?.shift(by: pause)
        guard let screen else { return }
        try relayout(columns: layout?.width ?? screen.width, rows: screen.height, clearing: false, at: now)
    }
}
