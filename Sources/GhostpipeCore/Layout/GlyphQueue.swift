/// Graphemes between the input and the screen: segmented, then (for screens) placed, then scheduled,
/// then presented. Stored as parallel arrays over one byte buffer, so a million ASCII graphemes cost
/// a few bytes each and no allocation. Presented graphemes are dropped in bulk (`compact`), so the
/// queue only holds what is not yet shown: its size is what backpressure bounds.
public struct GlyphQueue {
    public private(set) var bytes: [UInt8] = []
    /// End offset in `bytes` of each grapheme.
    public private(set) var ends: [Int] = []
    public private(set) var kinds: [GraphemeKind] = []
    /// Display width of each grapheme (screens only; empty otherwise).
    public private(set) var widths: [UInt8] = []
    /// Input style of each grapheme (screens only): an index into `styles` (0 is plain: styles are
    /// kept once each, plain first).
    public private(set) var styleIndices: [UInt16] = []
    public private(set) var styles: [Style] = [.plain]
    /// Where each grapheme goes (screens only), for the first `placements.count` graphemes.
    public private(set) var placements: [Placement] = []
    /// When each grapheme appears, for the first `instants.count` graphemes.
    public private(set) var instants: [Nanoseconds] = []
    /// Next grapheme to present.
    public private(set) var head = 0

    public init() {}

    public var count: Int { ends.count }
    /// Graphemes not yet presented.
    public var pending: Int { ends.count - head }
    @inlinable public func start(of k: Int) -> Int { k == 0 ? 0 : ends[k - 1] }

    public func string(_ k: Int) -> String {
        bytes.withUnsafeBufferPointer { Self.string($0, from: start(of: k), to: ends[k]) }
    }

