import Testing
@testable import GhostpipeCore

@Suite struct OverlayCommandLineTests {
    @Test func theCommandStartsAtTheFirstArgumentAfterTheSource() throws {
        let dashed = try ArgumentParser.parse(["--overlay", "talk.srt", "--", "bash", "-l"])
        #expect(dashed.overlay == "talk.srt" && dashed.command == ["bash", "-l"] && dashed.files.isEmpty)
        // The program's options are its own, with or without `--`.
        let bare = try ArgumentParser.parse(["--band-rows", "3", "--overlay=-", "vim", "-u", "NONE", "--help"])
        #expect(bare.overlay == "-" && bare.command == ["vim", "-u", "NONE", "--help"] && !bare.showHelp && bare.bandRows == 3)
        let none = try ArgumentParser.parse(["--overlay", "talk.srt"])
        #expect(none.command.isEmpty)
    }

    @Test func theOverlayNeedsATerminal() throws {
        #expect(throws: UsageError.self) { try OverlaySupport.session(["--output", "json", "--overlay", "x.srt", "sh"]) }
        let options = try ArgumentParser.parse(["--overlay", "x.srt", "sh"])
        #expect(throws: UsageError.self) {
            try Session(options: options, surroundings: Surroundings(stdoutIsTerminal: false, terminalSize: nil, environment: [:]))
        }
        #expect(throws: UsageError.self) {
            try Session(options: options, surroundings: Surroundings(stdoutIsTerminal: true, terminalSize: (80, 24), environment: ["TERM": "dumb"]))
        }
    }

    @Test func theProgramsColoursPassThroughWhateverNoColorSays() throws {
        let options = try ArgumentParser.parse(["--overlay", "x.srt", "sh"])
        let session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: true, terminalSize: (80, 24), environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]))
        #expect(session.depth == .none && session.overlayDepth == .palette256)
    }

    @Test func waitStatusesDecodeAsAShellReportsThem() {
        #expect(ChildProcess.state(of: 7 << 8) == .ended(status: 7))
        #expect(ChildProcess.state(of: 15) == .ended(status: 143))
        #expect(ChildProcess.state(of: 9 | 0x80) == .ended(status: 137))  // with a core dump
        #expect(ChildProcess.state(of: 20 << 8 | 0x7F) == .stopped(signal: 20))
    }

    @Test func recordingsNoteResizes() throws {
        let sink = MemorySink()
        let recorder = try CastRecorder(sink: sink, width: 80, height: 24, origin: 0, environment: [:])
        try recorder.resize(columns: 100, rows: 30, at: 1_500_000_000)
        try recorder.flush()
        #expect(sink.text.hasSuffix("[1.5, \"r\", \"100x30\"]\n"))
    }
}
