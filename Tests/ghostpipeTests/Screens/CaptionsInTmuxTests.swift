import Foundation
import Testing
import TestSupport

/// Closed captions (SCC) with the real binary in tmux: roll-up rolls the band a row at each
/// carriage return, the rows staying where a television has them (at the left).
@Suite(.serialized, .requires("tmux")) struct CaptionsInTmux {
    @Test func rollUpCaptionsRollTheBandUp() throws {
        let tmux = try Tmux(columns: 50, rows: 10, tag: "rollup")
        tmux.type("clear; \"$GHOSTPIPE\" --speed 2 \(Binary.sample("newsroom.scc")); echo STATUS=$?")
        func row(_ text: String, _ screen: [String]) -> Int? { screen.firstIndex { $0.hasPrefix(text) } }
        // Three rows: the first two rolled up, the third typed under them.
        let three = { (screen: [String]) in row("TONIGHT, WITH WINDS NEAR FORTY", screen) != nil && row(">> GOOD EVENING.", screen) != nil }
        #expect(tmux.wait(forScreen: three, timeout: 8), "\(tmux.screen())")
        let before = tmux.screen()
        let storm = try #require(row("A STORM IS MOVING UP THE COAST", before), "\(before)")
        #expect(row(">> GOOD EVENING.", before) == storm - 1 && row("TONIGHT", before) == storm + 1, "\(before)")
        // The next carriage return: the top row goes, the others move up a row, the new one types in.
        #expect(tmux.wait(forScreen: { row("MILES AN HOUR.", $0) != nil }, timeout: 4), "\(tmux.screen())")
        let after = tmux.screen()
        #expect(row(">> GOOD EVENING.", after) == nil && row("A STORM IS MOVING UP THE COAST", after) == storm - 1, "\(after)")
        #expect(row("MILES AN HOUR.", after) == storm + 1, "\(after)")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("STATUS=0") } }, timeout: 10), "\(tmux.screen())")
    }
}
