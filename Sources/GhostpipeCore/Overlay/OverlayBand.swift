/// What plays in the overlay's band: a `Show` of SOURCE — subtitles, paced text, credits, any
/// effect, live captions — drawing into a small terminal of its own exactly as it would draw at the
/// bottom of a real one. `view()` gives the band's rows from that terminal, ready to compose.
///
/// The band's terminal is one row taller than the band: the row a text's cursor rests on after a
/// line break. The view shows the latest `rows` rows that hold something, so streamed text (live
/// captions) scrolls through the band a line at a time, and subtitle cues keep their place in it.
/// The band is as tall as `--band-rows`, or as the subtitles need (they are known once read: a
/// stream's when it ends), or two rows for text.
public final class OverlayBand {
    public let show: Show
    private let sink: EmulatorSink
    private let screen: Screen
    private let fixedRows: Int?
    private var screenRows: Int
    /// The subtitles playing, if SOURCE is subtitles (to size the band anew at another width).
    private var cues: CueList?
    public private(set) var rows: Int
    public private(set) var columns: Int

    /// `columns` × `screenRows` is the whole terminal; `origin` is the instant the timeline starts
    /// (the program's start).
    public init(settings: ShowSettings, columns: Int, screenRows: Int, origin: Nanoseconds, report: @escaping (String) -> Void) {
        self.columns = max(1, columns)
        self.screenRows = screenRows
        fixedRows = settings.bandRows
        rows = Self.rows(for: nil, fixed: settings.bandRows, columns: self.columns, screenRows: screenRows)
        sink = EmulatorSink(TerminalEmulator(rows: rows + 1, columns: self.columns, scrollbackLimit: 0))
        screen = Screen(sink: sink, width: self.columns, height: rows + 1, depth: settings.context.depth)
        var band = settings
        band.bandHoldsPlacedCues = true
        band.columns = self.columns
        band.rows = rows + 1
        show = Show(settings: band, output: ScreenOutput(screen, carriesTime: false), origin: origin, report: report)
        show.willPlay = { [unowned self] cues, row, now in try self.fit(cues, row: row, at: now) }
    }

    /// The band's height: `--band-rows` (leaving the program a row at least), else what the cues
    /// need (at most half the screen), else two rows for text.
    public static func rows(for cues: CueList?, fixed: Int?, columns: Int, screenRows: Int) -> Int {
        let most = max(1, screenRows - 1)
        if let fixed { return min(fixed, most) }
        guard let cues else { return min(2, most) }
        return CuePlayback.bandHeight(cues, width: columns, limit: max(1, min(most, screenRows / 2)), placed: false)
    }

    /// Subtitles are about to play from the band terminal's row `row`: the band takes the height
    /// they need, on a cleared terminal.
    private func fit(_ cues: CueList, row: Int, at now: Nanoseconds) throws {
        self.cues = cues
        rows = Self.rows(for: cues, fixed: fixedRows, columns: columns, screenRows: screenRows)
        sink.emulator.resize(rows: rows + 1, columns: columns)
        sink.emulator.feed(ANSI.home + ANSI.eraseScreen)
        try screen.restart(columns: columns, rows: rows + 1, fromRow: row, clearing: false, at: now)
    }

    /// Whether the band's terminal changed since the last call.
    public func takeChanged() -> Bool { sink.takeChanged() }

    /// The band's rows: the latest `rows` rows of its terminal that hold something (from the top
    /// when nothing below them does).
    public func view() -> [[Cell]] {
        let canvas = sink.emulator
        var last = 0
        for r in stride(from: canvas.rows - 1, through: 0, by: -1) where canvas.row(r).contains(where: { !$0.isBlank }) {
            last = r
            break
        }
        let top = max(0, last - rows + 1)
        return (top..<min(canvas.rows, top + rows)).map { canvas.row($0) }
    }

    /// The terminal is now `columns` × `screenRows`: the band takes the height its subtitles need at
    /// that width, and what it shows is laid out again.
    public func resize(columns newColumns: Int, screenRows newRows: Int, at now: Nanoseconds) throws {
        let newColumns = max(1, newColumns)
        guard newColumns != columns || newRows != screenRows else { return }
        columns = newColumns
        screenRows = newRows
        rows = Self.rows(for: cues, fixed: fixedRows, columns: columns, screenRows: screenRows)
        sink.emulator.resize(rows: rows + 1, columns: newColumns)
        try show.handle(.resized(columns: newColumns, rows: rows + 1), at: now)
    }
}
