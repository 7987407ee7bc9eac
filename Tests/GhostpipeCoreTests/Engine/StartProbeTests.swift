import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The terminal asked where its cursor is as the show begins, its answer awaited on the one event
/// loop: signals and other sources are served meanwhile, and the show goes on with the answer or
/// its timeout. A pseudo-terminal plays the terminal: the probe writes its question to the slave
/// and reads the replies there; the test reads the question and answers on the master.
@Suite struct StartProbeTests {
    final class Terminal {
        let pty: PseudoTerminal
        let probe: TerminalProbe
        let questions: TerminalQuestions
        var widths: MeasuredWidths { questions.widths }
        /// Keys the probe gave back (to the terminal's queue when it is the real one).
        var givenBack: [UInt8] = []

        init(timeout: Nanoseconds = 300 * Time.millisecond) throws {
            pty = try PseudoTerminal(rows: 4, columns: 20)
            probe = TerminalProbe(output: pty.slave, tty: pty.slave)
            probe.firstTimeout = timeout
            questions = TerminalQuestions(probe: probe, widths: MeasuredWidths(policy: .auto))
            probe.giveBack = { [unowned self] in givenBack += $0 }
        }

        /// `input` (chunks at seconds) shown with `arguments` on a `size` terminal that this one plays:
        /// the show asks it, and `replies` come from it at their instants.
        func show(_ arguments: [String], _ input: [(Double, String)], size: (Int, Int) = (20, 4), events: [(Double, Event)] = [],
                  replies: [(Double, String)] = []) throws -> (Outcome, MemorySink, any Output) {
            let session = try Session(options: ArgumentParser.parse(arguments), surroundings: Surroundings(
                stdoutIsTerminal: true, terminalSize: size, environment: ["TERM": "xterm-256color"]))
            let sink = MemorySink(), clock = VirtualClock()
            let output = try session.output(stdout: sink, recording: nil, origin: 0)
            let show = Show(settings: session.showSettings, output: output, widths: widths, origin: 0)
            show.terminal = questions
            let chunks = input.map { (Time.nanoseconds(seconds: $0.0), Array($0.1.utf8)) }
            let sources: [any EventSource] = [ScriptedEvents(events), Replies(replies, to: self), ProbeAnswers(questions),
                                              InputEvents(ScriptedInput(chunks), demand: show)]
            let outcome = try EventLoop(clock: clock, sources: sources).run(show)
            try output.end(status: 0, at: clock.now())
            return (outcome, sink, output)
        }

        /// What was written to the terminal so far (the questions).
        func written() -> String {
            var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                var p = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, 0) > 0 else { break }
                let n = read(pty.master, &buffer, buffer.count)
                guard n > 0 else { break }
                bytes += buffer[..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The terminal sends `bytes` at virtual instants (its answer, keys typed meanwhile).
    final class Replies: EventSource {
        private var pieces: [(at: Nanoseconds, bytes: [UInt8])]
        private let fd: Int32
        init(_ pieces: [(Double, String)], to terminal: Terminal) {
            self.pieces = pieces.map { (Time.nanoseconds(seconds: $0.0), Array($0.1.utf8)) }
            fd = terminal.pty.master
        }
        func interest(at now: Nanoseconds) -> Interest { pieces.first.map { Interest(instant: $0.at) } ?? .none }
        func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
            while let first = pieces.first, first.at <= now {
                pieces.removeFirst()
                _ = first.bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            }
        }
    }

    /// `text` shown on a 20 × 4 terminal with `--instant`, the start asked of `terminal`.
    func run(_ text: String, on terminal: Terminal, events: [(Double, Event)] = [],
             replies: [(Double, String)] = []) throws -> (Outcome, MemorySink, any Output) {
        try terminal.show(["--instant", "--wrap", "char"], [(0, text)], events: events, replies: replies)
    }

