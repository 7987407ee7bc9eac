/// Draws the overlay's composed screens through the diffing renderer: on the real terminal, or into
/// a recording of it.
///
/// On the terminal the session uses the alternate screen, so that leaving it gives back the screen,
/// the scrollback and the cursor exactly as they were; the program's modes that change what the
/// terminal sends (cursor keys, keypad, bracketed paste, mouse, focus) are mirrored there, and
/// switched off again on leaving. Only ghostpipe's own vocabulary reaches the terminal: cells,
/// relative moves, SGR, cursor visibility — never the program's bytes.
public final class OverlayDisplay {
    public enum Target {
        /// The real terminal.
        case terminal
        /// An asciicast recording: frames only (no screen switch, no modes), resizes as `"r"` events.
        case recording(CastRecorder)
    }

    private let sink: any ByteSink
    private let target: Target
    private let depth: ColorDepth
    private var renderer: TerminalRenderer
    /// The modes as mirrored on the terminal.
    private var mirrored = TerminalModes()
    /// Whether the terminal's cursor shows (nil: unknown).
    private var cursorShown: Bool?
    public private(set) var isEntered = false

    /// Draws on `sink` (the terminal, or the recorder of `target`) a screen `columns` × `rows`, in
    /// colours brought down to `depth`. Nothing is written before `enter`.
    public init(sink: any ByteSink, target: Target, columns: Int, rows: Int, depth: ColorDepth) {
        self.sink = sink
        self.target = target
        self.depth = depth
        renderer = TerminalRenderer(width: columns, height: rows, depth: depth)
    }

    private var isTerminal: Bool { if case .terminal = target { true } else { false } }

    /// Takes the screen: the alternate screen (on a terminal), cleared, the cursor at the top left.
    /// The next frame is drawn whole.
    public func enter(stamp: Nanoseconds) throws {
        var out: [UInt8] = []
        if isTerminal { out += ANSI.alternateScreenOn }
        out += ANSI.home + ANSI.eraseScreen
        renderer = TerminalRenderer(width: renderer.width, height: renderer.height, depth: depth)
        cursorShown = nil
        isEntered = true
        try sink.write(out, at: stamp)
    }

    /// Draws `frame` (the whole screen), mirrors `modes` and shows the cursor where the frame says
    /// (hidden while drawing, so it does not flit about), or hides it.
    public func draw(_ frame: Frame, modes: TerminalModes, stamp: Nanoseconds) throws {
        guard isEntered else { return }
        var body: [UInt8] = []
        renderer.render(frame, into: &body)
        var out: [UInt8] = []
        let show = frame.cursor != nil
        if !body.isEmpty {
            if cursorShown != false { out += ANSI.hideCursor }
            out += body
            if show { out += ANSI.showCursor }
            cursorShown = show
        } else if cursorShown != show {
            out += show ? ANSI.showCursor : ANSI.hideCursor
            cursorShown = show
        }
        if isTerminal && modes != mirrored {
            out += modes.sequences(changingFrom: mirrored)
            mirrored = modes
        }
        guard !out.isEmpty else { return }
        try sink.write(out, at: stamp)
    }

    /// The screen is now `columns` × `rows`: cleared, and the next frame drawn whole at that size.
    public func resize(columns: Int, rows: Int, stamp: Nanoseconds) throws {
        if case .recording(let recorder) = target { try recorder.resize(columns: columns, rows: rows, at: stamp) }
        renderer = TerminalRenderer(width: columns, height: rows, depth: depth)
        cursorShown = nil
        guard isEntered else { return }
        try sink.write(ANSI.resetAttributes + ANSI.home + ANSI.eraseScreen, at: stamp)
    }

    /// Gives the terminal back as it was: the program's modes off, attributes off, the cursor shown,
    /// the main screen (with the cursor where it was before `enter`).
    public func leave(stamp: Nanoseconds) throws {
        guard isEntered else { return }
        isEntered = false
        var out = TerminalModes().sequences(changingFrom: mirrored)
        mirrored = TerminalModes()
        out += ANSI.resetAttributes + ANSI.showCursor
        if isTerminal { out += ANSI.alternateScreenOff }
        try sink.write(out, at: stamp)
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
