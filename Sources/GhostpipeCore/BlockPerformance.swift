/// Streamed text revealed a block at a time by an effect other than the typewriter: each paragraph
/// (lines up to a blank line, the end of input, or a pause in an interactive stream after a complete
/// line) is laid out in its final place, then revealed as a whole, one block after another, each
/// placed below the last like the text would be by `cat`.
///
/// A paragraph taller than the screen cannot be redrawn in place once it has scrolled, so it is
/// revealed in slices one row shorter than the screen; nothing is lost.
public final class BlockPerformance: Performance {
    private let stage: Stage
    private let effect: any Effect
    private var context: EffectContext
    private var stream: GraphemeStream
    /// Widths as the terminal draws them (probed), or nil for the Unicode widths.
    public var widths: MeasuredWidths?
    private var paragraph: [StyledGrapheme] = []
    /// Index in `paragraph` just after its last line break.
    private var completeLinesEnd = 0
    private var paragraphHasText = false
    private var lineHasText = false
    private let tabWidth: Int
    private let duration: Nanoseconds?
    private var timeless: Bool
    /// Paragraphs waiting for their turn (with `--duration`, all of them until the end of input); laid
    /// out when they go on stage, at the width the terminal has then.
    private var waiting: [(text: [StyledGrapheme], ready: Nanoseconds)] = []
    /// The text of each block on stage (to lay it out again after a resize), unless it is a slice.
    private var sources: [Int: [StyledGrapheme]] = [:]
    private var nextRow = 0
    private var cursor = Placement(row: 0, column: 0, width: 0)
    /// When the block on stage finishes its reveal.
    private var stageFreeAt: Nanoseconds = .min
    private var blockIndex: UInt64 = 0
    private var ended = false
    /// Backpressure: stop reading while this many blocks wait, or a paragraph grows this long.
    private let maxWaiting = 4
    private let maxParagraph = 1 << 16

    public init(stage: Stage, effect: any Effect, context: EffectContext, tabWidth: Int = 8,
                duration: Nanoseconds?, instant: Bool, recording: Bool, keepInputColors: Bool = true) {
        self.stream = GraphemeStream(sanitizing: true, keepingStyles: keepInputColors)
        self.stage = stage
        self.effect = effect
        self.context = context
        self.tabWidth = tabWidth
        self.duration = duration
        self.timeless = instant && !recording
    }

    public var wantsInput: Bool { !ended && (duration != nil || waiting.count < maxWaiting) }
    public var holdsPartialInput: Bool { stream.holdsPartialInput || completeLinesEnd > 0 }
    /// Input ended, every block is on stage, and nothing on stage will change again.
    public var isFinished: Bool { ended && waiting.isEmpty && pendingChange == nil }
    private var pendingChange: Nanoseconds?

