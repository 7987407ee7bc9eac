/// A block on the scene: laid out in its final place, revealed by its effect from `start`.
public struct Actor {
    public var id = 0
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
    /// Left out of the frame for now (a band too small for every cue on show), its time running on.
    public var isHidden = false

    public init(block: Block, effect: any Effect, context: EffectContext, start: Nanoseconds,
                duration: Nanoseconds, end: Nanoseconds? = nil, row: Int, column: Int = 0) {
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
    public func isSettled(at t: Nanoseconds) -> Bool { end == nil && t >= start + duration }

    /// Rows of the block on screen at `t` (a typewriter's rows appear as it reaches them).
    func rowsShown(at t: Nanoseconds) -> Int {
        t >= start + duration ? block.rows : effect.rowsShown(block, elapsed: t - start, duration: duration)
    }
}

/// Glyphs that appear on the scene (`Scene.appearing`): a block's, whose top-left cell is at
/// document `row`, `column`.
public struct Appearing {
    public var glyphs: ArraySlice<Glyph>
    public var row: Int
    public var column: Int
    /// The instant the block's reveal started (a glyph's `reveal` counts from it).
    public var start: Nanoseconds = 0
    /// The instant of the frame these glyphs appeared since.
    public var since: Nanoseconds = 0
}

/// What is on show, as a pure function of time: actors revealed by their effects, extra rows (a
/// status line) and where the cursor rests. `frame(at:)` composes them; the `Screen` draws frames.
///
/// Rows are document rows (see `Frame`). In a band (`fixedRows`) the frame always covers the band,
/// so a cue that ends leaves blank cells there and the renderer erases them. In the flow an actor
/// whose reveal is over is final: `dropSettled` removes it and its rows leave the frame untouched.
public final class Scene {
    /// Every change to it forgets the frame composed last (`composed = nil`): done by each method
    /// that changes it, not by an observer, since an observed array is copied whole (every glyph of
    /// every block) at each change of one element.
    public private(set) var actors: [Actor] = []
    /// Rows the frame always covers (a subtitle band, a credits viewport), if any.
    public var fixedRows: Range<Int>? { didSet { composed = nil } }
    /// Rows drawn over the actors (a status line), by document row.
    public var extraRows: [Int: [Cell]] = [:] { didSet { composed = nil } }
    /// Rows above everything else on show that are final once drawn (a stream's scrolled-off lines):
    /// in the frame as extra rows, or drawn before it by the screen (`finalRowsApart`).
    var finalRows: FinalRows? { didSet { composed = nil } }
    /// Extra rows that are plain lines (a stream's rows in view), for the renderer (`PlainRows`).
    var plainRows: PlainRows?
    /// The lowest document row that must exist on the terminal, made blank if no frame draws there
    /// (a stream's view keeps its place on the screen as its lines scroll off).
    public var reservedThrough: Int? { didSet { composed = nil } }
    /// The instant of the frame composed last, while nothing changed the scene since (`appearing`).
    private var composed: Nanoseconds?
    /// The blank row every frame's rows start from (shared, so the renderer compares untouched rows at once).
    private var blankRow: [Cell] = []
    /// Where the terminal's cursor rests (nil: hidden). Its row need not be in the frame: rows that
    /// left the scene are final and must not be drawn over.
    public var cursor: Placement?
    private var nextID = 0

    public init() {}

    public var isEmpty: Bool { actors.isEmpty }

    /// Puts an actor on the scene; returns its id.
    @discardableResult
    public func add(_ actor: Actor) -> Int {
        var actor = actor
        actor.id = nextID
        nextID += 1
        actors.append(actor)
        composed = nil
        return actor.id
    }

    public func remove(id: Int) { actors.removeAll { $0.id == id }; composed = nil }
    public func removeAll() { actors.removeAll(); composed = nil }
    /// What a performance drew taken off the scene (it is final on the terminal): its actors, extra
    /// and final rows and cursor; the rows it kept (`fixedRows`, `reservedThrough`) stay.
    func removeDrawing() {
        removeAll()
        extraRows = [:]
        finalRows = nil
        plainRows = nil
        cursor = nil
    }
    public func actor(id: Int) -> Actor? { actors.first { $0.id == id } }

