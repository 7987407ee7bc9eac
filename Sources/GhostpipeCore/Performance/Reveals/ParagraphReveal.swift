/// Streamed text revealed a paragraph at a time by an effect other than the typewriter: each
/// paragraph (lines up to a blank line, the end of input, or a pause in an interactive stream after
/// a complete line) is laid out in its final place, then revealed as a whole, one after another,
/// each placed below the last like the text would be by `cat`.
///
/// On a screen each paragraph is an actor on the scene. A paragraph taller than the screen cannot be
/// redrawn in place once it has scrolled, so it is revealed in slices one row shorter than the
/// screen; nothing is lost.
///
/// `--align` moves each paragraph across the width by its longest line (every row by the same
/// amount). `--place middle|bottom` claims a screenful below where the text starts and stacks the
/// paragraphs in its middle or at its bottom, moving the stack up as each arrives; once the stack
/// no longer fits it stays where it is and the text flows on below. For json output the paragraphs are laid out the same way (at the
/// `--width`) and each grapheme is reported with the instant the effect shows it in its final look.
final class ParagraphReveal: TextReveal {
    private let output: any Output
    private let scene: Scene?
    private let effect: any Effect
    private let context: EffectContext
    private let widths: (any ColumnWidths)?
    private let tabWidth: Int
    private let duration: Nanoseconds?
    private let alignment: RowAlignment
    private let place: BlockPlace
    /// `--place middle|bottom` on a screen: the document rows the paragraphs stack in, while they fit.
    private var area: Range<Int>?
    /// The paragraphs stacked in the area: their actors and their rows from the stack's top.
    private var stack: [(id: Int, row: Int)] = []
    /// How far down the area the stack sits now (`nextRow` and `end` count from the area's top
    /// without it while the stack is placed).
    private var stackOffset = 0
    private var timeless: Bool
    private var columns: Int
    private var rows: Int
    private var paragraphs = Paragraphs()
    /// Paragraphs waiting for their turn (with `--duration`, all of them until the end of input);
    /// laid out when they go on, at the width the terminal has then.
    private var waiting: [(text: [StyledGrapheme], ready: Nanoseconds)] = []
    /// The text of each actor on the scene (to lay it out again after a resize), unless it is a slice.
    private var sources: [Int: [StyledGrapheme]] = [:]
    /// Actors of this reveal on the scene.
    private var onScene: [Int] = []
    /// Slices of a paragraph taller than the screen that have not started: each goes on the scene at
    /// its start (on a one-row screen a paragraph is as many slices as it has rows; all on at once,
    /// every frame went through every one of them). `comingFrom` is the next one.
    private var coming: [Actor] = []
    private var comingFrom = 0
    /// Json: reports waiting for their paragraph's reveal to end.
    private var reports: [(due: Nanoseconds, text: [TimedGrapheme])] = []
    private var nextRow: Int
    /// Where the next paragraph starts on its first row (a prompt's end, for the first one).
    private var nextColumn: Int
    private(set) var end: Placement
    /// When the paragraph revealing now ends.
    private var busyUntil: Nanoseconds = .min
    private var blockIndex: UInt64 = 0
    private var ended = false
    /// Backpressure: stop reading while this many paragraphs wait, or a paragraph grows this long.
    private let maxWaiting = 4

    init(_ setup: RevealSetup) {
        output = setup.output
        scene = setup.scene
        effect = setup.settings.effect
        context = setup.settings.context
        widths = setup.widths
        tabWidth = setup.settings.tabWidth
        duration = setup.settings.pacing.duration
        timeless = setup.timeless
        columns = setup.columns
        rows = setup.rows
        nextRow = setup.row
        nextColumn = setup.column
        end = Placement(row: setup.row, column: setup.column, width: 0)
        alignment = setup.settings.alignment ?? .left
        place = setup.settings.place ?? .top
        if let scene = setup.scene, place != .top {
            // A screenful of its own, from the row below a prompt or text left mid-row.
            if nextColumn > 0 { nextRow += 1; nextColumn = 0 }
            area = nextRow..<(nextRow + max(1, rows - 1))
            scene.fixedRows = area
        } else if alignment != .left && nextColumn > 0 {
            nextRow += 1
            nextColumn = 0
        }
    }

