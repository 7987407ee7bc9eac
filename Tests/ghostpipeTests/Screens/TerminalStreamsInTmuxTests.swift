import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Other programs' terminal output — cursor motion, erases, styled spaces, rewrites — ends on `cat`'s
/// screen cell for cell, colours and attributes included, under the typewriter and every block effect,
/// at 20, 33 and 80 columns, after a prompt (`--wrap auto` reads these through the emulator). A stream
/// starts on a row of its own, so after a prompt that did not end its line the reference is the prompt,
/// a line end, then `cat`.
@Suite(.requires("tmux")) struct TerminalStreamsInTmux {
    typealias FinalScreen = FinalScreensInTmux.FinalScreen

    /// neofetch as it writes to a pipe (its logo, then the information beside it by cursor motion,
    /// autowrap off, its palette as coloured spaces), recorded once.
    static let neofetch = (try? Data(contentsOf: Paths.repository.appendingPathComponent("Tests/Data/streams/neofetch.out"))) ?? Data()

    static let streams: [String: String] = [
        "progress": "progress 10%\u{1B}[K\rprogress 55%\u{1B}[K\rdone\u{1B}[K\n",
        "erase-line": "hello wonderful world\r\u{1B}[2Khi there\n",
        "coloured-spaces": "A\u{1B}[41m   \u{1B}[42m   \u{1B}[0mB\n[\u{1B}[7m          \u{1B}[0m] 50%\n\u{1B}[4;9munder and struck\u{1B}[0m end\n",
        "rewrite-after-wrap": "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen\rX\n",
        // Lines scrolled off by ESC [ S leave the screen, what is above scrolling up with them.
        "scroll-up": "one\ntwo 한국\u{1B}[2Sthree 👍🏽\n",
        "motion": "top\n\n\n\u{1B}[2Aabc\u{1B}[3Cdef\u{1B}[1B\rghi \u{1B}[31m한국 👍🏽\u{1B}[0m\n\u{1B}[s12345\u{1B}[u\u{1B}[1P\u{1B}[2@__\n",
        // Emoji tmux draws at other widths than Unicode (`👍🏽` as two cells, four columns; a keycap
        // one column), rewritten over and wrapped: the terminal is asked before the stream reads them.
        "emoji-widths": "\u{1B}[31m👍🏽 ab\u{1B}[0m\rX\n\u{1B}[1;32muser\u{1B}[0m@\u{1B}[1;32mhost\u{1B}[0m 👍🏽 OS: Linux 👩‍💻 "
            + "\u{1B}[33mShell\u{1B}[0m: bash 한국어 ✅ 1️⃣ 🇰🇷 ok\n\u{1B}[34m██\u{1B}[0m 👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽 wrap\rY\n",
    ]

    static let effects = ["typewriter", "letters", "fade", "decrypt"]
    static let widths = [20, 33, 80]

    struct Case: Sendable, Hashable, CustomTestStringConvertible {
        var stream: String
        var columns: Int
        var testDescription: String { "\(stream) at \(columns) columns" }
    }

    static let cases: [Case] = (streams.keys.sorted() + ["neofetch"]).flatMap { s in widths.map { Case(stream: s, columns: $0) } }

    /// Stream `name` in a file of its own (`tag` tells the cases apart).
    static func file(_ name: String, tag: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-stream-\(getpid())-\(name)-\(tag).out").path
        if name == "neofetch" { try neofetch.write(to: URL(fileURLWithPath: path)) } else { try streams[name, default: ""].write(toFile: path, atomically: true, encoding: .utf8) }
        return path
    }

    @Test(arguments: effects, cases)
    func endsOnCatsScreen(effect: String, case: Case) async throws {
        #expect(!Self.neofetch.isEmpty, "Tests/Data/streams/neofetch.out is missing")
        let path = try Self.file(`case`.stream, tag: "\(effect)-\(`case`.columns)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // After a prompt: the stream starts at column 2 of a row, as after `$ `.
        let reference = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("printf '$ \\n'; cat '\(path)'", columns: `case`.columns, rows: 24, tag: "cat-\(`case`.stream)-\(effect)-\(`case`.columns)")
        }
        let timing = effect == "typewriter" ? "--cps 3000" : "--duration 0.5s"
        let ghost = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("printf '$ '; '\(Binary.path)' --effect \(effect) --seed 3 \(timing) '\(path)'",
                                          columns: `case`.columns, rows: 24, tag: "\(`case`.stream)-\(effect)-\(`case`.columns)")
        }
        #expect(ghost.status == 0 && reference.status == 0)
        #expect(reference.lines.contains { $0.count > 2 })
        Self.expectSameCells(ghost, reference)
    }

    /// A progress line that rewrites itself only in a later read (`StreamHandoff`): prose until then,
    /// and `cat`'s screen at the end, colours and all, at 20, 33 and 80 columns (its prose fits a row).
    @Test(arguments: ["--instant", "--cps 300"], widths)
    func aStreamWhoseFirstMotionComesLaterEndsOnCatsScreen(timing: String, columns: Int) async throws {
        let input = "(echo 'prose 한국 👍'; printf '\\033[44mprogress\\033[0m 10%%'; sleep 0.4; "
            + "printf '\\033[K\\rprogress 55%%\\033[K'; sleep 0.2; printf '\\r\\033[31mdone\\033[0m\\033[K\\nafter\\n')"
        let reference = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("printf '$ \\n'; \(input) | cat", columns: columns, rows: 12, tag: "cat-handoff-\(columns)")
        }
        let ghost = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("printf '$ \\n'; \(input) | '\(Binary.path)' \(timing)", columns: columns, rows: 12,
                                          tag: "handoff-\(columns)")
        }
        #expect(ghost.status == 0 && reference.status == 0)
        #expect(reference.lines.contains { $0.hasPrefix("done") })
        Self.expectSameCells(ghost, reference)
    }

    /// A terminal that loses rows while a stream is typed pushes the top of the view into its
    /// scrollback: those rows are final. They were drawn again below (each came twice in the history).
    @Test func aResizeWhileAStreamIsTypedLeavesEachLineOnce() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-resize-\(getpid()).out").path
        try (1...30).map { "\($0) line\u{1B}[K\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try Tmux(columns: 33, rows: 12, tag: "streamresize")
        tmux.type("clear; echo before; printf '$ '; \"$GHOSTPIPE\" --cps 40 '\(path)'; echo END")
        #expect(tmux.wait(forScreen: { $0.contains("14 line") }, timeout: 10), "\(tmux.screen())")
        tmux.resize(columns: 33, rows: 6)
        #expect(tmux.wait(forScreen: { $0.contains("END") }, timeout: 20), "\(tmux.screen())")
        let history = try tmux.tmux(["capture-pane", "-p", "-S", "-60", "-t", tmux.name]).split(separator: "\n").map(String.init)
        let lines = history.filter { $0.hasSuffix(" line") }
        #expect(lines == (1...30).map { "\($0) line" }, "\(history)")
        let start = history.firstIndex(of: "before") ?? 0
        #expect(Array(history.dropFirst(start + 1).prefix(2)) == ["$", "1 line"], "no blank row above the stream: \(history)")
    }

    /// The same cells (characters, colours, attributes: `CapturedCells`), history included, and the
    /// cursor where `cat` leaves it.
    static func expectSameCells(_ ghost: FinalScreen, _ reference: FinalScreen, sourceLocation: SourceLocation = #_sourceLocation) {
        let (shown, expected) = (CapturedCells(ghost.styled), CapturedCells(reference.styled))
        #expect(shown == expected, "\(CapturedCells.difference(expected, shown))", sourceLocation: sourceLocation)
        #expect(ghost.cursor == reference.cursor, "cursor (x,y,rows in history)", sourceLocation: sourceLocation)
        #expect(ghost.cursorVisible == reference.cursorVisible, sourceLocation: sourceLocation)
    }

    /// A small ANSI-art file as a BBS would serve it: CP437 shading blocks and box drawing, a
    /// cursor-forward gap, iCE colours (blink is a bright background), a row of exactly 80 columns that
    /// wraps, then DOS's end-of-file mark and a SAUCE record (80 columns, iCE on). (A cell follows the
    /// bright background: tmux leaves trailing spaces out of its capture, whatever their colours.)
    static let art: [UInt8] = {
        var bytes: [UInt8] = [0xDB, 0xDB, 0xB2, 0xB1, 0xB0] + Array("\u{1B}[10C".utf8) + [0xC9, 0xCD, 0xCD, 0xBB, 13, 10]
        bytes += Array("\u{1B}[1;33;44m hi \u{1B}[5;41m  \u{1B}[0m!\r\n".utf8)
        bytes += [UInt8](repeating: 0xC4, count: 80) + Array("end\r\n".utf8)
        var sauce = [UInt8](repeating: 0x20, count: 128)
        sauce.replaceSubrange(0..<7, with: Array("SAUCE00".utf8))
        sauce[94] = 1; sauce[95] = 1; sauce[96] = 80; sauce[97] = 0; sauce[104] = 0; sauce[105] = 1
        for i in 98..<104 { sauce[i] = 0 }
        return bytes + [0x1A] + sauce
    }()

    /// What the art looks like written as UTF-8 for a terminal (blink + red is bright red there).
    static let artAsCatShowsIt = "██▓▒░\u{1B}[10C╔══╗\r\n\u{1B}[1;33;44m hi \u{1B}[101m  \u{1B}[0m!\r\n"
        + String(repeating: "─", count: 80) + "end\r\n"

    @Test func ansiArtIsDrawnInItsCodePageAndColours() async throws {
        let directory = FileManager.default.temporaryDirectory.path
        let art = "\(directory)/ghostpipe-art-\(getpid()).ans", reference = "\(directory)/ghostpipe-art-\(getpid()).txt"
        try Data(Self.art).write(to: URL(fileURLWithPath: art))
        try Self.artAsCatShowsIt.write(toFile: reference, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: art); try? FileManager.default.removeItem(atPath: reference) }
        let expected = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("printf '$ \\n'; cat '\(reference)'", columns: 80, rows: 12, tag: "cat-art")
        }
        #expect(expected.lines.first?.hasPrefix("$") == true && expected.lines.count > 4)
        for effect in ["typewriter --cps 960", "letters --duration 0.3s"] {
            let shown = try await FinalScreensInTmux.gate.run {
                try await FinalScreen.capture("printf '$ '; '\(Binary.path)' --effect \(effect) '\(art)'", columns: 80, rows: 12, tag: "art")
            }
            #expect(shown.status == 0)
            Self.expectSameCells(shown, expected)
        }
        // In a narrower terminal the art keeps its 80-column rows, cut at the margin (not wrapped at 33).
        let narrow = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("printf '$ '; '\(Binary.path)' --instant '\(art)'", columns: 33, rows: 12, tag: "art-33")
        }
        let wide = CapturedCells(expected.styled).rows
        #expect(CapturedCells(narrow.styled).rows == wide.map { Array($0.prefix(33)) }, "\(CapturedCells(narrow.styled))")
        // Taller than the screen: the lines that scroll into the history keep their iCE colours (they
        // came back blinking on a dark background, drawn again from the emulator's cells).
        let scrolledExpected = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("printf '$ \\n'; cat '\(reference)'", columns: 80, rows: 3, tag: "cat-art-3")
        }
        for effect in ["typewriter --instant", "typewriter --cps 960", "letters --duration 0.3s"] {
            let scrolled = try await FinalScreensInTmux.gate.run {
                try await FinalScreen.capture("printf '$ '; '\(Binary.path)' --effect \(effect) '\(art)'", columns: 80, rows: 3, tag: "art-3")
            }
            Self.expectSameCells(scrolled, scrolledExpected)
        }
    }

    /// `-o plain` to a terminal shows a stream's final text as `cat` leaves it (plain carries no colours
    /// and no motion of ghostpipe's own: each line is written once it is final), and `-o json` records
    /// the same text — the cells shown in the end, not the input's rewrites.
    /// Plain text has no motion: lines a stream scrolls off with `ESC [ S` are lines of its text
    /// there, above the rest, where `cat` left them in the terminal's history with blank rows below.
    /// Nor does it ask the terminal anything: the emoji it draws at other widths than Unicode are
    /// laid out at Unicode's.
    static let plainCases = cases.filter { $0.stream != "scroll-up" && $0.stream != "emoji-widths" }

    @Test(arguments: plainCases)
    func plainAndJSONGiveTheFinalText(case: Case) async throws {
        let path = try Self.file(`case`.stream, tag: "plain-\(`case`.columns)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reference = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("cat '\(path)'", columns: `case`.columns, rows: 24, tag: "cat-\(`case`.stream)-plain-\(`case`.columns)")
        }
        let plain = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("'\(Binary.path)' -o plain --cps 3000 '\(path)'", columns: `case`.columns, rows: 24,
                                          tag: "\(`case`.stream)-plain-\(`case`.columns)")
        }
        #expect(plain.status == 0)
        #expect(plain.lines == reference.lines, "\(FinalScreen.difference(reference.lines, plain.lines))")
        #expect(plain.cursor == reference.cursor, "cursor (x,y,rows in history)")

        let json = try Binary.run(["-o", "json", "--instant", "--width", "\(`case`.columns)", "--height", "24", path])
        #expect(json.status == 0, "\(json.stderr)")
        let events = json.text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let text = events.compactMap { $0["text"] as? String }.joined()
        #expect(!events.isEmpty && events.allSatisfy { $0["time"] is Double })
        var expected = reference.lines, shown = text.components(separatedBy: "\n").map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        while expected.last == "" { expected.removeLast() }
        while shown.last == "" { shown.removeLast() }
        #expect(shown == expected, "\(FinalScreen.difference(expected, shown))")
        #expect(!text.contains("\u{1B}") && !text.contains("\r"))
    }

    /// What cat leaves is not what the input's text would be without its motions (the test above would
    /// pass for a stripped reading only if these were equal).
    @Test func theStreamsReallyMove() async throws {
        let path = try Self.file("progress", tag: "check")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reference = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("cat '\(path)'", columns: 33, rows: 8, tag: "cat-progress-check")
        }
        #expect(reference.lines.first == "done")
    }
}
