/// Streamed text rolled upward like a film's end credits (`--effect credits` on a screen): lines
/// enter at the bottom of a viewport (the screen less the row the cursor ends on) and move up one
/// row per step at a steady rate.
///
/// - Layout, a paragraph at a time (lines up to a blank line): a list of names is centred line by
///   line; preformatted text — indented lines, aligned columns, box drawing, ASCII art — keeps its
///   shape and is centred as a block. The input's colours and the terminal's own widths are kept.
/// - The roll lives in document rows: while the text is shorter than the viewport it climbs in
///   place; after that it stays put and the viewport moves down, so the terminal scrolls and
///   earlier lines go into the scrollback as they would with `cat`.
/// - Rate: `--duration` spreads the whole roll over that time (the text is read to its end first);
///   otherwise `Credits.rowsPerSecond` of the pace. Input slower than the roll makes it wait with the
///   newest row at the bottom; it goes on as soon as a row arrives.
/// - Final screen: the text at rest where `cat` would have left it (a short text with its first line
///   on the row it started on, a long one as its last screenful), the cursor on the row below.
/// - A resize lays out again, at the new width, every line still in reach; lines the terminal pushed
///   into its scrollback as it reflowed them stay there, once.
/// - Endless input is fine: only rows still to show are kept, and reading pauses while enough wait.
///   A line longer than `maxLine` graphemes (an endless one) is cut there: the rest of it is dropped,
///   counted, and said when it ends; the roll goes on with the next line.
final class CreditsRoll: TextReveal {
    private let output: any Output
    private let scene: Scene
    private let context: EffectContext
    private let widths: (any ColumnWidths)?
    private let tabWidth: Int
    private let duration: Nanoseconds?
    private var timeless: Bool
    private var columns: Int
    /// Rows of the viewport.
    private var viewport: Int
    /// The document row the roll's text row 0 starts on.
    private var base: Int
    /// The line being read, and complete lines of the paragraph being read.
    private var line: [StyledGrapheme] = []
    private var paragraph: [[StyledGrapheme]] = []
    /// Graphemes in `paragraph`: past `maxLine` it is laid out, though it goes on.
    private var paragraphLength = 0
    /// Lines read (the one being read is the next).
    private var lineNumber = 0
    /// The rest of a line cut at `maxLine`: its number, and what of it is dropped so far.
    private var cutLine: (line: Int, graphemes: Int, bytes: Int)?
    private var notes: [Note] = []

    /// A paragraph laid out: its lines and how many rows each took, from text row `firstRow` on
    /// (kept, to lay it out again at another width, until it has rolled out of sight).
    private struct Laid {
        var lines: [[StyledGrapheme]]
        var lineRows: [Int]
        var firstRow: Int
        var rowCount: Int { lineRows.reduce(0, +) }
    }
    private var laidOut: [Laid] = []
    /// Laid-out rows (glyph rows are 0), from text row `firstRow` on.
    private var rows: [[Glyph]] = []
    private var firstRow = 0
    private var rowCount: Int { firstRow + rows.count }
    /// Steps taken: rows `[rolled − viewport, rolled)` are in the viewport.
    private var rolled = 0
    /// Step j is due at `anchor.time + (j − anchor.step) · interval` (computed from the anchor each
    /// time, so rounding never accumulates).
    private var anchor: (time: Nanoseconds, step: Int)?
    private var interval: Double
    private var ended = false
    private var shown = -1
    private var actorID: Int?
    /// The viewport's top when the last frame was drawn: rows between it and the new top leave the
    /// viewport now and are drawn once more at their final places (steps may come several at once).
    private var drawnTop: Int?
    private var maxAhead: Int { 4 * viewport + 64 }
    static let maxLine = 1 << 16

    /// Starts on the setup's row, or the row below it when text before it ended mid-row.
    init(_ setup: RevealSetup) {
        output = setup.output
        scene = setup.scene ?? Scene()
        context = setup.settings.context
        widths = setup.widths
        tabWidth = setup.settings.tabWidth
        duration = setup.settings.pacing.duration
        timeless = setup.timeless
        columns = setup.columns
        viewport = max(1, setup.rows - 1)
        base = setup.column > 0 ? setup.row + 1 : setup.row
        interval = 1e9 / Credits.rowsPerSecond(pace: setup.settings.context.graphemesPerSecond)
    }

    /// Where the roll stops: with more to come, the newest row at the bottom; at the end, the rest
    /// position: a short text's first line on the top row, a long one's last line on the bottom row.
    private var limit: Int { ended ? rest : rowCount }
    private var rest: Int { rowCount == 0 ? 0 : max(rowCount, viewport) }

    var wantsInput: Bool { !ended && (duration != nil || rowCount - rolled < maxAhead) }
    var holdsPartialInput: Bool { !paragraph.isEmpty }
    var isDone: Bool { ended && rolled == rest && shown == rolled }
    var end: Placement { Placement(row: rowCount == 0 ? base : documentRow(rowCount, steps: max(rolled, rest)), column: 0, width: 0) }

