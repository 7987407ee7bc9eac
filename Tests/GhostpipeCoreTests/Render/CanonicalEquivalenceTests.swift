import Testing
@testable import GhostpipeCore

/// Cells hold bytes for the terminal: `é` (U+00E9) and `e` + U+0301 are canonically equivalent, so
/// `String`'s `==` finds them equal, but they are different text, and a rewrite from one to the other
/// must reach the terminal.
@Suite struct CanonicalEquivalence {
    @Test func cellsWithCanonicallyEquivalentTextsDiffer() {
        #expect(Cell("\u{E9}") != Cell("e\u{301}"))
        #expect(Cell("e\u{301}") == Cell("e\u{301}"))
        #expect(Cell("e\u{323}\u{302}") != Cell("e\u{302}\u{323}"))
    }

    @Test func aRewriteToACanonicallyEquivalentTextIsDrawn() {
        func frame(_ text: String) -> Frame {
            var frame = Frame(width: 10, origin: 0, rowCount: 1)
            frame.put("a", width: 1, row: 0, column: 0)
            frame.put(text, width: 1, row: 0, column: 1)
            return frame
        }
        var renderer = TerminalRenderer(width: 10, height: 3, depth: .truecolor)
        var out: [UInt8] = []
        renderer.render(frame("\u{E9}"), into: &out)
        out.removeAll()
        renderer.render(frame("e\u{301}"), into: &out)
        let drawn = Array("e\u{301}".utf8)
        #expect(out.indices.contains { out[$0...].starts(with: drawn) }, "\(String(decoding: out, as: UTF8.self).debugDescription)")
    }
}
