/// An in-memory VT/xterm terminal: feed it what a program writes to its pseudo-terminal and it keeps
/// the screen the program meant — cells, cursor, modes, title — ready to be composed into frames.
///
/// It models the xterm behaviour that line programs (shells, `seq`, `git log`) and full-screen ones
/// (`less`, `vim`, `htop`, anything using ncurses with `TERM=xterm-256color`) rely on: autowrap with
/// the pending-wrap state, scroll regions and origin mode, insert/delete of lines and characters, the
/// alternate screen with cursor save, SGR with 16/256/24-bit colours in `;` and `:` forms, erase with
/// the current background (BCE), tab stops, DEC line drawing, wide characters and grapheme clusters
/// measured by `DisplayWidth`, and the replies a terminal owes (DSR, DA, DECRQM). Strings it does not
/// act on (DCS, APC, PM, SOS, most OSC) are consumed whole and never passed on.
///
/// Input may be chunked anywhere, even inside an escape sequence or a UTF-8 character. Printable
/// ASCII runs take a fast path that writes cells directly; scrolling turns a ring of rows instead of
/// copying cells. Not thread-safe: use from one thread (or actor) at a time.
public final class TerminalEmulator {
    // MARK: Screens and cursor

    var mainScreen: ScreenMemory
    var alternateScreen: ScreenMemory
    /// The active screen's cells (a handle into `mainScreen` or `alternateScreen`).
    var screen: ScreenBuffer
    // The state behind public properties is internal and stored, the public face computed: the
    // optimizer can drop dynamic exclusivity checks only for storage no other module can reach.
    var usingAlternateScreen = false

    var cursorRow = 0
    var cursorColumn = 0
    /// Something was printed in the last column: the cursor stays there and the next printable
    /// character wraps first (xterm's "do_wrap" flag). Only ever set while autowrap is on.
    var pendingWrap = false
    var pen = Pen.plain
    var charsets = CharsetState()
    /// `charsets.isPlainASCII`, cached for the printing fast path.
    var asciiPrintsItself = true
    /// DECTCEM (DECSET 25).
    var cursorShown = true

    // MARK: Modes

    var originMode = false
    var autowrap = true
    var insertMode = false
    /// LNM (SM 20): LF, VT and FF also return the carriage.
    var newLineMode = false
    var topMargin = 0
    var bottomMargin: Int
    var tabStops: TabStops
    var modeState = TerminalModes()
    /// DECSET 2026.
    var synchronizing = false
    /// XTSAVE (`CSI ? Pm s`) slots.
    var savedPrivateModes: [Int: Bool] = [:]

    // MARK: What the owner collects

    var windowTitle: String?
    var responses: [UInt8] = []
    let scrolledOff: ScrollOffQueue
    var droppedLines = 0

    // MARK: Clusters and repetition

    var clusters = ClusterTable()
    /// The cluster table is compacted when it reaches this size (doubled if everything is still in use).
    var clusterLimit = 4096
    /// Counts the compactions of `clusters` (which renumber codes): cells made before one are stale.
    var clusterGeneration = 0
    /// The last graphic character printed, for REP.
    var lastGraphic: PackedCell?
    /// How wide the terminal ghostpipe draws on makes the clusters terminals disagree on, when a view
    /// of a stream is to end as `cat` leaves that terminal (`joinAsMeasured`); nil: Unicode's widths,
    /// as a program's own terminal (the overlay's) is emulated.
    var widths: (any ColumnWidths)?

    // MARK: Parser

    /// C1 controls written as UTF-8 do nothing here, as in tmux. Never touched by the handler methods
    /// it calls (that would be an exclusivity violation).
    var parser = EscapeSequenceParser(c1Controls: .ignored, stringLimit: stringLimit)
    /// How much of an OSC string (a title) is kept.
    static let stringLimit = 4096

    /// A blank `rows × columns` terminal. `scrollbackLimit` bounds how many scrolled-off lines wait
    /// for `takeScrolledOff()` (older ones are dropped; 0 keeps none).
    public init(rows: Int, columns: Int, scrollbackLimit: Int = 10_000) {
        let rows = max(1, rows), columns = max(1, columns)
        mainScreen = ScreenMemory(rows: rows, columns: columns)
        alternateScreen = ScreenMemory(rows: rows, columns: columns)
        screen = mainScreen.buffer
        bottomMargin = rows - 1
        tabStops = TabStops(columns: columns)
        scrolledOff = ScrollOffQueue(limit: scrollbackLimit)
    }

    // MARK: - Reading the screen

    /// The screen's height in rows.
    public var rows: Int { screen.rows }

    /// Whether the alternate screen (DECSET 47/1047/1049) is showing; it has no scrollback.
    public var isAlternateScreen: Bool { usingAlternateScreen }

