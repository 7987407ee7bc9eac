/// The band: the active cues stacked in its rows (each track in its own, top and bottom cues from
/// their edges), and emptied when the subtitles end.
extension CuePlayback {
    /// Shown at once (--instant) on a terminal, cues would flash and vanish: they show as a
    /// transcript. Live captions read as a transcript unless a layout was asked for (or the band is
    /// under a program): finals stay, the tentative line below them is revised in place.
    static func layout(_ settings: ShowSettings, timeless: Bool, onScreen: Bool, live: Bool) -> SubtitleLayout {
        if timeless && onScreen { return .scroll }
        return live && !settings.subtitleLayoutChosen && !settings.bandHoldsPlacedCues ? .scroll : settings.subtitleLayout
    }

    /// The band stays under the prompt (`--place inline`, or it holds cues placed by the overlay).
    static func bandUnderPrompt(_ settings: ShowSettings) -> Bool { settings.bandUnderPrompt || settings.bandHoldsPlacedCues }

    /// Whether subtitles played with `settings` place their band by the terminal's rows (at its
    /// bottom): the show then asks the terminal where its cursor is before they begin, and before a
    /// resize or `fg` (`needsCursor`).
    static func anchorsToTerminal(_ settings: ShowSettings, clockRule: ClockRule, onScreen: Bool, live: Bool) -> Bool {
        onScreen && layout(settings, timeless: clockRule.timeless, onScreen: onScreen, live: live) == .band && !bandUnderPrompt(settings)
    }

    var needsCursor: Bool { scene != nil && layout == .band && !underPrompt }

    /// Places the active cues in the band: bottom cues stacked up from the last row and top cues
    /// down from the first, each track in its own rows in the tracks' order (when the band holds
    /// them all; else the tracks' cues in that order, later cues of a track lower); middle cues
    /// centred; WebVTT lines at their row.
    func restack() {
        guard let scene, layout == .band else { return }
        // A live recogniser's tentative line is the lowest: it is what is being said now.
        let onStage = (active + (tentative.map { [$0] } ?? [])).filter { $0.actor != nil }
        stack(onStage.filter { $0.cue.placement.vertical == .bottom }, in: needs, fromTop: false, scene)
        stack(onStage.filter { $0.cue.placement.vertical == .top }, in: topNeeds, fromTop: true, scene)
        for cue in onStage {
            switch cue.cue.placement.vertical {
            case .bottom, .top: continue
            case .middle: move(scene, cue, row: max(0, (bandRows - cue.rows) / 2))
            case .line(let n): move(scene, cue, row: n >= 0 ? min(n, bandRows - cue.rows) : max(0, bandRows + n - cue.rows + 1))
            case .percent(let p): move(scene, cue, row: max(0, min(bandRows - cue.rows, Int(p / 100 * Double(bandRows)))))
            }
        }
    }

    /// Stacks `cues` (in the order they started) against the band's top or bottom edge: each track at
    /// its own rows of `rows` when they all fit, the band's edge row first. A cue that does not fit
    /// whole in the band (too many on show for it) is left out until there is room: the rows farthest
    /// from the edge go first, and nothing overlaps or spills out of the band.
    func stack(_ cues: [Active], in rows: BandRows, fromTop: Bool, _ scene: Scene) {
        guard !cues.isEmpty else { return }
        let tracks = rows.tracks
        if tracks.count > 1, rows.total <= bandRows {
            // Each track's rows in turn from the top; its cues against the band's edge within them.
            var top = fromTop ? 0 : bandRows - rows.total
            for track in tracks {
                let mine = cues.filter { BandRows.key($0.cue) == track }
                let height = rows.byTrack[track] ?? 0
                var row = fromTop ? top : top + height - mine.reduce(0) { $0 + $1.rows }
                for cue in mine {
                    move(scene, cue, row: row)
                    row += cue.rows
                }
                top += height
            }
        } else {
            let place = Dictionary(uniqueKeysWithValues: rows.order.stacked(Set(cues.map { BandRows.key($0.cue) })).enumerated().map { ($1, $0) })
            let ordered = cues.enumerated().sorted { (place[BandRows.key($0.element.cue)] ?? 0, $0.offset) < (place[BandRows.key($1.element.cue)] ?? 0, $1.offset) }
            var row = fromTop ? 0 : bandRows - cues.reduce(0) { $0 + $1.rows }
            for cue in ordered.map(\.element) {
                move(scene, cue, row: row)
                row += cue.rows
            }
        }
    }

    /// Puts `cue` at band row `row`; out of the band (in part or whole), it is left out of the frame,
    /// unless it is taller than the band itself (it shows from the band's top as far as it goes).
    func move(_ scene: Scene, _ cue: Active, row: Int) {
        guard let id = cue.actor else { return }
        let fits = cue.rows > bandRows || (row >= 0 && row + cue.rows <= bandRows)
        scene.update(id: id) {
            $0.row = self.base + max(0, min(row, self.bandRows - cue.rows))
            $0.isHidden = !fits
        }
    }

    /// The end, or `q`, or a signal: the band is emptied (status line included) and left to the
    /// prompt; a transcript stays.
    func leave() -> Bool {
        clear()
        return true
    }

    func clear() {
        guard let scene else { return }
        dropTentative()
        if layout == .band { scene.removeAll() }
        if !scene.extraRows.isEmpty { scene.extraRows = [base + bandRows: []] }
        active.removeAll()
        next = cues.count
        pendingChange = nil
        showStatus = false
    }
}
