/// The overlay: a program on its own pseudo-terminal above, the band below, one real terminal — an
/// event handler of the one loop, with more sources (the program's terminal, the keyboard in raw
/// mode, SOURCE, signals). It
///
/// - feeds what the program writes to its emulator and hands back the emulator's replies (DSR, DA);
///   keys go to the program byte for byte (Ctrl-C and Ctrl-Z included: raw mode);
/// - plays SOURCE in the band (`OverlayBand`: a `Show` like any other);
/// - draws the composed screen (`OverlayScreen`) at most `1 / frameInterval` times a second while
///   output streams, and at once when the last frame is older than that (a key's echo is drawn
///   immediately); a program inside a synchronized update (DECSET 2026) is drawn when it ends it
///   (or after `synchronizedLimit`);
/// - on a resize sizes the program's terminal (the kernel signals the program) and the band anew;
///   on Ctrl-Z sent to ghostpipe, or when the program itself stops, gives the terminal back and stops
///   like a job, taking it again on `fg`; on SIGINT, SIGTERM or SIGHUP sent to ghostpipe, gives it
///   back and ends (the program gets SIGHUP when its terminal closes);
/// - ends when the program does, with its status, leaving its last screen in the terminal's main
///   screen as a plain run (or `script`) would.
public final class OverlaySession: EventHandler {
    private let program: TerminalEmulator
    private let terminal: ProgramTerminal
    private let child: ChildProcess
    private let band: OverlayBand
    private let display: Screen
    private let recording: Screen?
    private let keyboard: ControllingTerminal?
    private let job: JobControl?
    private let clock: any Clock
    private var screen: OverlayScreen
    /// The real terminal's size now.
    private let terminalSize: () -> (columns: Int, rows: Int)?
    /// The shortest time between two frames while output streams (60 frames a second).
    public var frameInterval: Nanoseconds = Time.second / 60
    /// A synchronized update (DECSET 2026) holds frames back at most this long.
    public var synchronizedLimit: Nanoseconds = 150 * Time.millisecond

    public private(set) var outcome: Outcome?
    private var programChanged = true
    private var bandChanged = true
    /// When the last frame was drawn (nil: draw the next at once).
    private var lastFrame: Nanoseconds?
    private var synchronizedSince: Nanoseconds?
    /// The band's height the screen was last laid out for.
    private var laidOutBandRows: Int

    /// `program` is the emulator of the program's terminal (sized already: the screen less the band);
    /// `display` draws on the terminal (full screen) and `recording`, if any, into a recording.
    public init(program: TerminalEmulator, terminal: ProgramTerminal, child: ChildProcess, band: OverlayBand,
                display: Screen, recording: Screen?, keyboard: ControllingTerminal?, job: JobControl?, clock: any Clock,
                columns: Int, rows: Int, terminalSize: @escaping () -> (columns: Int, rows: Int)?) {
        self.program = program
        self.terminal = terminal
        self.child = child
        self.band = band
        self.display = display
        self.recording = recording
        self.keyboard = keyboard
        self.job = job
        self.clock = clock
        self.terminalSize = terminalSize
        screen = OverlayScreen(columns: columns, rows: rows, programRows: program.rows)
        laidOutBandRows = band.rows
    }

    /// Whether keys are read now: while the terminal is ours and the program keeps up with them.
    public var wantsKeys: Bool { display.isEntered && terminal.pending.count < 1 << 20 }

    /// Takes the screen and draws it whole.
    public func start(at now: Nanoseconds) throws {
        try display.enter(at: now)
        try recording?.enter(at: now)
        try recording?.flush()
        screen.update(program: program, everything: true)
    }

    // MARK: - Events

    public func handle(_ event: Event, at now: Nanoseconds) throws {
        guard outcome == nil else { return }
        switch event {
        case .program(.typed(let bytes)):
            terminal.send(bytes)
        case .program(.output(let bytes)):
            program.feed(UnsafeRawBufferPointer(bytes))
            programChanged = true
            let replies = program.takeResponses()
            if !replies.isEmpty { terminal.send(replies) }
        case .program(.closed):
            child.check()
        case .program(.childChanged):
            if case .stopped = child.check() { try suspend(resumingChild: true) }  // an end is seen by `advance`
        case .resized:
            try relayout(at: now)
        case .suspending:
            try display.leave(at: now)
        case .resumed:
            try takeTerminal()
        case .continued:
            if !display.isEntered {
                try takeTerminal()
            } else {
                // Stopped and continued by someone else: the terminal may have been used meanwhile.
                keyboard?.take()
                try redrawWhole(at: clock.now())
            }
        case .signal(let signal):
            outcome = .interrupted(signal)
            try leave(at: now)
        case .inputFile, .input, .inputPaused, .inputEnded, .followed, .playerEnded, .terminalAnswered:
            try band.show.handle(event, at: now)
        case .key, .keyWaiting:
            break
        }
    }

