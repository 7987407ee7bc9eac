#if canImport(Glibc)
import Glibc
#endif

/// One stretch of streamed text (consecutive text files read as one stream, like `cat a b`): the
/// bytes become clean, sanitized grapheme clusters (`GraphemeStream`) and go to the reveal the
/// effect and the output call for.
final class TextRun {
    private var stream: GraphemeStream
    private(set) var reveal: any TextReveal
    /// No more input is taken (it ended, or `--duration` took its fill).
    private var ended = false
    /// The reveal was told the input ended (what was taken before reached it first).
    private var revealEnded = false
    /// `--wrap auto` prose that may yet position itself: read line by line until it does (then
    /// until the prose hands off to the stream, `StreamHandoff`).
    private var watch: ProseWatch?
    /// The input positioned itself: from there on it goes to the stream as bytes.
    private var handedOff = false
    /// The clusters of bytes for a stream, named for the terminal's questions.
    private var streamClusters = StreamClusters()

    /// The reveal for this output: on a screen, the effect's (the typewriter on the pacer's timeline,
    /// credits rolling, any other — and the typewriter when blocks are aligned or placed — a
    /// paragraph at a time, or slides); for json the effect's timing too; plain
    /// output is the input byte for byte on the pacer's timeline (effects draw on screens only).
    /// `head`: the start of the input, when known (`--wrap auto` reads it: does it position itself?).
    init(output: any Output, scene: Scene, settings: ShowSettings, widths: (any ColumnWidths)?, clockRule: ClockRule,
         row: Int, column: Int, head: [UInt8]? = nil, art: ANSIArt? = nil) {
        stream = GraphemeStream(sanitizing: !output.takesRawBytes,
                                keepingStyles: settings.keepInputColors && output.screen != nil,
                                preservingInvalid: output.takesRawBytes)
        fitted = settings.pacing.duration != nil
        let setup = RevealSetup(output: output, scene: scene, settings: settings, widths: widths, clockRule: clockRule,
                                row: row, column: column)
        if clockRule.timeless && settings.pacing.duration == nil, let target = output.rawCopyTarget {
            reveal = RawCopy(into: target)
        } else if settings.subtitleLayout == .slides, !output.takesRawBytes, let screenScene = setup.scene {
            reveal = SlideShow(setup, scene: screenScene)
        } else if let screen = output.screen, let screenScene = setup.scene, settings.effect.streaming != .rolled,
                  art != nil && settings.wrap != .word || Self.isTerminalStream(settings.wrap, head: head) {
            // (Credits roll prose; a terminal stream under them keeps the prose layout.)
            reveal = StreamReveal(setup, scene: screenScene, screen: screen, autowrap: settings.wrap != .none, art: art)
        } else if output.screen == nil, !output.takesRawBytes, Self.isTerminalStream(settings.wrap, head: head) {
            // json, plain to a terminal: the stream's final lines, as the emulator reads them.
            reveal = StreamTranscript(setup, autowrap: settings.wrap != .none)
        } else if output.takesRawBytes || output.screen == nil && !output.carriesTime || (settings.effect.streaming == .typed && !(output.screen != nil && settings.placesBlocks)) {
            reveal = PacedText(setup)
        } else if settings.effect.streaming == .rolled, output.screen != nil {
            reveal = CreditsRoll(setup)
        } else {
            reveal = ParagraphReveal(setup)
        }
        if settings.wrap == .auto, art == nil, let screen = output.screen, let screenScene = setup.scene, reveal is PacedText {
            // Typed prose on a screen: a later line that positions itself makes the rest a stream.
            // (A block effect lays out whole paragraphs, whose rows are not known line by line: the
            // head decides for it.)
            watch = ProseWatch(setup: setup, scene: screenScene, screen: screen)
        }
    }

    /// A run whose reveal takes no bytes (slides of cues, read from their subtitle item).
    init(reveal: any TextReveal) {
        stream = GraphemeStream(sanitizing: true, keepingStyles: false)
        fitted = false
        self.reveal = reveal
        ended = true
        revealEnded = true
    }

    /// `--duration` reads the whole text before it plays, so it is held in memory: at most this many
    /// graphemes; the rest is not read.
    static let maxFitted = 250_000
    private let fitted: Bool
    private var received = 0
    /// The text reached `maxFitted` and was ended there.
    private(set) var capped = false

    var wantsInput: Bool { !ended && reveal.wantsInput }
    /// Bytes go to the output as they are (`RawCopy`), with no work per grapheme.
    var copiesRaw: Bool { reveal is RawCopy }

    /// Whether the text is laid out as a terminal lays it out, through the emulator (`--wrap`).
    static func isTerminalStream(_ wrap: TextWrap, head: [UInt8]?) -> Bool {
        switch wrap {
        case .word: false
        case .char, .none: true
        case .auto: head.map(TerminalStreamDetection.positionsItself) ?? false
        }
    }
    var holdsPartialInput: Bool { stream.holdsPartialInput || reveal.holdsPartialInput }
    var isLive: Bool { reveal.isLive }
    var isDone: Bool { ended && reveal.isDone }
    var isEnded: Bool { ended }

    /// Whether the reveal reads the input's bytes (`receive(bytes:)`) rather than clusters.
    var readsBytes: Bool { reveal.readsBytes }

