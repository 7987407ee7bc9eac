/// Streamed text on a terminal (or in a recording of one): the typewriter reveal. Each grapheme is
/// drawn into the frame at the place the layout gave it, at its instant; the renderer writes only
/// what changed. Rows the typing head has left are final and dropped from the frame, so the frame
/// stays one or two rows tall however long the text.
public final class FlowScreenPresenter: GlyphPresenter {
    private var renderer: TerminalRenderer
    private var frame: Frame
    private let sink: any ByteSink
    private var cursorHidden = false
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
        if !cursorHidden {
            out.append(contentsOf: ANSI.hideCursor)
            cursorHidden = true
        }
        var lastRow = frame.origin
        for k in range {
            let placement = queue.placements[k]
            lastRow = max(lastRow, placement.row)
            guard placement.width > 0, !queue.kinds[k].isBlank else { continue }
            frame.put(queue.string(k), width: placement.width, style: queue.styles[Int(queue.styleIndices[k])],
                      row: placement.row, column: placement.column)
        }
        frame.ensureRow(lastRow)
        renderer.render(frame, into: &out)
        // The typewriter never returns to a row it has left.
        frame.dropRows(before: lastRow)
        try sink.write(out, at: instant)
    }

    public func finish(next: Placement?, interrupted: Bool, at instant: Nanoseconds) throws {
        var out: [UInt8] = []
        if interrupted {
            renderer.finishInterrupted(into: &out)
        } else if let next {
            renderer.finish(atRow: next.row, column: next.column, into: &out)
        }
        if cursorHidden { out.append(contentsOf: ANSI.showCursor) }
        try sink.write(out, at: instant)
    }
}
