/// The cues of one subtitle file, sorted by start time (stably: cues that start together keep their
/// file order), as a random-access collection of ``Cue``.
///
/// Compact by design: the parsers keep the decoded file text and one 40-byte record per cue (times,
/// byte ranges of identifier and text, source line, placement), and a ``Cue`` with its styled runs is
/// built when it is read. A 50 MB SRT file with 580,000 cues then costs the text plus 23 MB, where
/// `[Cue]` would cost about 300 bytes per cue on top of the text. Reading a cue costs about a
/// microsecond: use ``start(at:)`` and ``end(at:)`` where only times are needed, and keep the `Cue`
/// values of the cues on screen.
public struct CueList: RandomAccessCollection, Sendable {
    public typealias Index = Int
    public typealias Element = Cue

    enum Storage: Sendable {
        case compact(CompactCues)
        case explicit([Cue])
    }
    let storage: Storage

    init(compact: CompactCues) { storage = .compact(compact) }

    /// A list of given cues (tests, other sources), sorted stably by start time.
    public init(_ cues: [Cue] = []) {
        var sorted = cues
        if !isSortedByStart(cues.lazy.map(\.start)) {
            let indexed = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            sorted = indexed.map(\.element)
        }
        storage = .explicit(sorted)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .compact(let c): return c.records.count
        case .explicit(let cues): return cues.count
        }
    }

    /// The cue at `position`, with its styled runs (built now for a parsed file).
    public subscript(position: Int) -> Cue {
        switch storage {
        case .compact(let c): return c.cue(at: position)
        case .explicit(let cues): return cues[position]
        }
    }

    /// Start time of the cue at `index`, without building the cue.
    @inlinable public func start(at index: Int) -> Nanoseconds { times(at: index).start }
    /// End time of the cue at `index`, without building the cue.
    @inlinable public func end(at index: Int) -> Nanoseconds { times(at: index).end }

    /// Start and end time of the cue at `index`, without building the cue.
    public func times(at index: Int) -> (start: Nanoseconds, end: Nanoseconds) {
        switch storage {
        case .compact(let c): let r = c.records[index]; return (r.start, r.end)
        case .explicit(let cues): return (cues[index].start, cues[index].end)
        }
    }

    /// Bytes this list keeps on the heap (text plus records), for memory reports.
    public var storageBytes: Int {
        switch storage {
        case .compact(let c):
            return c.source.count + c.records.capacity * MemoryLayout<CueRecord>.stride
        case .explicit(let cues):
            return cues.capacity * MemoryLayout<Cue>.stride
        }
    }
}

func isSortedByStart<S: Sequence>(_ starts: S) -> Bool where S.Element == Nanoseconds {
    var last = Nanoseconds.min
    for s in starts {
        if s < last { return false }
        last = s
    }
    return true
}

extension CueList {
    /// What every parser does with valid UTF-8: the 4 GiB limit of its 32-bit offsets, then
    /// `parse` over the bytes, and the cues kept compact over them (no copy, no second validation).
    static func parsed(validUTF8 source: [UInt8],
                       _ parse: (UnsafeBufferPointer<UInt8>) -> (records: [CueRecord], placements: [CuePlacement], markup: CueMarkup, diagnostics: [Diagnostic]))
        -> (cues: CueList, diagnostics: [Diagnostic]) {
        parsed(validUTF8: source) { bytes in
            let parsed = parse(bytes)
            return (parsed.records, parsed.placements, parsed.markup, parsed.diagnostics, nil)
        }
    }

    /// The same for a parser that counts the lines it read (`CompactCues.lineCount`).
    static func parsed(validUTF8 source: [UInt8],
                       _ parse: (UnsafeBufferPointer<UInt8>) -> (records: [CueRecord], placements: [CuePlacement], markup: CueMarkup, diagnostics: [Diagnostic], lineCount: Int?))
        -> (cues: CueList, diagnostics: [Diagnostic]) {
        guard source.count < Int(UInt32.max) else {
            return (CueList(), [Diagnostic(line: 1, message: "file too large (4 GiB at most)")])
        }
        let parsed = source.withUnsafeBufferPointer(parse)
        let compact = CompactCues(utf8: source, records: parsed.records, placements: parsed.placements, markup: parsed.markup,
                                  lineCount: parsed.lineCount)
        return (CueList(compact: compact), parsed.diagnostics)
    }
}

