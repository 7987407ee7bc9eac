/// Cells typed to the terminal straight from the glyph queue (`TerminalRenderer.type`) but not yet
/// put in the renderer's last frame. Most rows of a long text scroll off the screen before anything
/// reads them again, so a typed row stays the shared blank row and its cells are put only when
/// something is about to read or overwrite them: a step that is not plain typing, or the end of the
/// stretch (the queue is read in place only until then). Rows gone from the frame by then are skipped.
///
/// What may be left unwritten: only cells left of the cursor on its row (or at it, in the last
/// column, when it waits to wrap: the next cell goes on the next row), and rows above it — the cells
/// plain typing reads (at the cursor and to its right, and rows below) are all written.
struct UnwrittenCells {
    /// Graphemes typed on a row, in typing order: each of `from..<to` that draws a cell
    /// (`TypingTape.draws`, for the row rewound then or not) was written at its place.
    private var runs: [(row: Int, from: Int, to: Int, rewoundRow: Int?)] = []

    /// The list's length at which runs gone with their rows are next forgotten: twice what was
    /// kept the last time, so that forgetting is amortised. (At a fixed 64, a screenful of rows
    /// kept ~80 runs, and each new run moved them all: a tenth of `--instant`'s time on a long text.)
    private var forgetAt = 64

    var isEmpty: Bool { runs.isEmpty }

    /// Graphemes `from..<to`, on `row`, were typed; `frameOrigin`: the frame's first row now (runs
    /// on rows above it are gone with their rows: forgotten now and then, so the list stays short).
    @inline(__always)
    mutating func typed(row: Int, from: Int, to: Int, rewoundRow: Int?, frameOrigin: Int) {
        if runs.count >= forgetAt, runs[0].row < frameOrigin {
            runs.removeAll { $0.row < frameOrigin }
            forgetAt = max(64, 2 * runs.count)
        }
        runs.append((row, from, to, rewoundRow))
    }

    /// Puts every cell typed in `frame` (`AppearingCells.put`), read from `tape`'s queue.
    mutating func write(into frame: inout Frame, from tape: TypingTape) {
        let graphemes = tape.graphemes
        for run in runs where run.row >= frame.origin && run.row < frame.end {
            frame.rows[run.row - frame.origin].withUnsafeMutableBufferPointer { cells in
                for k in run.from..<run.to where TypingTape.draws(tape.kinds[k], at: graphemes.placements[k], rewoundRow: run.rewoundRow) {
                    graphemes.put(k, into: cells)
                }
            }
        }
        runs.removeAll(keepingCapacity: true)
    }
}
