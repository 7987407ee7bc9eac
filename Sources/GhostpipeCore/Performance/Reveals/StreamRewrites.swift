/// A terminal stream's rewrites as diffs: a line rewritten (a carriage return and the text again, an
/// erase and the text again, a hypothesis revised by a speech recogniser) keeps on screen what it
/// writes back unchanged, and only what changed is typed.
///
/// It reads the input as it arrives into an emulator of its own, ahead of the reveal. A rewrite
/// begins with a carriage return that is not a line end, backspace, an erase or a cursor move; from
/// then on each row is remembered as it was before the rewrite first touches it. A grapheme written
/// where its row had the same grapheme in the same style is retyped: it costs no time, so it comes in
/// the same frame as the erase before it, and the line never blinks. A line feed ends the rewrite.
/// Text written over other text, or erased, makes the stream live (see `StreamSchedule`).
struct StreamRewrites {
    private let ahead: TerminalEmulator
    /// A rewrite is under way: the rows it touched, as they were before; and whether text was
    /// printed since it began (a new rewrite then begins afresh).
    private var rewriting = false
    private var before: [Int: [Cell]] = [:]
    private var printedSince = false

    init(rows: Int, columns: Int, autowrap: Bool, widths: (any ColumnWidths)? = nil) {
        ahead = .streamView(rows: rows, columns: columns, autowrap: autowrap, widths: widths)
    }

    /// Takes `operations` as they arrive: for each, whether it writes back what its row had there;
    /// and whether any of them wrote over text or erased it.
    mutating func read(_ operations: [TerminalOperation]) -> (retyped: [Bool], rewrote: Bool) {
        var retyped = [Bool](repeating: false, count: operations.count)
        var rewrote = false
        for (k, operation) in operations.enumerated() {
            switch operation {
            case .text:
                guard rewriting else {
                    ahead.apply(operation)
                    continue
                }
                var (row, column) = (ahead.cursorRow, ahead.cursorColumn)
                if ahead.pendingWrap && ahead.autowrap {
                    // It wraps: at the bottom the screen scrolls, and the rows remembered no longer line up.
                    guard row < ahead.rows - 1 else { end(); ahead.apply(operation); continue }
                    (row, column) = (row + 1, 0)
                }
                let old = remember(row)
                ahead.apply(operation)
                printedSince = true
                guard column < old.count, old[column] != .blank, old[column].width > 0 else { continue }
                rewrote = true
                let written = ahead.row(row)
                retyped[k] = column < written.count && written[column] == old[column]
            case .control(0x0A), .control(0x0B), .control(0x0C):
                // A line end: what was written is final.
                end()
                ahead.apply(operation)
            default:
                if startsRewrite(operation), !rewriting || printedSince {
                    end()
                    rewriting = true
                }
                guard rewriting, erases(operation) else {
                    ahead.apply(operation)
                    break
                }
                let row = ahead.cursorRow
                // ED reaches the rows below (and above, 2 and 3): those are remembered too.
                if case .controlSequence(UInt8(ascii: "J"), _, _, _) = operation { for r in 0..<ahead.rows { _ = remember(r) } }
                let old = remember(row)
                ahead.apply(operation)
                if ahead.row(row) != old { rewrote = true }
            }
            if !ahead.takeScrolledOff().isEmpty { end() }
            _ = ahead.takeDirtyRows()
        }
        return (retyped, rewrote)
    }

    /// Row `r` as it was before the rewrite touched it.
    private mutating func remember(_ r: Int) -> [Cell] {
        if let old = before[r] { return old }
        let row = ahead.row(r)
        before[r] = row
        return row
    }

    private mutating func end() {
        rewriting = false
        printedSince = false
        before.removeAll(keepingCapacity: true)
    }

    /// Whether `operation` begins rewriting what is on the screen.
    private func startsRewrite(_ operation: TerminalOperation) -> Bool {
        switch operation {
        case .control(0x0D), .control(0x08): return true
        case .controlSequence(let final, _, let prefix, _):
            return prefix == 0 && Self.motionsAndErases.contains(final)
        default: return false
        }
    }

    private func erases(_ operation: TerminalOperation) -> Bool {
        if case .controlSequence(let final, _, 0, _) = operation { return Self.erasures.contains(final) }
        return false
    }

    /// EL, ED, ECH, DCH; CUU, CUB, CPL, CHA, CUP, HVP.
    private static let erasures: Set<UInt8> = Set("KJXP".utf8)
    private static let motionsAndErases: Set<UInt8> = erasures.union("ADFGHf".utf8)

    mutating func resize(rows: Int, columns: Int) {
        ahead.resize(rows: rows, columns: columns)
        end()
    }
}
