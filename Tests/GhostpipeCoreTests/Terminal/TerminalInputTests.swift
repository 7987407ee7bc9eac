import Testing
@testable import GhostpipeCore

/// What a terminal sends (keys, and its answers to the width probe) read with the emulator's
/// escape-sequence parser.
@Suite struct TerminalInput {
    @Test func keysAsTerminalsSendThem() {
        let keys = KeyDecoder().decode(Array("\u{1B}[1;5A\u{1B}Ox\u{7F}\u{8}\t\u{1B}a\u{1B}[<0;3;4M\u{1B}[1;5R".utf8))
        #expect(keys == [.up, .other, .backspace, .backspace, .tab, .other, .other, .other])
        #expect(KeyDecoder().decode(Array("\u{1B}\u{1B}".utf8)) == [.escape, .escape])
        #expect(KeyDecoder().decode(Array("\u{1B}[".utf8)) == [.other])
    }

    @Test func probeAnswersAreToldApartFromKeysTypedMeanwhile() {
        var replies = ProbeReplies()
        replies.feed(ArraySlice(Array("ls\u{1B}[12;3Rx\u{1B}[12".utf8)))
        replies.feed(ArraySlice(Array(";5R\u{1B}\u{1B}[2;1R\u{1B}[A\u{1B}[?1;2R한".utf8)))
        #expect(replies.reports.map { [$0.row, $0.column] } == [[12, 3], [12, 5], [2, 1]])
        #expect(replies.end() == Array("lsx\u{1B}\u{1B}[A\u{1B}[?1;2R한".utf8))
    }

    @Test func anUnfinishedReplyIsGivenBackAsTyped() {
        var replies = ProbeReplies()
        replies.feed(ArraySlice(Array("a\u{1B}[3;".utf8)))
        #expect(replies.reports.isEmpty)
        #expect(replies.end() == Array("a\u{1B}[3;".utf8))
    }
}
