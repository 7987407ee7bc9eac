import Foundation
import TestSupport
import Testing

/// `--layout slides` in a real terminal, with Korean and emoji at 20, 33 and 80 columns: one slide
/// at a time in the same place, ← and → step between them, the last stays, the prompt comes back
/// below the screenful, and what was typed reaches the shell.
@Suite(.requires("tmux")) struct SlidesInTmux {
    static let text = "첫 번째 👋🏽\n\n두 번째 제목 🎉\nsecond line\n\n끝 👍🏽 end\n"

    /// One file per case: the cases run at once, and each removes its own.
    static func file(_ tag: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-slides-\(getpid())-\(tag).txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The pane's non-blank rows, trimmed.
    static func shown(_ tmux: Tmux) -> [String] {
        tmux.screen().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test(arguments: [20, 33, 80])
    func keysStepThroughTheSlidesAndTheLastStays(columns: Int) throws {
        let path = try Self.file("\(columns)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try Tmux(columns: columns, rows: 10, tag: "slides\(columns)")
        tmux.type("clear; \"$GHOSTPIPE\" --layout slides --align center --place middle '\(path)'; echo $((6*7))DONE")
        #expect(tmux.wait(forScreen: { _ in Self.shown(tmux).contains("첫 번째 👋🏽") }, timeout: 10), "\(tmux.screen())")
        // → twice: through the second to the last, long before its own time would come.
        tmux.press("Right")
        tmux.press("Right")
        #expect(tmux.wait(forScreen: { _ in Self.shown(tmux).contains("끝 👍🏽 end") }, timeout: 6), "\(tmux.screen())")
        #expect(!Self.shown(tmux).contains("첫 번째 👋🏽"))
        // ← once: back to the second, alone.
        tmux.press("Left")
        #expect(tmux.wait(forScreen: { _ in Self.shown(tmux).first == "두 번째 제목 🎉" }, timeout: 6), "\(tmux.screen())")
        #expect(Self.shown(tmux).prefix(2) == ["두 번째 제목 🎉", "second line"])
        // → twice more: the last, then the end; typed text reaches the shell.
        tmux.press("Right")
        #expect(tmux.wait(forScreen: { _ in Self.shown(tmux).first == "끝 👍🏽 end" }, timeout: 6), "\(tmux.screen())")
        tmux.press("Right")
        #expect(tmux.wait(forScreen: { $0.contains("42DONE") }, timeout: 6), "\(tmux.screen())")
        let screen = tmux.screen()
        let row = screen.firstIndex { $0.contains("끝 👍🏽 end") } ?? -1
        // The last slide alone in the middle of the screenful (the rows down to the prompt's), centred
        // (👍🏽 is 2 or 4 columns wide, as the terminal draws it).
        let done = screen.firstIndex { $0.hasPrefix("42DONE") } ?? -1
        #expect(done >= 7 && row == (done - 1) / 2, "\(screen)")
        let line = row >= 0 ? screen[row] : ""
        let leading = line.prefix { $0 == " " }.count
        #expect(leading == (columns - 9) / 2 || leading == (columns - 11) / 2, "\(line.debugDescription)")
        #expect(Self.shown(tmux).filter { $0.contains("번째") || $0.contains("second") }.isEmpty)
        tmux.type("echo $((7*6))TYPED")
        #expect(tmux.wait(forScreen: { $0.contains("42TYPED") }, timeout: 5), "\(tmux.screen())")
    }

    @Test func withoutKeysTheSlidesAdvanceAndLoopUntilQ() throws {
        let path = try Self.file("loop")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try Tmux(columns: 33, rows: 8, tag: "slides-loop")
        tmux.type("clear; \"$GHOSTPIPE\" --layout slides --loop --cps 50 '\(path)'; echo $((6*7))DONE")
        #expect(tmux.wait(forScreen: { _ in Self.shown(tmux).first == "끝 👍🏽 end" }, timeout: 15), "\(tmux.screen())")
        #expect(tmux.wait(forScreen: { _ in Self.shown(tmux).first == "첫 번째 👋🏽" }, timeout: 10), "looped: \(tmux.screen())")
        tmux.press("q")
        #expect(tmux.wait(forScreen: { $0.contains("42DONE") }, timeout: 5), "\(tmux.screen())")
        #expect(tmux.display("#{cursor_flag}") == "1")
    }
}
