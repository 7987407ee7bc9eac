import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Whether the cursor is visible after `text`: never hidden, or shown again after the last hide.
func cursorVisibleAtEnd(_ text: String) -> Bool {
    guard let hide = text.range(of: "\u{1B}[?25l", options: .backwards) else { return true }
    guard let show = text.range(of: "\u{1B}[?25h", options: .backwards) else { return false }
    return show.lowerBound > hide.lowerBound
}

/// The real binary on a pseudo-terminal: what only a terminal shows.
@Suite struct OnATerminal {
    @Test func itAnimatesAndRestoresTheCursor() throws {
        let run = try Binary.runInTerminal("exec \"$GHOSTPIPE\" --cps 400 \"\(Binary.sample("motd.txt"))\"", rows: 12, columns: 60)
        #expect(run.status == 0)
        let text = run.text
        // The typewriter keeps the terminal's cursor visible at its typing head.
        #expect(cursorVisibleAtEnd(text))
        #expect(text.contains("Welcome back."))
        // Graphemes came out over time, not in one burst.
        #expect(run.chunks.count > 20)
        #expect((run.chunks.last?.time ?? 0) - (run.chunks.first?.time ?? 0) > 0.3)
    }

    @Test(arguments: [(Int32(2), "\u{3}"), (Int32(15), "")])
    func anInterruptRestoresTheTerminalAndExitsWith128PlusTheSignal(signal: Int32, typed: String) throws {
        let action: Binary.Action = typed.isEmpty ? .signal(signal) : .type(Array(typed.utf8))
        let run = try Binary.runInTerminal("exec \"$GHOSTPIPE\" --cps 20 \"\(Binary.sample("script.txt"))\"",
                                           rows: 10, columns: 50, actions: [(0.5, action)])
        #expect(run.status == 128 + signal)
        let text = run.text
        // Cursor visible, and the prompt will start on a fresh line.
        #expect(cursorVisibleAtEnd(text), "\(text.suffix(40).debugDescription)")
        var tail = text
        while let r = tail.range(of: "\u{1B}\\[[0-9;?]*[A-Za-z]$", options: .regularExpression) { tail.removeSubrange(r) }
        // A line feed, or NEL (ESC E), how the renderer starts a row.
        #expect(tail.unicodeScalars.last == "\n" || tail.unicodeScalars.suffix(2).elementsEqual(["\u{1B}", "E"]),
                "\(text.suffix(40).debugDescription)")
        #expect(!text.contains("Two hours of subtitles"))  // it stopped early
    }

    @Test func pipedOutputHasNoEscapesEvenFromATerminal() throws {
        let run = try Binary.runInTerminal("\"$GHOSTPIPE\" --instant \"\(Binary.sample("emoji.txt"))\" | cat", rows: 10, columns: 50)
        #expect(run.status == 0)
        #expect(!run.text.contains("\u{1B}"))
    }

    @Test func termDumbMeansNoCursorControl() throws {
        let run = try Binary.runInTerminal("exec \"$GHOSTPIPE\" --cps 2000 \"\(Binary.sample("motd.txt"))\"", rows: 10, columns: 60,
                                           environment: ["TERM": "dumb"])
        #expect(run.status == 0)
        #expect(!run.text.contains("\u{1B}"))
    }
}
