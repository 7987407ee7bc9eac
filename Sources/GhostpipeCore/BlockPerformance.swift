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
    private var stream = GraphemeStream(sanitizing: true)
    private var paragraph: [StyledGrapheme] = []
    /// Index in `paragraph` just after its last line break.
    private var completeLinesEnd = 0
    private var paragraphHasText = false
    private var lineHasText = false
    private let tabWidth: Int
    private let duration: Nanoseconds?
    private let timeless: Bool
    /// Blocks laid out, waiting for their turn (with `--duration`, all of them until the end of input).
    private var waiting: [(block: Block, ready: Nanoseconds)] = []
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
                duration: Nanoseconds?, instant: Bool, recording: Bool) {
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
            // The whole text is known: share the duration between blocks by their length.
            let total = max(1, waiting.reduce(0) { $0 + $1.block.count })
            var start = now
            for (block, _) in waiting {
                let budget = Nanoseconds(Double(duration) * Double(block.count) / Double(total))
                schedule(block, start: start, budget: budget)
                start += budget
            }
            waiting.removeAll()
        }
    }

    private func collect(_ batch: GraphemeBatch, at now: Nanoseconds) {
        for k in 0..<batch.count {
            let text = batch.string(k)
            let kind = text.utf8.withContiguousStorageIfAvailable { GraphemeKind.of($0) } ?? .other
            paragraph.append(StyledGrapheme(text))
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
        let block = BlockLayout.layout(text, width: stage.width, tabWidth: tabWidth)
        // Slices no taller than the screen minus one row (the row the cursor stays on).
        let sliceRows = max(1, stage.height - 1)
        var top = 0
        repeat {
            let slice = block.rows > sliceRows ? block.slice(rows: top..<min(block.rows, top + sliceRows)) : block
            waiting.append((slice, ready))
            top += sliceRows
        } while top < block.rows
        if duration == nil { startWaitingBlocks() }
    }

    private func startWaitingBlocks() {
        while let first = waiting.first, stage.actors.count < 2 {
            waiting.removeFirst()
            schedule(first.block, start: max(first.ready, stageFreeAt), budget: nil)
        }
    }

    private func schedule(_ block: Block, start: Nanoseconds, budget: Nanoseconds?) {
        var context = self.context
        context.seed = self.context.seed &+ blockIndex
        blockIndex += 1
        let length = effect.duration(of: block, budget: budget, context: context)
        stage.add(Stage.Actor(id: 0, block: block, effect: effect, context: context, start: start,
                              duration: length, row: nextRow))
        cursor = Placement(row: nextRow + block.end.row, column: block.end.column, width: 0)
        nextRow += block.end.column == 0 ? block.end.row : block.end.row + 1
        stageFreeAt = start + length
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
        if duration == nil { startWaitingBlocks() }
        pendingChange = stage.nextChange(after: now)
        return pendingChange
    }

    public func finish(interrupted: Bool, at now: Nanoseconds) throws {
        try stage.finish(row: cursor.row, column: cursor.column, interrupted: interrupted, stamp: now)
    }
}
