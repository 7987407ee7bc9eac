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
        // Cues that start together keep their file order; SAMI (classes of one SYNC), LRC (a line
        // with the same time twice), SCC (rows apart on one screen) and the XML formats (a paragraph in
        // two regions, a file on one line) may have several on one line.
        if start == last {
            let severalPerLine = ["sami", "lrc", "scc", "ttml", "srv3", "srv1"].contains { format.hasPrefix($0) }
            require(cue.sourceLine > lastLine || (severalPerLine && cue.sourceLine == lastLine),
                    "\(format): cues starting together are out of file order")
        }
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

/// `bytes` through a `SubtitleStream` of `format` in chunks the input decides: every cue it gives
/// is sane and on a line of the text, and every message names the stream.
func checkStream(_ bytes: [UInt8], format: String, text: String) {
    guard let subtitleFormat = SubtitleFormat(named: format) else { return require(false, "no format \(format)") }
    var random = bytes.withUnsafeBufferPointer { FuzzRandom(bytes: $0, salt: 0x5EED) }
    let stream = SubtitleStream(format: subtitleFormat, name: "in", encoding: nil, isFile: false, language: random.below(2) == 0 ? nil : "ko")
    var cues: [Cue] = []
    var messages: [String] = []
    var offset = 0
    for size in chunking(bytes.count, &random) {
        let batch = bytes[offset..<(offset + size)].withUnsafeBufferPointer { stream.push($0) }
        cues += batch.cues
        messages += batch.messages
        offset += size
        if random.below(16) == 0 { let paused = stream.paused(); cues += paused.cues; messages += paused.messages }
    }
    let end = stream.finish()
    cues += end.cues
    messages += end.messages
    let lines = lineCount(Array(text.utf8))
    for cue in cues {
        require(cue.start <= cue.end, "\(format) stream: a cue ends before it starts")
        require(cue.sourceLine >= 1 && cue.sourceLine <= lines, "\(format) stream: cue on line \(cue.sourceLine) of \(lines)")
        for run in cue.runs { require(isValidUTF8(Array(run.text.utf8)), "\(format) stream: run text not valid UTF-8") }
    }
    // A message too long for a line comes as several (`Messages.fitted`): the first names the
    // stream, the rest continue it, indented.
    var named = false
    for message in messages {
        let continues = named && message.hasPrefix("  ")
        require(message.hasPrefix("in") || continues, "\(format) stream: message without the name: \(message)")
        named = message.hasPrefix("in") || continues
    }
}
