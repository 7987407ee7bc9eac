import Foundation
import TestSupport
import Testing

/// `--typing human --typos` in a real terminal: wrong keys typed and typed over on the way, the
/// final screen `cat`'s (history, attributes, cursor) for every bundled text at a narrow and a wide
/// width, Korean, emoji and a word longer than a row included (`FinalScreensInTmux.mixed`).
@Suite(.requires("tmux")) struct HumanTypingInTmux {
    typealias Final = FinalScreensInTmux

    static let cases = Final.texts.flatMap { text in [20, 80].map { Final.Case(text: text, columns: $0) } }

    @Test(arguments: cases)
    func typosEndOnCatsScreen(case: Final.Case) async throws {
        let reference = try await Final.References.shared.screen(for: `case`)
        let ghost = try await Final.gate.run {
            try await Final.FinalScreen.capture("'\(Binary.path)' --typing human --typos 0.2 --seed 3 --cps 2000 '\(`case`.text.path)'",
                                                columns: `case`.columns, rows: Final.rows, tag: "human-\(`case`.columns)")
        }
        #expect(ghost.status == 0 && reference.status == 0)
        #expect(reference.lines.contains { !$0.isEmpty })
        Final.expectSame(ghost, reference, effect: "typewriter")
    }
}
