/// Subtitles read as they arrive, for a file as for a live feed (a speech recogniser writing SRT
/// blocks into a pipe): a cue comes out as soon as what follows it shows it is complete (the next
/// cue begins), when the input pauses (a live writer writes whole blocks), or at the end. Memory stays
/// bounded whatever comes in: only the cue being read is held, a cue's text is cut at `maxCueText`,
/// a line at `maxLine`, and lines that are not cues flow through without being kept.
///
/// Formats whose cues end where a later change begins (SAMI: the next text of its class; LRC: the
/// next line, and lines come in any order) are read in parts the same way, and their cues sorted
/// within a bounded window and let go once their ends are known (``OpenEndedParts``).
///
/// `--lang` keeps the tracks it names (see `CueTrack.isChosen`); when a file has tracks but none of
/// them is named, it says so and keeps them all.
///
/// The encoding is decided once, from the start: a byte order mark, `--encoding`, UTF-8 when the
/// first lines are valid UTF-8 (a stream) or the first 64 KiB are (a file), else a legacy code page
/// guessed from them. Problems come out as `NAME:LINE: what` messages.
public final class SubtitleStream {
    /// Hands SubRip parts over as parsed (`Batch.parsed`) instead of building every cue: a text
    /// output (`--instant -o json|plain`) writes plain cues straight from their bytes.
    var keepsParsed = false

    public let name: String
    private let parser: any SubtitleParser
    private let streaming: (any StreamableSubtitles)?
    /// A live protocol (Vosk, whisper): its lines are events, complete as soon as they end.
    private let live: (any LiveCaptionFormat)?
    private var liveTiming = LiveTiming()
    /// A stream's bytes carry their arrival (`push(_:at:)`): since its first bytes; a regular file's do not.
    private let isFile: Bool
    private var firstArrival: Nanoseconds?
    private var arrival: Nanoseconds?
    /// A format whose cues are ended by later ones (LRC, SAMI): its parts' changes, sorted.
    private let openEnded: OpenEndedParts?
    private let language: String?
    private let options: ParseOptions
    private var decoder: StreamTextDecoder
    /// A binary format's bytes (EBU STL), read whole and not decoded.
    private var binary: [UInt8]?
    /// Decoded text not parsed yet (UTF-8), and the header every part is parsed after (WebVTT, ASS),
    /// as the format keeps it.
    private var pending: [UInt8] = []
    private var header: [UInt8]?
    private var headerLines = 0
    /// Bytes at the start of `pending` known to hold no cue start (before the first part).
    private var headerSearched = 0
    /// Whether a part was parsed: later parts are parsed after the header.
    private var parsedOnce = false
    /// The last part ended with a CR: an LF right after it belongs to that line.
    private var lineFeedPending = false
    /// Tracks seen, and whether `--lang` chose one of them.
    private var tracksSeen: [CueTrack] = []
    private var chosenSeen = false
    /// Lines of the stream before `pending`.
    private var consumedLines = 0
    private var batch = Batch()
    /// Text of the cue being read was cut (or text that is not cues ran on): its lines are dropped
    /// until the next cue begins.
    private var droppingCueText = false
    private var droppingWhat = "of that cue's text"
    private var droppedBytes = 0
    /// The line of the cue being cut while it is read: said with the bytes dropped once its end is
    /// known (the next cue's start, or the end of the input).
    private var cutCueLine: Int?
    /// The part a cut cue was read from ended with a line end: the text dropped after it begins a line.
    private var joinsDropped = false
    private var said: Set<String> = []
    /// Five of each kind of problem said, the rest counted (a stream of bad cues held every message
    /// and wrote a line for each: 571,430 lines and 106 MB for 20 MB of them).
    private var problems = RepeatedReports()

    /// `format`: a format of the catalogue; `isFile`: a regular file (its encoding is decided from
    /// its first 64 KiB) rather than a live stream (from its first lines); `language`: `--lang`.
    /// `options`: what the command line says of the file (`--fps`, `--channel`).
    public init(format: SubtitleFormat, name: String, encoding: String?, isFile: Bool, language: String? = nil,
                options: ParseOptions = ParseOptions()) {
        self.name = name
        parser = format.parser ?? SubRipFormat()
        streaming = parser as? any StreamableSubtitles
        live = parser as? any LiveCaptionFormat
        self.isFile = isFile
        openEnded = (parser as? any OpenEndedSubtitles).map { OpenEndedParts($0.openEndedReader()) }
        decoder = StreamTextDecoder(encoding: encoding, isFile: isFile)
        self.language = language
        self.options = options
        if parser.isBinary { binary = [] }
    }

    /// Whether part of a cue is held, waiting for what follows it (a pause in the input shows it).
    public var holdsPartialInput: Bool { !pending.isEmpty || decoder.holdsInput || openEnded?.holdsEnded == true }

