/// Streamed text rolled upward through a viewport like a film's end credits (`--effect credits` on a
/// terminal): each line is centred (long lines wrap at word boundaries, each row centred), enters at
/// the bottom of the viewport and moves up one row per step at a steady rate.
///
/// - The viewport is the screen height minus one row (`Stage.fixedRows`), reserved when the first row
///   arrives; the row below it is where the cursor ends, as after `cat`.
/// - Rate: `--duration` spreads the whole roll over that time (the text is read to its end first);
///   otherwise `Credits.rowsPerSecond` of the pace. Input slower than the roll makes it wait with the
///   newest row at the bottom; it resumes as soon as a row arrives.
/// - Final screen: the text at rest where `cat` would have left it, centred. A text shorter than the
///   viewport rolls until its first line reaches the top row (so it sits on the rows `cat` would
///   use); a longer one rolls until its last line reaches the bottom row of the viewport (the last
///   screenful). Then the cursor goes to the start of the row below the last line. With leading
///   blanks removed from each row, the screen is `cat`'s screen.
/// - A line shows once its line break (or the end of input) arrives: it cannot be centred before its
///   width is known.
/// - Endless input is fine: only rows still to be shown are kept, and reading pauses while enough
///   rows wait.
public final class CreditsPerformance: Performance {
    private let stage: Stage
    private let context: EffectContext
    private let tabWidth: Int
    private let duration: Nanoseconds?
    private var timeless: Bool
    /// Rows of the viewport.
    private let viewport: Int
    private var stream = GraphemeStream(sanitizing: true)
    /// The line being read (up to its line break).
    private var line: [StyledGrapheme] = []
    /// Laid-out rows (glyph rows are 0), from absolute row `firstRow` on; rows above the viewport
    /// are dropped.
    private var rows: [[Glyph]] = []
    private var firstRow = 0
    /// Rows laid out so far (absolute count).
    private var rowCount: Int { firstRow + rows.count }
    /// Steps taken: row i is on viewport row `viewport − rolled + i`.
    private var rolled = 0
    /// Steps are counted from this anchor: step j is due at `anchor.time + (j − anchor.step) · interval`
    /// (computed from the anchor each time, so rounding never accumulates).
    private var anchor: (time: Nanoseconds, step: Int)?
    private var interval: Double
    private var ended = false
    private var shown = -1
    /// Backpressure: stop reading while this many rows wait below the viewport; cap a line's length.
    private var maxAhead: Int { 4 * viewport + 64 }
    private let maxLine = 1 << 16

    public init(stage: Stage, context: EffectContext, tabWidth: Int = 8, duration: Nanoseconds?,
                instant: Bool, recording: Bool) {
        self.stage = stage
        self.context = context
        self.tabWidth = tabWidth
        self.duration = duration
        self.timeless = instant && !recording
        viewport = max(1, stage.height - 1)
        interval = 1e9 / Credits.rowsPerSecond(pace: context.graphemesPerSecond)
    }

    /// Where the roll stops: with more to come, the newest row at the bottom; at the end, the rest
    /// position (`rest`).
    private var limit: Int { ended ? rest : rowCount }
    /// The first line on the top row for a short text, the last line on the bottom row for a long one.
    private var rest: Int { rowCount == 0 ? 0 : max(rowCount, viewport) }

    public var wantsInput: Bool { !ended && (duration != nil || rowCount - rolled < maxAhead) }
    public var holdsPartialInput: Bool { stream.holdsPartialInput }
    public var isFinished: Bool { ended && rolled == rest && shown == rolled }