    public func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        guard outcome == nil else { return nil }
        let bandDue = try band.show.advance(to: now)
        if band.takeChanged() { bandChanged = true }
        if band.rows != laidOutBandRows {
            try relayout(at: now, force: true)  // streamed subtitles: the band's height is known now
        }
        if case .ended(let status) = child.state {
            terminal.programEnded(at: now)
            guard terminal.isDrained(at: now) else { return bandDue }  // its last output is still being read
            try render(at: clock.now())
            outcome = .programEnded(status: status)
            try leave(at: clock.now())
            return nil
        }
        var renderAt: Nanoseconds?
        if programChanged || bandChanged {
            if program.synchronizedOutput {
                let since = synchronizedSince ?? now
                synchronizedSince = since
                if now - since >= synchronizedLimit { try render(at: now) } else { renderAt = since + synchronizedLimit }
            } else if lastFrame.map({ now - $0 >= frameInterval }) ?? true {
                try render(at: now)
            } else {
                renderAt = (lastFrame ?? now) + frameInterval
            }
        }
        return [bandDue, renderAt].compactMap { $0 }.min()
    }

    /// Nothing can happen any more (no source waits: not reached while the signals are watched, as
    /// the end of the program comes as SIGCHLD), or output failed. Its status, if it has one yet:
    /// nothing here waits for it.
    public func close(interrupted: Bool, at now: Nanoseconds) throws {
        guard outcome == nil else { return }
        let status: Int32
        if case .ended(let code) = child.check() { status = code } else { status = 0 }
        outcome = interrupted ? .interrupted(.interrupt) : .programEnded(status: status)
        if !interrupted { try render(at: now) }
        try leave(at: now)
    }

    // MARK: - Drawing

    private func render(at now: Nanoseconds) throws {
        screen.update(program: program)
        if bandChanged { screen.setBand(band.view()) }
        try display.draw(screen.frame, modes: program.modes, at: now)
        try recording?.draw(screen.frame, modes: program.modes, at: now)
        try recording?.flush()
        programChanged = false
        bandChanged = false
        synchronizedSince = nil
        lastFrame = now
    }

    /// Gives the terminal back, leaving the program's last screen in the main screen.
    private func leave(at now: Nanoseconds) throws {
        try? recording?.leave(at: now)
        try? recording?.flush()
        try display.leave(keeping: lastScreen(), at: now)
    }

    /// The program's screen down to its last non-blank row or its cursor, with its cursor.
    private func lastScreen() -> Frame {
        var last = program.cursor.row
        for r in 0..<program.rows where program.row(r).contains(where: { !$0.isBlank }) { last = max(last, r) }
        var frame = Frame(width: screen.columns, origin: 0, rowCount: 0)
        frame.rows = (0...min(last, program.rows - 1)).map { OverlayScreen.fit(program.row($0), to: screen.columns) }
        frame.cursor = Placement(row: min(program.cursor.row, last), column: min(program.cursor.column, screen.columns - 1), width: 0)
        return frame
    }

    /// Sizes everything for the terminal as it is now: the band keeps its height (the program keeps
    /// a row at least), the program gets the rest; the next frame is drawn whole.
    private func relayout(at now: Nanoseconds, force: Bool = false) throws {
        guard let size = terminalSize() else { return }
        guard force || size.columns != screen.columns || size.rows != screen.rows else { return }
        try band.resize(columns: size.columns, screenRows: size.rows, at: now)
        laidOutBandRows = band.rows
        let programRows = size.rows - min(band.rows, max(0, size.rows - 1))
        program.resize(rows: programRows, columns: size.columns)
        terminal.pty.resize(rows: programRows, columns: size.columns)
        if size.columns != screen.columns || size.rows != screen.rows {
            try display.resizeFullScreen(columns: size.columns, rows: size.rows, at: now)
            try recording?.resizeFullScreen(columns: size.columns, rows: size.rows, at: now)
            try recording?.flush()
        }
        screen = OverlayScreen(columns: size.columns, rows: size.rows, programRows: programRows)
        screen.update(program: program, everything: true)
        bandChanged = true
        programChanged = true
        lastFrame = nil
    }

    /// Hands the terminal back as it was and stops like a job; when continued, lets the stopped
    /// program go on and takes the terminal back.
    private func suspend(resumingChild: Bool) throws {
        guard let job else { return }
        try display.leave(at: clock.now())
        _ = job.stop(clock: clock)
        if resumingChild { child.resume() }
        try takeTerminal()
    }

    /// Raw mode, the alternate screen and everything drawn again at the terminal's size now.
    /// Continued in the background (`bg`), setting the mode stops ghostpipe again (SIGTTOU, as for
    /// any program that touches the terminal there) until `fg`.
    private func takeTerminal() throws {
        keyboard?.take()
        try display.enter(at: clock.now())
        try redrawWhole(at: clock.now())
    }

    private func redrawWhole(at now: Nanoseconds) throws {
        if let size = terminalSize(), size.columns != screen.columns || size.rows != screen.rows {
            try relayout(at: now)
        } else {
            try display.resizeFullScreen(columns: screen.columns, rows: screen.rows, at: now)
            screen.update(program: program, everything: true)
            bandChanged = true
            programChanged = true
            lastFrame = nil
        }
    }
}