    public func receive(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws {
        collect(stream.push(bytes), at: now)
    }

    public func inputPaused(at now: Nanoseconds) throws {
        collect(stream.flushAfterPause(), at: now)
        // An interactive stream paused after complete lines: show them rather than wait for a blank line.
        if completeLinesEnd > 0 && paragraphHasText { cut(at: completeLinesEnd, ready: now) }
    }

    public func inputEnded(at now: Nanoseconds) throws {
        collect(stream.finish(), at: now)
        if !paragraph.isEmpty { cut(at: paragraph.count, ready: now) }
        ended = true
        if let duration {
            // The whole text is known: share the duration between paragraphs by their length.
            let lengths = waiting.map { text in text.text.filter { !$0.text.allSatisfy(\.isWhitespace) }.count }
            let total = max(1, lengths.reduce(0, +))
            var start = now
            for (i, (text, _)) in waiting.enumerated() {
                let budget = Nanoseconds(Double(duration) * Double(lengths[i]) / Double(total))
                schedule(text, start: start, budget: budget)
                start += budget
            }
            waiting.removeAll()
        }
    }

    private func collect(_ batch: GraphemeBatch, at now: Nanoseconds) {
        for k in 0..<batch.count {
            let text = batch.string(k)
            let kind = text.utf8.withContiguousStorageIfAvailable { GraphemeKind.of($0) } ?? .other
            paragraph.append(StyledGrapheme(text, style: k < batch.styles.count ? batch.styles[k] : .plain))
            if kind == .newline {
                completeLinesEnd = paragraph.count
                if !lineHasText && paragraphHasText {
                    cut(at: paragraph.count, ready: now)  // a blank line ends the paragraph
                }
                lineHasText = false
            } else if !kind.isBlank {
                lineHasText = true
                paragraphHasText = true
            }
        }
        if paragraph.count >= maxParagraph { cut(at: completeLinesEnd > 0 ? completeLinesEnd : paragraph.count, ready: now) }
    }

    /// Lays out `paragraph[..<end]` as the next block(s).
    private func cut(at end: Int, ready: Nanoseconds) {
        let text = Array(paragraph[..<end])
        paragraph.removeFirst(end)
        completeLinesEnd = 0
        paragraphHasText = paragraph.contains { !$0.text.allSatisfy(\.isWhitespace) }
        waiting.append((text, ready))
        if duration == nil { startWaitingBlocks() }
    }

    private func startWaitingBlocks() {
        while let first = waiting.first, stage.actors.count < 2 {
            waiting.removeFirst()
            schedule(first.text, start: max(first.ready, stageFreeAt), budget: nil)
        }
    }

    /// Lays out a paragraph at the current width and puts it on stage, in slices no taller than the
    /// screen minus one row (the row the cursor stays on) if it must be; `budget` is shared by slices.
    private func schedule(_ text: [StyledGrapheme], start: Nanoseconds, budget: Nanoseconds?) {
        if let widths, widths.learn(text.lazy.map(\.text)) { stage.invalidateCursorRow() }
        let block = BlockLayout.layout(text, width: stage.width, tabWidth: tabWidth, widths: widths)
        let sliceRows = max(1, stage.height - 1)
        let slices = block.rows > sliceRows
            ? stride(from: 0, to: block.rows, by: sliceRows).map { block.slice(rows: $0..<min(block.rows, $0 + sliceRows)) }
            : [block]
        var start = start
        for slice in slices {
            var context = self.context
            context.seed = self.context.seed &+ blockIndex
            blockIndex += 1
            let share = budget.map { Nanoseconds(Double($0) * Double(slice.count) / Double(max(1, block.count))) }
            let length = effect.duration(of: slice, budget: share, context: context)
            let id = stage.add(Stage.Actor(id: 0, block: slice, effect: effect, context: context, start: start,
                                           duration: length, row: nextRow))
            if slices.count == 1 { sources[id] = text }
            cursor = Placement(row: nextRow + slice.end.row, column: slice.end.column, width: 0)
            nextRow += slice.end.column == 0 ? slice.end.row : slice.end.row + 1
            start += length
            stageFreeAt = start
        }
    }

    public func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        if timeless {
            // Everything at its final state, block after block, at once.
            repeat {
                if duration == nil { startWaitingBlocks() }
                try stage.render(at: .max / 2, stamp: now)
            } while duration == nil && !waiting.isEmpty
            pendingChange = nil
            return nil
        }
        if duration == nil { startWaitingBlocks() }
        try stage.render(at: now, stamp: now)
        sources = sources.filter { id, _ in stage.actors.contains { $0.id == id } }
        if duration == nil { startWaitingBlocks() }
        pendingChange = stage.nextChange(after: now)
        return pendingChange
    }

    public func finish(interrupted: Bool, at now: Nanoseconds) throws {
        try stage.finish(row: cursor.row, column: cursor.column, interrupted: interrupted, stamp: now)
    }
}

extension BlockPerformance: TerminalAware {
    /// `q` quits; any other key shows everything at once from now on.
    public func press(_ key: Key, at now: Nanoseconds) throws -> KeyResponse {
        if key.meansQuit { return .quit }
        timeless = true
        return .handled
    }

    /// Lays the blocks on stage out again at the new width (what is still to come is laid out when
    /// its turn comes), then redraws from the cursor's row.
    public func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        var row = stage.actors.map(\.row).min() ?? nextRow
        try stage.restart(columns: columns, rows: rows, fromRow: row, clearing: true, stamp: now)
        for actor in stage.actors.sorted(by: { $0.row < $1.row }) {
            if let text = sources[actor.id] {
                let block = BlockLayout.layout(text, width: columns, tabWidth: tabWidth, widths: widths)
                stage.replaceBlock(id: actor.id, with: block, column: 0)
                stage.move(id: actor.id, row: row, column: 0)
                cursor = Placement(row: row + block.end.row, column: block.end.column, width: 0)
                row += block.end.column == 0 ? block.end.row : block.end.row + 1
            } else {
                row = max(row, actor.row + actor.block.rows)
            }
        }
        nextRow = row
    }

    public func suspend(at now: Nanoseconds) throws { try stage.suspend(stamp: now) }

    /// After `fg`: the reveal continues where it was, redrawn from the cursor's fresh line.
    public func resume(at now: Nanoseconds, after pause: Nanoseconds) throws {
        stage.shiftTimes(by: pause)
        stageFreeAt += pause
        let top = stage.actors.map(\.row).min() ?? nextRow
        try stage.restart(columns: stage.width, rows: stage.height, fromRow: top, clearing: false, stamp: now)
    }
}
