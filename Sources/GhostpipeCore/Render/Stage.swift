/// Blocks on a terminal, each revealed through its effect from its start instant, composed into one
/// frame and drawn by the diffing renderer: the screen side of everything that is not the streaming
/// typewriter (effects on paragraphs, subtitle cues in their band, credits).
///
/// Rows are document rows (see `Frame`). In a band (`fixedRows`) the frame always covers the band, so a
/// cue that ends leaves blank cells there and the renderer erases them. In the flow, a block whose
/// reveal is over is final: it is dropped and its rows leave the frame untouched.
public final class Stage {
    /// A block on stage.
    public struct Actor {
        public var id: Int
        public var block: Block
        public var effect: any Effect
        public var context: EffectContext
        /// Instant the reveal starts.
        public var start: Nanoseconds
        public var duration: Nanoseconds
        /// Instant it is cleared (cues); nil: it stays.
        public var end: Nanoseconds?
        /// Document row and column of the block's top-left cell.
        public var row: Int
        public var column: Int

        public init(id: Int, block: Block, effect: any Effect, context: EffectContext, start: Nanoseconds,
                    duration: Nanoseconds, end: Nanoseconds? = nil, row: Int, column: Int = 0) {
            self.id = id
            self.block = block
            self.effect = effect
            self.context = context
            self.start = start
            self.duration = duration
            self.end = end
            self.row = row
            self.column = column
        }

        /// The reveal is over and it will never change again.
        func isSettled(at t: Nanoseconds) -> Bool { end == nil && t >= start + duration }
    }

    private var renderer: TerminalRenderer
    private let sink: any ByteSink
    public private(set) var actors: [Actor] = []
    /// Rows the frame always covers (a subtitle band), if any.
    public var fixedRows: Range<Int>?
    /// Extra rows to draw (a status line) — drawn over the frame after the actors.
    public var overlayRows: [Int: [Cell]] = [:]
    private var cursorHidden = false
    private var nextID = 0

    public init(sink: any ByteSink, width: Int, height: Int, depth: ColorDepth) {
        self.sink = sink
        self.renderer = TerminalRenderer(width: width, height: height, depth: depth)
    }

    public var width: Int { renderer.width }
    public var height: Int { renderer.height }

    /// Puts a block on stage; returns its id.
    @discardableResult
    public func add(_ actor: Actor) -> Int {
        var actor = actor
        actor.id = nextID
        nextID += 1
        actors.append(actor)
        return actor.id
    }

    public func remove(id: Int) { actors.removeAll { $0.id == id } }
    public func removeAll() { actors.removeAll() }

    /// The frame at `t`: every actor that has started and not ended, drawn by its effect.
    public func frame(at t: Nanoseconds) -> Frame {
        var top = fixedRows?.lowerBound ?? Int.max
        var bottom = fixedRows?.upperBound ?? Int.min
        for actor in actors where actor.start <= t {
            top = min(top, actor.row)
            bottom = max(bottom, actor.row + actor.block.rows)
        }
        for row in overlayRows.keys { top = min(top, row); bottom = max(bottom, row + 1) }
        guard top < bottom else { return Frame(width: width, origin: renderer.bottomRow, rowCount: 0) }
        var frame = Frame(width: width, origin: top, rowCount: bottom - top)
        for actor in actors where actor.start <= t && (actor.end.map { t < $0 } ?? true) {
            actor.effect.draw(actor.block, elapsed: t - actor.start, duration: actor.duration, context: actor.context,
                              into: &frame, row: actor.row, column: actor.column)
        }
        for (row, cells) in overlayRows where row >= frame.origin && row < frame.end {
            frame.rows[row - frame.origin] = Array(cells.prefix(width)) + Array(repeating: .blank, count: max(0, width - cells.count))
        }
        return frame
    }

    /// Draws the frame at `t` (stamped `stamp` for recordings), then drops settled flow blocks.
    public func render(at t: Nanoseconds, stamp: Nanoseconds) throws {
        var out: [UInt8] = []
        if let fixedRows, fixedRows.upperBound > 0 {
            renderer.reserve(through: fixedRows.upperBound - 1, into: &out)
        }
        renderer.render(frame(at: t), into: &out)
        if fixedRows == nil { actors.removeAll { $0.isSettled(at: t) } }
        guard !out.isEmpty else { return }
        if !cursorHidden {
            out.insert(contentsOf: ANSI.hideCursor, at: 0)
            cursorHidden = true
        }
        try sink.write(out, at: stamp)
    }

