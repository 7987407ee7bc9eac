/// What the show reads: each file detected on its own (`FormatCatalog.decide`), text decoded when
/// an encoding was asked for and streamed to a `TextRun`, subtitles parsed as they arrive into a
/// `SubtitleItem`; items queue up and play in turn.
extension Show {
    func begin(name: String?, at now: Nanoseconds) throws {
        if let format = settings.format {
            if format == .text {
                let go = { [unowned self] (_: Nanoseconds) in
                    beginText(name: name)
                    ensureOpenText()
                }
                // Where the cursor is, asked before the first text as when the format is detected.
                if items.isEmpty { try locate(firstText: [], at: now, then: go) } else { go(now) }
            } else {
                try beginSubtitles(format, name: name, at: now)
            }
        } else {
            reading = .detecting(name: name, bytes: [])
        }
    }

    func take(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws {
        if case .between = reading { try begin(name: currentName, at: now) }
        if held != nil {
            // The first text waits for the terminal's answer: these bytes go on with it.
            let held = Array(bytes)
            return try whenStarted(at: now) { [unowned self] now in try held.withUnsafeBufferPointer { try take($0, at: now) } }
        }
        switch reading {
        case .between:
            break
        case .detecting(let name, var held):
            reading = .between
            held.append(contentsOf: bytes)
            // Text that cannot be subtitles goes on at once, not after its first line.
            if let format = SubtitleFormat.cannotBeSubtitles(held) ? .text : SubtitleFormat.of(held, name: name, atEnd: false) {
                try decide(format, name: name, bytes: held, at: now)
            } else {
                reading = .detecting(name: name, bytes: held)
            }
        case .text:
            try feedText(bytes, at: now)
        case .subtitles(let stream, let item):
            try deliver(stream.push(bytes, at: now), to: item, at: now)
        case .skipping:
            break
        }
    }

    func decide(_ format: SubtitleFormat, name: String?, bytes: [UInt8], at now: Nanoseconds) throws {
        // ANSI art (CP437, control bytes and a SAUCE record) is text for a screen, not binary.
        let art = format == .text && !output.takesRawBytes ? ANSIArt.of(name: name) : nil
        if format == .text && art == nil && !output.takesRawBytes && !settings.force && !TextHead.isWideUnicode(bytes, named: settings.encoding)
            && BinaryContent.looksBinary(bytes) {
            // Like bat: a pipe gets it byte for byte, a screen gets a word about it.
            report("\(name == nil || name == "-" ? "standard input" : name!): binary content; not shown (--force shows it anyway)")
            reading = .skipping
            return
        }
        if format == .text {
            let go = { [unowned self] (now: Nanoseconds) in
                beginText(name: name, head: output.takesRawBytes ? nil : bytes, art: art)
                textHead = bytes
                textArt = art
                ensureOpenText()
                (textHead, textArt) = (nil, nil)
                try bytes.withUnsafeBufferPointer { try feedText($0, at: now) }
            }
            if items.isEmpty { try locate(firstText: bytes, at: now, then: go) } else { try go(now) }
        } else {
            try endOpenText(at: now)
            try beginSubtitles(format, name: name, at: now)
            if case .subtitles(let stream, let item) = reading {
                try bytes.withUnsafeBufferPointer { try deliver(stream.push($0, at: now), to: item, at: now) }
            }
        }
    }

    /// A subtitle file begins: its cues are read as they arrive, and play in their turn.
    func beginSubtitles(_ format: SubtitleFormat, name: String?, at now: Nanoseconds) throws {
        let file = name ?? "-"
        let stream = SubtitleStream(format: format, name: file, encoding: settings.encoding,
                                    isFile: file != "-" && InputFiles.isRegularFile(file), language: settings.language,
                                    options: settings.parseOptions)
        // A text output may write cues straight from the file's bytes (`CuePlayback.sendAhead`).
        stream.keepsParsed = output.screen == nil
        let item = SubtitleItem()
        item.live = format.parser is any LiveCaptionFormat
        // A file's partial hypotheses have no arrival: only a stream's are heard as they come.
        item.hearsPartials = item.live && !(file != "-" && InputFiles.isRegularFile(file))
        if file != "-" && InputFiles.isRegularFile(file) {
            item.countAll = { [settings, unowned item] in SubtitleCount.of(file: file, format: format, settings: settings).map { $0 + item.preloaded } }
        }
        if !tracksPlaced && settings.trackCount > 0 && !tracksPending {
            // The --track files play beside the first subtitles.
            tracksPlaced = true
            let cues = trackCues
            try taking(Self.disputable(cues), at: now) { _ in item.preload(cues) }
        }
        items.append(.cues(item))
        reading = .subtitles(stream, item)
    }

    /// What the parser made of the input reaches the subtitles, once the terminal's widths of their
    /// clusters are known.
    func deliver(_ batch: SubtitleStream.Batch, to item: SubtitleItem, at now: Nanoseconds) throws {
        let heard = item.hearsPartials ? batch.partials.last.map { [Cue(start: 0, end: 0, runs: [StyledRun($0.text, style: .plain)])] } ?? [] : []
        try taking(Self.disputable(batch.cues + (batch.parsed?.cues ?? []) + heard), at: now) { [unowned self] now in
            try take(batch, to: item, at: now)
        }
    }

    private func take(_ batch: SubtitleStream.Batch, to item: SubtitleItem, at now: Nanoseconds) throws {
        for message in batch.messages { report(message) }
        if settings.partials { for partial in batch.partials { try output.partial(partial, at: now) } }
        for partial in batch.partials where !partial.text.isEmpty { item.partialsReceived += 1 }
        // Finals first: a batch's last hypothesis is what is being said after them.
        defer { if item.hearsPartials, let last = batch.partials.last { item.hear(last, at: now) } }
        // Cues the file leaves to the player take --align/--place; beside --track files, the
        // input's subtitles are the first track.
        let name = (currentName ?? "-") == "-" ? "stdin" : String((currentName ?? "-").split(separator: "/").last ?? "-")
        let placing = settings.alignment != nil || settings.place != nil
        guard placing || settings.trackCount > 0 else {
            if let parsed = batch.parsed { try item.receive(parsed, at: now) }
            return try item.receive(batch.cues, at: now)
        }
        try item.receive((batch.cues + (batch.parsed?.cues ?? [])).map { cue in
            var cue = cue
            if placing { cue.placement = cue.placement.defaulted(alignment: settings.alignment, place: settings.place) }
            return settings.trackCount > 0 ? SubtitleTracks.tag(cue, file: 0, name: name) : cue
        }, at: now)
    }

    /// The file ended: decide what it was if it was too short to tell, and play its subtitles.
    func endFile(at now: Nanoseconds) throws {
        if case .detecting(let name, let bytes) = reading {
            try decide(SubtitleFormat.of(bytes, name: name, atEnd: true) ?? .text, name: name, bytes: bytes, at: now)
        }
        // A text decided only at its end may wait for the terminal's answer: it ends once it began.
        try whenStarted(at: now) { [unowned self] now in
            if case .subtitles(let stream, let item) = reading {
                reading = .between
                try deliver(stream.finish(at: now), to: item, at: now)
                try taking(at: now) { [unowned self] _ in
                    item.inputEnded()
                    if item.total == 0 {
                        // A recogniser that only ever guessed: its hypotheses were there, no utterance was final.
                        report(item.partialsReceived == 0 ? "\(stream.name): no cues"
                               : "\(stream.name): no final utterance (\(item.partialsReceived) partial hypotheses, none made final)")
                    }
                }
            }
            if case .text = reading {
                if let output = textDecoder?.finish() { try feedDecoded(output, at: now) }
                textDecoder = nil
                reading = .between
            }
            if case .skipping = reading { reading = .between }
        }
    }

    /// A text file begins. With `--encoding` its bytes are decoded first (each file on its own, its
    /// encoding decided from its start, as for subtitles); without, they are UTF-8.
    func beginText(name: String?, head: [UInt8]? = nil, art: ANSIArt? = nil) {
        reading = .text
        textName = name ?? "-"
        // Without --encoding, a screen gets UTF-16/32 and code page text decoded too (`TextHead`), ANSI
        // art as CP437; a pipe the bytes.
        let detected = art != nil && !(head.map(ANSIArt.isUTF8) ?? false) ? "CP437" : head.map(TextHead.needsDecoding) == true ? "auto" : nil
        textDecoder = (settings.encoding ?? detected).map {
            StreamTextDecoder(encoding: $0, isFile: textName != "-" && InputFiles.isRegularFile(textName))
        }
    }

    /// Text bytes of the file being read: decoded when an encoding was asked for.
    func feedText(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws {
        guard textDecoder != nil else { return try feedRun(bytes, at: now) }
        let output = textDecoder!.push(bytes)
        try feedDecoded(output, at: now)
    }

    func feedDecoded(_ output: StreamTextDecoder.Decoded, at now: Nanoseconds) throws {
        if let note = output.note { Messages.fitted("\(textName == "-" ? "standard input" : textName): \(note)").forEach(report) }
        try output.text.withUnsafeBufferPointer { try feedRun($0, at: now) }
    }

    /// Text bytes go to the open text item at the end of the queue (a new one after subtitles).
    func ensureOpenText() {
        switch items.last {
        case .text(let run)? where !run.isEnded: return
        case .heldText(_, ended: false)?: return
        default: break
        }
        items.append(items.isEmpty ? .text(makeTextRun()) : .heldText([], ended: false))
    }

    func feedRun(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws {
        ensureOpenText()
        switch items.last {
        case .text(let run)?:
            try feed(run, bytes, at: now)
        case .heldText(var waiting, let ended)?:
            items.removeLast()
            waiting.append(contentsOf: bytes)
            items.append(.heldText(waiting, ended: ended))
        default: break
        }
    }

    /// Bytes of `run`'s text: their clusters reach its reveal once the terminal's widths of them are
    /// known (`taking`), in input order — a terminal stream's too, named from its bytes; a reveal
    /// that reads bytes gets them as they are, at once when nothing waits before them (and the
    /// terminal is asked nothing).
    func feed(_ run: TextRun, _ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws {
        let asking = terminal?.asksWidths == true && output.screen != nil
        if run.readsBytes && intake.isEmpty && held == nil && (!asking || run.copiesRaw) { return run.receive(bytes: bytes, at: now) }
        try run.pieces(of: bytes, naming: asking) { piece in
            var clusters: [String] = []
            switch piece {
            case .clusters(let batch) where terminal?.asksWidths == true: clusters = Self.disputable(batch)
            case .bytes(_, let named), .handOff(_, let named): clusters = named
            default: break
            }
            // Nothing to ask and nothing waiting (the usual case): handed on at once.
            if intake.isEmpty && held == nil && clusters.isEmpty { return deliver(piece, to: run, at: now) }
            try taking(clusters, at: now) { [unowned self] now in deliver(piece, to: run, at: now) }
        }
    }

    private func deliver(_ piece: TextRun.Piece, to run: TextRun, at now: Nanoseconds) {
        run.deliver(piece, skipped: clockRule.timeless, at: now)
        if run.capped && !inputEnded {
            say("--duration reads the whole text before it plays: it plays the first \(TextRun.maxFitted) graphemes; the rest is not read")
            reading = .between
            inputEnded = true  // nothing more is read
        }
    }

    /// The end of `run`'s text: its last clusters, then the end, in their turn.
    func end(_ run: TextRun, at now: Nanoseconds) throws {
        guard let last = run.closeInput() else { return }
        try taking(Self.disputable(last), at: now) { now in
            if !last.isEmpty { run.deliver(.clusters(last), at: now) }
            run.end(at: now)
        }
    }

    /// The open text stretch has ended (the input did, or subtitles follow).
    func endOpenText(at now: Nanoseconds) throws {
        switch items.last {
        case .text(let run)?: try end(run, at: now)
        case .heldText(let waiting, false)?:
            items.removeLast()
            items.append(.heldText(waiting, ended: true))
        default: break
        }
    }

    /// What the text's reveal has to say about it (what it cut), named after the text: a few of a
    /// kind, then only counted.
    func reportTextNotes() {
        guard case .text(let run)? = items.last else { return }
        for note in run.takeNotes() {
            if let said = textReports.admit("\(textName == "-" ? "standard input" : textName): \(note.message)", kind: note.kind) { report(said) }
        }
    }

    /// How many of each kind of the text's notes were only counted.
    func reportTextSummary() {
        for line in textReports.summary() { report(line) }
    }

    /// Says something about the options once.
    func say(_ note: String) {
        guard said.insert(note).inserted else { return }
        report(note)
    }

    func makeTextRun() -> TextRun {
        var settings = settings
        if let screen = output.screen { settings.columns = screen.width; settings.rows = screen.height }
        // --speed plays text faster too; --start and --offset are about subtitles' times.
        settings.pacing.graphemesPerSecond *= settings.timing.speed
        settings.context.graphemesPerSecond *= settings.timing.speed
        if settings.timing.start != 0 || settings.timing.offset != 0 {
            say("--start and --offset apply to subtitles; text starts at its beginning")
        }
        return TextRun(output: output, scene: scene, settings: settings, widths: widths, clockRule: clockRule,
                       row: flowEnd.row, column: flowEnd.column, head: textHead, art: textArt)
    }

    /// The `--track` files are read (`TrackLoader`): they join the first subtitles, which waited for
    /// them. A file that could not be read ends the show (exit status 1), as it said.
    func tracksLoaded(_ cues: [Cue], failed: Bool, at now: Nanoseconds) throws {
        changed = true
        guard outcome == nil else { return }
        if failed {
            hadErrors = true
            return try stop(.finished, at: now)
        }
        trackCues = cues
        for case .cues(let item) in items where !tracksPlaced {
            tracksPlaced = true
            // The subtitles wait for them until they joined (after the terminal's widths of them).
            return try taking(Self.disputable(cues), at: now) { [unowned self] _ in
                item.preload(cues)
                tracksPending = false
            }
        }
        tracksPending = false
    }
}
