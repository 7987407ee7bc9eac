import Foundation
import TestSupport
import Testing

/// `--align center|right` in a real terminal: each paragraph of `cat`'s final screen, every line
/// shifted right by the same amount (Korean, emoji and ASCII art keep their shape), at 20, 33 and
/// 80 columns, typed and faded.
@Suite(.requires("tmux")) struct AlignmentInTmux {
    static let texts = FinalScreensInTmux.texts.filter { $0.name == "motd.txt" || $0.name == "mixed" || $0.name == "korean.txt" }
    static let cases = texts.flatMap { text in FinalScreensInTmux.widths.map { FinalScreensInTmux.Case(text: text, columns: $0) } }

    @Test(arguments: ["center", "right"], cases)
    func eachParagraphIsCatsShiftedAsAWhole(alignment: String, case: FinalScreensInTmux.Case) async throws {
        let reference = try await FinalScreensInTmux.References.shared.screen(for: `case`)
        for effect in ["typewriter", "fade"] {
            let timing = effect == "typewriter" ? "--cps 2000" : "--duration 0.5s"
            let ghost = try await FinalScreensInTmux.gate.run {
                try await FinalScreensInTmux.FinalScreen.capture(
                    "'\(Binary.path)' --align \(alignment) --effect \(effect) \(timing) '\(`case`.text.path)'",
                    columns: `case`.columns, rows: FinalScreensInTmux.rows, tag: "align-\(alignment)-\(effect)-\(`case`.columns)")
            }
            #expect(ghost.status == 0)
            #expect(ghost.lines.count == reference.lines.count, "\(effect): \(FinalScreensInTmux.FinalScreen.difference(reference.lines, ghost.lines))")
            var paragraph = 0
            var shifts: [Int: Set<Int>] = [:]
            for (expected, shown) in zip(reference.lines, ghost.lines) {
                if expected.isEmpty { paragraph += 1; continue }
                #expect(shown.hasSuffix(expected) && shown.dropLast(expected.count).allSatisfy { $0 == " " },
                        "\(effect): \(shown.debugDescription) is not \(expected.debugDescription) shifted")
                shifts[paragraph, default: []].insert(shown.count - expected.count)
            }
            #expect(shifts.values.allSatisfy { $0.count == 1 }, "\(effect) \(shifts): \(FinalScreensInTmux.FinalScreen.difference(reference.lines, ghost.lines))")
            if `case`.text.name == "motd.txt" && `case`.columns == 80 {
                // Something moved (elsewhere a wrapped line may fill the width: then nothing can).
                #expect(shifts.values.contains { $0.contains { $0 > 0 } }, "\(effect): nothing moved")
            }
            #expect(ghost.cursor == reference.cursor && ghost.cursorVisible == reference.cursorVisible)
        }
    }
}
