/// Live captions: a speech recogniser's partial hypotheses show as one tentative line (dim, plain
/// without colour) below its finals, revised in place as each new hypothesis comes; a final takes
/// the tentative line's place in the normal style. A revision is a diff: the graphemes already on
/// show in the same place stay untouched, the rest is typed — at the pace, but never slower than
/// the lag bound allows (`--max-lag`), so the screen keeps up with the recogniser whatever its rate;
/// what the new text no longer has disappears at once.
extension CuePlayback {
    /// A tentative line lasts this long without news (a recogniser that went quiet without a final).
    static let tentativeHold = 10 * Time.second
    /// A final due within this of now shows from now.
    static let lateness = 50 * Time.millisecond

    /// The recogniser's hypothesis so far (`text` empty: it hears nothing).
    func hear(_ hypothesis: PartialHypothesis, at now: Nanoseconds) {
        guard let scene, !timeless, showsPartials else { return }
        let position = position(at: now)
        let old = dropTentative()
        guard !hypothesis.text.isEmpty else { return }
        var dim = Style.plain
        if context.depth != .none { dim.attributes.insert(.dim) }
        let cue = Cue(start: position, end: position + Self.tentativeHold, runs: [StyledRun(hypothesis.text, style: dim)],
                      sourceLine: hypothesis.sourceLine)
        var block = CueLayout.block(for: cue, width: width, leftAligned: true, widths: widths).block
        guard !block.glyphs.isEmpty else { return }
        let duration = revise(&block, column: 0, over: old)
        let row = layout == .scroll ? transcriptRow : base
        let id = scene.add(Actor(block: block, effect: Typewriter(), context: context, start: position, duration: duration,
                                 end: cue.end, row: row, column: 0))
        tentative = Active(cue: cue, actor: id, rows: block.rows, end: cue.end)
        cover(rows: row..<(row + block.rows))
        if layout == .band, tentativeRows < block.rows, fixedBandRows == nil {
            tentativeRows = block.rows
            if bandHeight(rows: screenRows) > bandRows {
                bandRows = bandHeight(rows: screenRows)
                placeBand()
            }
        }
        if layout == .band { rollUp() }
    }

    /// A final (typed by the typewriter), laid out as `block`: in the tentative line's place, what
    /// that showed in the same place stays and the rest is typed within the lag bound.
    func showFinal(_ cue: Cue, block: Block, column: Int, start: Nanoseconds, end: Nanoseconds, position: Nanoseconds) throws {
        guard let scene else { return }
        var block = block
        let old = dropTentative()
        let from = max(start, position)
        // Before its start (a recogniser that names its times): typed from then, nothing to keep.
        let duration = revise(&block, column: column, over: from == position ? old : nil)
        if layout == .scroll {
            scene.add(Actor(block: block, effect: Typewriter(), context: context, start: from, duration: duration,
                            row: transcriptRow, column: column))
            cover(rows: transcriptRow..<(transcriptRow + block.rows))
            transcriptRow += max(1, block.rows)
        } else {
            // Roll-up, as CEA-608 roll-up captions: finals stay until newer lines push them out of
            // the band (or the input ends).
            let stays = Self.untilRolledOff
            let id = scene.add(Actor(block: block, effect: Typewriter(), context: context, start: from, duration: duration,
                                     end: stays, row: base, column: column))
            active.append(Active(cue: cue, actor: id, rows: block.rows, end: stays))
            rollUp()
        }
        previousBlock = block
    }

    /// A final's end in a roll-up band: when it leaves, not a time.
    static let untilRolledOff = Nanoseconds.max / 4

    /// The oldest lines leave a full roll-up band (the tentative line below the finals counts).
    func rollUp() {
        var rows = active.reduce(0) { $0 + $1.rows } + (tentative?.rows ?? 0)
        while rows > bandRows, active.count > 1 || (tentative != nil && !active.isEmpty) {
            let oldest = active.removeFirst()
            if let id = oldest.actor { scene?.remove(id: id) }
            rows -= oldest.rows
        }
        restack()
    }

    /// The input ended: the roll-up band's lines stay a moment to read, then leave.
    func endRollUp(at position: Nanoseconds) {
        for k in active.indices where active[k].end == Self.untilRolledOff {
            active[k].end = position + Self.lateCueHold
            if let id = active[k].actor { scene?.update(id: id) { $0.end = position + Self.lateCueHold } }
        }
    }

    /// Takes the tentative line off the scene; returns what it showed.
    @discardableResult
    func dropTentative() -> Actor? {
        guard let shown = tentative, let id = shown.actor, let scene else { tentative = nil; return nil }
        let actor = scene.actor(id: id)
        scene.remove(id: id)
        tentative = nil
        // In a transcript its rows are erased, unless the next line covers them (`cover(rows:)`).
        if layout == .scroll, let actor {
            for row in actor.row..<(actor.row + actor.block.rows) {
                erasing.insert(row)
                scene.extraRows[row] = []
            }
        }
        return actor
    }

    /// Sets each glyph's reveal instant, from the actor's start, for `block` drawn at `column`: the
    /// leading glyphs that `old` shows with the same text in the same place at once, the others one
    /// after another at the pace, all of them within the lag bound. Returns the reveal's duration.
    func revise(_ block: inout Block, column: Int, over old: Actor?) -> Nanoseconds {
        var kept = 0
        if let old {
            let shown = old.block.glyphs
            while kept < min(shown.count, block.glyphs.count), shown[kept].text == block.glyphs[kept].text,
                  shown[kept].row == block.glyphs[kept].row, shown[kept].column + old.column == block.glyphs[kept].column + column {
                kept += 1
            }
        }
        let typed = block.glyphs.count - kept
        let pace = Nanoseconds(saturating: 1e9 / max(1, context.graphemesPerSecond))
        let interval = typed > 1 ? min(pace, liveLag / Nanoseconds(typed - 1)) : 0
        for k in block.glyphs.indices {
            block.glyphs[k].reveal = k < kept ? 0 : Nanoseconds(k - kept) * interval
        }
        return block.glyphs.last?.reveal ?? 0
    }

    /// A line now takes these rows of a transcript: they are drawn, not erased.
    func cover(rows: Range<Int>) {
        guard layout == .scroll, !erasing.isEmpty, let scene else { return }
        for row in rows where erasing.remove(row) != nil { scene.extraRows[row] = nil }
    }

    /// A frame was drawn: the rows a revision left without text are blank on the terminal now, and
    /// left to it (a transcript's rows above the scene's stay as drawn).
    func forgetErased() {
        guard !erasing.isEmpty, let scene else { return }
        for row in erasing { scene.extraRows[row] = nil }
        erasing.removeAll()
    }
}
