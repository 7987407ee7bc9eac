/// The last stage for streamed text: shows graphemes as they become due.
public protocol GlyphPresenter: AnyObject {
    /// Whether graphemes must be laid out (placed in rows) before they are presented.
    var needsLayout: Bool { get }
    /// Whether what it writes carries time (JSON, recordings): then `--instant` still walks the
    /// timeline instead of showing everything at once.
    var carriesTime: Bool { get }
    /// Shows graphemes `range` of `queue`, which are all due; `instant` is the timeline instant of
    /// the last of them.
    func present(_ queue: GlyphQueue, _ range: Range<Int>, at instant: Nanoseconds) throws
    /// The end: `next` is where the text would continue (the layout's position, if any).
    func finish(next: Placement?, interrupted: Bool, at instant: Nanoseconds) throws
    /// Draw afresh at `columns` × `rows`, starting on the line the cursor is on, which is document row
    /// `firstRow`: graphemes `redraw` (the current row's, already shown) are drawn again at their new
    /// placements.
    func restart(columns: Int, rows: Int, queue: GlyphQueue, redraw: Range<Int>, firstRow: Int, at instant: Nanoseconds) throws
    /// Before the process stops (Ctrl-Z): attributes off, cursor shown.
    func suspend(at instant: Nanoseconds) throws
    /// Something drew over the cursor's row (a width probe): redraw it with the next frame.
    func invalidateCursorRow()
}

extension GlyphPresenter {
    public func invalidateCursorRow() {}
    public func restart(columns: Int, rows: Int, queue: GlyphQueue, redraw: Range<Int>, firstRow: Int, at instant: Nanoseconds) throws {}
    public func suspend(at instant: Nanoseconds) throws {}
}

/// Plain output for pipes: the input text byte for byte, each grapheme written at its instant (all
/// graphemes due together go out in one write). No escape sequences, no wrapping.
public final class PlainPresenter: GlyphPresenter {
    private let sink: any ByteSink
    public init(sink: any ByteSink) { self.sink = sink }
    public var needsLayout: Bool { false }
    public var carriesTime: Bool { false }

    public func present(_ queue: GlyphQueue, _ range: Range<Int>, at instant: Nanoseconds) throws {
        guard !range.isEmpty else { return }
        let bytes = Array(queue.bytes[queue.start(of: range.lowerBound)..<queue.ends[range.upperBound - 1]])
        try sink.write(bytes, at: instant)
    }

    public func finish(next: Placement?, interrupted: Bool, at instant: Nanoseconds) throws {}
}

/// `--output json`: one object per grapheme, `{"time":S,"text":"…"}`, S in seconds from the start,
/// written at the grapheme's instant (or all at once with `--instant`, times unchanged).
public final class JSONPresenter: GlyphPresenter {
    private let sink: any ByteSink
    private let origin: Nanoseconds
    public init(sink: any ByteSink, origin: Nanoseconds) {
        self.sink = sink
        self.origin = origin
    }
    public var needsLayout: Bool { false }
    public var carriesTime: Bool { true }

    public func present(_ queue: GlyphQueue, _ range: Range<Int>, at instant: Nanoseconds) throws {
        var out: [UInt8] = []
        for k in range {
            out.append(contentsOf: "{\"time\":".utf8)
            JSON.appendSeconds(queue.instants[k] - origin, to: &out)
            out.append(contentsOf: ",\"text\":".utf8)
            JSON.appendString(queue.string(k), to: &out)
            out.append(contentsOf: "}\n".utf8)
        }
        try sink.write(out, at: instant)
    }

    public func finish(next: Placement?, interrupted: Bool, at instant: Nanoseconds) throws {}
}