    /// The document row of text row `i` after `steps` steps.
    private func documentRow(_ i: Int, steps: Int) -> Int { base + i + max(0, viewport - steps) }
    /// The document row at the top of the viewport after `steps` steps.
    private func viewportTop(steps: Int) -> Int { base + max(0, steps - viewport) }

    // MARK: - Input

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds) {
        let styles = batch.styles
        for k in 0..<batch.count {
            let text = batch.string(k)
            let kind = text.utf8.withContiguousStorageIfAvailable { GraphemeKind.of($0) } ?? .other
            if kind == .newline {
                if cutLine != nil { sayCut() } else { endLine(at: now) }
                continue
            }
            if var cut = cutLine {
                cut.graphemes += 1
                cut.bytes += text.utf8.count
                cutLine = cut
                continue
            }
            line.append(StyledGrapheme(text, style: k < styles.count ? styles[k] : .plain))
            if line.count >= Self.maxLine {
                endLine(at: now)
                cutLine = (lineNumber, 0, 0)
            }
        }
    }

    func interrupted() { sayCut() }

    func takeNotes() -> [Note] {
        defer { notes = [] }
        return notes
    }

    /// The line cut at `maxLine` ended: what of it was dropped.
    private func sayCut() {
        guard let cut = cutLine else { return }
        cutLine = nil
        notes.append(("line \(cut.line) cut at \(Self.maxLine) characters (\(cut.graphemes) more characters, \(cut.bytes) bytes, dropped)",
                      "cut lines"))
    }

    private func endLine(at now: Nanoseconds) {
        lineNumber += 1
        if line.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) {
            commitParagraph(at: now)
            lay([[]], at: now)  // the blank line itself: an empty row
        } else {
            paragraph.append(line)
            paragraphLength += line.count
            if paragraph.count >= viewport || paragraphLength >= Self.maxLine { commitParagraph(at: now) }
        }
        line.removeAll(keepingCapacity: true)
    }

    func paused(at now: Nanoseconds) { commitParagraph(at: now) }

    func ended(at now: Nanoseconds) {
        sayCut()
        if !line.isEmpty { paragraph.append(line); line.removeAll() }
        commitParagraph(at: now)
        ended = true
        if let duration {
            // The whole text is known: the roll to rest takes the duration.
            interval = rest > 0 && !timeless ? Double(duration) / Double(rest) : 0
            anchor = (now, 0)  // step j at now + j · interval: the last exactly at now + duration
        } else {
            goOn(at: now)
        }
    }

    private func commitParagraph(at now: Nanoseconds) {
        guard !paragraph.isEmpty else { return }
        lay(paragraph, at: now)
        paragraph.removeAll()
        paragraphLength = 0
    }

    /// Lays out `lines` as the next rows.
    private func lay(_ lines: [[StyledGrapheme]], at now: Nanoseconds) {
        let laid = Self.layOut(lines, width: columns, tabWidth: tabWidth, widths: widths)
        laidOut.append(Laid(lines: lines, lineRows: laid.map(\.count), firstRow: rowCount))
        rows += laid.joined()
        if duration == nil { goOn(at: now) }
    }

    /// Rows for a paragraph, line by line: preformatted text centred as a block, other lines each
    /// centred.
    static func layOut(_ lines: [[StyledGrapheme]], width: Int, tabWidth: Int, widths: (any ColumnWidths)?) -> [[[Glyph]]] {
        let preformatted = isPreformatted(lines)
        var blocks = lines.map { BlockLayout.layout($0, width: width, alignment: preformatted ? .left : .center, tabWidth: tabWidth,
                                                    boxWidth: preformatted ? nil : width, widths: widths) }
        if preformatted {
            let shift = RowAlignment.center.shift(widest: blocks.map(\.widest).max() ?? 0, in: width)
            for b in blocks.indices { for g in blocks[b].glyphs.indices { blocks[b].glyphs[g].column += shift } }
        }
        return blocks.map { block in
            var laid = Array(repeating: [Glyph](), count: max(1, block.rows))
            for var glyph in block.glyphs where glyph.row >= 0 && glyph.row < laid.count {
                let r = glyph.row
                glyph.row = 0
                laid[r].append(glyph)
            }
            return laid
        }
    }

    /// Text that keeps its shape: an indented line, a run of spaces inside a line (aligned
    /// columns), box drawing or block elements, or lines mostly of drawing punctuation (ASCII art).
    static func isPreformatted(_ lines: [[StyledGrapheme]]) -> Bool {
        for line in lines {
            guard let first = line.first else { continue }
            if first.text == " " || first.text == "\t" { return true }
            var previousSpace = false, art = 0, letters = 0
            for g in line {
                let space = g.text == " " || g.text == "\t"
                if space && previousSpace { return true }
                previousSpace = space
                guard let scalar = g.text.unicodeScalars.first else { continue }
                if (0x2500...0x259F).contains(scalar.value) { return true }
                if "/\\|_()[]{}<>#*=+-~^`'.:;,".unicodeScalars.contains(scalar) { art += 1 } else if !space { letters += 1 }
            }
            if art >= 4 && art * 2 >= art + letters { return true }
        }
        return false
    }

    // MARK: - Time

    /// If the roll was waiting for rows, it goes on now.
    private func goOn(at now: Nanoseconds) {
        guard rolled < limit else { return }
        if let anchor, nextStep(from: anchor) >= now { return }
        anchor = (now, rolled + 1)
    }

    private func nextStep(from anchor: (time: Nanoseconds, step: Int)) -> Nanoseconds {
        anchor.time + Nanoseconds(saturating: (Double(rolled + 1 - anchor.step) * interval).rounded())
    }

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        if timeless || (duration != nil && ended && interval == 0) {
            rolled = limit
        } else if let anchor {
            while rolled < limit && nextStep(from: anchor) <= now { rolled += 1 }
        }
        if rolled != shown { place() }
        guard rolled < limit, let anchor else { return nil }
        return nextStep(from: anchor)
    }

    /// Puts the rows in the viewport (and those leaving it) on the scene, at their document rows.
    private func place() {
        shown = rolled
        guard rowCount > 0 else { return }
        let top = viewportTop(steps: rolled)
        let from = min(drawnTop ?? top, top)
        scene.fixedRows = from..<(top + viewport)
        var glyphs: [Glyph] = []
        for i in firstRow..<min(rowCount, rolled) {
            let r = documentRow(i, steps: rolled)
            guard r >= from else { continue }
            for var glyph in rows[i - firstRow] {
                glyph.row = r - from
                glyphs.append(glyph)
            }
        }
        if let actorID { scene.remove(id: actorID) }
        actorID = scene.add(Actor(block: Block(glyphs: glyphs, rows: top + viewport - from, columns: columns), effect: AtRest(),
                                  context: context, start: 0, duration: 0, end: Nanoseconds.max, row: from))
    }

    /// Rows above the viewport are final on the terminal (or in its scrollback) once drawn.
    func drawn(at now: Nanoseconds) -> Bool {
        guard rowCount > 0 else { return false }
        let top = viewportTop(steps: rolled)
        guard drawnTop != top else { return false }
        drawnTop = top
        forget(before: max(firstRow, rolled - viewport))
        place()
        return false
    }

    /// Rows before text row `row` are final: they leave memory.
    private func forget(before row: Int) {
        guard row > firstRow else { return }
        rows.removeFirst(min(rows.count, row - firstRow))
        firstRow = row
        laidOut.removeAll { $0.firstRow + $0.rowCount <= firstRow }
    }

    func showEverything(at now: Nanoseconds) { timeless = true }

    // MARK: - Terminal

    /// The lines still in reach are laid out again at the new width, and the roll goes on in a
    /// viewport of the new height from the first of them, with as many of them in sight as before.
    func resize(columns: Int, rows newRows: Int, at now: Nanoseconds) throws {
        guard let screen = output.screen else { return }
        let top = rowCount > 0 ? viewportTop(steps: rolled) : base
        let start = try screen.restart(columns: columns, rows: newRows, fromRow: top, clearing: true, at: now)
        self.columns = columns
        // Text rows above `start` (the terminal pushed them into its scrollback) are final.
        var kept = firstRow
        while kept < rowCount && documentRow(kept, steps: rolled) < start { kept += 1 }
        var relaid: [[Glyph]] = []
        var inSight = 0
        var fresh: [Laid] = []
        for paragraph in laidOut {
            let laid = Self.layOut(paragraph.lines, width: columns, tabWidth: tabWidth, widths: widths)
            var row = paragraph.firstRow
            var lines: [[StyledGrapheme]] = []
            var lineRows: [Int] = []
            for (i, lineRowsNow) in laid.enumerated() {
                let old = paragraph.lineRows[i]
                defer { row += old }
                guard row + old > kept else { continue }  // wholly above the reach: final
                lines.append(paragraph.lines[i])
                lineRows.append(lineRowsNow.count)
                if row < rolled { inSight += lineRowsNow.count }
                relaid += lineRowsNow
            }
            if !lines.isEmpty { fresh.append(Laid(lines: lines, lineRows: lineRows, firstRow: 0)) }
        }
        var next = 0
        for i in fresh.indices { fresh[i].firstRow = next; next += fresh[i].rowCount }
        laidOut = fresh
        rows = relaid
        firstRow = 0
        base = start
        viewport = max(1, newRows - 1)
        rolled = min(inSight, rows.count)
        if rolled < limit { anchor = (now, rolled + 1) }
        shown = -1
        drawnTop = nil
    }

    /// The stop counts as a pause: the roll continues where it stopped, drawn on the fresh line.
    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {
        if let current = anchor { anchor = (current.time + pause, current.step) }
        guard let screen = output.screen else { return }
        try screen.restart(columns: screen.width, rows: screen.height, fromRow: viewportTop(steps: rolled), clearing: false, at: now)
        shown = -1
        drawnTop = nil
    }
}

/// The viewport's rows as they are: the roll itself moves them between frames.
struct AtRest: Effect {
    var name: String { "at-rest" }
    var summary: String { "" }
    func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds { 0 }
    func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
              into frame: inout Frame, row: Int, column: Int) {
        drawFinal(block, into: &frame, row: row, column: column)
    }
    func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? { nil }
}