    /// The text of the grapheme at `start..<end` of `bytes`.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        // One ASCII byte (most of a text) from a table: decoding validated it every time.
        if end == start + 1, bytes[start] < 0x80 { return asciiStrings[Int(bytes[start])] }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Each ASCII byte as a string.
    private static let asciiStrings: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }


    /// Appends the clusters of `batch`. With `classify`, their kinds (for pacing and layout); with
    /// `measure`, also their widths (for layout). Without either — `--instant` to a pipe — this is
    /// little more than a copy.
    public mutating func append(_ batch: GraphemeBatch, classify: Bool, measure: Bool, style: UInt16 = 0,
                                widths measured: (any ColumnWidths)? = nil) {
        guard !batch.isEmpty else { return }
        let offset = bytes.count
        bytes.append(contentsOf: batch.bytes[..<batch.byteCount])
        ends.append(batch.ends, shiftedBy: offset)
        guard classify || measure else { return }
        // Kinds (and, measured, widths and style indices): room made first, then written through
        // pointers (a capacity and uniqueness check per grapheme and array cost more than the work).
        let first = kinds.count
        kinds.append(contentsOf: repeatElement(.other, count: batch.count))
        if measure {
            widths.append(contentsOf: repeatElement(0, count: batch.count))
            styleIndices.append(contentsOf: repeatElement(style, count: batch.count))
        }
        // One loop, made twice by inlining: with widths and without (json's text: not a test per grapheme).
        @inline(__always) func tell(_ kinds: UnsafeMutableBufferPointer<GraphemeKind>,
                                    _ widths: UnsafeMutableBufferPointer<UInt8>, measuring: Bool) {
            let (byteKinds, byteWidths) = (Self.byteKinds, Self.byteWidths)
            batch.bytes.withUnsafeBufferPointer { buffer in
                batch.ends.withUnsafeBufferPointer { ends in
                    var start = 0
                    for k in 0..<ends.count {
                        let end = ends[k]
                        if end == start &+ 1 {
                            // One byte (most text): its kind and width from tables.
                            let b = Int(buffer[start])
                            kinds[first &+ k] = byteKinds[b]
                            if measuring { widths[first &+ k] = byteWidths[b] }
                        } else {
                            let cluster = UnsafeBufferPointer(rebasing: buffer[start..<end])
                            let kind = GraphemeKind.of(cluster)
                            kinds[first + k] = kind
                            if measuring { widths[first + k] = UInt8(Self.width(of: cluster, kind: kind, measured: measured)) }
                        }
                        start = end
                    }
                }
            }
        }
        kinds.withUnsafeMutableBufferPointer { kinds in
            if measure {
                widths.withUnsafeMutableBufferPointer { tell(kinds, $0, measuring: true) }
            } else {
                tell(kinds, UnsafeMutableBufferPointer(start: nil, count: 0), measuring: false)
            }
        }
        guard measure, !batch.styleRuns.isEmpty else { return }
        // The input's own colours (kept SGR), a run at a time; plain ones take `style`.
        let runs = batch.styleRuns
        for (i, run) in runs.enumerated() {
            let index = run.style.isPlain ? style : styleIndex(run.style)
            let to = i + 1 < runs.count ? runs[i + 1].from : batch.count
            styleIndices.withUnsafeMutableBufferPointer { indices in
                for k in (first + run.from)..<(first + to) { indices[k] = index }
            }
        }
    }

    /// Schedules graphemes up to `end` (exclusive), all ready at `ready`, with `pacer`.
    public mutating func schedule(upTo end: Int, with pacer: inout Pacer, ready: Nanoseconds) {
        let start = instants.count
        guard end > start else { return }
        // Written in place, in room made for them (not filled first).
        let kinds = self.kinds
        instants.append(addingCapacity: end - start) { span in
            span.withUnsafeMutableBufferPointer { room, written in
                kinds.withUnsafeBufferPointer { kinds in
                    pacer.schedule(UnsafeBufferPointer(rebasing: kinds[start..<end]), ready: ready, into: room.baseAddress!)
                }
                written = end - start
            }
        }
    }

    static func width(of cluster: UnsafeBufferPointer<UInt8>, kind: GraphemeKind, measured: (any ColumnWidths)?) -> Int {
        switch kind {
        case .newline, .tab: return 0
        default:
            if cluster.count == 1 { return Int(width(ofByte: cluster[0], kind: kind)) }
            guard let measured else { return DisplayWidth.measure(utf8: cluster) }
            return measured.width(of: String(decoding: cluster, as: UTF8.self))
        }
    }

    /// Each byte's kind and width as a cluster of its own (`GraphemeKind.of(ascii:)`, `width(ofByte:kind:)`),
    /// looked up rather than told by comparisons: most clusters are one byte. Read through pointers
    /// (a byte always indexes them, and a bounds check each was a fifth of the loop); written once,
    /// kept for the life of the process, never changed (so safe to share).
    nonisolated(unsafe) private static let byteKinds = table { GraphemeKind.of(ascii: $0) }
    nonisolated(unsafe) private static let byteWidths = table { width(ofByte: $0, kind: GraphemeKind.of(ascii: $0)) }

    private static func table<T>(_ entry: (UInt8) -> T) -> UnsafePointer<T> {
        let table = UnsafeMutablePointer<T>.allocate(capacity: 256)
        for b in 0...255 { (table + b).initialize(to: entry(UInt8(b))) }
        return UnsafePointer(table)
    }

    /// A one-byte cluster's width: none for controls (a line end and a tab are laid out apart).
    @inline(__always) static func width(ofByte b: UInt8, kind: GraphemeKind) -> UInt8 {
        kind == .newline || kind == .tab || b < 0x20 || b == 0x7F ? 0 : 1
    }

    /// Registers a style for graphemes appended later; returns its index.
    public mutating func styleIndex(_ style: Style) -> UInt16 {
        if let i = styles.firstIndex(of: style) { return UInt16(i) }
        guard styles.count < Int(UInt16.max) else { return 0 }
        styles.append(style)
        return UInt16(styles.count - 1)
    }

    public mutating func place(_ placement: Placement) { placements.append(placement) }
    /// Lays out graphemes from `first` on with `layout`, placing what it resolves.
    public mutating func layOut(from first: Int, with layout: inout FlowLayout) {
        kinds.withUnsafeBufferPointer { kinds in
            widths.withUnsafeBufferPointer { widths in
                layout.add(UnsafeBufferPointer(rebasing: kinds[first...]), widths: UnsafeBufferPointer(rebasing: widths[first...]),
                           placingInto: &placements)
            }
        }
    }

    /// Forgets placements from `k` on (they are laid out again after a resize).
    public mutating func unplace(from k: Int) {
        guard k < placements.count else { return }
        placements.removeSubrange(k...)
    }

    /// Forgets instants from `k` on (of graphemes that are no longer placed).
    public mutating func truncateInstants(to k: Int) {
        if instants.count > max(k, head) { instants.removeSubrange(max(k, head)...) }
    }

    /// Moves every instant from `k` on by `delta` (a stop of the process counts as a pause).
    public mutating func shiftInstants(from k: Int, by delta: Nanoseconds) {
        guard k < instants.count else { return }
        for i in k..<instants.count { instants[i] += delta }
    }
    public mutating func schedule(_ instant: Nanoseconds) { instants.append(instant) }

    /// Schedules every grapheme not scheduled yet up to `end` at `instant` (a text shown at once:
    /// appended whole, where one at a time cost more than laying them out).
    public mutating func schedule(upTo end: Int, at instant: Nanoseconds) {
        guard end > instants.count else { return }
        instants.append(contentsOf: repeatElement(instant, count: end - instants.count))
    }

    /// Grapheme `k` is a typo's backspace (`TypoPlanter`): no motion for layout, and its wrong key
    /// (the grapheme before) takes no column there, so a word is laid out as if typed without a slip.
    public mutating func markTypo(at k: Int) {
        kinds[k] = .other
        if k > 0 && k - 1 < widths.count { widths[k - 1] = 0 }
    }

    /// Moves placed grapheme `k` (a typo's wrong key or backspace, onto its right key's cell).
    public mutating func replacePlacement(_ k: Int, with placement: Placement) { placements[k] = placement }

    /// Moves grapheme `k`'s instant (shown at once after a key).
    public mutating func setInstant(_ k: Int, _ instant: Nanoseconds) { instants[k] = instant }

    /// Marks graphemes from `k` on as not yet presented (redrawn after a relayout).
    public mutating func rewindHead(to k: Int) { head = max(0, min(head, k)) }

    /// Marks graphemes up to `k` (exclusive) as presented.
    public mutating func advanceHead(to k: Int) { head = max(head, min(k, ends.count)) }

    /// Drops presented graphemes once they are a good share of the queue (amortised O(1)); returns
    /// how many were dropped (every index moves down by that much).
    @discardableResult
    public mutating func compact(keepingFrom keep: Int? = nil) -> Int {
        let head = min(self.head, keep ?? self.head)
        guard head >= 4096 && head * 2 >= ends.count else { return 0 }
        let dropped = head
        let dropBytes = ends[head - 1]
        bytes.removeFirst(dropBytes)
        ends.removeFirst(head)
        for i in ends.indices { ends[i] -= dropBytes }
        kinds.removeFirst(min(head, kinds.count))
        if !widths.isEmpty || !styleIndices.isEmpty {
            widths.removeFirst(min(head, widths.count))
            styleIndices.removeFirst(min(head, styleIndices.count))
        }
        placements.removeFirst(min(head, placements.count))
        instants.removeFirst(min(head, instants.count))
        self.head -= dropped
        return dropped
    }
}