    /// Takes the next bytes, arrived at clock instant `instant` (a live protocol's untimed
    /// utterances are timed by it); returns the cues now complete.
    public func push(_ bytes: UnsafeBufferPointer<UInt8>, at instant: Nanoseconds? = nil) -> Batch {
        arrive(instant)
        if binary != nil {
            takeBinary(bytes)
            return flush()
        }
        // Most of a stream: decoded straight after what is pending (`take` then has nothing to do).
        let plainAppend = streaming != nil && !droppingCueText && !lineFeedPending
        if !(plainAppend && decoder.push(bytes, appendingTo: &pending)) { take(decoder.push(bytes)) }
        parseComplete(final: false)
        return flush()
    }

    /// The input paused: what it holds is complete (a live writer writes whole blocks). A format
    /// read whole waits for the end.
    public func paused(at instant: Nanoseconds? = nil) -> Batch {
        arrive(instant)
        take(decoder.paused())
        if streaming != nil { parseComplete(final: false, paused: true) }
        if let openEnded { deliver(openEnded.paused()) }
        return flush()
    }

    /// The end of the input.
    public func finish(at instant: Nanoseconds? = nil) -> Batch {
        arrive(instant)
        if let bytes = binary {
            binary = []
            let (cues, diagnostics) = parser.parse(bytes, options: options)
            for diagnostic in diagnostics { say("\(name):\(diagnostic.line): \(diagnostic.message)") }
            appendChosen(cues, shift: 0)
        } else {
            take(decoder.finish())
            parseComplete(final: true)
            if let openEnded { deliver(openEnded.finish()) }
        }
        sayDropped()
        for line in problems.summary() { batch.messages.append("\(name): \(line)") }
        if let language, !tracksSeen.isEmpty, !chosenSeen {
            let names = tracksSeen.map { $0.name + ($0.language.map { " (\($0))" } ?? "") }.joined(separator: ", ")
            say("\(name): --lang \(language): no such track (it has \(names)); all shown")
        }
        return flush()
    }

    /// Arrival times count from the stream's first bytes, where its subtitles start playing.
    private func arrive(_ instant: Nanoseconds?) {
        guard let instant, !isFile else { return }
        firstArrival = firstArrival ?? instant
        arrival = instant - (firstArrival ?? instant)
    }

    /// Cues an ``OpenEndedParts`` let go, and its messages (numbered in the file).
    private func deliver(_ released: (cues: [Cue], notes: [Diagnostic])) {
        for note in released.notes { say("\(name):\(note.line): \(note.message)") }
        appendChosen(released.cues, shift: 0)
    }

    /// `count` bytes of a cut cue's text (or of what is not cues) dropped; with the line end that
    /// joined them to the text kept, when the part kept ended with one (the parser left it out).
    private func dropText(_ count: Int) {
        guard count > 0 else { return }
        droppedBytes += count + (joinsDropped ? 1 : 0)
        joinsDropped = false
    }

    /// How many bytes were dropped since the last time this was said (of a cue cut while read, in
    /// the one message for a cut cue).
    private func sayDropped() {
        if let line = cutCueLine {
            say("\(name):\(line): " + Self.cueTextCut(dropped: droppedBytes))
        } else if droppedBytes > 0 {
            say("\(name): \(droppedBytes) more bytes \(droppingWhat) dropped")
        }
        cutCueLine = nil
        droppedBytes = 0
    }

    /// The show stops before the input ends: the messages still held, with what was dropped so far.
    public func interrupted() -> [String] {
        sayDropped()
        return flush().messages
    }

    private func flush() -> Batch {
        defer { batch = Batch() }
        return batch
    }

    private func say(_ message: String) {
        guard !said.contains(message), let admitted = problems.admit(message, kind: Self.kind(of: message)) else { return }
        said.insert(message)
        batch.messages.append(admitted)
    }

    /// `messages like 'cue ends before it starts'`: a message without its place and its values.
    static func kind(of message: String) -> String {
        // `name:line: what 'value'…` → `what`
        var text = Substring(message)
        if let colon = text.firstIndex(of: ":") { text = text[text.index(after: colon)...] }
        while let first = text.first, first.isASCIIDigit || first == ":" || first == " " { text.removeFirst() }
        let what = text.prefix { $0 != "'" && !$0.isASCIIDigit }.prefix(60)
        let trimmed = what.reversed().drop { $0 == " " || $0 == ":" || $0 == "(" || $0 == "," }.reversed()
        return "messages like '\(String(trimmed))'"
    }