    public func receive(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws {
        collect(stream.push(bytes), at: now)
    }

    public func inputPaused(at now: Nanoseconds) throws {
        collect(stream.flushAfterPause(), at: now)
    }

    public func inputEnded(at now: Nanoseconds) throws {
        collect(stream.finish(), at: now)
        if !line.isEmpty { commitLine(at: now) }
        ended = true
        if let duration {
            // The whole text is known: the roll to rest takes the duration.
            interval = rest > 0 ? Double(duration) / Double(rest) : 0
            anchor = (now, 0)  // step j at now + j · interval: the last exactly at now + duration
        } else {
            resume(at: now)
        }
    }

    private func collect(_ batch: GraphemeBatch, at now: Nanoseconds) {
        for k in 0..<batch.count {
            let text = batch.string(k)
            let kind = text.utf8.withContiguousStorageIfAvailable { GraphemeKind.of($0) } ?? .other
            if kind == .newline { commitLine(at: now); continue }
            line.append(StyledGrapheme(text))
            if line.count >= maxLine { commitLine(at: now) }
        }
    }

    /// Lays out the line read so far as centred rows.
    private func commitLine(at now: Nanoseconds) {
        let block = BlockLayout.layout(line, width: stage.width, alignment: .center, tabWidth: tabWidth, boxWidth: stage.width)
        line.removeAll(keepingCapacity: true)
        var laid = Array(repeating: [Glyph](), count: max(1, block.rows))
        for var glyph in block.glyphs where glyph.row >= 0 && glyph.row < laid.count {
            let r = glyph.row
            glyph.row = 0
            laid[r].append(glyph)
        }
        rows += laid
        if duration == nil { resume(at: now) }
    }

    /// If the roll was waiting for rows, it goes on now.
    private func resume(at now: Nanoseconds) {
        guard rolled < limit else { return }
        if let anchor, nextStep(from: anchor) >= now { return }
        // Waiting (or not started): the next step is due now.
        anchor = (now, rolled + 1)
    }

    private func nextStep(from anchor: (time: Nanoseconds, step: Int)) -> Nanoseconds {
        anchor.time + Nanoseconds((Double(rolled + 1 - anchor.step) * interval).rounded())
    }

    public func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        if timeless || (duration != nil && ended && interval == 0) {
            rolled = limit
        } else if let anchor {
            while rolled < limit && nextStep(from: anchor) <= now { rolled += 1 }
        }
        if rolled != shown { try show(at: now) }
        guard rolled < limit, let anchor else { return nil }
        return nextStep(from: anchor)
    }

    /// Puts the visible rows on stage and draws them.
    private func show(at now: Nanoseconds) throws {
        shown = rolled
        guard rowCount > 0 else { return }
        stage.fixedRows = 0..<viewport
        // Rows above the viewport are gone for good.
        let top = max(firstRow, rolled - viewport)
        if top > firstRow {
            rows.removeFirst(min(rows.count, top - firstRow))
            firstRow = top
        }
        var glyphs: [Glyph] = []
        for i in firstRow..<min(rowCount, rolled) {
            let r = viewport - rolled + i
            for var glyph in rows[i - firstRow] {
                glyph.row = r
                glyphs.append(glyph)
            }
        }
        stage.removeAll()
        stage.add(Stage.Actor(id: 0, block: Block(glyphs: glyphs, rows: viewport, columns: stage.width), effect: AtRest(),
                              context: context, start: 0, duration: 0, row: 0))
        try stage.render(at: now, stamp: now)
    }

    public func finish(interrupted: Bool, at now: Nanoseconds) throws {
        // The row below the last line, as `cat` leaves the cursor after text ending in a line break.
        let row = rowCount == 0 ? 0 : viewport - rolled + rowCount
        try stage.finish(row: max(0, row), column: 0, interrupted: interrupted, stamp: now)
    }
}

extension CreditsPerformance: TerminalAware {
    /// `q` quits; any other key rolls to the end at once.
    public func press(_ key: Key, at now: Nanoseconds) throws -> KeyResponse {
        if key.meansQuit { return .quit }
        timeless = true
        return .handled
    }

    /// The viewport is drawn afresh (rows laid out before keep their width).
    public func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        try stage.restart(columns: columns, rows: rows, fromRow: 0, clearing: true, stamp: now)
        shown = -1
    }

    public func suspend(at now: Nanoseconds) throws { try stage.suspend(stamp: now) }

    /// The stop counts as a pause: the roll continues where it stopped, drawn on the fresh line.
    public func resume(at now: Nanoseconds, after pause: Nanoseconds) throws {
        if let current = anchor { anchor = (current.time + pause, current.step) }
        try stage.restart(columns: stage.width, rows: stage.height, fromRow: 0, clearing: false, stamp: now)
        shown = -1
    }
}

/// The viewport's rows as they are: the roll itself moves them between frames.
private struct AtRest: Effect {
    var name: String { "at-rest" }
    var summary: String { "" }
    func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds { 0 }
    func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
              into frame: inout Frame, row: Int, column: Int) {
        drawFinal(block, into: &frame, row: row, column: column)
    }
    func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? { nil }
}
