/// A terminal stream — another program's screen output, with cursor motion, erases, styled spaces and
/// rewrites — revealed on a screen through the emulator: what shows is always the emulator's reading
/// of the input up to the reveal's point, so the last frame is exactly what `cat` leaves.
///
/// - The typewriter paces the printed clusters (and line feeds) on the pacer's timeline; motion,
///   erase and style changes cost no time and act when the reveal reaches them; a rewrite changes the
///   cells in place. Other effects reveal the region the input drew (rows changed since the last
///   reveal) as one block when the input pauses or ends.
/// - The emulator is the terminal's size and starts at the cursor's row (the next one after a prompt): its row 0 is the
///   first row ghostpipe writes, so motion above it is clamped there and the shell's earlier output is
///   never touched. Lines that scroll off its top are final: drawn, then dropped (memory stays one
///   screen, whatever the input's length).
/// - When lines scroll off while the rows below are unused (`ESC [ S`, a scroll region), the view
///   keeps its place on the terminal's screen and what scrolled off goes above it, as under `cat`:
///   the terminal scrolls too. That needs the terminal's row of the view's top (it said where its
///   cursor was, or it is a recording); unknown, the view moves down instead.
/// - Nothing of the input reaches the terminal: what is drawn is the renderer's writing of cells.
final class StreamReveal: TextReveal {
    private let scene: Scene
    private let screen: Screen
    private let emulator: TerminalEmulator
    private var reader = TerminalOperationReader()
    /// The typewriter's operations on the pacer's timeline.
    private var schedule: StreamSchedule
    /// The input read ahead of the reveal, to tell rewritten text that is on the screen already.
    private var rewrites: StreamRewrites
    private var timeless: Bool { schedule.timeless }
    /// The typewriter paces operations; any other effect reveals blocks at pauses.
    private let paced: Bool
    private let effect: any Effect
    private let context: EffectContext
    private var ended = false
    /// The document row of the emulator's row 0 (it moves down as lines scroll off).
    private var base: Int
    /// Where the emulator's row 0 started: its document row, and how many of its rows the terminal's
    /// screen held from there (nil: the terminal's row is unknown).
    private let origin: Int
    private let rowsOnScreen: Int?
    /// Lines that scrolled off the emulator and are not drawn yet: the rows just above its row 0.
    private var scrolled: [ScrolledLine] = []
    /// How many of the emulator's rows have been on the scene: a row the input erased since stays in
    /// the frame, so that it is cleared on the terminal too.
    private var rowsShown = 0
    /// The cells of the rows in view as last made, by document row: a row that only moved up is not
    /// made again (and the renderer finds it unchanged at once).
    private var rowCache: [Int: CachedRow] = [:]
    /// Rows the scene shows have changed since the last frame was drawn.
    private var changed = true { didSet { if changed { sceneIsCurrent = false } } }
    /// The scene was put from the state as it is (nothing changed since `refreshScene`): the show's
    /// turn right after `drawn` would put the very same rows again.
    private var sceneIsCurrent = false
    /// Block effects: rows changed since the last block (not shown until revealed), and the block on
    /// the scene (its actor and the emulator rows it covers).
    private var unrevealed = Set<Int>()
    private var block: (id: Int, rows: Range<Int>)?
    /// ANSI art: drawn at its own width, its text ends at DOS's end-of-file mark, iCE colours.
    private let art: ANSIArt?
    /// The art's end-of-file mark was read: the rest (its SAUCE record) is not drawn.
    private var pastEndOfArt = false
    /// Backpressure: stop reading while this many operations wait.
    var maxQueued = 1 << 15

    /// Document rows prose drew that the stream takes over (`StreamHandoff`): cleared where the
    /// stream does not write, in the first frame.
    private var taken: Range<Int>?
    /// The first document row the terminal can still redraw (a resize put those above out of reach).
    private var reachable = Int.min

