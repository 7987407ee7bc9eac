import Testing
@testable import GhostpipeCore

/// `row(_:reusing:)`, the rows a stream's view redraws every frame: the same cells again while the
/// row holds the same, fresh ones when it changed, nothing for a row the screen does not have.
@Suite struct EmulatorCachedRows {
    @Test func aRowThatHoldsTheSameIsTheSameArrayAndAChangedOneIsMadeAgain() {
        let emulator = TerminalEmulator.streamView(rows: 3, columns: 10)
        emulator.readAsView(Array("one\ntwo\n".utf8))
        let first = emulator.row(1, reusing: nil)
        let again = emulator.row(1, reusing: first)
        #expect(again.cells.withUnsafeBufferPointer { $0.baseAddress } == first.cells.withUnsafeBufferPointer { $0.baseAddress })
        emulator.readAsView(Array("\u{1B}[2;1HTWO".utf8))
        let changed = emulator.row(1, reusing: first)
        #expect(changed.cells.map(\.text).joined().hasPrefix("TWO"))
    }

    /// A block effect's rows waiting for their reveal can lie below a screen made shorter by a resize
    /// (the player fuzz target: a heap-buffer-overflow reading row 5 of 3).
    @Test func aRowTheScreenDoesNotHaveIsEmpty() {
        let emulator = TerminalEmulator.streamView(rows: 8, columns: 10)
        emulator.readAsView(Array("1\n2\n3\n4\n5\n6\n".utf8))
        emulator.resize(rows: 3, columns: 10)
        #expect(emulator.row(5, reusing: nil).cells.isEmpty)
        #expect(emulator.row(-1, reusing: nil).cells.isEmpty)
    }

    /// Lines that scroll off as they showed come back as those cells; a line changed since does not,
    /// and a plain one (one ASCII byte a cell) stays packed.
    @Test func aLineThatScrolledOffAsItShowedIsItsRowsCells() {
        let emulator = TerminalEmulator.streamView(rows: 2, columns: 10)
        emulator.readAsView(Array("aa\nbb".utf8))
        let shown = [emulator.row(0, reusing: nil), emulator.row(1, reusing: nil)]
        emulator.readAsView(Array("\n\u{1B}[1;1HXX\ncc\n".utf8))  // aa scrolls off; XX over bb, which scrolls off too
        let off = emulator.takeScrolledOff { $0 < shown.count ? shown[$0] : nil }
        // `aa` left as it showed; `bb` became `XX` before it left.
        #expect(off.map { $0.cells(width: 10).map(\.text).joined().trimmingSuffixSpaces } == ["aa", "XX"])
        guard off.count == 2, case .cells(let aa) = off[0], case .packed(let xx) = off[1] else {
            Issue.record("aa made again, or XX not packed")
            return
        }
        #expect(aa.withUnsafeBufferPointer { $0.baseAddress } == shown[0].cells.withUnsafeBufferPointer { $0.baseAddress })
        #expect(xx.cells.count == 2)
    }

    /// A line that is not one ASCII byte a cell (a wide character, a concealed cell) is made into cells.
    @Test func aLineWithOtherCellsIsMadeIntoCells() {
        let emulator = TerminalEmulator.streamView(rows: 1, columns: 10)
        emulator.readAsView(Array("a\u{1B}[8mb\u{1B}[m\n한\n\u{1B}[31mred\u{1B}[m\n".utf8))
        let off = emulator.takeScrolledOff { _ in nil }
        let kinds = off.map { line -> String in if case .packed = line { "packed" } else { "cells" } }
        #expect(kinds == ["cells", "cells", "packed"])
        #expect(off.map { $0.cells(width: 4).map(\.text).joined() } == ["a   ", "한  ", "red "])
        #expect(off[2].cells(width: 4)[0].style == Style(foreground: .palette(1)))
    }
}

private extension String {
    var trimmingSuffixSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