/// One parsed cue as the parsers store it: offsets into the source text instead of strings.
struct CueRecord: Sendable {
    var start: Nanoseconds
    var end: Nanoseconds
    /// Byte range of the cue text (raw lines, terminators included between them).
    var textStart: UInt32
    var textEnd: UInt32
    /// Byte range of the identifier; empty when there is none.
    var idStart: UInt32
    var idEnd: UInt32
    /// 1-based source line of the timing line.
    var line: UInt32
    /// What the markup makes of it: an index into ``CompactCues/placements`` (SubRip, WebVTT), a
    /// track (SAMI), a kind of cue (LRC).
    var detail: UInt32
}

/// Which markup the cue texts are in.
enum CueMarkup: Sendable {
    case subRip
    case webVTT(WebVTTStyleSheet)
    /// A format with tables of its own (ASS styles, SAMI classes, LRC headers) builds its cues.
    case built(any CueBuilder)
}

/// Builds the cue of a record from the source text (UTF-8), for formats with tables of their own.
protocol CueBuilder: Sendable {
    func cue(_ record: CueRecord, in source: UnsafeBufferPointer<UInt8>) -> Cue
}

/// The parsers' output: the source text, records sorted by start, distinct placements. A class:
/// reading a cue then takes one reference to it, not one to each of its arrays and tables.
final class CompactCues: Sendable {
    /// The source text, valid UTF-8 (kept as bytes: the stream's decoder validated it once).
    let source: [UInt8]
    let records: [CueRecord]
    let placements: [CuePlacement]
    let markup: CueMarkup
    /// `markup` is SubRip's (asked per cue by text outputs: no copy of the enum each time).
    let isSubRip: Bool
    /// The lines the source text ends (as `SubtitleStream.lineCount` counts them), when the parser
    /// counted them as it read: a stream numbers the next part's lines without reading this one again.
    let lineCount: Int?

    convenience init(source: String, records: [CueRecord], placements: [CuePlacement], markup: CueMarkup) {
        self.init(utf8: Array(source.utf8), records: records, placements: placements, markup: markup)
    }

    /// `utf8` must be valid UTF-8. Sorts `records` stably by start time (the line number breaks
    /// ties) unless already sorted.
    init(utf8 source: [UInt8], records: [CueRecord], placements: [CuePlacement], markup: CueMarkup, lineCount: Int? = nil) {
        var records = records
        if !isSortedByStart(records.lazy.map(\.start)) {
            records.sort { ($0.start, $0.line) < ($1.start, $1.line) }
        }
        self.source = source
        self.records = records
        self.placements = placements
        self.markup = markup
        if case .subRip = markup { isSubRip = true } else { isSubRip = false }
        self.lineCount = lineCount
    }

    func cue(at index: Int) -> Cue {
        let r = records[index]
        return source.withUnsafeBufferPointer { cue(r, in: $0) }
    }

    private func cue(_ r: CueRecord, in buffer: UnsafeBufferPointer<UInt8>) -> Cue {
        guard let base = buffer.baseAddress else {
            return Cue(start: r.start, end: r.end, runs: [], sourceLine: Int(r.line))
        }
        if case .built(let builder) = markup { return builder.cue(r, in: buffer) }
        let text = UnsafeBufferPointer(start: base + Int(r.textStart), count: Int(r.textEnd) - Int(r.textStart))
        var placement = placements.isEmpty ? CuePlacement() : placements[Int(r.detail)]
        let runs: [StyledRun]
        var identifier: String?
        switch markup {
        case .subRip:
            (runs, placement) = SubRipMarkup.parse(text, placement: placement)
            if r.idEnd > r.idStart {
                identifier = String(decoding: UnsafeBufferPointer(start: base + Int(r.idStart),
                                                                  count: Int(r.idEnd - r.idStart)), as: UTF8.self)
            }
        case .webVTT(let sheet):
            runs = WebVTTCueText.parse(text, styleSheet: sheet)
            if r.idEnd > r.idStart {
                identifier = WebVTTCueText.replacingNUL(UnsafeBufferPointer(start: base + Int(r.idStart),
                                                                             count: Int(r.idEnd - r.idStart)))
            }
        case .built:
            runs = []
        }
        return Cue(start: r.start, end: r.end, runs: runs, placement: placement,
                   identifier: identifier, sourceLine: Int(r.line))
    }
}

