import Testing
@testable import GhostpipeCore

/// What the terminal answers, the title, and strings that must be swallowed whole.
@Suite struct EmulatorReports {
    func responses(_ input: String) -> String {
        String(decoding: TerminalEmulator.fed(input, rows: 24, columns: 80).takeResponses(), as: UTF8.self)
    }

    @Test(arguments: [
        ("\(csi)5n", "\(csi)0n"), ("\(csi)6n", "\(csi)1;1R"), ("\(csi)12;40H\(csi)6n", "\(csi)12;40R"),
        ("\(csi)?6n", "\(csi)?1;1R"), ("\(csi)c", "\(csi)?62;22c"), ("\(csi)0c", "\(csi)?62;22c"),
        ("\(csi)>c", "\(csi)>1;10;0c"), ("\(csi)>0c", "\(csi)>1;10;0c"), ("\(esc)Z", "\(csi)?62;22c"),
        ("\(csi)18t", "\(csi)8;24;80t"), ("\(csi)14t\(csi)22;0t\(csi)=c\(csi)?u\(csi)>q", ""),
        ("\(String(repeating: "x", count: 80))\(csi)6n", "\(csi)1;80R"),
    ] as [(String, String)])
    func answers(input: String, expected: String) {
        #expect(responses(input) == expected, "\(input.debugDescription)")
    }

    @Test func responsesAreTakenOnce() {
        let t = TerminalEmulator.fed("\(csi)5n")
        #expect(!t.takeResponses().isEmpty)
        #expect(t.takeResponses().isEmpty)
    }

    @Test(arguments: ["\(esc)]0;hello\u{7}", "\(esc)]2;hello\(esc)\\", "\(esc)]2;hel\u{1}lo\u{7}", "\(esc)]2;he\u{9B}llo\u{7}"])
    func titles(input: String) {
        let t = TerminalEmulator.fed(input + "after")
        #expect(t.title == "hello")
        #expect(t.text == ["after"])
    }

    @Test func otherOperatingSystemCommandsAreSwallowed() {
        let t = TerminalEmulator.fed("\(esc)]52;c;aGVsbG8=\u{7}\(esc)]8;;http://x\(esc)\\link\(esc)]8;;\(esc)\\\(esc)]11;?\u{7}\(esc)]1;icon\u{7}!")
        #expect(t.text == ["link!"])
        #expect(t.title == nil)
        #expect(t.takeResponses().isEmpty)
    }

    @Test func deviceControlAndPrivacyStringsAreSwallowed() {
        let t = TerminalEmulator.fed("a\(esc)P+q544e\(esc)\\b\(esc)_Gf=1;AAAA\(esc)\\c\(esc)^pm\(esc)\\d\(esc)Xsos\(esc)\\e")
        #expect(t.text == ["abcde"])
    }

    @Test func canAndSubAbortSequences() {
        let t = TerminalEmulator.fed("a\(csi)31\u{18}b\(esc)]2;x\u{1A}c")
        #expect(t.text == ["abc"])
        #expect(t.cell(0, 1).style == .plain)
        #expect(t.title == nil)
    }

    @Test func controlsInsideASequenceAct() {
        let t = TerminalEmulator.fed("ab\(csi)1\r;3H")
        #expect(t.cursor == (0, 2))
    }

    @Test func longStringsAreBounded() {
        let t = TerminalEmulator.fed("\(esc)]2;" + String(repeating: "t", count: 100_000) + "\u{7}ok")
        #expect(t.title?.count == TerminalEmulator.stringLimit - 2)
        #expect(t.text == ["ok"])
    }
}
