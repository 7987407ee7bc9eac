/// `i`: the status line below the band.
extension CuePlayback {
    /// The status line: play state, position, cue number, speed, offset and the keys, fitted to the width.
    func statusLine(position: Nanoseconds) -> [Cell] {
        let shift = Double(offset + (selectedTrack.flatMap { trackOffsets[$0] } ?? 0)) / 1e9
        let track = trackCount == 0 ? nil : selectedTrack.map { "track \($0 + 1)/\(trackCount + 1)" } ?? "all tracks"
        let total = knownTotal ?? cues.count
        let text = StatusLine.fit(StatusLine.parts(
            paused: playhead.isPaused, position: Time.format(max(0, position - offset)), cue: min(total, max(next, 1)), of: total,
            totalKnown: knownTotal != nil || cues.isComplete, speed: (playhead.speed * 100).rounded() / 100, track: track,
            offset: shift, follows: follows, tracks: trackCount > 0), width: width)
        var cells: [Cell] = []
        var columns = 0
        for character in text {
            let w = DisplayWidth.of(character)
            guard w > 0, columns + w <= width else { continue }
            cells.append(Cell(String(character), width: UInt8(w), style: Style(attributes: .inverse)))
            if w == 2 { cells.append(Cell("", width: 0, style: Style(attributes: .inverse))) }
            columns += w
        }
        while columns < width { cells.append(Cell(" ", style: Style(attributes: .inverse))); columns += 1 }
        return cells
    }
}