    /// Changes an actor in place (its block after a resize, its row when cues restack, its times).
    public func update(id: Int, _ change: (inout Actor) -> Void) {
        guard let i = actors.firstIndex(where: { $0.id == id }) else { return }
        change(&actors[i])
        composed = nil
    }

    /// Adds glyphs to an actor's block (a typewriter's text as it arrives). Glyphs revealed after the
    /// frame composed last do not change that frame, so the next one may still be told as what
    /// appeared since (`appearing`).
    public func append(_ glyphs: [Glyph], toActor id: Int) {
        let kept = composed
        update(id: id) { actor in
            actor.block.glyphs += glyphs
            actor.block.rows = max(actor.block.rows, (glyphs.last?.row ?? 0) + 1)
        }
        // Instants read in place (iterating copied every glyph).
        if let kept, glyphs.withUnsafeBufferPointer({ glyphs in glyphs.indices.allSatisfy { (glyphs[$0].reveal ?? kept) > kept } }) {
            composed = kept
        }
    }

    /// The actor's first `count` rows are final on the terminal (the typing head left them): their
    /// glyphs leave its block and the actor moves down by as much, so every glyph it keeps stays
    /// where it was. Nothing shown changes, so the frame composed last still stands (`appearing`
    /// goes on from it; composing it anew at every row the head starts cost a tenth of a recording).
    public func dropFinalRows(_ count: Int, ofActor id: Int) {
        guard count > 0, let i = actors.firstIndex(where: { $0.id == id }) else { return }
        let kept = composed
        actors[i].block.dropRows(count)
        actors[i].row += count
        composed = kept
    }

    /// Changes every actor (times shifted after a stop).
    public func updateAll(_ change: (inout Actor) -> Void) {
        for i in actors.indices { change(&actors[i]) }
        composed = nil
    }

    /// Removes actors whose reveal is over (flow only: their rows are final on the terminal).
    public func dropSettled(at t: Nanoseconds) {
        actors.removeAll { $0.isSettled(at: t) }
        composed = nil
    }

    /// The first document row any actor occupies (or `otherwise`).
    public func topRow(otherwise: Int) -> Int { actors.map(\.row).min() ?? otherwise }

    /// The frame at `t`, `width` columns wide: every actor that has started and not ended, drawn by
    /// its effect, then the extra rows.
    /// `leavingFinalRows`: the final rows are not in it (`finalRowsApart`: the screen draws them).
    public func frame(at t: Nanoseconds, width: Int, emptyOrigin: Int) -> Frame { frame(at: t, width: width, emptyOrigin: emptyOrigin, leavingFinalRows: false) }

    func frame(at t: Nanoseconds, width: Int, emptyOrigin: Int, leavingFinalRows: Bool) -> Frame {
        var top = fixedRows?.lowerBound ?? Int.max
        var bottom = fixedRows?.upperBound ?? Int.min
        let final = leavingFinalRows ? nil : finalRows.flatMap { $0.lines.isEmpty ? nil : $0 }
        if let final { top = min(top, final.origin); bottom = max(bottom, final.end) }
        for actor in actors where actor.start <= t && !actor.isHidden {
            let shown = actor.rowsShown(at: t)
            guard shown > 0 else { continue }
            top = min(top, actor.row)
            bottom = max(bottom, actor.row + shown)
        }
        for row in extraRows.keys { top = min(top, row); bottom = max(bottom, row + 1) }
        composed = t
        guard top < bottom else {
            var empty = Frame(width: width, origin: emptyOrigin, rowCount: 0)
            empty.cursor = cursor
            return empty
        }
        if blankRow.count != width { blankRow = Array(repeating: .blank, count: width) }
        var frame = Frame(width: width, origin: top, rowCount: bottom - top, blank: blankRow)
        for actor in actors where actor.start <= t && !actor.isHidden && (actor.end.map { t < $0 } ?? true) {
            actor.effect.draw(actor.block, elapsed: t - actor.start, duration: actor.duration, context: actor.context,
                              into: &frame, row: actor.row, column: actor.column)
        }
        for (row, cells) in extraRows where row >= frame.origin && row < frame.end {
            // A row of the frame's width goes in as it is: the same array as the last frame's compares equal at once.
            frame.rows[row - frame.origin] = cells.count == width ? cells
                : Array(cells.prefix(width)) + Array(repeating: .blank, count: max(0, width - cells.count))
        }
        for (i, line) in (final?.lines ?? []).enumerated() where final!.origin + i >= frame.origin && final!.origin + i < frame.end {
            frame.rows[final!.origin + i - frame.origin] = line.cells(width: width)
        }
        frame.cursor = cursor
        return frame
    }

