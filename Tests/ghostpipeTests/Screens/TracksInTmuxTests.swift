import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `--track` and `--track-order` with the real binary in tmux: two tracks in the order the user
/// chose, at 33 columns, with Korean that wraps and emoji.
@Suite(.serialized, .requires("tmux")) struct TracksInTmux {
    let scratch = ScratchDirectory("tracks")

    func file(_ name: String, _ text: String) throws -> String { try scratch.file(name, text) }

    @Test func twoTracksInTheChosenOrderAt33Columns() throws {
        // The Korean line (48 columns) wraps into two rows at 33; the English one ends first.
        let korean = try file("film.ko.srt", "1\n00:00:00,500 --> 00:00:06,000\n오늘은 바다가 정말 아름답네요 🌊 우리 같이 가요 🐚\n\n")
        let english = try file("film.en.srt", "1\n00:00:00,500 --> 00:00:03,000\nThe sea is lovely 🌊\n\n")
        let tmux = try Tmux(columns: 33, rows: 10, tag: "tracks")
        tmux.type("clear; \"$GHOSTPIPE\" --cps 500 \(korean) --track \(english) --track-order down; echo STATUS=$?")
        func row(_ text: String, _ screen: [String]) -> Int? { screen.firstIndex { $0.contains(text) } }
        let both = { (screen: [String]) in row("The sea is lovely 🌊", screen) != nil && row("같이 가요 🐚", screen) != nil }
        #expect(tmux.wait(forScreen: both, timeout: 4), "\(tmux.screen())")
        let screen = tmux.screen()
        // Korean on top (its two rows), English right below it.
        let top = try #require(row("오늘은", screen)), second = try #require(row("같이 가요", screen))
        let sea = try #require(row("The sea", screen))
        #expect(second == top + 1 && sea == second + 1, "\(screen)")
        #expect(screen.allSatisfy { $0.count <= 33 })
        // The English line ends: the Korean keeps its rows.
        #expect(tmux.wait(forScreen: { row("The sea", $0) == nil }, timeout: 5), "\(tmux.screen())")
        let after = tmux.screen()
        #expect(row("오늘은", after) == top && row("같이 가요", after) == second, "\(after)")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("STATUS=0") } }, timeout: 6), "\(tmux.screen())")
    }
}