    /// `seed`: the start of the stream's first line, already shown (as prose): read at once, untimed.
    init(_ setup: RevealSetup, scene: Scene, screen: Screen, autowrap: Bool, art: ANSIArt? = nil,
         seed: [UInt8] = [], taking taken: Range<Int>? = nil) {
        self.scene = scene
        self.screen = screen
        self.art = art
        let settings = setup.settings
        // Art wraps where it was drawn to wrap (80 columns, or its SAUCE width), whatever the terminal's
        // width: a wider terminal shows it as drawn, a narrower one cuts it at its margin.
        // The clusters terminals disagree on take the columns this terminal gives them (it was asked
        // before they came: `TextRun.pieces`), so that the view ends as `cat` leaves it.
        emulator = .streamView(rows: screen.height, columns: art?.columns ?? screen.width, autowrap: autowrap, widths: setup.widths)
        // It starts a row of its own: after a prompt that did not end its line, on the next row (a
        // carriage return there must not write over the prompt, nor stop at its end).
        base = setup.column > 0 ? setup.row + 1 : setup.row
        origin = base
        rowsOnScreen = screen.terminalRow(of: base).map { screen.height - max(0, min(screen.height - 1, $0)) }
        schedule = StreamSchedule(pacing: settings.pacing, timeless: setup.timeless, liveLag: settings.liveLag)
        rewrites = StreamRewrites(rows: screen.height, columns: art?.columns ?? screen.width, autowrap: autowrap, widths: setup.widths)
        effect = settings.effect
        context = settings.context
        paced = settings.effect.streaming == .typed
        self.taken = taken
        if !seed.isEmpty {
            var seedReader = reader
            let operations = seed.withUnsafeBytes { seedReader.read($0) }
            reader = seedReader
            for operation in operations { emulator.apply(operation) }
            _ = rewrites.read(operations)
            noteChanges()
            unrevealed.removeAll()  // on the screen already
        }
    }

    // MARK: - Input