    /// The next frame is composed whole (a performance put the same rows on the scene again).
    func recompose() { composed = nil }

    /// Whether the final rows can be drawn before the frame, the frame then leaving them out: there
    /// are some, and everything else on show is below them (drawn after them, as in one frame).
    var finalRowsApart: Bool {
        guard let finalRows, !finalRows.lines.isEmpty, fixedRows == nil else { return false }
        return actors.allSatisfy { $0.row >= finalRows.end } && extraRows.keys.allSatisfy { $0 >= finalRows.end }
    }

    /// What changed since the frame composed last, up to `t`, when that is only cells appearing (a
    /// typewriter's graphemes, see `Effect.appearing`), in drawing order. Nil when the frame must be
    /// composed whole: the scene changed otherwise, there is a band or extra rows, more than one
    /// actor shows, or its effect cannot say. On success the frame at `t` counts as composed.
    public func appearing(at t: Nanoseconds) -> Appearing? {
        guard let since = composed, t >= since, fixedRows == nil, extraRows.isEmpty, finalRows == nil else { return nil }
        var appeared: Appearing?
        // Fields read in place (copying each actor whole cost more than the rest).
        for i in actors.indices where !actors[i].isHidden && actors[i].start <= t {
            // One actor, shown already and not ending: nothing else can come or go.
            let start = actors[i].start
            guard appeared == nil, start <= since, actors[i].end.map({ $0 > t }) ?? true,
                  let range = actors[i].effect.appearing(actors[i].block, from: since - start, to: t - start, duration: actors[i].duration)
            else { return nil }
            appeared = Appearing(glyphs: actors[i].block.glyphs[range], row: actors[i].row, column: actors[i].column,
                                 start: start, since: since)
        }
        composed = t
        return appeared ?? Appearing(glyphs: [], row: 0, column: 0, since: since)
    }

    /// The next instant after `t` at which the frame changes: a start, an end, an effect's next step,
    /// or the end of a reveal (the actor is final then and leaves the flow). Effect steps come no sooner than `stepFloor` after `t` (a frame-rate cap when time runs
    /// fast); starts and ends are always exact.
    public func nextChange(after t: Nanoseconds, stepFloor: Nanoseconds = 0) -> Nanoseconds? {
        var next: Nanoseconds?
        func consider(_ instant: Nanoseconds) { if instant > t { next = min(next ?? instant, instant) } }
        for actor in actors where !actor.isHidden {
            if actor.start > t { consider(actor.start); continue }
            // An actor held until removed (`end` of `.max`) changes only as its reveal does.
            if let end = actor.end, end != .max { consider(end); if end <= t { continue } } else { consider(actor.start + actor.duration) }
            if let step = actor.effect.nextChange(actor.block, after: t - actor.start, duration: actor.duration, context: actor.context) {
                consider(max(actor.start + step, t + stepFloor))
            }
        }
        return next
    }

    /// Shows an actor's block complete at once (a key pressed during its reveal).
    public func finishReveal(id: Int, at t: Nanoseconds) {
        update(id: id) { actor in
            for g in actor.block.glyphs.indices { actor.block.glyphs[g].reveal = nil }
            actor.duration = max(0, min(actor.duration, t - actor.start))
        }
    }
}