    /// What the input's bytes make, in input order, for the reveal.
    enum Piece {
        /// Grapheme clusters: they reach the reveal once the terminal's widths of those it disputes
        /// are known (`Show.taking`).
        case clusters(GraphemeBatch)
        /// Bytes, for a reveal that reads them (a raw copy, a terminal stream), and the clusters
        /// they print (when `naming`) that the terminal may draw at another width than Unicode says:
        /// they reach the stream once its widths of those are known.
        case bytes([UInt8], naming: [String])
        /// `ProseWatch`: the prose was given a whole line; these bytes of the open line; the
        /// line that positions itself and what follows (`StreamHandoff`; with its clusters, as `bytes`).
        case lineEnded, lineExtended([UInt8]), handOff([UInt8], naming: [String])
    }

    /// The pieces `bytes` make, in input order, each given to `body` as it is made (segmenting and
    /// watching go in input order, now); `body` hands them to the reveal with `deliver` in their turn.
    /// `naming`: bytes for a stream name their clusters outside ASCII (the terminal is asked widths).
    func pieces(of bytes: UnsafeBufferPointer<UInt8>, naming: Bool = false, _ body: (Piece) throws -> Void) rethrows {
        guard !ended else { return }
        if readsBytes || handedOff {
            return try body(.bytes(Array(bytes), naming: naming && !copiesRaw ? streamClusters.names(in: bytes) : []))
        }
        guard watch != nil else { return try body(.clusters(stream.push(bytes))) }
        try watched(bytes, naming: naming, body)
    }

    /// Prose, read line by line until a line positions itself: the lines before it are prose,
    /// that line and the rest a stream.
    private func watched(_ bytes: UnsafeBufferPointer<UInt8>, naming: Bool, _ body: (Piece) throws -> Void) rethrows {
        var start = 0
        var cut: Int?
        while start < bytes.count {
            // The line's end found by `memchr` (a generic search cost five instructions a byte).
            let base: UnsafePointer<UInt8> = bytes.baseAddress!
            var end = bytes.count
            if let found = memchr(base + start, 0x0A, bytes.count - start) {
                end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
            }
            if watch!.read(UnsafeBufferPointer(rebasing: bytes[start..<end])) { cut = start; break }
            start = end
        }
        let proseEnd = cut ?? bytes.count
        var open = 0
        if let lastLF = bytes[..<proseEnd].lastIndex(of: 0x0A) {
            open = lastLF + 1
            // Whole lines, their last cluster too (nothing extends a line feed): one batch.
            var lines = stream.push(UnsafeBufferPointer(rebasing: bytes[..<open]))
            lines.append(stream.flushAfterPause())
            if !lines.isEmpty { try body(.clusters(lines)) }
            try body(.lineEnded)
        }
        if open < proseEnd {
            let rest = UnsafeBufferPointer(rebasing: bytes[open..<proseEnd])
            try body(.clusters(stream.push(rest)))
            try body(.lineExtended(Array(rest)))
        }
        guard let cut else { return }
        try body(.clusters(stream.finish()))
        handedOff = true
        let rest = UnsafeBufferPointer(rebasing: bytes[cut...])
        try body(.handOff(Array(rest), naming: naming ? streamClusters.names(in: rest) : []))
    }

    /// Hands `piece` to the reveal. `skipped`: a key has skipped the animation (a stream handed
    /// the rest shows everything too).
    func deliver(_ piece: Piece, skipped: Bool = false, at now: Nanoseconds) {
        guard !revealEnded else { return }
        switch piece {
        case .clusters(let batch): receive(batch, at: now)
        case .bytes(let bytes, _): bytes.withUnsafeBufferPointer { reveal.take($0, at: now) }
        case .lineEnded: watch?.lineEnded(proseEnd: reveal.end)
        case .lineExtended(let bytes): bytes.withUnsafeBufferPointer { watch?.extendLine($0) }
        case .handOff(let rest, _):
            guard let watch else { return }
            reveal = rest.withUnsafeBufferPointer { watch.handOff(from: reveal, $0, skipped: skipped, at: now) }
            self.watch = nil
        }
    }

    /// Clusters for the reveal (see `pieces(of:)`).
    private func receive(_ batch: GraphemeBatch, at now: Nanoseconds) {
        if fitted && received + batch.count > Self.maxFitted {
            // Exactly the first maxFitted clusters; a cluster or UTF-8 sequence cut by the read
            // is dropped with the rest, not finished as U+FFFD.
            capped = true
            ended = true
            revealEnded = true
            reveal.receive(batch.prefix(Self.maxFitted - received), at: now)
            reveal.ended(at: now)
            return
        }
        received += batch.count
        reveal.receive(batch, at: now)
    }

    /// Bytes for a reveal that reads them, at once (nothing waits before them).
    func receive(bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) {
        guard !revealEnded, readsBytes else { return }
        reveal.take(bytes, at: now)
    }

    /// What the reveal has to say about the input since last asked.
    func takeNotes() -> [Note] { reveal.takeNotes() }
    /// The show stops before the input ends.
    func interrupted() { reveal.interrupted() }

    /// The input paused: the clusters held back for a moment (a cluster cut by the read is complete
    /// now), then `paused(at:)` once they reached the reveal.
    func clustersAtPause() -> GraphemeBatch {
        readsBytes || handedOff ? GraphemeBatch() : stream.flushAfterPause()
    }

    func paused(at now: Nanoseconds) {
        guard !revealEnded else { return }
        reveal.paused(at: now)
    }

    /// The input ends: no more is taken; returns its last clusters (nil: it had ended already),
    /// which reach the reveal before `end(at:)`.
    func closeInput() -> GraphemeBatch? {
        guard !ended else { return nil }
        ended = true
        return readsBytes || handedOff ? GraphemeBatch() : stream.finish()
    }

    /// The reveal is told the input ended (after its last clusters).
    func end(at now: Nanoseconds) {
        guard !revealEnded else { return }
        revealEnded = true
        reveal.ended(at: now)
    }
}
