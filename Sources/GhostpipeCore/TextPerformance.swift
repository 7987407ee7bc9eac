/// How streamed text is paced.
public struct Pacing: Sendable {
    /// Graphemes per second (`--cps`; `--wpm N` is N×5/60).
    public var graphemesPerSecond: Double = Pacer.graphemesPerSecond(wpm: 300)
    /// Natural pauses after sentence and line ends.
    public var pauses = true
    /// `--duration`: fit the whole text into this time (reads to EOF first).
    public var duration: Nanoseconds?

    public init(graphemesPerSecond: Double = Pacer.graphemesPerSecond(wpm: 300), pauses: Bool = true,
                duration: Nanoseconds? = nil) {
        self.graphemesPerSecond = graphemesPerSecond
        self.pauses = pauses
        self.duration = duration
    }
}

/// Streamed text revealed grapheme by grapheme (the typewriter): input → UTF-8 cleaning →
/// (sanitizing, for terminals) → grapheme clusters → (layout, for terminals) → pacing → presenter.
///
/// Every stage works as input arrives, so output begins before EOF. A grapheme is scheduled as soon as
/// it is ready: arrived, and — on a terminal — placed, which for the first grapheme of a word means
/// the whole word has arrived (or cannot fit anyway), so the word never jumps to the next row after it
/// started. With `--instant` and an output that does not carry time, nothing waits at all.
public final class TextPerformance: Performance {
    private let presenter: any GlyphPresenter
    private var stream: GraphemeStream
    private var queue = GlyphQueue()
    private var layout: FlowLayout?
    private var pacer: Pacer
    private var fitted: FittedSchedule?
    private let duration: Nanoseconds?
    /// Show everything as soon as it arrives (`--instant` to an output without time, or after a key).
    private var timeless: Bool
    private let tabWidth: Int
    /// The first grapheme of the row the typing head is on, and that row: what a resize or `fg`
    /// draws again.
    private var rowStart = 0
    private var headRow = 0
    private var ended = false
    private var origin: Nanoseconds
    /// Backpressure: stop reading while this many graphemes wait to be shown.
    public var maxQueued = 1 << 16

    /// Rows of the screen (for redraws).
    public var screenRows = 24
    /// Widths as the terminal draws them (probed), or nil for the Unicode widths.
    public var widths: MeasuredWidths?

    public init(pacing: Pacing, presenter: any GlyphPresenter, width: Int, tabWidth: Int = 8,
                instant: Bool, origin: Nanoseconds, keepInputColors: Bool = true) {
        self.presenter = presenter
        self.stream = GraphemeStream(sanitizing: presenter.needsLayout, keepingStyles: keepInputColors)
        self.layout = presenter.needsLayout ? FlowLayout(width: width, tabWidth: tabWidth) : nil
        self.tabWidth = tabWidth
        self.pacer = Pacer(graphemesPerSecond: pacing.graphemesPerSecond, pauses: pacing.pauses)
        self.duration = pacing.duration
        self.fitted = pacing.duration == nil ? nil : FittedSchedule(pauses: pacing.pauses)
        self.timeless = instant && !presenter.carriesTime
        self.origin = origin
    }

    public var wantsInput: Bool { !ended && (fitted != nil || queue.pending < maxQueued) }
    public var holdsPartialInput: Bool { stream.holdsPartialInput || (layout?.heldCount ?? 0) > 0 }
    public var isFinished: Bool { ended && queue.head == queue.count }

