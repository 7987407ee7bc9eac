/// One way of revealing streamed text: typed grapheme by grapheme on the pacer's timeline
/// (`PacedText`: the typewriter, and plain and json output), a paragraph at a time by an effect
/// (`ParagraphReveal`), or rolled up like film credits (`CreditsRoll`). The show feeds it
/// complete grapheme clusters and asks it to bring its output up to date.
protocol TextReveal: AnyObject {
    /// Whether it takes more input now (backpressure: memory stays bounded on endless input).
    var wantsInput: Bool { get }
    /// Whether a word is held back until its end is known (a pause in the input places it).
    var holdsPartialInput: Bool { get }
    /// Input ended and everything has been shown.
    var isDone: Bool { get }
    /// Where text shown after this continues (document row and column).
    var end: Placement { get }

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds)
    /// The input paused: show what is held if it can be shown.
    func paused(at now: Nanoseconds)
    func ended(at now: Nanoseconds)
    /// Brings the output up to `now`; returns the next instant something is due.
    func advance(to now: Nanoseconds) throws -> Nanoseconds?
    /// The frame for `now` was drawn: what is final on the terminal may leave the scene. Returns
    /// whether something new came on that must be drawn at `now` too.
    func drawn(at now: Nanoseconds) -> Bool
    /// From now on, show everything as soon as it is ready (a key skipped the animation).
    func showEverything(at now: Nanoseconds)
    /// The terminal is now `columns` × `rows`: lay out what is on show again and draw it afresh.
    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws
    /// After `fg`: the stop lasted `pause`; continue where it was, redrawn on the cursor's line.
    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws
    /// Whether it draws on the screen itself (`--instant` to a recording: the typewriter types
    /// straight from its queue), so the show draws no frame of the scene for it.
    var typesItself: Bool { get }
    /// Whether it reads keys (the slides' ← and →) rather than leave them for the shell.
    var takesKeys: Bool { get }
    /// A key it reads; returns whether it took it.
    func press(_ key: Key, at now: Nanoseconds) -> Bool
}

extension TextReveal {
    var typesItself: Bool { false }
    var takesKeys: Bool { false }
    func press(_ key: Key, at now: Nanoseconds) -> Bool { false }
}

/// What every reveal is given: where it draws or reports, with which settings, and where on the
/// screen it starts.
struct RevealSetup {
    let output: any Output
    /// The scene, when the output is a screen (nil for text outputs).
    let scene: Scene?
    let settings: ShowSettings
    let widths: (any ColumnWidths)?
    /// Show everything as soon as it is ready.
    let timeless: Bool
    /// The document row and column it starts at (where what came before left off).
    let row: Int
    let column: Int

    init(output: any Output, scene: Scene, settings: ShowSettings, widths: (any ColumnWidths)?, timeless: Bool, row: Int, column: Int) {
        self.output = output
        self.scene = output.screen == nil ? nil : scene
        self.settings = settings
        self.widths = widths
        self.timeless = timeless
        self.row = row
        self.column = column
    }

    var screen: Screen? { output.screen }
    /// The width text is laid out for, and the height of the screen (or of `--width`/`--height`).
    var columns: Int { screen?.width ?? settings.columns }
    var rows: Int { screen?.height ?? settings.rows }
}
