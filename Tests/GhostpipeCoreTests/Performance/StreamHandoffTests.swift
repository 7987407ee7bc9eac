import Foundation
import GhostpipeCore
import Testing
import TestSupport

/// `--wrap auto` input that positions itself only after its first read (a progress line that
/// rewrites itself a moment later, a log that turns into a progress bar): prose until then, a
/// terminal stream from that line on, ending on `cat`'s screen; prose that never moves keeps word wrap.
@Suite struct StreamHandoffs {
    /// The final screen of `chunks` (text, at seconds) through ghostpipe, and `cat`'s: the emulator's
    /// reading of the same bytes after the same prompt.
    func screens(_ arguments: [String], _ chunks: [(Double, String)], columns: Int = 20, rows: Int = 8,
                 prompt: String = "") throws -> (shown: [String], cat: [String]) {
        let run = try VirtualRun(arguments, bytes: chunks.map { ($0.0, Array($0.1.utf8)) }, terminal: (columns, rows),
                                 startAt: (0, prompt.count))
        let terminal = TerminalEmulator(rows: rows, columns: columns), cat = TerminalEmulator(rows: rows, columns: columns)
        terminal.feed(Array(prompt.utf8) + run.output.bytes)
        // A stream starts on a row of its own: after a prompt that did not end its line, the next one.
        // (A terminal's line discipline turns "\n" into "\r\n".)
        let input = chunks.map(\.1).joined().replacingOccurrences(of: "\n", with: "\r\n")
        cat.feed(Array((prompt.isEmpty ? "" : prompt + "\r\n").utf8) + Array(input.utf8))
        func text(_ e: TerminalEmulator) -> [String] {
            var rows = (0..<rows).map { e.rowText($0) }
            while rows.last == "" { rows.removeLast() }
            return rows
        }
        return (text(terminal), text(cat))
    }

    static let modes: [[String]] = [["--instant"], ["--cps", "300"], ["--cps", "40", "--typing", "human"], ["--duration", "2s"]]

    @Test(arguments: modes)
    func aProgressLineAfterTheFirstReadEndsAsUnderCat(arguments: [String]) throws {
        let chunks: [(Double, String)] = [(0, "line one\n"), (0.5, "progress 10%"), (1, "\u{1B}[K\rprogress 55% 한국 👍\u{1B}[K"),
                                          (1.5, "\rdone\u{1B}[K\nafter\n")]
        let (shown, cat) = try screens(arguments, chunks)
        #expect(cat == ["line one", "done", "after"])
        #expect(shown == cat)
    }

    @Test(arguments: modes)
    func aRewriteInALaterReadAfterAPromptStartsOnARowOfItsOwn(arguments: [String]) throws {
        let (shown, cat) = try screens(arguments, [(0, "progress 10%"), (0.5, "\u{1B}[K\rdone\u{1B}[K\n")], prompt: "$ ")
        #expect(cat == ["$", "done"])
        #expect(shown == cat)
    }

    /// The open line was word-wrapped as prose over more rows than a terminal takes: the stream
    /// takes them over, and the row it no longer needs is cleared.
    @Test(arguments: modes)
    func aWrappedOpenLineIsLaidOutAgainAsTheTerminalLaysItOut(arguments: [String]) throws {
        let chunks: [(Double, String)] = [(0, "intro\nabcdefghijklmnop qrstuvwxyz0123456 end"), (0.5, "\r\u{1B}[KX\n")]
        let (shown, cat) = try screens(arguments, chunks)
        #expect(cat == ["intro", "abcdefghijklmnop qrs", "X"])  // the carriage return went to the last row only
        #expect(shown == cat)
    }

    /// Prose that never positions itself keeps word wrap, over many reads.
    @Test func proseThatNeverMovesKeepsWordWrap() throws {
        let (shown, _) = try screens(["--cps", "300"], [(0, "one two three "), (0.5, "four five six seven\n"), (1, "eight\n")])
        #expect(shown == ["one two three four", "five six seven", "eight"])
    }

    /// A motion far into a long text: the prose before it is shown as prose, the rest as a stream.
    @Test func aMotionLaterInTheSameReadSwitchesAtItsLine() throws {
        let (shown, cat) = try screens(["--instant"], [(0, "a b\nprogress 10%\u{1B}[K\rdone\u{1B}[K\nz\n")])
        #expect(cat == ["a b", "done", "z"])
        #expect(shown == cat)
    }

    /// A key skipped the animation while the input was still prose: the stream it turns into later
    /// shows everything at once too.
    @Test func aKeyBeforeTheHandOffSkipsTheStreamToo() throws {
        let line = "progress 10% of a long transfer\u{1B}[K\rdone, and a line long enough to type for seconds\u{1B}[K\n"
        let run = try VirtualRun(["--cps", "10"], bytes: [(0, Array("line one\n".utf8)), (0.5, Array(line.utf8))],
                                 terminal: (80, 8), events: [(0.2, .key(.character("x")))], startAt: (0, 0))
        let last = try #require(run.output.writes.last { $0.bytes.contains(UInt8(ascii: "s")) })
        #expect(last.instant == Time.nanoseconds(seconds: 0.5))  // not one grapheme at the pace first
        let screen = TerminalEmulator(rows: 8, columns: 80)
        screen.feed(run.output.bytes)
        #expect(screen.rowText(1) == "done, and a line long enough to type for seconds")
    }
}
