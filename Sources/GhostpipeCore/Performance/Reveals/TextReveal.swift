/// One way of revealing streamed text: typed grapheme by grapheme on the pacer's timeline
/// (`PacedText`: the typewriter, and plain and json output), a paragraph at a time by an effect
/// (`ParagraphReveal`), rolled up like film credits (`CreditsRoll`), slide by slide (`SlideShow`),
/// copied as it comes (`RawCopy`), or, for another program's terminal output, through the emulator
/// (`StreamReveal` on a screen, `StreamTranscript` for json and plain). A performance (see `Performance`) that is fed complete
/// grapheme clusters as they arrive.
protocol TextReveal: Performance {
    /// Whether it takes more input now (backpressure: memory stays bounded on endless input).
    var wantsInput: Bool { get }
    /// Whether a word is held back until its end is known (a pause in the input places it).
    var holdsPartialInput: Bool { get }
    /// Whether the input is live (see `InputDemand.isLive`).
    var isLive: Bool { get }

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds)
    /// Whether it reads the input's bytes as they come (`take`) rather than clusters: a raw copy,
    /// a terminal stream the emulator interprets.
    var readsBytes: Bool { get }
    func take(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds)
    /// The input paused: show what is held if it can be shown.
    func paused(at now: Nanoseconds)
    func ended(at now: Nanoseconds)
    /// What it has to say about the input since last asked (what it cut, what it does not read),
    /// each with its kind in plural (`cut slides`: a few of a kind are said, the rest counted).
    func takeNotes() -> [Note]
    /// The show stops before the input ends: what was cut so far is said now.
    func interrupted()
}

extension TextReveal {
    var isLive: Bool { false }
    /// Text is laid out and scheduled before it shows: what is due next depends on time alone.
    var drawsAhead: Bool { true }
    var readsBytes: Bool { false }
    func take(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) {}
    func takeNotes() -> [Note] { [] }
    func interrupted() {}
}

/// Something a reveal says about its input, and the kind of problem it is (in plural).
typealias Note = (message: String, kind: String)

/// What every reveal is given: where it draws or reports, with which settings, and where on the
/// screen it starts.
struct RevealSetup {
    let output: any Output
    /// The scene, when the output is a screen (nil for text outputs).
    let scene: Scene?
    let settings: ShowSettings
    let widths: (any ColumnWidths)?
    /// How it meets the clock (`--instant`, a key that skipped the animation).
    let clockRule: ClockRule
    /// Show everything as soon as it is ready.
    var timeless: Bool { clockRule.timeless }
    /// The document row and column it starts at (where what came before left off).
    let row: Int
    let column: Int

    init(output: any Output, scene: Scene, settings: ShowSettings, widths: (any ColumnWidths)?, clockRule: ClockRule, row: Int, column: Int) {
        self.output = output
        self.scene = output.screen == nil ? nil : scene
        self.settings = settings
        self.widths = widths
        self.clockRule = clockRule
        self.row = row
        self.column = column
    }

    var screen: Screen? { output.screen }
    /// The width text is laid out for, and the height of the screen (or of `--width`/`--height`).
    var columns: Int { screen?.width ?? settings.columns }
    var rows: Int { screen?.height ?? settings.rows }
}
