/// Streamed text on a terminal (or in a recording of one): the typewriter reveal. Each grapheme is
/// drawn into the frame at the place the layout gave it, at its instant; the renderer writes only
/// what changed. Rows the typing head has left are final and dropped from the frame, so the frame
/// stays one or two rows tall however long the text.
///
/// The terminal's own cursor stays visible at the typing head, like a typewriter's carriage: a typed
/// space moves it at the space's instant, and nothing has to be hidden or restored.
public final class FlowScreenPresenter: GlyphPresenter {
    private var renderer: TerminalRenderer
    private var frame: Frame
    private let sink: any ByteSink
    public let carriesTime: Bool

    public init(sink: any ByteSink, width: Int, height: Int, depth: ColorDepth, carriesTime: Bool) {
        self.sink = sink
        self.renderer = TerminalRenderer(width: width, height: height, depth: depth)
        self.frame = Frame(width: renderer.width)
        self.carriesTime = carriesTime
    }

    public var needsLayout: Bool { true }
    public var width: Int { renderer.width }

    public func present(_ queue: GlyphQueue, _ range: Range<Int>, at instant: Nanoseconds) throws {
        guard !range.isEmpty else { return }
        var out: [UInt8] = []
        draw(queue, range, into: &out)
        try sink.write(out, at: instant)
    }

    public func restart(columns: Int, rows: Int, queue: GlyphQueue, redraw: Range<Int>, firstRow: Int, at instant: Nanoseconds) throws {
        let depth = renderer.depth
        // A new renderer for the new size, which starts on the cursor's line: the current row (now
        // numbered as its first placement says) is unknown to it and gets cleared, then redrawn.
        renderer = TerminalRenderer(width: columns, height: rows, depth: depth, startingRow: firstRow)
        frame = Frame(width: renderer.width, origin: firstRow, rowCount: 1)
        renderer.invalidate(rows: firstRow..<(firstRow + 1))
        var out: [UInt8] = []
        draw(queue, redraw, into: &out)
        try sink.write(out, at: instant)
    }

    public func invalidateCursorRow() { renderer.invalidateCursorRow() }

    public func suspend(at instant: Nanoseconds) throws {
        var out: [UInt8] = []
        renderer.resetAttributes(into: &out)
        try sink.write(out, at: instant)
    }

    private func draw(_ queue: GlyphQueue, _ range: Range<Int>, into out: inout [UInt8]) {
        var lastRow = frame.origin
        var head: Placement?
        for k in range {
            let placement = queue.placements[k]
            lastRow = max(lastRow, placement.row)
            if queue.kinds[k] == .newline {
                head = Placement(row: placement.row + 1, column: 0, width: 0)
                continue
            }
            head = Placement(row: placement.row, column: placement.column + placement.width, width: 0)
            guard placement.width > 0, !queue.kinds[k].isBlank else { continue }
            frame.put(queue.string(k), width: placement.width, style: queue.styles[Int(queue.styleIndices[k])],
                      row: placement.row, column: placement.column)
        }
        // A line end takes the head to the start of the next row at once, as a typist's Enter does.
        if let head { lastRow = max(lastRow, head.row) }
        frame.ensureRow(lastRow)
        frame.cursor = head
        renderer.render(frame, into: &out)
        // The typewriter never returns to a row it has left.
        frame.dropRows(before: lastRow)
    }

    public func finish(next: Placement?, interrupted: Bool, at instant: Nanoseconds) throws {
        var out: [UInt8] = []
        if interrupted {
            renderer.finishInterrupted(into: &out)
        } else if let next {
            renderer.finish(atRow: next.row, column: next.column, into: &out)
        }
        try sink.write(out, at: instant)
    }
}