    public func receive(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws {
        ingest(stream.push(bytes), at: now)
    }

    public func inputPaused(at now: Nanoseconds) throws {
        ingest(stream.flushAfterPause(), at: now)
        layout?.flushHeldWord()
        ingest(GraphemeBatch(), at: now)
    }

    public func inputEnded(at now: Nanoseconds) throws {
        ingest(stream.finish(), at: now)
        layout?.flushHeldWord()
        ended = true
        ingest(GraphemeBatch(), at: now)
        if let fitted, let duration {
            // The whole text is known: spread it over the duration, starting now.
            for k in queue.instants.count..<queue.count {
                queue.schedule(now + fitted.offset(k, duration: duration))
            }
        }
    }

    private func ingest(_ batch: GraphemeBatch, at now: Nanoseconds) {
        let first = queue.count
        if layout != nil, let widths, widths.isProbing {
            // Ask the terminal about clusters it may draw differently before laying them out.
            if widths.learn((0..<batch.count).lazy.map { batch.string($0) }) { presenter.invalidateCursorRow() }
        }
        // Without time (--instant to a pipe or terminal) nothing needs pacing: no kinds, no instants.
        queue.append(batch, classify: !timeless || layout != nil, measure: layout != nil, widths: widths)
        if layout != nil {
            for k in first..<queue.count {
                layout?.add(queue.kinds[k], width: Int(queue.widths[k]))
            }
            for placement in layout?.drain() ?? [] { queue.place(placement) }
        }
        let ready = layout == nil ? queue.count : queue.placements.count
        readyCount = ready
        if timeless { return }
        if fitted != nil {
            // --duration: only count units now; instants come at EOF (nothing is presented before).
            for k in (fitted?.units.count ?? 0)..<ready { fitted?.add(queue.kinds[k]) }
            return
        }
        queue.schedule(upTo: ready, with: &pacer, ready: now)
    }
    /// Graphemes that are ready (placed, for screens).
    private var readyCount = 0

    public func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        let instants = queue.instants
        var k = queue.head
        if timeless {
            k = readyCount
        } else {
            while k < instants.count && instants[k] <= now { k += 1 }
        }
        if k > queue.head {
            try presenter.present(queue, queue.head..<k, at: timeless ? now : instants[k - 1])
            if layout != nil { followHead(through: k) }
            queue.advanceHead(to: k)
            let dropped = queue.compact(keepingFrom: layout != nil ? rowStart : nil)
            readyCount -= dropped
            rowStart -= dropped
        }
        return !timeless && queue.head < queue.instants.count ? queue.instants[queue.head] : nil
    }

    /// Keeps `rowStart`/`headRow` on the row where graphemes up to `k` leave the typing head.
    private func followHead(through k: Int) {
        for i in queue.head..<k {
            let placement = queue.placements[i]
            if queue.kinds[i] == .newline {
                headRow = placement.row + 1
                rowStart = i + 1
            } else if placement.row != headRow {
                headRow = placement.row
                rowStart = i
            }
        }
    }

    /// Lays out the head's row and everything after it again at `columns`, and has the presenter
    /// draw afresh from the cursor's line.
    private func relayout(columns: Int, rows: Int, at now: Nanoseconds) throws {
        guard layout != nil else { return }
        var fresh = FlowLayout(width: columns, tabWidth: tabWidth, row: headRow)
        queue.unplace(from: rowStart)
        for k in rowStart..<queue.count {
            fresh.add(queue.kinds[k], width: Int(queue.widths[k]))
            for placement in fresh.drain() { queue.place(placement) }
        }
        if ended { fresh.flushHeldWord(); for placement in fresh.drain() { queue.place(placement) } }
        layout = fresh
        // A grapheme held back again (its word now waits for its end) gets a new instant when placed.
        queue.truncateInstants(to: queue.placements.count)
        readyCount = queue.placements.count
        if !timeless && fitted == nil { queue.schedule(upTo: readyCount, with: &pacer, ready: now) }
        try presenter.restart(columns: columns, rows: rows, queue: queue, redraw: rowStart..<queue.head, firstRow: headRow, at: now)
    }

    public func finish(interrupted: Bool, at now: Nanoseconds) throws {
        let next = layout.map { Placement(row: $0.row, column: $0.column, width: 0) }
        try presenter.finish(next: next, interrupted: interrupted, at: now)
    }
}

extension TextPerformance: TerminalAware {
    /// `q` quits; any other key finishes the animation at once: everything read so far, and all
    /// that follows, is shown without waiting (a login banner skipped with a key).
    public func press(_ key: Key, at now: Nanoseconds) throws -> KeyResponse {
        if key.meansQuit { return .quit }
        timeless = true
        return .handled
    }

    public func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        try relayout(columns: columns, rows: rows, at: now)
    }

    public func suspend(at now: Nanoseconds) throws {
        try presenter.suspend(at: now)
    }

    public func resume(at now: Nanoseconds, after pause: Nanoseconds) throws {
        queue.shiftInstants(from: queue.head, by: pause)
        pacer.shift(by: pause)
        let width = layout?.width ?? 80
        try relayout(columns: width, rows: screenRows, at: now)
    }
}
