import Testing
@testable import GhostpipeCore

/// A view of a stream given the widths the real terminal draws clusters at (`TerminalEmulator.widths`)
/// lays them out as that terminal does, so that it ends as `cat` leaves it there; without widths (the
/// overlay's program) clusters keep their Unicode widths.
@Suite struct EmulatorMeasuredWidths {
    /// A terminal's answers: these clusters at these widths, the rest at Unicode's.
    final class Measured: ColumnWidths, Sendable {
        let table: [String: Int]
        init(_ table: [String: Int]) { self.table = table }
        func width(of cluster: String) -> Int { table[cluster] ?? DisplayWidth.of(cluster) }
        func measuredWidth(of cluster: String) -> Int? { table[cluster] }
    }

    /// tmux 3.3a's answers.
    static let tmux = Measured(["👍🏽": 4, "❤️": 1, "1️⃣": 1])

    static func view(_ input: String, columns: Int = 10, widths: (any ColumnWidths)? = tmux) -> TerminalEmulator {
        let t = TerminalEmulator.streamView(rows: 3, columns: columns, widths: widths)
        t.feed(input)
        return t
    }

    /// The cells of row `r` as `text/width`, continuations left out, up to the last non-blank.
    static func cells(_ t: TerminalEmulator, _ r: Int = 0) -> [String] {
        var cells = t.row(r).filter { $0.width > 0 }.map { "\($0.text)/\($0.width)" }
        while cells.last == " /1" { cells.removeLast() }
        return cells
    }

    /// tmux draws `👍🏽` as `👍` and `🏽`, two cells: what comes after starts four columns on, and a
    /// carriage return and `X` overwrite only the first of them.
    @Test func aClusterTheTerminalDrawsAsTwoCellsIsTwoCells() {
        let t = Self.view("\(csi)31m👍🏽 ab\(csi)0m")
        #expect(Self.cells(t) == ["👍/2", "🏽/2", " /1", "a/1", "b/1"])
        #expect(t.cursor == (0, 7))
        t.feed("\rX")
        #expect(Self.cells(t) == ["X/1", " /1", "🏽/2", " /1", "a/1", "b/1"])
        #expect(t.cell(0, 2).style.foreground == .palette(1))
    }

    /// A modifier after a space joins it by Unicode's rules, but tmux draws it as a cell of its own
    /// (three columns in all, which the usual join, at most two, could not give).
    @Test func aModifierAfterASpaceIsACellOfItsOwn() {
        let t = Self.view("a 🏽b", widths: Measured([" 🏽": 3]))
        #expect(Self.cells(t) == ["a/1", " /1", "🏽/2", "b/1"])
    }

    /// Its second cell wraps on its own, as on the terminal.
    @Test func theSecondCellWrapsOnItsOwn() {
        let t = Self.view("abc👍🏽x", columns: 5)
        #expect(Self.cells(t, 0) == ["a/1", "b/1", "c/1", "👍/2"])
        #expect(Self.cells(t, 1) == ["🏽/2", "x/1"])
    }

    /// Without widths the cluster is one cell of Unicode's two columns, as before.
    @Test func withoutWidthsAClusterKeepsUnicodesWidth() {
        let t = Self.view("👍🏽 ab", widths: nil)
        #expect(Self.cells(t) == ["👍🏽/2", " /1", "a/1", "b/1"])
        let overlay = TerminalEmulator.fed("👍🏽 ab")
        #expect(Self.cells(overlay) == ["👍🏽/2", " /1", "a/1", "b/1"])
    }

    /// A cluster the terminal draws narrower than Unicode (an emoji presentation selector it
    /// ignores, a keycap) narrows back, and the cursor with it.
    @Test func aClusterTheTerminalDrawsNarrowerNarrows() {
        let t = Self.view("❤️x 1️⃣y")
        #expect(Self.cells(t) == ["❤️/1", "x/1", " /1", "1️⃣/1", "y/1"])
        #expect(t.cursor == (0, 5))
    }

    /// A cluster measured three or four columns wide that is not two cells there is one cell that
    /// wide, with continuations; writing over any part of it blanks the rest, keeping its colours.
    @Test func aCellWiderThanTwoColumnsIsCutWhole() {
        let measured = Measured(["👩‍💻": 3])
        let t = Self.view("\(csi)44m👩‍💻\(csi)0mx", widths: measured)
        #expect(Self.cells(t) == ["👩‍💻/3", "x/1"])
        #expect(t.row(0).map(\.width).prefix(4) == [3, 0, 0, 1])
        t.feed("\r\(csi)1Cy")
        #expect(Self.cells(t) == [" /1", "y/1", " /1", "x/1"])
        #expect(t.cell(0, 0).style.background == .palette(4) && t.cell(0, 2).style.background == .palette(4))
        let erased = Self.view("ab👩‍💻x", widths: measured)
        erased.feed("\r\(csi)3C\(csi)K")
        #expect(Self.cells(erased) == ["a/1", "b/1"])
        let inserted = Self.view("ab👩‍💻x", columns: 6, widths: measured)
        inserted.feed("\r\(csi)2C\(csi)2@")
        #expect(Self.cells(inserted) == ["a/1", "b/1"])
    }

    /// Repeating it (REP) repeats its width; one that does not fit before the margin wraps whole.
    @Test func aWideCellRepeatsAndWrapsWhole() {
        let t = Self.view("ab👩‍💻\(csi)2b", columns: 7, widths: Measured(["👩‍💻": 3]))
        #expect(Self.cells(t, 0) == ["a/1", "b/1", "👩‍💻/3"])
        #expect(Self.cells(t, 1) == ["👩‍💻/3", "👩‍💻/3"])
    }
}
