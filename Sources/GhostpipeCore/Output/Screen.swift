/// The one owner of a renderer and the bytes it writes: every frame ghostpipe draws on a terminal
/// (or into a recording of one, or on the overlay band's little terminal) goes through here.
///
/// - Inline (playback): frames are document rows inside the scrollback, drawn with relative moves
///   from wherever the cursor was when ghostpipe started; rows are created below as needed.
/// - Full screen (the overlay): the alternate screen on a terminal, a whole-screen frame at the top
///   left; the program's modes (cursor keys, mouse, paste…) are mirrored and switched off on leaving.
///
/// The cursor shows where a frame says (the typewriter's head) and is hidden while it says nowhere
/// (an effect animating); attributes are off and the cursor shown whenever the terminal is handed
/// back (`suspend`, `finish`, `leave`).
public final class Screen {
    public enum Kind: Equatable {
        case inline
        /// `alternate`: switch to the terminal's alternate screen (not in a recording).
        case fullScreen(alternate: Bool)
    }

    private let sink: any ByteSink
    private let kind: Kind
    /// Unchecked exclusivity: a recording changes it once per grapheme, and a dynamic check per
    /// access cost as much as the change (only this class touches it, never re-entrantly).
    @exclusivity(unchecked) private var renderer: TerminalRenderer
    /// Whether the terminal shows its cursor (nil: unknown).
    private var cursorShown: Bool?
    /// A recording gets resizes as events of their own.
    private let recorder: (any RecordsResizes)?
    /// Full screen: the modes as mirrored on the terminal, and whether it is taken.
    private var mirrored = TerminalModes()
    public private(set) var isEntered = false
    /// Every frame composed and compared whole, never told as what appeared (tests compare the two).
    var composesWhole = false
    /// `--instant` to a recording: the typewriter types straight from the glyph queue (`type`) rather
    /// than through the scene; tests compare with the scene's frames.
    var typesAhead = true
    /// Whether the typewriter may type here with `type` (`typesAhead`, inline, frames not forced whole).
    var typesFromQueue: Bool { typesAhead && kind == .inline && !composesWhole }
    /// A frame's bytes, kept between frames (a recording draws one per grapheme).
    @exclusivity(unchecked) private var body: [UInt8] = []
    /// Where each typing step's bytes end in `body`, and its instant (`type`).
    @exclusivity(unchecked) private var steps: [(end: Int, instant: Nanoseconds)] = []
    /// The bytes of frames drawn while `gathering`, and their instant: written as one.
    private var gathered: [UInt8]?
    private var gatheredStamp: Nanoseconds = 0

    /// Inline, `startColumn` is where the cursor is on its row when ghostpipe starts (what is left
    /// of it is someone else's: a prompt), when the terminal said.
    public init(sink: any ByteSink, width: Int, height: Int, depth: ColorDepth, kind: Kind = .inline,
                recorder: (any RecordsResizes)? = nil, startColumn: Int? = nil, startRow: Int? = nil) {
        self.sink = sink
        self.kind = kind
        self.recorder = recorder
        renderer = TerminalRenderer(width: width, height: height, depth: depth, startingColumn: startColumn)
        self.startRow = startRow.map { max(0, min($0, height - 1)) }
        cursorShown = kind == .inline ? true : nil
    }

    /// The first column of the first row that is ours (what is left of it belongs to a prompt).
    public var startColumn: Int { renderer.foreign.map { $0.row == 0 ? $0.columns : 0 } ?? 0 }

    /// The terminal said where its cursor is, before anything was drawn: the first row starts there.
    public func start(atRow row: Int, column: Int) {
        renderer = TerminalRenderer(width: renderer.width, height: renderer.height, depth: renderer.depth, startingColumn: column)
        startRow = max(0, min(row, renderer.height - 1))
    }

    /// The terminal's row (0 at the top of its screen) that document row 0 was on when drawing began,
    /// when known: the terminal said (`start`), or a recording, which starts on a blank screen. Nil
    /// after a resize or `fg` (drawing starts afresh wherever the cursor is).
    public private(set) var startRow: Int?

    /// The terminal's row that document row `row` is on now, when known: rows drawn below the
    /// screen's bottom scrolled everything up.
    public func terminalRow(of row: Int) -> Int? {
        guard let startRow else { return nil }
        let scrolled = max(0, startRow + renderer.bottomRow - (renderer.height - 1))
        return startRow + row - scrolled
    }

