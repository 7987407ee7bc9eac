/// The transport keys (pause, seek, speed, offset, tracks, the status line), a followed player's
/// position, and the terminal's resizes and `fg`, for subtitles playing.
extension CuePlayback {
    /// Space pauses, ←/→ seek 5 s, ↑/↓ seek 60 s, +/- change the speed by 10 %, [/] nudge the offset
    /// by 100 ms, `i` toggles the status line; any other key shows the cues on screen complete.
    /// Every key is taken.
    func press(_ key: Key, at now: Nanoseconds) -> Bool {
        take(key, at: now)
        return true
    }

    func take(_ key: Key, at now: Nanoseconds) {
        let position = playhead.position(at: now)
        if follows, ![Key.character("["), .character("]"), .character("i"), .character("I"), .character("t")].contains(key) {
            // The player's own keys pause, seek and change the speed; here they would fight it.
            return showEverything(at: now)
        }
        switch key {
        case .character(" "): playhead.setPaused(!playhead.isPaused, at: now)
        case .left: seek(to: position - 5 * Time.second, at: now)
        case .right: seek(to: position + 5 * Time.second, at: now)
        case .up: seek(to: position + 60 * Time.second, at: now)
        case .down: seek(to: position - 60 * Time.second, at: now)
        case .character("+"), .character("="): playhead.setSpeed(min(100, playhead.speed * 1.1), at: now)
        case .character("-"), .character("_"): playhead.setSpeed(max(0.01, playhead.speed / 1.1), at: now)
        case .character("["): nudge(by: -100 * Time.millisecond); seek(to: position, at: now)
        case .character("]"): nudge(by: 100 * Time.millisecond); seek(to: position, at: now)
        case .character("t") where trackCount > 0:
            // The next track, then all of them again.
            let next = (selectedTrack ?? -1) + 1
            selectedTrack = next > trackCount ? nil : next
        case .character("i"), .character("I"): showStatus.toggle()
        default:
            for cue in active { if let id = cue.actor { scene?.finishReveal(id: id, at: position) } }
        }
    }

    /// Jumps to media `position` (clamped at 0): what shows there appears at once.
    func seek(to target: Nanoseconds, at now: Nanoseconds) {
        let position = max(0, target)
        playhead.seek(to: position, at: now)
        jump(to: position)
    }

    /// A followed player's position moved further than this from where ours ran: a seek, not drift.
    static let followJump: Nanoseconds = 250 * Time.millisecond

    /// `--follow`: the player said where it is. Small differences only re-anchor the playhead (cues
    /// between start as usual; a small step back is `stepBack`); a jump (a seek in the player) shows
    /// what plays there at once.
    func follow(_ player: Playhead, at now: Nanoseconds) {
        let before = playhead.position(at: now)
        playhead = player
        let after = playhead.position(at: now)
        if abs(after - before) > Self.followJump {
            jump(to: after)
        } else if after < before {
            stepBack(by: before - after, to: after, at: now)
        }
    }

    /// The followed player is a little behind where ours ran (`delta`, under `followJump`). What is
    /// on screen holds its look rather than flicker: each cue's reveal goes on from where it was.
    /// A cue that started, but whose start is now ahead, stays if the player reaches that start
    /// within `followJump` of clock time; if it does not (it paused there), the cue goes, to start
    /// again when the player gets there.
    func stepBack(by delta: Nanoseconds, to position: Nanoseconds, at now: Nanoseconds) {
        func isAhead(_ start: Nanoseconds) -> Bool {
            start > position && (playhead.instant(of: start).map { $0 - now > Self.followJump } ?? true)
        }
        let gone = active.filter { isAhead($0.cue.start + offset) }
        if !gone.isEmpty {
            active.removeAll { isAhead($0.cue.start + offset) }
            for cue in gone { if let id = cue.actor { scene?.remove(id: id) } }
            while next > cues.firstKept, isAhead(times(next - 1).start) { next -= 1 }
        }
        for cue in active { if let id = cue.actor { scene?.update(id: id) { $0.start -= delta } } }
    }

    /// The media position jumped to `position`: the band empties and the cues active there show at once.
    func jump(to position: Nanoseconds) {
        if layout == .band { scene?.removeAll() }
        active.removeAll()
        next = Self.firstIndex(in: cues, endingAfter: position - offset)
    }

    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        guard let scene, let screen = output.screen else { return }
        let top = layout == .band ? base : scene.topRow(otherwise: transcriptRow)
        let start = try screen.restart(columns: columns, rows: rows, fromRow: top, clearing: true, at: now)
        if layout == .band {
            // The band begins where the terminal's reflow left its top in reach.
            let shift = start - base
            base = start
            scene.updateAll { $0.row += shift }
        } else {
            scene.updateAll { if $0.row < start { $0.row = start } }
            transcriptRow = max(transcriptRow, start)
        }
        width = columns
        screenRows = rows
        if layout == .band {
            // What the cues need at the new width.
            needs = BandRows(order: needs.order)
            topNeeds = needs
            needsWholeScreen = false
            for i in cues.firstKept..<cues.count { need(cues[i]) }
            bandRows = bandHeight(rows: rows)
            anchor(on: screen, floor: start)
            if !scene.extraRows.isEmpty { scene.extraRows = [:] }
        }
        for cue in active {
            guard let id = cue.actor else { continue }
            let laidOut = CueLayout.block(for: cue.cue, width: columns, widths: widths)
            scene.update(id: id) { $0.block = laidOut.block; $0.column = laidOut.column }
            if let i = active.firstIndex(where: { $0.actor == id }) { active[i].rows = laidOut.block.rows }
        }
        restack()
        pendingChange = nil
    }

    /// Stopping is pausing: the subtitles continue where they were, the band (or the transcript's
    /// current cue) drawn again on the cursor's fresh line.
    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {
        if !follows { playhead.delay(by: pause) }  // a followed player went on meanwhile
        guard let scene, let screen = output.screen else { return }
        let top = layout == .band ? base : scene.topRow(otherwise: transcriptRow)
        try screen.restart(columns: width, rows: screen.height, fromRow: top, clearing: false, at: now)
        if layout == .band { anchor(on: screen, floor: top) }
    }

    /// `[`/`]`: the selected track's own offset, or everything's.
    func nudge(by delta: Nanoseconds) {
        guard let selectedTrack else { offset += delta; return }
        trackOffsets[selectedTrack, default: 0] += delta
        cues.shift(by: delta) { SubtitleTracks.file(of: $0, trackCount: self.trackCount) == selectedTrack }
    }

    /// A key finished the animation: the cues on screen show complete.
    func showEverything(at now: Nanoseconds) {
        let position = playhead.position(at: now)
        for cue in active { if let id = cue.actor { scene?.finishReveal(id: id, at: position) } }
    }
}
