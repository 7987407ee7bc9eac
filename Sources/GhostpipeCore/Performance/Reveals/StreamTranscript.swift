/// A terminal stream for the text outputs (json; plain to a terminal): the emulator reads it on the
/// typewriter's timeline, and each line is reported once it is final — when it scrolls off the
/// emulator's screen, when the input pauses with the cursor below it (live input is not held back a
/// screenful; what motion rewrites there later is not reported again), or at the end — as the cells
/// it ends with, each at the instant it took that look. A progress line rewritten ten times is reported as its last text; motion, erased text and
/// the input's escape sequences are not in it. Rows are separated by a line feed, as they show.
final class StreamTranscript: TextReveal {
    private let output: any Output
    private let emulator: TerminalEmulator
    private let autowrap: Bool
    private var reader = TerminalOperationReader()
    private var schedule: StreamSchedule
    /// When each cell of the emulator's screen took its look (the rows move up with the screen).
    private var times: [[Nanoseconds]]
    /// Final lines, not reported yet.
    private var report: [TimedGrapheme] = []
    private var ended = false
    /// The end was reported.
    private var finished = false
    /// The input paused: once what it sent is shown, the rows above the cursor are reported.
    private var pausedInput = false
    /// Rows at the emulator's top reported already (at a pause), not to be reported again.
    private var reportedRows = 0
    /// The latest instant reported: a cell never written (a gap the cursor moved over) takes it.
    private var latest: Nanoseconds = 0
    /// Backpressure: stop reading while this many operations wait.
    var maxQueued = 1 << 15

    init(_ setup: RevealSetup, autowrap: Bool) {
        output = setup.output
        self.autowrap = autowrap
        emulator = .streamView(rows: max(1, setup.rows), columns: max(1, setup.columns), autowrap: autowrap)
        schedule = StreamSchedule(pacing: setup.settings.pacing, timeless: setup.timeless, liveLag: setup.settings.liveLag)
        times = Array(repeating: Array(repeating: 0, count: emulator.columns), count: emulator.rows)
    }

    var wantsInput: Bool { !ended && schedule.waiting < maxQueued }
    /// A cluster cut by a read, or rows above the cursor a pause of the input would report.
    var holdsPartialInput: Bool { reader.holdsCluster || !pausedInput && emulator.cursorRow > reportedRows }
    var isDone: Bool { finished && report.isEmpty }
    var end: Placement { Placement(row: 0, column: 0, width: 0) }
    var drawsAhead: Bool { true }

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds) {}
    var readsBytes: Bool { true }
    func take(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) {
        schedule.add(reader.read(UnsafeRawBufferPointer(bytes)), at: now)
        pausedInput = false
    }
    func paused(at now: Nanoseconds) {
        schedule.add(reader.flush(), at: now)
        pausedInput = true
    }
    func ended(at now: Nanoseconds) {
        schedule.add(reader.flush(), at: now)
        ended = true
    }

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        _ = schedule.takeDue(at: now) { operation, instant in apply(operation, at: instant) }
        if ended && schedule.waiting == 0 && !finished {
            finished = true
            reportScreen()
        } else if pausedInput && schedule.waiting == 0 {
            pausedInput = false
            reportRowsAboveCursor()
        }
        if !report.isEmpty {
            try output.shown(report, at: now)
            report.removeAll(keepingCapacity: true)
        }
        return schedule.nextInstant
    }

    /// Applies one operation, noting when the cell a printed cluster lands in took its look.
    private func apply(_ operation: TerminalOperation, at instant: Nanoseconds) {
        guard case .text = operation else {
            emulator.apply(operation)
            takeScrolledOff()
            return
        }
        // Where it lands: at the cursor, or at the next row's start when a wrap waits.
        var (row, column) = (emulator.cursorRow, emulator.cursorColumn)
        if emulator.pendingWrap && autowrap { (row, column) = (row + 1, 0) }
        emulator.apply(operation)
        row -= takeScrolledOff()
        if row >= 0 && row < times.count && column < times[row].count { times[row][column] = instant }
    }

    /// Reports the lines that scrolled off (final now); returns how many.
    @discardableResult
    private func takeScrolledOff() -> Int {
        let off = emulator.takeScrolledOff()
        for line in off {
            let lineTimes = times.isEmpty ? [] : times.removeFirst()
            times.append(Array(repeating: 0, count: emulator.columns))
            if reportedRows > 0 { reportedRows -= 1; continue }
            add(line, times: lineTimes, lineFeed: true)
        }
        return off.count
    }

    /// The screen at the end: its rows not reported yet, down to the last with content or the cursor's.
    private func reportScreen() {
        var last = emulator.cursorRow
        for r in stride(from: emulator.rows - 1, to: last, by: -1) where !emulator.screen.isBlank(r) { last = r; break }
        guard reportedRows <= last else { return }
        for r in reportedRows...last { add(emulator.row(r), times: times[r], lineFeed: r < last) }
    }

    /// The rows above the cursor not reported yet, each with its line feed (the input paused there).
    private func reportRowsAboveCursor() {
        guard reportedRows < emulator.cursorRow else { return }
        for r in reportedRows..<emulator.cursorRow { add(emulator.row(r), times: times[r], lineFeed: true) }
        reportedRows = emulator.cursorRow
    }

    /// One row's cells (trailing blanks left out), each at its instant; a cell never written takes
    /// the instant of the one before it.
    private func add(_ cells: [Cell], times: [Nanoseconds], lineFeed: Bool) {
        var end = cells.count
        while end > 0 && cells[end - 1].text == " " { end -= 1 }  // (text outputs carry no colours)
        for c in 0..<end where cells[c].width > 0 {
            if c < times.count { latest = max(latest, times[c]) }
            report.append(TimedGrapheme(cells[c].text, time: c < times.count && times[c] > 0 ? times[c] : latest))
        }
        if lineFeed { report.append(TimedGrapheme("\n", time: latest)) }
    }

    func drawn(at now: Nanoseconds) -> Bool { false }
    func showEverything(at now: Nanoseconds) { schedule.timeless = true }
    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {}
    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws { schedule.shift(by: pause) }
}