    public var width: Int { renderer.width }
    public var height: Int { renderer.height }
    public var depth: ColorDepth { renderer.depth }
    /// How many rows the renderer remembers as created blank (tests: bounded by the screen).
    var rowsKnownBlank: Int { renderer.rowsKnownBlank }
    /// The document row the cursor is on now.
    public var cursorRow: Int { renderer.currentRow }
    /// The lowest document row drawn so far.
    public var bottomRow: Int { renderer.bottomRow }
    private var isFullScreen: Bool { kind != .inline }

    /// Draws `frame` (rows `reserving` are made to exist first: a band at the bottom), mirrors
    /// `modes` (full screen), and shows the cursor where the frame says or hides it.
    public func draw(_ frame: Frame, reserving: Range<Int>? = nil, modes: TerminalModes? = nil, at stamp: Nanoseconds) throws {
        try draw(frame, after: nil, reserving: reserving, modes: modes, at: stamp)
    }

    /// `final`: rows above the frame's, drawn first (`Scene.finalRowsApart`); `plain`: the frame's
    /// rows that are plain lines (`Scene.plainRows`).
    func draw(_ frame: Frame, after final: FinalRows?, plain: PlainRows? = nil, reserving: Range<Int>? = nil,
              modes: TerminalModes? = nil, at stamp: Nanoseconds) throws {
        if isFullScreen && !isEntered { return }
        var body: [UInt8] = []
        if let final { renderer.drawFinal(final, into: &body) }
        // Rows are drawn top down, each created as it is reached, so a frame that starts above the
        // screen's bottom draws every row before it can scroll away.
        renderer.render(frame, plain: plain, into: &body)
        if let reserving, reserving.upperBound - 1 > renderer.bottomRow {
            renderer.reserve(through: reserving.upperBound - 1, into: &body)
            renderer.placeCursor(frame, into: &body)  // back where the frame says, from the rows made
        }
        try emit(body, cursorShown: frame.cursor != nil, modes: modes, at: stamp)
    }

    /// Draws the frame that differs from the last one drawn only by glyphs appearing on blank
    /// cells (`Scene.appearing`), with the cursor at `cursor`, when the renderer can tell that
    /// without the whole frame (`TerminalRenderer.renderAppearing`). Returns false, having drawn
    /// nothing, when it cannot: draw the whole frame then.
    public func drawAppearing(_ appearing: Appearing, cursor: Placement?, at stamp: Nanoseconds) throws -> Bool {
        guard kind == .inline, !composesWhole else { return false }
        var body: [UInt8] = []
        guard renderer.renderAppearing(appearing, cursor: cursor, into: &body) else { return false }
        try emit(body, cursorShown: cursor != nil, modes: nil, at: stamp)
        return true
    }

    /// Runs `draw`, whose frames (all at `stamp`) go out as one write at its end: a stream's backlog
    /// drawn a screenful at a time in one turn (`Show.play`) was a system call per screenful, three
    /// quarters of the writes of `--instant` of a long listing.
    func gathering(at stamp: Nanoseconds, _ draw: () throws -> Void) throws {
        guard gathered == nil else { return try draw() }
        (gathered, gatheredStamp) = ([], stamp)
        defer { gathered = nil }
        try draw()
        try writeGathered()
    }

    private func writeGathered() throws {
        guard let bytes = gathered, !bytes.isEmpty else { return }
        gathered = []
        try sink.write(bytes, at: gatheredStamp)
    }

    /// Writes `bytes` now, or after what is gathered.
    private func write(_ bytes: [UInt8], at stamp: Nanoseconds) throws {
        if gathered != nil { gathered!.append(contentsOf: bytes) } else { try sink.write(bytes, at: stamp) }
    }

    /// Types a stretch of the glyph queue (`--instant` to a recording, `typesAhead`): each instant's
    /// frame written at that instant, as drawing the typewriter's frames from the scene one by one
    /// would write them (tests compare the two), with no glyph or frame composed for most.
    func type(_ tape: inout TypingTape) throws {
        body.removeAll(keepingCapacity: true)
        steps.removeAll(keepingCapacity: true)
        renderer.type(&tape, into: &body, steps: &steps)
        // Steps of one instant are one write (text shown at once is typed one by one: `oneByOne`).
        if tape.oneByOne { Self.joinSameInstants(&steps) }
        // Each step's bytes written at its instant, as `emit` writes them (the head shows the cursor).
        var from = 0
        var first = 0
        if cursorShown != true, let step = steps.first {
            try emit(Array(body[..<step.end]), cursorShown: true, modes: nil, at: step.instant)
            (from, first) = (step.end, 1)
        }
        guard first < steps.count else { return }
        try writeGathered()  // the steps go to the sink at their instants, after what came before
        try body.withUnsafeBytes { body in
            try steps.withUnsafeBufferPointer { try sink.write(frames: body, from: from, UnsafeBufferPointer(rebasing: $0[first...])) }
        }
    }