    /// Ctrl-C while the terminal is asked: the show stops at once, as on Ctrl-C (nothing of the text
    /// shown, the cursor shown again) — it used to wait for the answer off the loop, then play on.
    @Test func aSignalWhileTheAnswerIsAwaitedEndsTheShow() throws {
        let terminal = try Terminal()
        let (outcome, sink, _) = try run("hello world\n", on: terminal, events: [(0.05, .signal(.interrupt))])
        #expect(outcome == .interrupted(.interrupt))
        #expect(terminal.written().contains("\u{1B}[6n"))
        #expect(!sink.text.contains("hello"))
        // The run ended with the question open. The launcher then awaits the answer, which must not
        // reach the shell, and gives back the terminal's mode and the keys typed.
        var mode = termios()
        tcgetattr(terminal.pty.slave, &mode)
        #expect(mode.c_lflag & tcflag_t(ECHO) == 0)
        _ = Array("q\u{1B}[1;3R".utf8).withUnsafeBytes { write(terminal.pty.master, $0.baseAddress, $0.count) }
        ProbeAnswers.drain(terminal.questions)
        #expect(terminal.givenBack == Array("q".utf8))
        #expect(!terminal.probe.isWaiting && !terminal.probe.gaveUp)
        tcgetattr(terminal.pty.slave, &mode)
        #expect(mode.c_lflag & tcflag_t(ECHO) != 0)
    }

    /// A resize while the answer is awaited is taken, and served once the start is known: the show
    /// plays at the new size.
    @Test func aResizeWhileTheAnswerIsAwaitedIsServed() throws {
        let terminal = try Terminal()
        let (outcome, sink, output) = try run("abcdefghijkl\n", on: terminal, events: [(0.01, .resized(columns: 8, rows: 4))],
                                              replies: [(0.02, "\u{1B}[1;3R")])
        #expect(outcome == .finished)
        #expect(output.screen?.width == 8)
        #expect(sink.text.contains("abc"))
    }

    /// A text that could have been subtitles until its end is decided then, and waits for the
    /// answer: it still ends when shown (a run that went on waiting would be stopped by the signal
    /// at 10 s, as the real loop keeps waiting on keys and signals).
    @Test func aTextDecidedAtItsEndEndsAfterTheAnswer() throws {
        let terminal = try Terminal()
        let (outcome, sink, _) = try run("Welcome to the test machine.\n", on: terminal,
                                         events: [(10, .signal(.interrupt))], replies: [(0.01, "\u{1B}[1;1R")])
        #expect(outcome == .finished)
        #expect(sink.text.contains("Welcome to the test") && sink.text.contains("machine."))
    }

    /// A terminal that never answers: the show goes on after the timeout, and is not asked again.
    @Test func aTerminalThatNeverAnswersIsAskedOnce() throws {
        let terminal = try Terminal(timeout: 20 * Time.millisecond)
        let (outcome, sink, _) = try run("a ❤️ b\n", on: terminal)
        #expect(outcome == .finished)
        #expect(sink.text.contains("❤️"))
        #expect(terminal.written().components(separatedBy: "\u{1B}[6n").count - 1 == 2)  // one round trip: the start and the emoji
        #expect(terminal.probe.gaveUp)
        #expect(!terminal.questions.asksWidths)
        if case .none = terminal.questions.ask(.widths(["🇰🇷"])) {} else { Issue.record("a terminal that gave up was asked again") }
        #expect(terminal.written().isEmpty)
    }

    /// The answer in pieces, with keys typed before, inside and after it: the position is the
    /// terminal's, and the keys are given back.
    @Test func anAnswerInPiecesAmongKeysGivesThePositionAndKeepsTheKeys() throws {
        let terminal = try Terminal()
        let (outcome, sink, _) = try run("hello world\n", on: terminal,
                                         replies: [(0.01, "ls"), (0.02, "\u{1B}[1;"), (0.03, "3Rx")])
        #expect(outcome == .finished)
        #expect(terminal.givenBack == Array("lsx".utf8))
        let known = try VirtualRun(["--instant", "--wrap", "char"], bytes: [(0, Array("hello world\n".utf8))],
                                   terminal: (20, 4), startAt: (0, 2))
        #expect(sink.bytes == known.output.bytes)
        #expect(!terminal.probe.gaveUp)
    }
}
