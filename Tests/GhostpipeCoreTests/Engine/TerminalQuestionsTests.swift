import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The questions asked of the terminal after the start — the widths of emoji that come later in the
/// text, where the cursor went after a resize, where the terminal's last rows are for the subtitle
/// band — are answered on the one event loop, as the start's is: the answer comes from another
/// source (the terminal's replies) while the loop runs, and what needed it goes on with it. A
/// pseudo-terminal plays the terminal (see `StartProbeTests`).
@Suite struct TerminalQuestionsTests {
    typealias Terminal = StartProbeTests.Terminal

    /// `input` (chunks at seconds) shown with `arguments` on a `size` terminal that `terminal` plays.
    func run(_ arguments: [String], _ input: [(Double, String)], on terminal: Terminal, size: (Int, Int) = (20, 4),
             events: [(Double, Event)] = [], replies: [(Double, String)] = []) throws -> (Outcome, MemorySink, any Output) {
        try terminal.show(arguments, input, size: size, events: events, replies: replies)
    }

    /// An emoji that comes after the start is measured before it is laid out: the terminal's width
    /// (4 here, as tmux draws 👍🏽) moves the last word to the next row, where Unicode's (2) keeps it
    /// on the first. The answer came from the loop; the layout used to wait for it off the loop, where
    /// no reply could come, and laid the line out at Unicode's width after the timeout.
    @Test func anEmojiLaterInTheTextIsMeasuredOnTheLoopBeforeItIsLaidOut() throws {
        let terminal = try Terminal()
        let line = "👍🏽 abcdefghijklmn xy\n"
        let (outcome, sink, _) = try run(["--instant"], [(0, "hello\n"), (1, line)], on: terminal,
                                         replies: [(0.01, "\u{1B}[1;1R"), (1.01, "\u{1B}[2;1R\u{1B}[2;5R")])
        #expect(outcome == .finished)
        #expect(terminal.written().contains("👍🏽\u{1B}[6n"))
        var screen = ScreenModel(width: 20, height: 4)
        screen.feed(sink.bytes)
        #expect(screen.lines.prefix(3) == ["hello", "👍🏽 abcdefghijklmn", "xy"], "\(screen.lines)")
        #expect(!terminal.probe.gaveUp && !terminal.questions.isAsking)
    }

    /// While the widths are awaited, the text before them goes on at its pace: the intake waits, the
    /// show does not.
    @Test func textBeforeTheQuestionTypesOnWhileItsAnswerIsAwaited() throws {
        let terminal = try Terminal()
        // (The first line is complete, so it is placed and typed before the next chunk comes.)
        let (outcome, sink, _) = try run(["--cps", "20"], [(0, "abcdefghij\nk"), (0.1, "l 👍🏽 b\n")], on: terminal,
                                         replies: [(0.01, "\u{1B}[1;1R"), (0.4, "\u{1B}[1;12R\u{1B}[1;16R")])
        #expect(outcome == .finished)
        let waiting = sink.writes.filter { $0.instant > Time.nanoseconds(seconds: 0.15) && $0.instant < Time.nanoseconds(seconds: 0.39) }
        let typed = waiting.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        #expect(typed.contains("e") && typed.contains("f"), "\(typed.debugDescription)")
        #expect(sink.text.contains("👍🏽"))
    }

    /// Ctrl-C while the widths are awaited ends the show at once.
    @Test func aSignalWhileWidthsAreAwaitedEndsTheShow() throws {
        let terminal = try Terminal()
        let (outcome, _, _) = try run(["--instant"], [(0, "hello\n"), (1, "a 👍🏽 b\n")], on: terminal,
                                      events: [(1.005, .signal(.interrupt))], replies: [(0.01, "\u{1B}[1;1R")])
        #expect(outcome == .interrupted(.interrupt))
        #expect(terminal.questions.isAsking)
        ProbeAnswers.drain(terminal.questions)
        #expect(!terminal.questions.isAsking || !terminal.probe.isWaiting)
    }

    /// A resize that may have reflowed what is on the screen asks where the cursor went, and the
    /// show holds (drawing nothing at the new size) until the answer, which the loop brings.
    @Test func aResizeAsksWhereTheCursorWentOnTheLoop() throws {
        let terminal = try Terminal()
        let text = String(repeating: "abcdefghij ", count: 5) + "\n"
        let (outcome, sink, output) = try run(["--cps", "50"], [(0, text)], on: terminal,
                                              events: [(0.5, .resized(columns: 8, rows: 4))],
                                              replies: [(0.01, "\u{1B}[1;1R"), (0.6, "\u{1B}[3;3R")])
        #expect(outcome == .finished)
        #expect(output.screen?.width == 8)
        #expect(terminal.written().components(separatedBy: "\u{1B}[6n").count - 1 == 2)  // the start, then the resize
        // Nothing was drawn between the resize and the answer.
        let between = sink.writes.filter { $0.instant > Time.nanoseconds(seconds: 0.5) && $0.instant < Time.nanoseconds(seconds: 0.6) }
        #expect(between.allSatisfy { $0.bytes.isEmpty }, "\(between.map { String(decoding: $0.bytes, as: UTF8.self) })")
    }

    /// Subtitles anchor their band to the terminal's last rows where the terminal says its cursor is,
    /// asked as they begin and answered on the loop.
    @Test func theBandIsAnchoredWhereTheLoopSaysTheCursorIs() throws {
        let terminal = try Terminal()
        let (outcome, sink, _) = try run(["--format", "srt"], [(0, SubtitlePlayback().two)], on: terminal, size: (40, 10),
                                         events: [(2, .key(.character("q")))],
                                         replies: [(0.01, "\u{1B}[3;1R"), (0.02, "\u{1B}[3;1R")])
        #expect(outcome == .quit)
        var screen = ScreenModel(width: 40, height: 10)
        screen.feed(Array("$ prompt\r\n$ prompt\r\n".utf8))
        for write in sink.writes where write.instant <= Time.nanoseconds(seconds: 1.5) { screen.feed(write.bytes) }
        #expect(screen.lines[8].contains("Hello there."), "\(screen.lines)")
    }

    /// A question goes after what was drawn, through the same sink, and is not sent while the
    /// terminal has not taken that yet: it used to be written through a sink of its own and waited
    /// there, off the loop, for the terminal to take it.
    @Test func noQuestionIsSentBehindBytesTheTerminalHasNotTaken() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        let sink = DescriptorSink(fd: fds[1])
        try sink.write([UInt8](repeating: 0x61, count: 1 << 20), at: 0)
        #expect(sink.waitsForRoom)
        let pty = try PseudoTerminal(rows: 4, columns: 20)
        let probe = TerminalProbe(output: sink, tty: pty.slave)
        #expect(!probe.send(measuring: []))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var got: [UInt8] = []
        while sink.waitsForRoom {
            let n = read(fds[0], &buffer, buffer.count)
            if n > 0 { got += buffer[..<n] }
            try sink.writeWaiting()
        }
        #expect(probe.send(measuring: []))
        while got.count < (1 << 20) + 4 {
            let n = read(fds[0], &buffer, buffer.count)
            guard n > 0 else { break }
            got += buffer[..<n]
            try sink.writeWaiting()  // what the pipe had no room for (the loop's part)
        }
        #expect(got.count == (1 << 20) + 4 && got.suffix(4) == Array("\u{1B}[6n".utf8)[...])
        probe.abandon()
    }
}