    /// Keeps the last of each run of steps at the same instant (its end covers the others' bytes).
    static func joinSameInstants(_ steps: inout [(end: Int, instant: Nanoseconds)]) {
        let kept = steps.withUnsafeMutableBufferPointer { steps -> Int in
            guard steps.count > 1 else { return steps.count }
            var kept = 0
            for i in 1..<steps.count {
                if steps[i].instant == steps[kept].instant { steps[kept].end = steps[i].end } else { kept += 1; steps[kept] = steps[i] }
            }
            return kept + 1
        }
        steps.removeLast(steps.count - kept)
    }

    /// Writes a frame's `body`, with the cursor shown or hidden as the frame says.
    private func emit(_ body: [UInt8], cursorShown show: Bool, modes: TerminalModes?, at stamp: Nanoseconds) throws {
        if kind == .inline && cursorShown == show {
            // The cursor stays as it is (the typewriter's frames): the body is all there is.
            if !body.isEmpty { try write(body, at: stamp) }
            return
        }
        var out: [UInt8] = []
        if isFullScreen {
            // Hidden while drawing, so it does not flit about, then shown where the frame says.
            if !body.isEmpty {
                if cursorShown != false { out += ANSI.hideCursor }
                out += body
                if show { out += ANSI.showCursor }
                cursorShown = show
            } else if cursorShown != show {
                out += show ? ANSI.showCursor : ANSI.hideCursor
                cursorShown = show
            }
        } else {
            // Inline it hides while an effect animates and shows again where a frame places it
            // (the typewriter's head: it never has to hide at all).
            if !show && cursorShown != false && !body.isEmpty { out += ANSI.hideCursor; cursorShown = false }
            out += body
            if show && cursorShown != true { out += ANSI.showCursor; cursorShown = true }
        }
        if case .fullScreen(alternate: true) = kind, let modes, modes != mirrored {
            out += modes.sequences(changingFrom: mirrored)
            mirrored = modes
        }
        guard !out.isEmpty else { return }
        try write(out, at: stamp)
    }

    /// Writes what the sink gathered (a recording's lines).
    public func flush() throws { try sink.flush() }

    /// Something drew over the cursor's row (a width probe): redraw it with the next frame.
    public func invalidateCursorRow() { renderer.invalidateCursorRow() }

    // MARK: - Inline

    /// Where the terminal's cursor is (row and column, 0-based) as the terminal just said, while the
    /// show handles its answer (a resize, `fg`, the subtitle band's anchor); nil when not known.
    /// `restart` keeps it up to date as it moves the cursor.
    public var reportedCursor: (row: Int, column: Int)?

    /// Whether a resize to `columns` may have made the terminal reflow rows still on the screen, so
    /// that where its cursor went is worth asking before `restart`.
    public func mayHaveReflowed(toWidth columns: Int) -> Bool {
        renderer.mayHaveReflowed(from: renderer.topReachableRow, newWidth: columns)
    }

    /// Draws afresh at a new size, or after `fg`: a new renderer numbering the cursor's line as
    /// document row `fromRow`. With `clearing` (a resize) the old region from `fromRow` down is
    /// erased first, wherever a terminal that reflows lines has moved it (the terminal is asked where
    /// the cursor is when that matters); after `fg` the cursor is on a fresh line and nothing is
    /// erased. Returns the document row drawing starts from: rows above it are out of reach now
    /// (reflowed into the scrollback) and final.
    @discardableResult
    public func restart(columns: Int, rows: Int, fromRow: Int, clearing: Bool, at stamp: Nanoseconds) throws -> Int {
        var out: [UInt8] = []
        var start = fromRow
        if clearing {
            let reported = renderer.mayHaveReflowed(from: fromRow, newWidth: columns) ? reportedCursor : nil
            let cleared = renderer.clearFrom(row: fromRow, newHeight: rows, newWidth: columns, reported: reported, into: &out)
            start = cleared.row
            reportedCursor = reportedCursor.map { (max(0, min(rows - 1, $0.row + cleared.moved)), 0) }
        } else {
            out.append(0x0D)
            reportedCursor = reportedCursor.map { ($0.row, 0) }
        }
        let foreign = renderer.foreign.flatMap { $0.row == start && $0.columns < columns ? $0.columns : nil }
        renderer = TerminalRenderer(width: columns, height: rows, depth: renderer.depth, startingRow: start,
                                    startingColumn: clearing ? foreign : nil)
        startRow = nil
        if let recorder, clearing { try recorder.resize(columns: columns, rows: rows, at: stamp) }
        try write(out, at: stamp)
        return start
    }