    /// DECTCEM (DECSET 25): whether the program wants the cursor shown.
    public var cursorVisible: Bool { cursorShown }

    /// What the real terminal must mirror for keys and mouse to reach the program as it asked.
    public var modes: TerminalModes { modeState }

    /// DECSET 2026: the program is in the middle of an update it wants shown at once; a renderer may
    /// hold frames back while this is set.
    public var synchronizedOutput: Bool { synchronizing }

    /// The window title the program set with OSC 0 or 2 (controls removed), if any. Never sent anywhere
    /// by the emulator.
    public var title: String? { windowTitle }

    /// Lines that scrolled off while more than `scrollbackLimit` were waiting, since creation.
    public var droppedScrollbackLines: Int { droppedLines }
    /// The screen's width in columns.
    public var columns: Int { screen.columns }

    /// The cursor's row and column (0-based) on the active screen. After printing into the last
    /// column the cursor stays there (pending wrap).
    public var cursor: (row: Int, column: Int) { (cursorRow, cursorColumn) }

    /// How many scrolled-off lines `takeScrolledOff()` keeps at most.
    public var scrollbackLimit: Int {
        get { scrolledOff.limit }
        set { scrolledOff.limit = max(0, newValue) }
    }

    /// Row `r` of the active screen, `columns` cells (empty if `r` is out of range). A wide cluster is a
    /// cell of width 2 followed by a continuation of width 0; concealed text (SGR 8) reads as blanks.
    public func row(_ r: Int) -> [Cell] {
        guard r >= 0 && r < rows else { return [] }
        return cells(from: UnsafeBufferPointer(start: screen.line(r), count: columns))
    }

    /// Row `r` as text, one string per cell and none for continuations, trailing spaces removed (what
    /// `tmux capture-pane -p` prints).
    public func rowText(_ r: Int) -> String {
        guard r >= 0 && r < rows else { return "" }
        let line = screen.line(r)
        var result = ""
        var pendingSpaces = 0
        for c in 0..<screen.extent(r) {
            let p = line[c]
            guard p.width > 0 else { continue }
            let t = p.attributes & Pen.concealed != 0 ? " " : text(of: p.code)
            if t == " " {
                pendingSpaces += 1
            } else {
                if pendingSpaces > 0 { result += String(repeating: " ", count: pendingSpaces) }
                pendingSpaces = 0
                result += t
            }
        }
        return result
    }

    /// The rows of the active screen that changed since the last call (all of them the first time and
    /// after a switch of screens or a resize), in order.
    public func takeDirtyRows() -> [Int] { screen.takeDirtyRows() }

    /// The bytes the terminal owes the program — answers to DSR, DA and DECRQM queries — to be written
    /// back to its pseudo-terminal. Empties the queue.
    public func takeResponses() -> [UInt8] {
        defer { responses.removeAll() }
        return responses
    }

    /// The lines that scrolled off the top of the main screen since the last call, oldest first (at
    /// most `scrollbackLimit`; see `droppedScrollbackLines`). Trailing default blanks are left out, so
    /// a line is as long as its content (blanks with a background colour count as content); it was as
    /// wide as the screen then.
    public func takeScrolledOff() -> [[Cell]] {
        let (lines, dropped) = scrolledOff.take()
        droppedLines += dropped
        return lines.map { line in
            var end = line.cells.count
            while end > 0 && line.cells[end - 1] == .blank { end -= 1 }
            return line.cells.withUnsafeBufferPointer { cells(from: UnsafeBufferPointer(rebasing: $0[..<end])) }
        }
    }

    // MARK: - Resizing

    /// Changes the size, keeping content at the top left without reflowing it, as xterm does: when
    /// rows are lost, blank rows below the cursor go first, then rows from the top (on the main screen
    /// those become scrolled-off lines), so the cursor's row stays on screen. The cursor is clamped, the
    /// scroll region reset to the whole screen, new columns get default tab stops.
    public func resize(rows newRows: Int, columns newColumns: Int) {
        let newRows = max(1, newRows), newColumns = max(1, newColumns)
        guard newRows != rows || newColumns != columns else { return }
        let mainKeep = usingAlternateScreen ? (mainScreen.savedCursor?.row ?? 0) : cursorRow
        let (main, droppedMain) = mainScreen.buffer.resized(rows: newRows, columns: newColumns, keepingRow: mainKeep)
        for r in 0..<droppedMain {
            scrolledOff.append(mainScreen.buffer.line(r), extent: mainScreen.buffer.extent(r), columns: mainScreen.buffer.columns)
        }
        let altKeep = usingAlternateScreen ? cursorRow : (alternateScreen.savedCursor?.row ?? 0)
        let (alternate, droppedAlternate) = alternateScreen.buffer.resized(rows: newRows, columns: newColumns, keepingRow: altKeep)
        let dropped = usingAlternateScreen ? droppedAlternate : droppedMain
        let newMain = ScreenMemory(adopting: main)
        let newAlternate = ScreenMemory(adopting: alternate)
        newMain.savedCursor = mainScreen.savedCursor
        newMain.savedCursor?.row -= droppedMain
        newAlternate.savedCursor = alternateScreen.savedCursor
        newAlternate.savedCursor?.row -= droppedAlternate
        mainScreen = newMain
        alternateScreen = newAlternate
        screen = usingAlternateScreen ? alternate : main
        cursorRow = min(max(0, cursorRow - dropped), newRows - 1)
        cursorColumn = min(cursorColumn, newColumns - 1)
        pendingWrap = false
        topMargin = 0
        bottomMargin = newRows - 1
        tabStops.resize(columns: newColumns)
        screen.markAllDirty()
    }

