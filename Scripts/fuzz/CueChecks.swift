// Shared by the `subrip` and `webvtt` fuzz targets (compiled with them by Scripts/fuzz.sh).
import GhostpipeCore

/// The properties every parsed subtitle file must have: cues sorted by start (stably), start ≤ end,
/// the quick time accessors agree with the built cues, source lines and diagnostic lines inside the
/// file, and every cue can be built (its markup parsed into runs).
func checkCues(_ cues: CueList, _ diagnostics: [Diagnostic], text: String, format: String) {
    let lines = lineCount(Array(text.utf8))
    var last = Nanoseconds.min
    var lastLine = 0
    for i in cues.indices {
        let (start, end) = cues.times(at: i)
        require(start >= last, "\(format): cue \(i) starts before cue \(i - 1)")
        require(start <= end, "\(format): cue \(i) ends before it starts")
        let cue = cues[i]
        require(cue.start == start && cue.end == end, "\(format): built cue \(i) has other times")
        require(cue.sourceLine >= 1 && cue.sourceLine <= lines,
                "\(format): cue \(i) on line \(cue.sourceLine) of \(lines)")
        if start == last { require(cue.sourceLine > lastLine, "\(format): cues starting together are out of file order") }
        for run in cue.runs {
            require(isValidUTF8(Array(run.text.utf8)), "\(format): run text not valid UTF-8")
            if let at = run.at { require(at >= 0, "\(format): negative inline timestamp") }
        }
        _ = cue.plainText
        _ = cue.identifier
        last = start
        lastLine = cue.sourceLine
    }
    for d in diagnostics {
        require(d.line >= 1 && d.line <= max(lines, 1), "\(format): diagnostic on line \(d.line) of \(lines): \(d.message)")
        _ = d.description
    }
}