extension CompactCues {
    /// Calls `body` with the source text's bytes (valid UTF-8), for `plainText(of:in:)`.
    func withSource<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try source.withUnsafeBufferPointer(body)
    }

    /// What a text output prints of a cue (`Output.cue(text:…)`), without building it: SubRip
    /// text that is its plain text as it is (`SubRipMarkup.isPlain`, most cues), or plain text read
    /// from its markup into `scratch`; nil when the cue must be built (another markup, text to
    /// sanitize or to cut).
    func plainText(of record: CueRecord, in source: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> PlainCueText? {
        guard isSubRip, let base = source.baseAddress else { return nil }
        let text = UnsafeBufferPointer(start: base + Int(record.textStart), count: Int(record.textEnd) - Int(record.textStart))
        if SubRipMarkup.isPlain(text) { return .source(text) }
        scratch.removeAll(keepingCapacity: true)
        SubRipMarkup.plainText(text, into: &scratch)
        while scratch.last == 10 { scratch.removeLast() }
        let clean = scratch.withUnsafeBufferPointer { !TerminalSanitizer.needsCleaning($0) }
        return clean && scratch.count <= SubtitleStream.maxCueText ? .scratch : nil
    }
}

/// Where `CompactCues.plainText(of:in:scratch:)` left a cue's plain text.
enum PlainCueText {
    case source(UnsafeBufferPointer<UInt8>)
    case scratch
}

/// Where a markup reader puts the text it reads: styled runs (`RunBuilder`), or the text alone
/// (`PlainTextBuilder`, for text outputs, which print no styles).
protocol MarkupText {
    var style: Style { get set }
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    mutating func append(scalar: Unicode.Scalar)
    /// Whether it keeps `style` (a reader that does not spares working styles out).
    static var keepsStyles: Bool { get }
}

extension MarkupText {
    static var keepsStyles: Bool { true }
}

/// The text of markup without its styles, as UTF-8.
struct PlainTextBuilder: MarkupText {
    var bytes: [UInt8]
    var style = Style.plain
    static var keepsStyles: Bool { false }
    mutating func append(_ byte: UInt8) { bytes.append(byte) }
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(contentsOf: bytes) }
    mutating func append(scalar: Unicode.Scalar) { TextDecoder.appendUTF8(scalar.value, to: &bytes) }
}

/// Collects styled text into runs, merging neighbours of the same style, instant and look before it.
struct RunBuilder: MarkupText {
    private(set) var runs: [StyledRun] = []
    private var pending: [UInt8] = []
    private var pendingStyle = Style.plain
    private var pendingAt: Nanoseconds?
    private var pendingBefore: Style?

    var style = Style.plain
    var at: Nanoseconds?
    /// The look before `at` (karaoke); nil: hidden until then.
    var before: Style?

    /// Whether no text has been added.
    var isEmpty: Bool { runs.isEmpty && pending.isEmpty }

    @inline(__always)
    private mutating func prepare() {
        if style != pendingStyle || at != pendingAt || before != pendingBefore {
            flush()
            pendingStyle = style
            pendingAt = at
            pendingBefore = before
        }
    }

    mutating func append(_ byte: UInt8) {
        prepare()
        pending.append(byte)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        prepare()
        pending.append(contentsOf: bytes)
    }

    mutating func append(scalar: Unicode.Scalar) {
        prepare()
        TextDecoder.appendUTF8(scalar.value, to: &pending)
    }

    mutating func append(_ text: String) {
        guard !text.isEmpty else { return }
        prepare()
        pending.append(contentsOf: text.utf8)
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        let text = String(decoding: pending, as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        if let last = runs.last, last.style == pendingStyle, last.at == pendingAt, last.before == pendingBefore {
            runs[runs.count - 1].text += text
        } else {
            runs.append(StyledRun(text, style: pendingStyle, at: pendingAt, before: pendingBefore))
        }
    }

    mutating func finish() -> [StyledRun] {
        flush()
        return runs
    }
}