    /// Attributes off and the cursor shown, before the terminal is handed back (Ctrl-Z).
    public func suspend(at stamp: Nanoseconds) throws {
        var out: [UInt8] = []
        renderer.resetAttributes(into: &out)
        if cursorShown != true { out += ANSI.showCursor; cursorShown = true }
        try write(out, at: stamp)
    }

    /// Leaves the cursor at (`row`, `column`) as plain output would, attributes off, cursor shown; or,
    /// `interrupted`, on a fresh line below everything drawn.
    public func finish(row: Int, column: Int, interrupted: Bool, at stamp: Nanoseconds) throws {
        var out: [UInt8] = []
        if interrupted { renderer.finishInterrupted(into: &out) } else { renderer.finish(atRow: row, column: column, into: &out) }
        if cursorShown != true { out += ANSI.showCursor; cursorShown = true }
        try write(out, at: stamp)
    }

    // MARK: - Full screen

    /// Takes the screen: the alternate screen (on a terminal), cleared, the cursor at the top left.
    /// The next frame is drawn whole.
    public func enter(at stamp: Nanoseconds) throws {
        var out: [UInt8] = []
        if case .fullScreen(alternate: true) = kind { out += ANSI.alternateScreenOn }
        out += ANSI.home + ANSI.eraseScreen
        renderer = TerminalRenderer(width: renderer.width, height: renderer.height, depth: renderer.depth)
        cursorShown = nil
        isEntered = true
        try write(out, at: stamp)
    }

    /// The full screen is now `columns` × `rows`: cleared, and the next frame drawn whole.
    public func resizeFullScreen(columns: Int, rows: Int, at stamp: Nanoseconds) throws {
        try recorder?.resize(columns: columns, rows: rows, at: stamp)
        renderer = TerminalRenderer(width: columns, height: rows, depth: renderer.depth)
        cursorShown = nil
        guard isEntered else { return }
        try write(ANSI.resetAttributes + ANSI.home + ANSI.eraseScreen, at: stamp)
    }

    /// Gives the terminal back as it was: mirrored modes off, attributes off, the cursor shown, the
    /// main screen (with the cursor where it was before `enter`). `keeping`: rows to leave in the
    /// main screen after it, drawn inline from that cursor (a finished program's last screen, as
    /// `script` or a plain run would leave it), with the cursor left at `keeping.cursor`.
    public func leave(keeping last: Frame? = nil, at stamp: Nanoseconds) throws {
        guard isEntered else { return }
        isEntered = false
        var out = TerminalModes().sequences(changingFrom: mirrored)
        mirrored = TerminalModes()
        out += ANSI.resetAttributes + ANSI.showCursor
        cursorShown = true
        if case .fullScreen(alternate: true) = kind { out += ANSI.alternateScreenOff }
        if let last, !last.rows.isEmpty {
            var inline = TerminalRenderer(width: last.width, height: renderer.height, depth: renderer.depth)
            var frame = last
            frame.cursor = nil
            out.append(0x0D)
            inline.render(frame, into: &out)
            let cursor = last.cursor ?? Placement(row: last.end, column: 0, width: 0)
            inline.finish(atRow: cursor.row, column: cursor.column, into: &out)
        }
        try write(out, at: stamp)
    }

    /// What `leave` writes on a terminal whatever the state (for the signal handler's emergency
    /// exit): every mode the overlay may mirror off, attributes off, the cursor shown, the main screen.
    public static var emergencyRestore: [UInt8] {
        // Cursor keys, keypad, bracketed paste, focus, every mouse tracking and encoding mode.
        Array("\u{1B}[?1l\u{1B}>\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?9l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l".utf8)
            + Array("\u{1B}[?1005l\u{1B}[?1006l\u{1B}[?1015l\u{1B}[?1016l".utf8)
            + ANSI.resetAttributes + ANSI.showCursor + ANSI.alternateScreenOff
    }
}