    // MARK: - Cells and text

    /// Strings of the ASCII codes, so that reading a row allocates nothing for them (code 0, a
    /// continuation, reads as "").
    static let asciiText: [String] = (0..<128).map { $0 < 0x20 || $0 == 0x7F ? "" : String(UnicodeScalar(UInt8($0))) }

    /// The text a cell code stands for.
    func text(of code: UInt32) -> String {
        if code < 0x80 { return Self.asciiText[Int(code)] }
        if code < ClusterTable.firstCode {
            guard let scalar = Unicode.Scalar(code) else { return "" }
            return String(scalar)
        }
        return clusters.string(code)
    }

    /// The last scalar of a cell's text.
    @inline(__always)
    func lastScalar(of code: UInt32) -> UInt32 {
        code < ClusterTable.firstCode ? code : clusters.lastScalar(code)
    }

    /// Public cells for stored ones. Runs of one style (the usual case) decode it once.
    /// `paddedTo`: blank cells are added up to that many (in the same allocation).
    func cells(from packed: UnsafeBufferPointer<PackedCell>, paddedTo count: Int = 0) -> [Cell] {
        let total = max(packed.count, count)
        guard total > 0 else { return [] }
        // The shared values read once (each read of a static checks that it was made), and every
        // cell initialised in place (an append checked the array's room and owner each time).
        let ascii = Self.asciiText, blank = Cell.blank, continuation = Cell.continuation
        return [Cell](unsafeUninitializedCapacity: total) { buffer, initialized in
            var colours = (foreground: UInt32(0), background: UInt32(0), attributes: UInt8(0))
            var style = Style.plain
            var next = buffer.baseAddress!
            for p in packed {
                if p == .blank {
                    next.initialize(to: blank)
                } else {
                    if p.foreground != colours.foreground || p.background != colours.background || p.attributes != colours.attributes {
                        colours = (p.foreground, p.background, p.attributes)
                        style = Pen.style(of: p)
                    }
                    if p.attributes & Pen.concealed != 0 {
                        next.initialize(to: Cell(" ", width: 1, style: style))
                    } else if p.width == 0 {
                        next.initialize(to: continuation)
                    } else {
                        next.initialize(to: Cell(p.code < 0x80 ? ascii[Int(p.code)] : text(of: p.code), width: p.width, style: style))
                    }
                }
                next += 1
            }
            for _ in packed.count..<total { next.initialize(to: blank); next += 1 }
            initialized = total
        }
    }

    /// The active screen's owner (its DECSC slot).
    var activeScreen: ScreenMemory { usingAlternateScreen ? alternateScreen : mainScreen }

    /// The code for a cluster of several scalars, compacting the table first when it is full.
    func internCluster(_ cluster: String) -> UInt32 {
        if clusters.count >= clusterLimit && !clusters.contains(cluster) { compactClusters() }
        return clusters.intern(cluster)
    }

    /// Rebuilds the cluster table from the clusters still in use (on either screen, in the
    /// scrolled-off queue, or as REP's character) and renumbers the cells that hold them.
    func compactClusters() {
        var fresh = ClusterTable()
        var renumbered: [UInt32: UInt32] = [:]
        let old = clusters
        func remap(_ code: UInt32) -> UInt32 {
            if let new = renumbered[code] { return new }
            let new = fresh.intern(old.string(code))
            renumbered[code] = new
            return new
        }
        for buffer in [mainScreen.buffer, alternateScreen.buffer] {
            for r in 0..<buffer.rows {
                let line = buffer.line(r)
                for c in 0..<buffer.extent(r) where line[c].code >= ClusterTable.firstCode {
                    line[c].code = remap(line[c].code)
                }
            }
        }
        scrolledOff.remapCodes(remap)
        if var last = lastGraphic, last.code >= ClusterTable.firstCode {
            last.code = remap(last.code)
            lastGraphic = last
        }
        clusters = fresh
        clusterGeneration += 1
        if clusters.count >= clusterLimit / 2 { clusterLimit *= 2 }
    }
}
