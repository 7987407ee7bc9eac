import GhostpipeCore
import Testing
import TestSupport

/// A paragraph taller than the screen, under an effect other than the typewriter: it cannot be
/// redrawn once it scrolls, so it is revealed in slices one row shorter than the screen, in turn.
@Suite struct TallParagraphs {
    /// The slices after the first go on the scene as they start. On a one-row screen every row is a
    /// slice, and with all of them on at once every frame went through every one (the player fuzz
    /// target's 1,300 characters at 1 × 1 took minutes). Each slice still shows in its turn, and
    /// the text ends whole (200 slices: those on the scene leave the list of coming ones too).
    @Test(arguments: [[20, 3], [1, 1]])
    func slicesAreRevealedInTurn(size: [Int]) throws {
        let (columns, rows) = (size[0], size[1])
        let text = columns == 1 ? String(repeating: "abcdefghij", count: 20) + "Z" : (1...10).map { "line \($0)" }.joined(separator: "\n")
        let run = try VirtualRun(["-e", "fade", "--duration", "1s"], text: text + "\n", terminal: (columns, rows))
        let screen = run.screen(columns: columns, rows: rows)
        let expected = columns == 1 ? text.map(String.init) : text.components(separatedBy: "\n")
        #expect(screen.transcript == expected)
        // The last row shows in the last slice's turn, not at the start.
        let last = expected.last!
        let firstWrite = run.output.writes.first { String(decoding: $0.bytes, as: UTF8.self).contains(last) }
        #expect(firstWrite.map { $0.instant >= 700 * Time.millisecond } == true, "\(String(describing: firstWrite?.instant))")
    }
}