    var wantsInput: Bool { !ended && (duration != nil || waiting.count < maxWaiting) }
    var holdsPartialInput: Bool { paragraphs.holdsCompleteLines }
    var isDone: Bool { ended && waiting.isEmpty && onScene.isEmpty && comingFrom == coming.count && reports.isEmpty }

    /// Lays out a paragraph at the current width, moved across it as `--align` says.
    private func layOut(_ text: [StyledGrapheme]) -> (block: Block, glyphOf: [Int]) {
        let laid = BlockLayout.mappedLayout(text, width: columns, tabWidth: tabWidth, widths: widths, startColumn: nextColumn)
        return (laid.block.placed(alignment, in: columns), laid.glyphOf)
    }

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds) {
        for (text, _) in paragraphs.receive(batch) { queue(text, ready: now) }
    }

    func paused(at now: Nanoseconds) {
        // An interactive stream paused after complete lines: show them rather than wait for a blank line.
        if let text = paragraphs.paused() { queue(text, ready: now) }
    }

    func ended(at now: Nanoseconds) {
        if let text = paragraphs.finish() { queue(text, ready: now) }
        ended = true
        if let duration {
            // The whole text is known: share the duration between paragraphs by their length.
            let lengths = waiting.map { text in text.text.filter { !$0.text.allSatisfy(\.isWhitespace) }.count }
            let total = max(1, lengths.reduce(0, +))
            var start = now
            for (i, (text, _)) in waiting.enumerated() {
                let budget = Nanoseconds(saturating: Double(duration) * Double(lengths[i]) / Double(total))
                schedule(text, start: start, budget: timeless ? 0 : budget)
                start += timeless ? 0 : budget
            }
            waiting.removeAll()
        }
    }

    private func queue(_ text: [StyledGrapheme], ready: Nanoseconds) {
        waiting.append((text, ready))
        if duration == nil { startWaiting() }
    }

    /// Starts waiting paragraphs while the one before is near its end (at most two on at once).
    private func startWaiting() {
        while let first = waiting.first, timeless || onScene.count + (coming.count - comingFrom) + reportsOnHold < 2 {
            waiting.removeFirst()
            schedule(first.text, start: max(first.ready, busyUntil), budget: timeless ? 0 : nil)
        }
    }

    private var reportsOnHold: Int { scene == nil ? reports.count : 0 }

    /// Lays out a paragraph at the current width and puts it on, in slices no taller than the screen
    /// minus one row (the row the cursor stays on) if it must be; `budget` is shared by the slices.
    private func schedule(_ text: [StyledGrapheme], start: Nanoseconds, budget: Nanoseconds?) {
        let (block, glyphOf) = layOut(text)
        if let area, nextRow - area.lowerBound + block.visibleRows > area.count {
            // The stack would not fit: it stays where it is and the text flows on below it.
            release()
        }
        let sliceRows = scene == nil ? max(1, block.rows) : max(1, rows - 1)
        let slices = block.rows > sliceRows
            ? stride(from: 0, to: block.rows, by: sliceRows).map { block.slice(rows: $0..<min(block.rows, $0 + sliceRows)) }
            : [block]
        var start = start
        for (index, slice) in slices.enumerated() {
            var context = self.context
            context.seed = self.context.seed &+ blockIndex
            blockIndex += 1
            let share = budget.map { Nanoseconds(saturating: Double($0) * Double(slice.count) / Double(max(1, block.count))) }
            let length = effect.duration(of: slice, budget: share, context: context)
            if scene != nil, area == nil, index > 0 {
                // A later slice: on the scene when it starts.
                if comingFrom == coming.count { coming.removeAll(); comingFrom = 0 }
                coming.append(Actor(block: slice, effect: effect, context: context, start: start, duration: length, row: nextRow))
            } else if let scene {
                // A stacked paragraph stays on the scene (it moves as the stack grows) until released.
                let id = scene.add(Actor(block: slice, effect: effect, context: context, start: start, duration: length,
                                         end: area == nil ? nil : .max, row: nextRow + stackOffset))
                onScene.append(id)
                if let area { stack.append((id, nextRow - area.lowerBound)) }
                if slices.count == 1 { sources[id] = text }
            } else {
                report(text, glyphOf: glyphOf, block: block, start: start, duration: length, context: context)
            }
            end = Placement(row: nextRow + slice.end.row, column: slice.end.column, width: 0)
            nextRow += slice.end.column == 0 ? slice.end.row : slice.end.row + 1
            nextColumn = 0
            start += length
            busyUntil = start
        }
        if area != nil { restack() }
    }

    /// Places the stack in the area as `--place` says, by the rows its paragraphs show.
    private func restack() {
        guard let area, let scene, let last = stack.last, let lastActor = scene.actor(id: last.id) else { return }
        let height = last.row + lastActor.block.visibleRows
        let offset = place.top(height: height, in: area.count)
        for entry in stack { scene.update(id: entry.id) { $0.row = area.lowerBound + offset + entry.row } }
        end.row += offset  // `end` was just set from the flow, without the offset
        stackOffset = offset
    }

    /// The stack stops moving: its paragraphs become ordinary flow (final once revealed), and the
    /// flow goes on below it.
    private func release() {
        guard let scene else { return }
        for entry in stack { scene.update(id: entry.id) { $0.end = nil } }
        stack.removeAll()
        nextRow += stackOffset
        stackOffset = 0
        area = nil
        scene.fixedRows = nil
    }

    /// Json: each grapheme of the paragraph with the instant it shows in its final look (what draws
    /// nothing, with the grapheme before it), reported when the paragraph's reveal ends.
    private func report(_ text: [StyledGrapheme], glyphOf: [Int], block: Block, start: Nanoseconds,
                        duration: Nanoseconds, context: EffectContext) {
        let settle = effect.settleTimes(block, duration: duration, context: context)
        var last = start
        var timed: [TimedGrapheme] = []
        timed.reserveCapacity(text.count)
        for (k, grapheme) in text.enumerated() {
            let g = glyphOf[k]
            if g >= 0 && g < settle.count { last = start + settle[g] }
            timed.append(TimedGrapheme(grapheme.text, time: last))
        }
        reports.append((start + duration, timed))
    }

    /// Puts the coming slices that have started (all of them, `everything`) on the scene.
    private func bringOnComing(at now: Nanoseconds, everything: Bool = false) {
        guard let scene else { return }
        while comingFrom < coming.count, everything || timeless || coming[comingFrom].start <= now {
            onScene.append(scene.add(coming[comingFrom]))
            comingFrom += 1
        }
        // Those on the scene leave the list now and then (endless input may never empty it).
        if comingFrom >= 64 && comingFrom * 2 >= coming.count {
            coming.removeFirst(comingFrom)
            comingFrom = 0
        }
    }

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        bringOnComing(at: now)
        if duration == nil { startWaiting() }
        while let first = reports.first, first.due <= now || timeless {
            reports.removeFirst()
            try output.shown(first.text, at: now)
            if duration == nil { startWaiting() }
        }
        guard let scene else { return reports.first?.due }
        let animating = scene.actors.contains { now < $0.start + $0.duration }
        scene.cursor = animating ? nil : end
        let next = scene.nextChange(after: now)
        guard comingFrom < coming.count else { return next }
        return min(next ?? .max, coming[comingFrom].start)
    }

    func drawn(at now: Nanoseconds) -> Bool {
        guard let scene else { return false }
        scene.dropSettled(at: now)
        // A stacked paragraph whose reveal is over is done, though it stays on the scene. One pass
        // over the scene: a paragraph on a one-row screen is as many actors as it has rows.
        var going = Set<Int>()
        for actor in scene.actors where now < actor.start + actor.duration || actor.end == nil { going.insert(actor.id) }
        onScene.removeAll { !going.contains($0) }
        if !sources.isEmpty {
            let kept = Set(onScene).union(stack.map(\.id))
            sources = sources.filter { kept.contains($0.key) }
        }
        let before = onScene.count
        if duration == nil { startWaiting() }
        return onScene.count > before
    }

    func showEverything(at now: Nanoseconds) {
        timeless = true
        bringOnComing(at: now, everything: true)
        scene?.updateAll { actor in
            actor.start = min(actor.start, now)
            actor.duration = max(0, min(actor.duration, now - actor.start))
        }
        for i in reports.indices { reports[i].due = min(reports[i].due, now) }
        busyUntil = min(busyUntil, now)
    }

    /// Lays the paragraphs on the scene out again at the new width (what is still to come is laid
    /// out when its turn comes), then redraws from the first of their rows.
    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        self.columns = columns
        self.rows = rows
        bringOnComing(at: now, everything: true)
        guard let scene, let screen = output.screen else { return }
        if let area {
            // The stack is laid out again in a screenful of the new size from the area's top.
            let top = try screen.restart(columns: columns, rows: rows, fromRow: area.lowerBound, clearing: true, at: now)
            let fresh = top..<(top + max(1, rows - 1))
            self.area = fresh
            scene.fixedRows = fresh
            var row = 0
            for i in stack.indices {
                guard let text = sources[stack[i].id] else { continue }
                nextColumn = 0
                let block = layOut(text).block
                scene.update(id: stack[i].id) { $0.block = block; $0.column = 0 }
                stack[i].row = row
                end = Placement(row: top + row + block.end.row, column: block.end.column, width: 0)
                row += block.end.column == 0 ? block.end.row : block.end.row + 1
            }
            nextRow = top + row
            nextColumn = 0
            stackOffset = 0
            if let last = stack.last, let actor = scene.actor(id: last.id), last.row + actor.block.visibleRows > fresh.count {
                restack()
                release()
            } else {
                restack()
            }
            return
        }
        var row = try screen.restart(columns: columns, rows: rows, fromRow: scene.topRow(otherwise: nextRow), clearing: true, at: now)
        for id in onScene.sorted(by: { (scene.actor(id: $0)?.row ?? 0) < (scene.actor(id: $1)?.row ?? 0) }) {
            guard let actor = scene.actor(id: id) else { continue }
            if actor.row + actor.block.rows <= row {
                // Pushed out of reach as the terminal reflowed it: it stays as it is.
                scene.remove(id: id)
            } else if let text = sources[id] {
                nextColumn = 0
                let block = layOut(text).block
                scene.update(id: id) { $0.block = block; $0.row = row; $0.column = 0 }
                end = Placement(row: row + block.end.row, column: block.end.column, width: 0)
                row += block.end.column == 0 ? block.end.row : block.end.row + 1
            } else {
                row = max(row, actor.row + actor.block.rows)
            }
        }
        onScene.removeAll { scene.actor(id: $0) == nil }
        nextRow = row
        nextColumn = 0
    }

    /// After `fg`: the reveal continues where it was, redrawn from the cursor's fresh line.
    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {
        bringOnComing(at: now, everything: true)
        scene?.updateAll { $0.start += pause }
        busyUntil += pause
        for i in reports.indices { reports[i].due += pause }
        guard let scene, let screen = output.screen else { return }
        try screen.restart(columns: screen.width, rows: screen.height, fromRow: scene.topRow(otherwise: nextRow), clearing: false, at: now)
    }
}