    /// A binary format's bytes: kept as they are, up to `maxWholeFile`.
    private func takeBinary(_ bytes: UnsafeBufferPointer<UInt8>) {
        let room = max(0, Self.maxWholeFile - (binary?.count ?? 0))
        binary?.append(contentsOf: bytes.prefix(room))
        if bytes.count > room {
            droppedBytes += bytes.count - room
            droppingWhat = "past the first \(Self.maxWholeFile >> 20) MiB (a \(parser.title) file is read whole)"
        }
    }

    /// Decoded text in; lines no longer than `maxLine`.
    private func take(_ decoded: StreamTextDecoder.Decoded) {
        if let note = decoded.note { Messages.fitted("\(name): \(note)").forEach(say) }
        guard !decoded.text.isEmpty else { return }
        if lineFeedPending {
            lineFeedPending = false
            if decoded.text.first == 10 {
                var rest = decoded
                rest.text.removeFirst()
                rest.note = nil
                return take(rest)
            }
        }
        if streaming == nil {
            // Read whole: what comes past the cap is dropped.
            let room = max(0, Self.maxWholeFile - pending.count)
            pending.append(contentsOf: decoded.text.prefix(room))
            if decoded.text.count > room {
                droppedBytes += decoded.text.count - room
                droppingWhat = "past the first \(Self.maxWholeFile >> 20) MiB (a \(parser.title) file is read whole)"
            }
            return
        }
        if droppingCueText {
            // The text of a cut cue: dropped up to the next cue's start.
            pending.append(contentsOf: decoded.text)
            let start = pending.withUnsafeBufferPointer { streaming?.cueStarts($0)?.first ?? 0 }
            guard start > 0 else {
                if pending.count > Self.maxLine {
                    // Cut at a character's start: what is parsed stays valid UTF-8.
                    var cut = pending.count - Self.maxLine
                    while cut < pending.count, pending[cut] & 0xC0 == 0x80 { cut += 1 }
                    dropText(cut)
                    pending.removeFirst(cut)
                }
                return
            }
            // The blank lines before the next cue were not the cue's text.
            dropText(start - Self.trailingLineEnds(pending[..<start]))
            consumedLines += Self.lineCount(pending[..<start])
            pending.removeFirst(start)
            droppingCueText = false
            sayDropped()
            return
        }
        if pending.isEmpty { pending = decoded.text } else { pending.append(contentsOf: decoded.text) }
    }