    /// Lines that scrolled off wait to be drawn up to a screenful, or, shown at once (where the show
    /// draws a frame per `frameInterval` while the input keeps coming), up to `maxScrolled`.
    var wantsInput: Bool {
        !ended && schedule.waiting < maxQueued && scrolled.count < (timeless ? maxScrolled : screen.height)
    }
    /// About 2 MB of cells (16 bytes each) at most: 1092 lines of 120 columns, 100 KB of `ls -l`.
    private var maxScrolled: Int { max(screen.height, (1 << 17) / max(1, emulator.columns)) }
    var holdsPartialInput: Bool { reader.holdsCluster }
    var isLive: Bool { schedule.isLive }
    var isDone: Bool { ended && schedule.waiting == 0 && scrolled.isEmpty && !changed && unrevealed.isEmpty && block == nil }
    var end: Placement {
        Placement(row: base + emulator.cursorRow, column: min(emulator.pendingWrap ? emulator.columns : emulator.cursorColumn, screen.width), width: 0)
    }

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds) {}

    /// Raw input, escapes and all: the emulator's parser reads it (ill-formed UTF-8 becomes U+FFFD there).
    var readsBytes: Bool { true }
    func take(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) {
        guard !pastEndOfArt else { return }
        var text = bytes
        if art != nil, let mark = bytes.firstIndex(of: ANSIArt.endOfFile) {
            pastEndOfArt = true
            text = UnsafeBufferPointer(rebasing: bytes[..<mark])
        }
        if timeless || !paced {
            // Nothing to pace: the emulator reads it as it comes (what the reader held first).
            queue(reader.flush(), at: now)
            reader.apply(UnsafeRawBufferPointer(text), to: emulator)
            noteChanges()
        } else {
            queue(reader.read(UnsafeRawBufferPointer(text)), at: now)
        }
    }

    func paused(at now: Nanoseconds) {
        queue(reader.flush(), at: now)
        revealBlock(at: now)
    }

    func ended(at now: Nanoseconds) {
        queue(reader.flush(), at: now)
        ended = true
        revealBlock(at: now)
    }

    private func queue(_ new: [TerminalOperation], at now: Nanoseconds) {
        guard !new.isEmpty else { return }
        if timeless || !paced {
            // Nothing to pace: the emulator takes it at once.
            for operation in new { emulator.apply(operation) }
            noteChanges()
            return
        }
        let read = rewrites.read(new)
        schedule.add(new, at: now, retyped: read.retyped, rewrote: read.rewrote)
    }

    // MARK: - Time

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        if schedule.takeDue(at: now, { operation, _ in emulator.apply(operation) }) { noteChanges() }
        if let block, scene.actor(id: block.id)?.isSettled(at: now) ?? true { settleBlock() }
        refreshScene()
        if let next = schedule.nextInstant { return next }
        if let block, let actor = scene.actor(id: block.id) { return actor.start + actor.duration }
        return nil
    }

    /// Takes the lines that scrolled off the emulator and the rows it changed.
    private func noteChanges() {
        // Only a line that was one of the screen's rows can have a cached row (the cache's rows are
        // those of views below `base + rows`): the rest of a long read's lines are not looked up.
        let (top, rows, cache) = (base, emulator.rows, rowCache)
        let off = emulator.takeScrolledOff { $0 < rows ? cache[top + $0] : nil }
        if !off.isEmpty {
            base += off.count
            rowsShown = max(0, rowsShown - off.count)
            // Rows waiting for a block's reveal moved up with the screen; those that left it show as they are.
            if !paced { unrevealed = Set(unrevealed.compactMap { $0 - off.count >= 0 ? $0 - off.count : nil }) }
            settleBlock()
            if let art, art.iceColors {
                scrolled.append(contentsOf: off.map { .cells(art.shown($0.cells(width: emulator.columns))) })
            } else {
                scrolled.append(contentsOf: off)
            }
        }
        let dirty = emulator.takeDirtyRows()
        if !paced { unrevealed.formUnion(dirty.filter { block?.rows.contains($0) != true }) }
        if !dirty.isEmpty || !off.isEmpty { changed = true }
    }

    // MARK: - Blocks (effects other than the typewriter)

    /// The rows changed since the last block become one block, revealed by the effect from `now`.
    private func revealBlock(at now: Nanoseconds) {
        guard !paced else { return }
        noteChanges()
        settleBlock()
        guard let top = unrevealed.min(), let bottom = unrevealed.max() else { return }
        let rows = top..<(bottom + 1)
        unrevealed.removeAll()
        var glyphs: [Glyph] = []
        for r in rows {
            for (c, cell) in cells(ofRow: r).enumerated() where cell.width > 0 && cell != .blank {
                glyphs.append(Glyph(cell.text, row: r - top, column: c, width: Int(cell.width), style: cell.style))
            }
        }
        guard !glyphs.isEmpty else { changed = true; return }
        let shape = Block(glyphs: glyphs, rows: rows.count, columns: emulator.columns)
        let duration = timeless ? 0 : effect.duration(of: shape, budget: nil, context: context)
        let id = scene.add(Actor(block: shape, effect: effect, context: context, start: now, duration: duration, row: base + top))
        block = (id, rows)
        changed = true
    }

    /// The block's reveal is over: its rows show as the emulator has them.
    private func settleBlock() {
        guard let b = block else { return }
        scene.remove(id: b.id)
        block = nil
        changed = true
    }

    // MARK: - The scene

    /// The rows the emulator uses: down to its last row with content or the cursor's.
    private var usedRows: Int {
        var last = emulator.cursorRow
        for r in stride(from: emulator.rows - 1, to: last, by: -1) where !emulator.screen.isBlank(r) { last = r; break }
        return last + 1
    }

    /// Puts the rows in view on the scene: the undrawn scrolled-off lines, then the emulator's rows,
    /// at most a screenful (the renderer reaches no higher); what is below comes in later frames.
    private func refreshScene() {
        guard changed else { return }
        // As putting the same rows again would, the next frame is composed whole.
        if sceneIsCurrent { scene.recompose(); return }
        defer { sceneIsCurrent = true }
        let first = base - scrolled.count
        rowsShown = min(emulator.rows, max(rowsShown, usedRows))
        let total = scrolled.count + rowsShown
        let shown = min(total, screen.height)
        var rows = [Int: [Cell]](minimumCapacity: shown)
        // The scrolled-off lines in view are final once drawn (`drawn` drops them).
        let finalFrom = min(reachable > first ? reachable - first : 0, min(scrolled.count, shown))
        let finalTo = min(scrolled.count, shown)
        scene.finalRows = finalFrom < finalTo ? FinalRows(origin: first + finalFrom, lines: Array(scrolled[finalFrom..<finalTo])) : nil
        // The rows in view; plain ones are told to the renderer as such (not art: its iCE colours change cells).
        var plain = [PlainLine?](repeating: nil, count: max(0, shown - finalTo))
        for i in finalTo..<max(finalTo, shown) where first + i >= reachable {
            let r = i - scrolled.count
            if unrevealed.contains(r) || block?.rows.contains(r) == true { rows[first + i] = [] } else {
                rows[first + i] = cells(ofRow: r)
                if art == nil { plain[i - finalTo] = rowCache[base + r]?.plain }
            }
        }
        scene.plainRows = PlainRows(origin: first + finalTo, lines: plain)
        for row in taken ?? 0..<0 where rows[row] == nil && !(first + finalFrom..<first + finalTo).contains(row) { rows[row] = [] }
        scene.extraRows = rows
        // Once lines scrolled off, the rows of the view that were on the screen all exist: the
        // terminal scrolls as they are made, so the view's top stays on its row (see the type's
        // note). Not past this frame's rows: what scrolled off is drawn before it scrolls away.
        if base > origin, let rowsOnScreen {
            scene.reservedThrough = min(base + min(rowsOnScreen, emulator.rows), first + screen.height) - 1
        } else {
            scene.reservedThrough = nil
        }
        if rowCache.count > 2 * emulator.rows { rowCache = rowCache.filter { $0.key >= base } }
        if total <= screen.height, emulator.cursorRow < usedRows, base + emulator.cursorRow >= reachable {
            scene.cursor = Placement(row: base + emulator.cursorRow, column: min(emulator.cursorColumn, screen.width - 1), width: 0)
        } else {
            scene.cursor = nil
        }
    }

    /// Row `r` of the emulator as it shows: with iCE colours, blink is a bright background.
    private func cells(ofRow r: Int) -> [Cell] {
        let row = emulator.row(r, reusing: rowCache[base + r])
        rowCache[base + r] = row
        return art?.shown(row.cells) ?? row.cells
    }

    /// In the overlay's band: the rows the stream uses (a progress line two, as text; neofetch its
    /// logo, up to the band's most), not the last two rows of a drawing.
    var reservedRows: Int? {
        let drawn = (0..<emulator.rows).last { !emulator.screen.isBlank($0) }.map { $0 + 1 } ?? 0
        return max(2, scrolled.count + drawn)
    }

    func drawn(at now: Nanoseconds) -> Bool {
        guard changed else { return false }
        taken = nil
        // The scrolled-off lines in view are on the terminal now: final.
        let done = min(scrolled.count, screen.height)
        scrolled.removeFirst(done)
        changed = done > 0
        if changed { refreshScene() }
        return changed
    }

    func showEverything(at now: Nanoseconds) {
        guard !timeless else { return }
        schedule.timeless = true
        if let b = block { scene.finishReveal(id: b.id, at: now) }
    }

    // MARK: - Terminal

    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        let top = base - scrolled.count
        emulator.resize(rows: rows, columns: art?.columns ?? columns)
        rewrites.resize(rows: rows, columns: art?.columns ?? columns)
        noteChanges()
        let start = try screen.restart(columns: columns, rows: rows, fromRow: top, clearing: true, at: now)
        if start > top {
            // A terminal that lost rows pushed the top of the view into its scrollback: those rows are
            // out of reach and stay as they are (drawn again, they came twice).
            scrolled.removeFirst(min(scrolled.count, start - top))
            reachable = start
        }
        changed = true
        refreshScene()
    }

    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {
        schedule.shift(by: pause)
        _ = try screen.restart(columns: screen.width, rows: screen.height, fromRow: base - scrolled.count, clearing: false, at: now)
        changed = true
        refreshScene()
    }
}
