import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The product's promise, checked in a real terminal: whatever an effect draws on the way, its final
/// screen is `cat`'s. Every effect × every bundled sample (plus a Korean + emoji + combining-mark
/// text) × 20, 33 and 80 columns, in a 24-row tmux pane; the whole history (`capture-pane -S -`),
/// the attributes (`-e`), the cursor and its visibility are compared.
///
/// ghostpipe wraps at word boundaries where `cat` lets the terminal wrap at the margin, so the
/// reference is `cat` of the text with those line breaks already in it: wrapped here, independently
/// of ghostpipe's layout (`LayoutInTmux.wrap`), with the widths tmux itself draws each cluster at
/// (asked with a cursor position report, as a shell would). Where no line needs wrapping (most
/// samples at 80 columns) the reference is `cat` of the file itself.
///
/// Texts taller than the pane scroll, which is part of what is tested (script.txt at every width,
/// korean.txt at 20 columns).
@Suite(.requires("tmux")) struct FinalScreensInTmux {
    static let effects = ["typewriter", "letters", "fade", "color", "decrypt", "morph", "credits"]
    static let widths = [20, 33, 80]
    static let rows = 24
    /// Long enough for cells to settle at different instants, so settled cells are drawn by cursor
    /// moves from their churning or fading neighbours (in 0.5 s most rows are redrawn whole from
    /// their first column at the end, which hides a cursor that went astray on the way).
    static let duration = "1s"

    /// Hangul (precomposed and as conjoining jamo), a ZWJ family, a flag, skin tones, keycaps, a VS16
    /// heart, e + U+0301, a 4-column glyph (in tmux) that does not fit before the margin at 20 columns,
    /// and a word longer than any row.
    static let mixed = """
    한국어 문장과 조합형 ᄒᆞᆫ글 그리고 가족 👨‍👩‍👧‍👦 깃발 🇰🇷 피부색 👍🏽 키캡 1️⃣ 하트 ❤️ 끝.
    Cafe\u{301} e\u{301}tude: 👋🏽 🤷🏾‍♀️ #️⃣ 🔟 ❤️❤️ 👍🏽👍🏽 밤이 깊었다 ᄒᆞᆫ글 done.
    Supercalifragilisticexpialidocious-한국어-👍🏽-antidisestablishmentarianism-floccinaucinihilipilification.
    abcdefghijklmnopq 👍🏽 xyz 👨‍👩‍👧 🇯🇵 e\u{301} 한.

    """

    struct Text: Sendable, Hashable {
        var name: String
        var path: String
    }

    /// Named after its content (FNV-1a), so runs share one file rather than leave one each.
    static let mixedPath: String = {
        let hash = mixed.utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-final-mixed-\(getuid())-\(String(hash, radix: 16)).txt").path
        try? mixed.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    /// `samples/*.txt` and the mixed text.
    static let texts: [Text] = {
        let directory = Paths.repository.appendingPathComponent("samples").path
        let samples = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
            .map { Text(name: $0, path: directory + "/" + $0) }
        return samples + [Text(name: "mixed", path: mixedPath)]
    }()

    struct Case: Sendable, Hashable, CustomTestStringConvertible {
        var text: Text
        var columns: Int
        var testDescription: String { "\(text.name) at \(columns) columns" }
    }

    static let cases: [Case] = texts.flatMap { text in widths.map { Case(text: text, columns: $0) } }

    @Test(arguments: effects, cases)
    func theFinalScreenIsCats(effect: String, case: Case) async throws {
        let reference = try await References.shared.screen(for: `case`)
        let timing = effect == "typewriter" ? "--cps 2000" : "--duration \(Self.duration)"
        let ghost = try await Self.gate.run {
            try await FinalScreen.capture("'\(Binary.path)' --effect \(effect) --seed 3 \(timing) '\(`case`.text.path)'",
                                          columns: `case`.columns, rows: Self.rows, tag: "\(effect)-\(`case`.columns)")
        }
        #expect(ghost.status == 0)
        // The reference really holds the text (a failed capture must not compare equal to another).
        #expect(reference.status == 0)
        #expect(reference.lines.contains { !$0.isEmpty })

        Self.expectSame(ghost, reference, effect: effect)
        if effect == "credits" && `case`.text.name == "motd.txt" {
            // ASCII art keeps its shape: each paragraph centred as a block, its lines shifted alike.
            var paragraph = 0
            var shifts: [Int: Set<Int>] = [:]
            for (expected, shown) in zip(reference.lines, ghost.lines) {
                if expected.isEmpty { paragraph += 1; continue }
                #expect(shown.hasSuffix(expected) && shown.dropLast(expected.count).allSatisfy { $0 == " " }, "\(shown) is not \(expected) shifted")
                shifts[paragraph, default: []].insert(shown.count - expected.count)
            }
            #expect(shifts.values.allSatisfy { $0.count == 1 }, "\(shifts): \(FinalScreen.difference(reference.lines, ghost.lines))")
        }
    }

    /// A progress line, a word typed over, backspaces, Korean and emoji written over, CR LF: under
    /// every effect the screen ends as `cat` leaves it. No stretch between two carriage returns is
    /// wider than 20 columns, so `cat` of the file itself is the reference at every width.
    static let motions = "progress 10%\rprogress 55%\rprogress 100%\rdone   \n안녕하세요 👋🏽\r반가워\n"
        + "ab\u{8}X 한\u{8}Y 😀\u{8}\u{8}Z\ncafe\u{301} ok\rtea\nwindows\r\nline\r\n\rafter CR\ntab\tX\r  \nend\n"

    @Test(arguments: effects, widths)
    func carriageReturnsAndBackspacesEndOnCatsScreen(effect: String, columns: Int) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-motions-\(getpid())-\(effect)-\(columns).txt").path
        try Self.motions.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reference = try await Self.gate.run {
            try await FinalScreen.capture("cat '\(path)'", columns: columns, rows: Self.rows, tag: "cat-motions-\(effect)-\(columns)")
        }
        let timing = effect == "typewriter" ? "--cps 2000" : "--duration \(Self.duration)"
        let ghost = try await Self.gate.run {
            try await FinalScreen.capture("'\(Binary.path)' --effect \(effect) --seed 3 \(timing) '\(path)'",
                                          columns: columns, rows: Self.rows, tag: "motions-\(effect)-\(columns)")
        }
        #expect(ghost.status == 0 && reference.status == 0)
        #expect(reference.lines.first == "done   s 100%", "\(reference.lines)")
        Self.expectSame(ghost, reference, effect: effect)
    }

    /// `man ls | ghostpipe`: nroff's overstrike shows as `cat` shows it (NAME, not NNAAMMEE), in bold
    /// and underlined when the input's attributes are kept (the default; NO_COLOR keeps them too, as
    /// it does bold from SGR: they are not colours), plain with `--input-colors strip`.
    @Test
    func overstrikeIsBoldAndUnderline() async throws {
        let page = "N\u{8}NA\u{8}AM\u{8}ME\u{8}E\n       l\u{8}ls\u{8}s [_\u{8}O_\u{8}P_\u{8}T]... 한\u{8}\u{8}한 한\u{8}한\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-overstrike-\(getpid()).txt").path
        try page.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reference = try await Self.gate.run { try await FinalScreen.capture("cat '\(path)'", columns: 33, rows: 8, tag: "cat-overstrike") }
        let coloured = try await Self.gate.run {
            try await FinalScreen.capture("'\(Binary.path)' --cps 2000 '\(path)'", columns: 33, rows: 8, tag: "overstrike")
        }
        let plain = try await Self.gate.run {
            try await FinalScreen.capture("'\(Binary.path)' --input-colors strip --cps 2000 '\(path)'", columns: 33, rows: 8, tag: "overstrike-plain")
        }
        #expect(reference.lines.prefix(2) == ["NAME", "       ls [OPT]... 한  한"])
        #expect(coloured.lines == reference.lines && plain.lines == reference.lines, "\(coloured.lines) \(plain.lines)")
        #expect(coloured.styled[0].hasPrefix("\u{1B}[1mNAME"), "\(coloured.styled[0].debugDescription)")
        #expect(coloured.styled[1].contains("\u{1B}[1mls") && coloured.styled[1].contains("\u{1B}[4mOPT") && coloured.styled[1].contains("\u{1B}[1m한"),
                "\(coloured.styled[1].debugDescription)")
        #expect(plain.styled == reference.styled, "\(FinalScreen.difference(reference.styled, plain.styled))")
        #expect(coloured.cursor == reference.cursor && plain.cursor == reference.cursor)
    }

    /// `-o plain` to a terminal under an effect other than the typewriter: the text as `cat` shows it,
    /// typed (effects draw on screens only; a note on stderr says so). It showed nothing: the text
    /// went to a paragraph reveal whose report plain output dropped.
    @Test
    func plainOutputUnderAnEffectShowsTheText() async throws {
        let sample = Binary.sample("korean.txt")
        let reference = try await Self.gate.run { try await FinalScreen.capture("cat '\(sample)'", columns: 33, rows: 24, tag: "cat-plain-fade") }
        let plain = try await Self.gate.run {
            try await FinalScreen.capture("'\(Binary.path)' -o plain -e fade --cps 2000 '\(sample)' 2>/dev/null", columns: 33, rows: 24, tag: "plain-fade")
        }
        #expect(plain.status == 0 && reference.lines.count > 3)
        #expect(plain.lines == reference.lines, "\(FinalScreen.difference(reference.lines, plain.lines))")
    }

    /// The same rows, attributes and cursor as `cat` (credits: the same rows once centring is removed).
    static func expectSame(_ ghost: FinalScreen, _ reference: FinalScreen, effect: String) {
        if effect == "credits" {
            let strip = { (lines: [String]) in lines.map { String($0.drop { $0 == " " }) } }
            #expect(strip(ghost.lines) == strip(reference.lines), "\(FinalScreen.difference(strip(reference.lines), strip(ghost.lines)))")
        } else {
            #expect(ghost.lines == reference.lines, "\(FinalScreen.difference(reference.lines, ghost.lines))")
            #expect(ghost.styled == reference.styled, "attributes: \(FinalScreen.difference(reference.styled, ghost.styled))")
        }
        #expect(ghost.cursor == reference.cursor, "cursor (x,y,rows in history) after \(effect)")
        #expect(ghost.cursorVisible == reference.cursorVisible, "cursor visibility after \(effect)")
    }

    // MARK: - Running in tmux, a few at a time

    /// At most this many tmux panes at once (the machine has two cores, shared).
    static let gate = Gate(limit: 4)

    actor Gate {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []
        init(limit: Int) { free = limit }

        /// Runs `body` once fewer than `limit` others are running.
        nonisolated func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
            await enter()
            do {
                let value = try await body()
                await leave()
                return value
            } catch {
                await leave()
                throw error
            }
        }

        private func enter() async {
            if free > 0 { free -= 1; return }
            await withCheckedContinuation { waiting.append($0) }
        }

        private func leave() {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
    }

    /// What a command leaves in a pane once it has ended: every row, scrollback included.
    struct FinalScreen: Sendable {
        /// History and screen as text (trailing blanks trimmed by tmux).
        var lines: [String]
        /// The same with attributes (`capture-pane -e`).
        var styled: [String]
        /// `x,y` on the screen, and the number of rows scrolled into the history.
        var cursor: String
        var cursorVisible: Bool
        var status: Int32

        private static let counter = Counter()
        private final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var value = 0
            func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
        }

        /// A fixed environment: UTF-8, a colour terminal, nothing from the test runner's own.
        static let environment: [String: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color",
        ]

        /// Runs `command` in a new `columns × rows` pane of a tmux server of its own. The end is marked
        /// by a title change (OSC 2) carrying the exit status, which touches no cell: tmux parses the
        /// pane's output in order, so once the title reads `END` everything before it is on screen.
        ///
        /// A server that is not there when the pane is read (it never came up: the whole suite in
        /// parallel on a loaded machine made `cat`'s capture come back empty, cursor unknown) is
        /// started again, twice at most: what is compared is always a command's real screen.
        static func capture(_ command: String, columns: Int, rows: Int, tag: String, timeout: Double = 30) async throws -> FinalScreen {
            var screen = try await captureOnce(command, columns: columns, rows: rows, tag: tag, timeout: timeout)
            for _ in 0..<2 where screen.cursor == "?" {
                screen = try await captureOnce(command, columns: columns, rows: rows, tag: tag, timeout: timeout)
            }
            return screen
        }

        private static func captureOnce(_ command: String, columns: Int, rows: Int, tag: String, timeout: Double) async throws -> FinalScreen {
            let socket = "ghostpipe-final-\(getpid())-\(counter.next())-\(tag)"
            defer {
                _ = try? Tmux.run(["kill-server"], socket: socket, environment: environment)
                let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
                unlink("\(directory)/tmux-\(getuid())/\(socket)")
            }
            let script = "export TERM=xterm-256color COLORTERM=truecolor; unset NO_COLOR; \(command); "
                + "printf '\\033]2;END %d\\033\\\\' $?; exec sleep 120"
            try Tmux.run(["new-session", "-d", "-s", "m", "-x", "\(columns)", "-y", "\(rows)", script],
                         socket: socket, environment: environment)
            let start = Date()
            var title = ""
            while !title.hasPrefix("END ") {
                guard Date().timeIntervalSince(start) < timeout else { break }
                try await Task.sleep(nanoseconds: 30_000_000)
                title = try Tmux.run(["display", "-p", "-t", "m", "#{pane_title}"], socket: socket, environment: environment)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            func captured(_ options: [String]) throws -> [String] {
                var lines = try Tmux.run(["capture-pane", "-p", "-S", "-"] + options + ["-t", "m"], socket: socket, environment: environment)
                    .components(separatedBy: "\n")
                if lines.last == "" { lines.removeLast() }
                return lines
            }
            let fields = try Tmux.run(["display", "-p", "-t", "m", "#{cursor_x},#{cursor_y},#{history_size} #{cursor_flag}"],
                                      socket: socket, environment: environment)
                .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
            return FinalScreen(lines: try captured([]), styled: try captured(["-e"]),
                               cursor: fields.first.map(String.init) ?? "?", cursorVisible: fields.last == "1",
                               status: title.hasPrefix("END ") ? Int32(title.dropFirst(4)) ?? -1 : -1)
        }

        /// The first differing rows, for a failure message.
        static func difference(_ expected: [String], _ actual: [String]) -> String {
            var out: [String] = []
            for i in 0..<max(expected.count, actual.count) {
                let e = i < expected.count ? expected[i] : "<none>"
                let a = i < actual.count ? actual[i] : "<none>"
                if e != a { out.append("row \(i):\n  cat:       \(e.debugDescription)\n  ghostpipe: \(a.debugDescription)") }
                if out.count == 4 { break }
            }
            return "\n" + out.joined(separator: "\n") + "\n(\(expected.count) rows expected, \(actual.count) shown)"
        }
    }

    // MARK: - The reference: cat

    /// `cat`'s final screens, each made once, and the widths tmux draws clusters at.
    actor References {
        static let shared = References()
        private var screens: [Case: Task<FinalScreen, any Error>] = [:]
        private var widths: Task<[Character: Int], any Error>?

        func screen(for c: Case) async throws -> FinalScreen {
            if let task = screens[c] { return try await task.value }
            let task = Task { () async throws -> FinalScreen in
                let widths = try await self.terminalWidths()
                let text = try String(contentsOfFile: c.text.path, encoding: .utf8)
                let wrapped = FinalScreensInTmux.wrapped(text, columns: c.columns, widths: widths)
                // Where no line needs wrapping, the reference is cat of the text itself.
                let path = wrapped == text ? c.text.path : FileManager.default.temporaryDirectory
                    .appendingPathComponent("ghostpipe-final-\(getpid())-\(c.text.name)-\(c.columns).txt").path
                if path != c.text.path { try wrapped.write(toFile: path, atomically: true, encoding: .utf8) }
                defer { if path != c.text.path { try? FileManager.default.removeItem(atPath: path) } }
                return try await FinalScreensInTmux.gate.run {
                    try await FinalScreen.capture("cat '\(path)'", columns: c.columns, rows: FinalScreensInTmux.rows, tag: "cat-\(c.columns)")
                }
            }
            screens[c] = task
            return try await task.value
        }

        func terminalWidths() async throws -> [Character: Int] {
            if let widths { return try await widths.value }
            let task = Task { () async throws -> [Character: Int] in
                var clusters: [Character] = []
                var seen: Set<Character> = []
                for text in FinalScreensInTmux.texts {
                    for c in try String(contentsOfFile: text.path, encoding: .utf8)
                    where !c.isASCII && c != "\n" && seen.insert(c).inserted { clusters.append(c) }
                }
                let asked = clusters
                return try await FinalScreensInTmux.gate.run { try await FinalScreensInTmux.measure(asked) }
            }
            widths = task
            return try await task.value
        }
    }

    /// The columns tmux advances the cursor by for each cluster, asked the way a shell script would:
    /// print it at the start of a row, then a cursor position report (`ESC [ 6 n`).
    static func measure(_ clusters: [Character]) async throws -> [Character: Int] {
        guard !clusters.isEmpty else { return [:] }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-final-\(getpid())-widths").path
        try clusters.map(String.init).joined(separator: "\n").appending("\n").write(toFile: base + ".in", atomically: true, encoding: .utf8)
        try """
        while IFS= read -r c; do
            printf '\\r\\033[2K%s\\033[6n' "$c" > /dev/tty
            IFS='[;' read -rs -d R _ _ column < /dev/tty
            echo $((column - 1))
        done < '\(base).in' > '\(base).out'

        """.write(toFile: base + ".sh", atomically: true, encoding: .utf8)
        defer { for suffix in [".in", ".sh", ".out"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        let screen = try await FinalScreen.capture("bash '\(base).sh'", columns: 200, rows: 5, tag: "widths")
        let answers = ((try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int($0) }
        guard screen.status == 0, answers.count == clusters.count else {
            throw Failure("tmux answered \(answers.count) of \(clusters.count) width queries")
        }
        return Dictionary(uniqueKeysWithValues: zip(clusters, answers))
    }

    /// `text` with the line breaks a word wrap at `columns` puts in it (its final line breaks kept).
    static func wrapped(_ text: String, columns: Int, widths: [Character: Int]) -> String {
        let rows = LayoutInTmux.wrap(text, width: columns) { c in c.isASCII ? 1 : widths[c] ?? 1 }
        let trailing = text.reversed().prefix { $0 == "\n" }.count
        return rows.joined(separator: "\n") + String(repeating: "\n", count: trailing)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