    /// Parses what is complete (everything, when `final`; what the format says a pause completes,
    /// when `paused`); cuts what grew too long.
    private func parseComplete(final: Bool, paused: Bool = false) {
        guard streaming != nil || final else { return }
        if final, droppingCueText {
            // The rest of a cut cue (or of what is not cues): no cue of its own ("no cues found").
            dropText(pending.count - Self.trailingLineEnds(pending[...]))
            pending.removeAll()
            droppingCueText = false
            return
        }
        let starts = pending.withUnsafeBufferPointer { bytes -> (first: Int, last: Int)? in
            guard let streaming else { return nil }
            // Before the first part, `pending` only grows: a header searched already is not again.
            let tail = streaming.startsAreFoundInAnyTail && !parsedOnce
            let from = tail ? min(headerSearched, bytes.count) : 0
            guard let found = streaming.cueStarts(UnsafeBufferPointer(rebasing: bytes[from...])) else {
                if tail { headerSearched = max(0, bytes.count - 16) }   // a start may straddle the end
                return nil
            }
            return (found.first + from, found.last + from)
        }
        if header == nil, !parsedOnce, let streaming, streaming.hasHeader, let starts {
            let kept = streaming.header(pending[..<starts.first])
            header = kept
            headerLines = Self.lineCount(kept[...])
        }
        // What is complete: up to the last cue's start, if a cue comes before it (what comes before
        // the first cue is read with it).
        var end = final ? pending.count : starts.map { $0.first < $0.last ? $0.last : 0 } ?? 0
        // A live protocol's line is complete when it ends: waiting for the next one would show it late.
        if paused || live != nil, starts != nil, let streaming {
            end = max(end, pending.withUnsafeBufferPointer { streaming.pausedEnd($0) })
        }
        var cutting = false
        // A header may be large (ASS embeds fonts before its events): it is read whole, within the
        // cap of a file read whole; a cue or text that is not cues is cut sooner.
        let waitingForHeader = starts == nil && !parsedOnce && streaming?.hasHeader == true
        // Before the first part, what comes before the first cue (a header: 100,000 WebVTT style
        // rules) is not that cue's text.
        let held = pending.count - (parsedOnce ? 0 : starts?.first ?? 0)
        if end == 0 && held > (waitingForHeader ? Self.maxWholeFile : Self.maxCueText) && streaming != nil {
            // One cue, or text that is not cues, that does not end: read what there is of it, and
            // drop the rest as it comes.
            end = pending.count
            cutting = true
            droppingCueText = true
        }
        guard end > 0 else { return }
        // The first part holds the header as it came; later ones are parsed after the header kept.
        let afterHeader = parsedOnce && header != nil
        var part: [UInt8]
        if afterHeader {
            part = header ?? []
            part.append(contentsOf: pending[..<end])
            pending.removeFirst(end)
        } else {
            // The part is what is pending, cut after `end`: the rest (less than a cue) is copied, not the part.
            part = pending
            pending = Array(part[end...])
            part.removeLast(part.count - end)
        }
        parsedOnce = true
        let shift = consumedLines - (afterHeader ? headerLines : 0)
        var cues = CueList(), diagnostics: [Diagnostic] = [], found = false
        var released: (cues: [Cue], notes: [Diagnostic]) = ([], [])
        if let openEnded {
            let read = openEnded.read(part, lineShift: shift)
            diagnostics = read.diagnostics
            found = read.changes > 0
            released = (read.cues, read.notes)
        } else if let live {
            (cues, diagnostics) = read(part, live: live, shift: shift)
            found = !cues.isEmpty
        } else {
            (cues, diagnostics) = parser.parse(part, options: options)
            found = !cues.isEmpty
        }
        for (line, bytes) in Self.excessText(cues) {
            if cutting {
                // Its text goes on past the part: counted with what is dropped of it.
                droppedBytes += bytes
                joinsDropped = part.last == 10 || part.last == 13
                cutCueLine = line + shift  // the cue's own line, as when it is cut whole (the last one goes on)
            } else {
                say("\(name):\(line + shift): " + Self.cueTextCut(dropped: bytes))
            }
        }
        if cutting {
            if found {
                cutCueLine = cutCueLine ?? consumedLines + 1  // said with the count once the cue's end is known
            } else {
                droppingWhat = "that are not cues"
                say("\(name):\(consumedLines + 1): \(end) bytes that are not cues skipped")
            }
        }
        // What the header says was said with the first part.
        for diagnostic in diagnostics where !(afterHeader && diagnostic.line <= headerLines) {
            say("\(name):\(diagnostic.line + shift): \(diagnostic.message)")
        }
        if keepsParsed, batch.parsed == nil, batch.cues.isEmpty, case .compact(let compact) = cues.storage, case .subRip = compact.markup {
            // No tracks to choose from: the cues go on as parsed.
            batch.parsed = ParsedCues(list: compact, lineShift: shift)
            batch.cues = []
        } else {
            appendChosen(cues, shift: shift)
        }
        deliver(released)
        // The parser may have counted the part's lines (a part after a header holds more than its own).
        var counted: Int?
        if !afterHeader, case .compact(let compact) = cues.storage { counted = compact.lineCount }
        consumedLines += counted ?? Self.lineCount(part[(part.count - end)...])
        let endedWithCR = part[part.count - 1] == 13
        // A CR LF cut in two: its CR ended the line already counted, so its LF ends nothing.
        if endedWithCR {
            if pending.first == 10 { pending.removeFirst() } else if pending.isEmpty { lineFeedPending = true }
        }
    }

    /// A live protocol's part: its partials into the batch, its finals as cues (timed by the
    /// protocol, or by arrival).
    private func read(_ part: [UInt8], live: any LiveCaptionFormat, shift: Int) -> (cues: CueList, diagnostics: [Diagnostic]) {
        let (events, diagnostics) = live.events(part)
        var cues: [Cue] = []
        for event in events {
            switch event {
            case .partial(var partial):
                liveTiming.heard(partial, at: arrival)
                partial.sourceLine += shift
                batch.partials.append(partial)
            case .final(let utterance):
                cues.append(liveTiming.cue(for: utterance, at: arrival))
            }
        }
        return (CueList(cues), diagnostics)
    }

    /// The cues `--lang` keeps, built, into the batch.
    private func appendChosen<Cues: Sequence<Cue>>(_ cues: Cues, shift: Int) {
        for var cue in cues where isChosen(cue) {
            cue.sourceLine += shift
            batch.cues.append(Self.cut(cue))
        }
        if !chosenSeen, language != nil, !tracksSeen.isEmpty {
            // None of the tracks is the one asked for (a file read whole is known by now): all play.
            for var cue in cues where !isChosen(cue) {
                cue.sourceLine += shift
                batch.cues.append(Self.cut(cue))
            }
        }
    }

    /// Whether `--lang` keeps `cue` (cues without a track always play).
    private func isChosen(_ cue: Cue) -> Bool {
        guard let language, let track = cue.track else { return true }
        if !tracksSeen.contains(where: { $0.name == track.name }) { tracksSeen.append(track) }
        let chosen = track.isChosen(by: language)
        if chosen { chosenSeen = true }
        return chosen
    }

}
