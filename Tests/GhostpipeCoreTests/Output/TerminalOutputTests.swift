import Testing
@testable import GhostpipeCore
import TestSupport

/// Terminal output through the whole pipeline on a virtual clock, replayed into a screen model.
@Suite struct TerminalOutput {
    let sample = """
    The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs!
    한국어 문장은 띄어쓰기로 나뉩니다. 가나다라마바사 아자차카타파하.
    Family 👨‍👩‍👧 flag 🇰🇷 thumbs 👍🏽 café e\u{301}tude.

    Last line.
    """

    @Test(arguments: [20, 33, 80])
    func finalScreenIsTheWrappedText(columns: Int) throws {
        let run = try VirtualRun(["--cps", "1000"], text: sample, terminal: (columns, 40))
        let screen = run.screen(columns: columns, rows: 40)
        #expect(screen.transcript == expectedWrap(sample, width: columns))
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        #expect(screen.cursorVisible)
        #expect(screen.style == .plain)
    }

    @Test(arguments: [20, 33])
    func nothingOnScreenEverMovesOrChanges(columns: Int) throws {
        let run = try VirtualRun(["--cps", "1000"], text: sample, terminal: (columns, 40))
        var model = ScreenModel(width: columns, height: 40)
        var seen: [[String?]] = Array(repeating: Array(repeating: nil, count: columns), count: 40)
        for write in run.output.writes {
            model.feed(write.bytes)
            for r in 0..<40 {
                for c in 0..<columns {
                    let cell = model.cells[r][c]
                    guard !cell.isBlank else {
                        #expect(seen[r][c] == nil, "cell \(r),\(c) was erased")
                        continue
                    }
                    if let before = seen[r][c] { #expect(before == cell.text, "cell \(r),\(c) changed") }
                    seen[r][c] = cell.text
                }
            }
        }
    }

    @Test func eachGraphemeIsWrittenWholeAtItsInstant() throws {
        let run = try VirtualRun(["--cps", "10", "--no-pauses"], text: "a👨‍👩‍👧b", terminal: (20, 5))
        let visible = run.output.writes.map { write -> String in
            var s = String(decoding: write.bytes, as: UTF8.self)
            // Drop our own escape sequences to see the text each write reveals.
            while let r = s.range(of: "\u{1B}(\\[[0-9;?]*[A-Za-z]|[78E])", options: .regularExpression) { s.removeSubrange(r) }
            return s
        }.filter { !$0.isEmpty }
        #expect(visible == ["a", "👨‍👩‍👧", "b"])
        #expect(run.output.writes.filter { !$0.bytes.isEmpty }.map(\.instant).prefix(3) == [0, 100_000_000, 200_000_000])
    }

    @Test func longTextScrollsAndKeepsEveryLine() throws {
        let text = (1...60).map { "line \($0) of a long text" }.joined(separator: "\n") + "\n"
        let run = try VirtualRun(["--cps", "5000"], text: text, terminal: (30, 10))
        let screen = run.screen(columns: 30, rows: 10)
        #expect(screen.transcript == (1...60).map { "line \($0) of a long text" })
        #expect(screen.row == 9 && screen.column == 0)  // the cursor ends where `cat` leaves it
    }

    /// Rows are started with NEL (ESC E), never a line feed: a terminal's line discipline
    /// (`OPOST`/`ONLCR`) cuts a write at every line feed, so each line of a long text was a write
    /// of its own to the pty (10 MB of `ls -l`: 0.085 s of system time, 0.029 s with NEL).
    @Test(arguments: [["--instant"], ["--cps", "5000"], ["--instant", "--wrap", "char"]])
    func rowsAreStartedWithoutALineFeed(arguments: [String]) throws {
        let text = (1...60).map { "line \($0), 이름 👍🏽 \u{1B}[32mgreen\u{1B}[0m" }.joined(separator: "\n") + "\n"
        let run = try VirtualRun(arguments, text: text, terminal: (30, 10))
        #expect(!run.output.writes.contains { $0.bytes.contains(0x0A) })
        let screen = run.screen(columns: 30, rows: 10)
        #expect(screen.transcript == (1...60).map { "line \($0), 이름 👍🏽 green" })
        #expect(screen.row == 9 && screen.column == 0)
    }

    /// A long text costs little more on the wire than its own bytes: once more rows were made
    /// than a screen holds, each new row scrolls in blank, so it is started with NEL alone (an
    /// erase each was 3 bytes a line, 5 % of a listing).
    @Test(arguments: [["--instant"], ["--instant", "--wrap", "char"]])
    func aLongTextCostsLittleMoreOnTheWireThanItsBytes(arguments: [String]) throws {
        let lines = (1...2000).map { "line \($0) of a long text" }
        let text = lines.joined(separator: "\n") + "\n"
        let run = try VirtualRun(arguments, text: text, terminal: (30, 10))
        let written = run.output.writes.reduce(0) { $0 + $1.bytes.count }
        // A line feed becomes NEL (2 bytes); erases for the first rows, a few moves and modes.
        #expect(written <= text.utf8.count + lines.count + 3 * 256 + 300, "\(written) bytes for \(text.utf8.count)")
        let screen = run.screen(columns: 30, rows: 10)
        #expect(screen.transcript == lines)
        #expect(screen.row == 9 && screen.column == 0)
    }

    @Test func instantShowsTheFinalTextAtOnce() throws {
        let run = try VirtualRun(["--instant"], text: sample, terminal: (33, 30))
        #expect(run.output.writes.allSatisfy { $0.instant == 0 })
        #expect(run.screen(columns: 33, rows: 30).transcript == expectedWrap(sample, width: 33))
    }

    /// A key in the middle of a very long line shows the rest at once: typed from the queue, in a
    /// few writes of little more than the text's own bytes (not a scene of the whole rest composed and diffed,
    /// which took ten times as long as `cat` to write), and the screen is `cat`'s. A second line,
    /// in colour and with wide graphemes, is typed the same way.
    @Test(arguments: [20, 33])
    func aKeyInALongLineTypesTheRestAtOnce(columns: Int) throws {
        let long = 60_000
        let text = String(repeating: "a", count: long) + "\nend 한국어 \u{1B}[31mred\u{1B}[0m 👍🏽\n"
        let key = 1.0
        let run = try VirtualRun(["--cps", "1000", "--input-colors", "keep"], bytes: [(0, Array(text.utf8))], terminal: (columns, 8),
                                 events: [(key, .keyWaiting)])
        let screen = run.screen(columns: columns, rows: 8)
        let rows = stride(from: 0, to: long, by: columns).map { String(repeating: "a", count: min(columns, long - $0)) }
        #expect(screen.transcript == rows + ["end 한국어 red 👍🏽"])
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        #expect(screen.row == 7 && screen.column == 0)
        #expect(screen.cursorVisible)
        let after = run.output.writes.filter { $0.instant >= Time.nanoseconds(seconds: key) }
        #expect(after.count <= 4, "\(after.count) writes after the key")
        // Each byte once, and a line feed and an erase for each row created (as every frame makes them).
        #expect(after.reduce(0) { $0 + $1.bytes.count } < long + (long / columns + 2) * 8)
    }

    @Test func escapeSequencesFromTheInputNeverReachTheTerminal() throws {
        let hostile = "a\u{1B}]0;pwned\u{7}b\u{1B}]52;c;aGk=\u{1B}\\c\u{1B}[2Jd\u{1B}cE\u{9B}6nf\u{9D}0;x\u{9C}g\u{7}\u{8}h\r\ni\rj"
        let run = try VirtualRun(["--instant"], text: hostile, terminal: (40, 5))
        let screen = run.screen(columns: 40, rows: 5)
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        // The input erases the screen (ED 2) after "abc": it is read as a terminal reads it (within
        // ghostpipe's own rows); the reset (RIS), the reports and the strings are dropped. Backspace
        // and a lone CR move as they do under cat: h overwrites g, j overwrites i.
        #expect(screen.transcript == ["   dEfh", "j"])
        let written = run.output.text
        for forbidden in ["\u{1B}]", "\u{1B}c", "\u{1B}[2J", "\u{9B}", "\u{9D}", "\u{7}", "\u{8}"] {
            #expect(!written.contains(forbidden), "wrote \(forbidden.unicodeScalars.map { $0.value })")
        }
    }
}
