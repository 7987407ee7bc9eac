/// What plays in the overlay's band: a `Show` of SOURCE — subtitles, paced text, credits, any
/// effect, live captions — drawing into a small terminal of its own exactly as it would draw at the
/// bottom of a real one. `view()` gives the band's rows from that terminal, ready to compose.
///
/// The band's terminal is as tall as the band may ever be, plus the row a text's cursor rests on
/// after a line break. The view shows the latest `rows` rows that hold something, so streamed text
/// (live captions) scrolls through the band a line at a time, and subtitle cues keep their place in
/// it. The band is as tall as `--band-rows`, or as the subtitles need so far (at most half the
/// screen; it grows as taller cues arrive), or two rows for text.
public final class OverlayBand {
    public let show: Show
    private let sink: EmulatorSink
    private let screen: Screen
    private let fixedRows: Int?
    private var screenRows: Int
    public private(set) var columns: Int

    /// `columns` × `screenRows` is the whole terminal; `origin` is the instant the timeline starts
    /// (the program's start).
    public init(settings: ShowSettings, columns: Int, screenRows: Int, origin: Nanoseconds, report: @escaping (String) -> Void) {
        self.columns = max(1, columns)
        self.screenRows = screenRows
        fixedRows = settings.bandRows
        let tallest = Self.tallest(fixed: settings.bandRows, screenRows: screenRows)
        sink = EmulatorSink(TerminalEmulator(rows: tallest + 1, columns: self.columns, scrollbackLimit: 0))
        screen = Screen(sink: sink, width: self.columns, height: tallest + 1, depth: settings.context.depth)
        var band = settings
        band.bandHoldsPlacedCues = true
        band.columns = self.columns
        band.rows = tallest + 1
        show = Show(settings: band, output: ScreenOutput(screen, carriesTime: false), origin: origin, report: report)
        show.willPlay = { [unowned self] _, row, now in try self.clear(from: row, at: now) }
    }

    /// The most rows the band may take: `--band-rows` (leaving the program a row at least), else
    /// half the screen.
    static func tallest(fixed: Int?, screenRows: Int) -> Int {
        let most = max(1, screenRows - 1)
        return fixed.map { min($0, most) } ?? max(1, min(most, screenRows / 2))
    }

    /// The band's height now: `--band-rows`, or what the subtitles playing need, or two rows for text.
    public var rows: Int {
        let tallest = Self.tallest(fixed: fixedRows, screenRows: screenRows)
        if fixedRows != nil { return tallest }
        return min(tallest, show.bandRows ?? 2)
    }

    /// The band's height for `cues` (all of them known): see `rows`.
    public static func rows(for cues: [Cue]?, fixed: Int?, columns: Int, screenRows: Int) -> Int {
        let tallest = tallest(fixed: fixed, screenRows: screenRows)
        if fixed != nil { return tallest }
        guard let cues else { return min(2, tallest) }
        return CuePlayback.bandHeight(cues, width: columns, limit: tallest, placed: false)
    }

    /// Subtitles are about to play from the band terminal's row `row`, on a cleared terminal.
    private func clear(from row: Int, at now: Nanoseconds) throws {
        sink.emulator.feed(ANSI.home + ANSI.eraseScreen)
        try screen.restart(columns: columns, rows: sink.emulator.rows, fromRow: row, clearing: false, at: now)
    }

    /// Whether the band's terminal changed since the last call.
    public func takeChanged() -> Bool { sink.takeChanged() }

    /// The band's rows: the latest `rows` rows of its terminal that hold something (from the top
    /// when nothing below them does).
    public func view() -> [[Cell]] {
        let canvas = sink.emulator
        let rows = rows
        var last = 0
        for r in stride(from: canvas.rows - 1, through: 0, by: -1) where canvas.row(r).contains(where: { !$0.isBlank }) {
            last = r
            break
        }
        let top = max(0, last - rows + 1)
        return (top..<min(canvas.rows, top + rows)).map { canvas.row($0) }
    }

    /// The terminal is now `columns` × `screenRows`: what the band shows is laid out again.
    public func resize(columns newColumns: Int, screenRows newRows: Int, at now: Nanoseconds) throws {
        let newColumns = max(1, newColumns)
        guard newColumns != columns || newRows != screenRows else { return }
        columns = newColumns
        screenRows = newRows
        let tallest = Self.tallest(fixed: fixedRows, screenRows: screenRows)
        sink.emulator.resize(rows: tallest + 1, columns: newColumns)
        try show.handle(.resized(columns: newColumns, rows: tallest + 1), at: now)
    }
}