    /// The next instant after `t` at which the frame changes: a start, an end, or an effect's next step.
    /// Effect steps come no sooner than `stepFloor` after `t` (a frame-rate cap when time runs fast);
    /// starts and ends are always exact.
    public func nextChange(after t: Nanoseconds, stepFloor: Nanoseconds = 0) -> Nanoseconds? {
        var next: Nanoseconds?
        func consider(_ instant: Nanoseconds) { if instant > t { next = min(next ?? instant, instant) } }
        for actor in actors {
            if actor.start > t { consider(actor.start); continue }
            if let end = actor.end { consider(end); if end <= t { continue } }
            if let step = actor.effect.nextChange(actor.block, after: t - actor.start, duration: actor.duration, context: actor.context) {
                consider(max(actor.start + step, t + stepFloor))
            }
        }
        return next
    }

    /// Moves an actor (cues restack when others start or end).
    public func move(id: Int, row: Int, column: Int) {
        guard let i = actors.firstIndex(where: { $0.id == id }) else { return }
        actors[i].row = row
        actors[i].column = column
    }


    /// Draw afresh at a new size, or after `fg`: a new renderer numbering the cursor's line as
    /// document row `fromRow`. With `clearing` (a resize), the old region from `fromRow` down (or from
    /// the highest row still on screen) is erased first, so nothing of the old layout is left; after
    /// `fg` the cursor is on a fresh line and nothing is erased.
    public func restart(columns: Int, rows: Int, fromRow: Int, clearing: Bool, stamp: Nanoseconds) throws {
        var out: [UInt8] = []
        if clearing { _ = renderer.clearFrom(row: fromRow, newHeight: rows, into: &out) } else { out.append(0x0D) }
        renderer = TerminalRenderer(width: columns, height: rows, depth: renderer.depth, startingRow: fromRow)
        try sink.write(out, at: stamp)
    }

    /// The cursor's row was drawn over (a width probe): redraw it with the next frame.
    public func invalidateCursorRow() { renderer.invalidateCursorRow() }

    /// The document row the cursor is on now.
    public var cursorRow: Int { renderer.currentRow }

    /// Attributes off and the cursor shown, before the process stops (Ctrl-Z).
    public func suspend(stamp: Nanoseconds) throws {
        var out: [UInt8] = []
        renderer.resetAttributes(into: &out)
        if cursorHidden { out.append(contentsOf: ANSI.showCursor) }
        cursorHidden = false
        try sink.write(out, at: stamp)
    }

    /// Shows an actor's block complete at once (a key pressed during its reveal).
    public func finishReveal(id: Int, at t: Nanoseconds) {
        guard let i = actors.firstIndex(where: { $0.id == id }) else { return }
        for g in actors[i].block.glyphs.indices { actors[i].block.glyphs[g].reveal = nil }
        actors[i].duration = max(0, min(actors[i].duration, t - actors[i].start))
    }

    /// Moves every actor's start (and end) later by `delta` (the process was stopped).
    public func shiftTimes(by delta: Nanoseconds) {
        for i in actors.indices {
            actors[i].start += delta
            actors[i].end = actors[i].end.map { $0 + delta }
        }
    }

    /// Replaces an actor's block (laid out again at a new width).
    public func replaceBlock(id: Int, with block: Block, column: Int) {
        guard let i = actors.firstIndex(where: { $0.id == id }) else { return }
        actors[i].block = block
        actors[i].column = column
    }

    /// Leaves the cursor at (row, column) like plain output would, attributes off, cursor shown.
    public func finish(row: Int, column: Int, interrupted: Bool, stamp: Nanoseconds) throws {
        var out: [UInt8] = []
        if interrupted { renderer.finishInterrupted(into: &out) } else { renderer.finish(atRow: row, column: column, into: &out) }
        if cursorHidden { out.append(contentsOf: ANSI.showCursor) }
        try sink.write(out, at: stamp)
    }

}
