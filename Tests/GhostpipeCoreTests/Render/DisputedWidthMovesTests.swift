import Testing
@testable import GhostpipeCore
import TestSupport

/// A cluster terminals draw at different widths (`DisplayWidth.isDisputed`) that the frame holds at
/// another width than the terminal's: a terminal stream's cells are the emulator's, at the Unicode
/// widths, and tmux 3.3a draws `👋🏽` four columns wide, not two. The terminal's cursor after it is
/// then not where the renderer counts it, so the next move on that row must not be relative to it.
@Suite struct DisputedWidthMoves {
    static let columns = 40

    static func frame(_ text: String, cursor column: Int) -> Frame {
        var frame = Frame(width: columns, origin: 0, rowCount: 1)
        var c = 0
        for character in text {
            let s = String(character)
            let w = DisplayWidth.of(s)
            frame.put(s, width: w, row: 0, column: c)
            c += w
        }
        frame.cursor = Placement(row: 0, column: column, width: 0)
        return frame
    }

    /// The first row after rendering `frames` one after the other for a terminal that draws `👋🏽` four
    /// columns wide, as tmux 3.3a does.
    static func shownByTmux(_ frames: [Frame]) -> String {
        var renderer = TerminalRenderer(width: columns, height: 5, depth: .truecolor)
        var terminal = ScreenModel(width: columns, height: 5)
        terminal.widths = ["👋🏽": 4]
        for frame in frames {
            var out: [UInt8] = []
            renderer.render(frame, into: &out)
            terminal.feed(out)
        }
        return terminal.lines[0]
    }

    /// `안녕하세요 👋🏽` rewritten from its start (`\r반가워`, as a stream's carriage return does), the
    /// first word drawn in the frame that drew the emoji, the rest in the next: the rewrite lands
    /// where a carriage return puts it, on a terminal that draws the emoji wider than the frame says.
    @Test func aRewriteAfterADisputedClusterLandsWhereTheFrameSays() {
        let shown = Self.shownByTmux([Self.frame("안녕하세요", cursor: 10), Self.frame("반녕하세요 👋🏽", cursor: 2), Self.frame("반가워세요 👋🏽", cursor: 6)])
        #expect(shown.hasPrefix("반가워세요 👋🏽"), "\(shown)")
    }

    /// Text written right after such a cluster, with no move between, goes where the terminal's
    /// cursor is (where `cat` would put it too); the next move is made from the row's start.
    @Test func theMoveAfterTypingPastADisputedClusterStartsFromTheRowsStart() {
        let shown = Self.shownByTmux([Self.frame("a 👋🏽", cursor: 4), Self.frame("a 👋🏽", cursor: 1), Self.frame("ab👋🏽", cursor: 2)])
        #expect(shown.hasPrefix("ab👋🏽"), "\(shown)")
    }
}
