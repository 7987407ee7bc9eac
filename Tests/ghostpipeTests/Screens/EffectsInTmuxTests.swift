import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every effect in a real terminal emulator (tmux): the final screen, its attributes and the cursor
/// are those `cat` leaves in a terminal of the same size.
@Suite(.requires("tmux")) struct EffectsInTmux {
    static let effects = ["typewriter", "letters", "fade", "decrypt", "morph", "credits"]

    /// ASCII taller than the 20-row pane (it scrolls), Korean, and emoji tmux 3.3a measures like the
    /// Unicode data (single-code-point wide emoji only).
    static let texts: [(name: String, text: String, colors: String)] = [
        ("ascii", (1...24).map { $0 == 12 ? "" : "Line \($0): the quick brown fox jumps over the lazy dog." }.joined(separator: "\n") + "\n", "truecolor"),
        ("korean", "유령 파이프\n\n밤이 깊었다. 터미널 화면에 글자가 하나씩 나타난다.\n마야는 식은 커피를 한 모금 마시고 화면을 바라본다.\n한글 음절도 그대로 온전하다.\n", "256"),
        ("emoji", "Party 🎉 time 🎉 with 👻 ghosts\n🔥 fire and 🙂 smiles 🙂\ncafé naïve 한국어 🎉 done.\n", "16"),
    ]

    @Test(arguments: effects, [0, 1, 2])
    func theFinalScreenIsCatsScreen(effect: String, text index: Int) throws {
        let sample = Self.texts[index]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-tmux-\(getpid())-\(effect)-\(sample.name).txt").path
        try sample.text.write(toFile: file, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let cat = try Tmux.screen(of: "cat '\(file)'", name: "cat-\(effect)-\(sample.name)")
        let timing = effect == "typewriter" ? "--cps 2000" : "--duration 0.5s"
        let ghost = try Tmux.screen(of: "'\(Binary.path)' --effect \(effect) \(timing) --seed 3 --colors \(sample.colors) '\(file)'",
                                    name: "gp-\(effect)-\(sample.name)")
        #expect(ghost.status == 0)
        // cat's screen really holds the text (a failed capture must not compare equal to another).
        let lastLine = sample.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(cat.lines.contains(lastLine), "\(cat.lines)")
        #expect(cat.cursor.contains(","))
        if effect == "credits" {
            // Centred: the same lines once the centring is removed; nothing left in colour.
            #expect(ghost.lines.map { String($0.drop { $0 == " " }) } == cat.lines.map { String($0.drop { $0 == " " }) },
                    "\n\(ghost.lines.joined(separator: "\n"))")
            #expect(!ghost.styled.contains("\u{1B}["))
        } else {
            #expect(ghost.lines == cat.lines, "\n\(ghost.lines.joined(separator: "\n"))")
            #expect(ghost.styled == cat.styled, "attributes left on screen")
        }
        #expect(ghost.cursor == cat.cursor)
        #expect(ghost.cursorVisible)
    }
}
