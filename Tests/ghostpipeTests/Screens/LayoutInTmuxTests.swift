import Foundation
import TestSupport
import Testing
@testable import GhostpipeCore

/// The real binary in tmux at several widths: the final screen and frames on the way are compared
/// with a layout computed here, independently of ghostpipe's layout code.
@Suite(.serialized, .requires("tmux")) struct LayoutInTmux {
    /// Text whose clusters tmux 3.3a and the Unicode widths agree on (see width-vectors.tsv):
    /// Hangul syllables and conjoining jamo, combining marks, ZWJ families, flags, CJK.
    static let text = """
    한국어 문장은 띄어쓰기로 나뉩니다. 조합형 ᄒᆞᆫ글도 온전합니다.
    Café crème, naïve e\u{301}tude, Zoë's résumé — combining marks stay whole.
    Families 👨‍👩‍👧 and 👩‍💻 coders with flags 🇰🇷 🇯🇵 🇺🇸 and 😀 faces ⌚ done.
    中文和日本語のテキストは空白なしで折り返されます。
    """

    /// Greedy word wrap as a reader would do it by hand: words at spaces, CJK ideographs and kana
    /// one by one (punctuation stays with them), a word longer than a row broken where it must.
    static func wrap(_ text: String, width: Int, widthOf: (Character) -> Int = { DisplayWidth.of($0) }) -> [String] {
        var rows: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var row = "", column = 0
            func flush() { rows.append(row); row = ""; column = 0 }
            // Tokens: spaces, ideograph(+trailing punctuation), or runs of other characters.
            var tokens: [String] = []
            var current = ""
            func isIdeograph(_ c: Character) -> Bool {
                c.unicodeScalars.first.map { (0x3041...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) } ?? false
            }
            for c in line {
                if c == " " { if !current.isEmpty { tokens.append(current) }; tokens.append(" "); current = ""; continue }
                if isIdeograph(c), current.contains(where: isIdeograph) { tokens.append(current); current = "" }
                current.append(c)
            }
            if !current.isEmpty { tokens.append(current) }
            for token in tokens {
                if token == " " {
                    if column < width { row += " "; column += 1 }
                    continue
                }
                let w = token.reduce(0) { $0 + widthOf($1) }
                if column + w > width && column > 0 { flush() }
                for c in token {
                    let cw = widthOf(c)
                    if column + cw > width { flush() }
                    row.append(c)
                    column += cw
                }
            }
            flush()
        }
        while rows.last == "" { rows.removeLast() }
        return rows.map { var r = $0; while r.hasSuffix(" ") { r.removeLast() }; return r }
    }

    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-layout-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [20, 33, 80])
    func finalScreenAndFramesMatchAnIndependentLayout(columns: Int) throws {
        let path = try Self.write(Self.text + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = Self.wrap(Self.text, width: columns)
        let tmux = try Tmux(columns: columns, rows: expected.count + 4, tag: "lay\(columns)")
        // `E%sD`: the typed command never reads END, only what printf prints once ghostpipe is done.
        tmux.type("clear; sleep 0.3; \"$GHOSTPIPE\" --cps 250 --no-pauses \(path); printf 'E%sD' N")
        // The command line is cleared first (however long a loaded machine takes). Looked for in
        // all rows joined: at 20 columns the command wraps, and its first row does not name it.
        #expect(tmux.wait(forScreen: { !$0.joined().contains("GHOSTPIPE") }, timeout: 30), "\(tmux.screen())")
        // Frames on the way: whatever is on screen is the final text, cut short — never a cluster
        // in part, never a character that later moves.
        var frames = 0
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let screen = tmux.screen()
            if screen.contains(where: { $0.contains("END") }) { break }
            frames += 1
            for (r, line) in screen.prefix(expected.count).enumerated() where !line.isEmpty {
                let final = expected[r]
                #expect(final.hasPrefix(line) || line.hasPrefix(final), "frame at \(columns) columns, row \(r): '\(line)' is not the start of '\(final)' in \(screen)")
            }
            usleep(60_000)
        }
        #expect(frames >= 3, "too few intermediate frames seen")
        let screen = tmux.screen()
        #expect(Array(screen.prefix(expected.count)) == expected, "final screen at \(columns) columns")
    }

    /// What tmux 3.3a draws these at (the width-vectors.tsv `width_tmux_3.3a` column).
    static let tmuxWidths: [String: Int] = ["👍🏽": 4, "❤️": 1, "1️⃣": 1, "👋🏽": 4]

    @Test func theTerminalHasTheLastWord() throws {
        // At 8 columns this wraps differently when 👍🏽 is 4 wide and ❤️ is 1 (tmux) than when both are 2.
        let text = "👍🏽👍🏽 ab ❤️❤️❤️ cd 1️⃣1️⃣ ef"
        let path = try Self.write(text + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let byTerminal = Self.wrap(text, width: 8) { Self.tmuxWidths[String($0)] ?? DisplayWidth.of($0) }
        let bySpec = Self.wrap(text, width: 8)
        #expect(byTerminal != bySpec)  // the case must matter
        let tmux = try Tmux(columns: 8, rows: 10, tag: "probe")
        func show(_ widths: String) -> [String] {
            tmux.type("clear; \"$GHOSTPIPE\" --instant --widths \(widths) \(path)")
            tmux.wait(forScreen: { $0.contains { $0.hasPrefix("$") } && $0.count > 2 })
            tmux.settle()
            // Rows without spaces (tmux pads some emoji cells with spaces in captures).
            return tmux.screen().prefix(byTerminal.count).map { $0.filter { $0 != " " } }
        }
        // Asked, the terminal's widths lay the text out exactly as the terminal draws it …
        #expect(show("auto") == byTerminal.map { $0.filter { $0 != " " } }, "\(tmux.screen())")
        // … while the Unicode widths, which tmux does not follow here, do not.
        #expect(show("spec") != byTerminal.map { $0.filter { $0 != " " } })
    }

    @Test func noWidthQueryWithoutDisputedClusters() throws {
        // Nothing to ask (Hangul, marks, CJK, single-code-point emoji): the one query is where the
        // cursor starts, no width is measured.
        let path = try Self.write("한국어 e\u{301}tude 中文 😀 ⌚\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Binary.runInTerminal("exec \"$GHOSTPIPE\" --instant \(path)", rows: 20, columns: 60)
        #expect(run.text.components(separatedBy: "\u{1B}[6n").count == 2 && !run.text.contains("\u{1B}7"))
        // --widths spec: the terminal is never asked anything.
        let spec = try Binary.runInTerminal("exec \"$GHOSTPIPE\" --instant --widths spec \(path)", rows: 20, columns: 60)
        #expect(!spec.text.contains("\u{1B}[6n"))
        let disputed = try Self.write("thumbs 👍🏽\n")
        defer { try? FileManager.default.removeItem(atPath: disputed) }
        // Our pseudo-terminal does not answer: the probe gives up quickly and the text still shows.
        let unanswered = try Binary.runInTerminal("exec \"$GHOSTPIPE\" --instant \(disputed)", rows: 20, columns: 60)
        #expect(unanswered.text.contains("\u{1B}[6n"))
        #expect(unanswered.text.contains("thumbs"))
        #expect(unanswered.status == 0)
    }

    /// A terminal that answers no query (this pseudo-terminal) costs the first query its whole
    /// timeout; the timeline starts after it, when the first grapheme can be shown, so the text is
    /// paced from there — not a burst of what "should" have shown during the wait.
    @Test func aSilentTerminalDelaysTheStartButCausesNoBurst() throws {
        let path = try Self.write("Ghost 안녕 👍🏽 typing on\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Binary.runInTerminal("exec \"$GHOSTPIPE\" --cps 20 --no-pauses \(path)", rows: 20, columns: 60)
        #expect(run.status == 0)
        // The chunks after the query's clean-up (its erase): each holds at most two graphemes of the
        // text (a write per 50 ms; a slow test machine may join two).
        let afterProbe = run.chunks.drop { !String(decoding: $0.bytes, as: UTF8.self).contains("\u{1B}[K") }.dropFirst()
        var shown = ""
        for chunk in afterProbe {
            let visible = String(decoding: chunk.bytes, as: UTF8.self).replacing(/\x1B\[[0-9;?]*[A-Za-z]|\x1B[78]|[\r\n]/, with: "")
            #expect(visible.count <= 2, "a burst: \(visible.debugDescription) at \(chunk.time) s")
            shown += visible
        }
        #expect(shown.contains("typing on"), "\(run.text.debugDescription)")
    }

    /// Words of a screen's history, in order (what a reader sees, whatever the wrapping).
    static func words(_ lines: [String]) -> [String] { lines.joined(separator: " ").split(separator: " ").map(String.init) }

    @Test(arguments: ["typewriter", "credits"])
    func aResizeInTheMiddleOfALineLeavesNoCopyBehind(effect: String) throws {
        // tmux reflows the cursor's row when the terminal narrows: what was drawn of it must be
        // drawn again where it now starts, not below a reflowed copy.
        let tmux = try Tmux(columns: 80, rows: 24, tag: "resize-\(effect)")
        tmux.type("clear; echo $((6*7))START; \"$GHOSTPIPE\" --effect \(effect) --cps 60 \(Binary.sample("script.txt")); echo $((6*7))DONE")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("The fans hum. A single terminal glows in the") } }, timeout: 10), "\(tmux.screen())")
        tmux.resize(columns: 40, rows: 24)
        if effect == "typewriter" {
            #expect(tmux.wait(forScreen: { $0.contains("42DONE") }, timeout: 60), "\(tmux.screen())")
        } else {
            tmux.press("x")  // credits: roll to the end at once
            #expect(tmux.wait(forScreen: { $0.contains("42DONE") }, timeout: 10), "\(tmux.screen())")
        }
        let history = (try? tmux.tmux(["capture-pane", "-p", "-S", "-", "-t", tmux.name])) ?? ""
        var lines = history.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines = Array(lines.drop { $0 != "42START" }.dropFirst().prefix { $0 != "42DONE" })
        let text = try String(contentsOfFile: Binary.sample("script.txt"), encoding: .utf8)
        #expect(Self.words(lines) == Self.words(text.components(separatedBy: "\n")), "\(lines.joined(separator: "\n"))")
        #expect(lines.suffix(6).allSatisfy { $0.count <= 40 }, "laid out again at 40 columns")
    }

    @Test(arguments: ["typewriter", "letters", "fade", "decrypt", "morph", "credits"])
    func everyEffectStartsWhereTheCursorIs(effect: String) throws {
        let tmux = try Tmux(columns: 40, rows: 10, tag: "start-\(effect)")
        tmux.type("clear; printf 'prompt> '; printf 'BBBB\\n' | \"$GHOSTPIPE\" -e \(effect) --duration 0.5 --seed 2; printf AAAA | \"$GHOSTPIPE\" -e \(effect) --duration 0.3; printf 'CC\\n' | \"$GHOSTPIPE\" -e \(effect) --duration 0.3")
        #expect(tmux.wait(forScreen: { $0.contains { $0.hasPrefix("$") && $0.count == 1 } }, timeout: 10), "\(tmux.screen())")
        tmux.settle()
        let screen = tmux.screen()
        if effect == "credits" {
            // Credits roll in rows of their own, a screenful tall: they begin below what is left of
            // the prompt's row (which the roll may have scrolled into the history).
            let history = ((try? tmux.tmux(["capture-pane", "-p", "-S", "-", "-t", tmux.name])) ?? "")
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let start = history.lastIndex { $0.hasPrefix("prompt>") } ?? 0
            #expect(Array(history[start...].prefix(4)) == ["prompt>", "BBBB", "AAAA", "CC"], "\(history)")
        } else {
            // As cat: after the prompt, and the next text after the last one's end.
            #expect(Array(screen.prefix(2)) == ["prompt> BBBB", "AAAACC"], "\(screen)")
        }
    }

    @Test func aLongPromptLeavesLessOfItsRowAndTheTextWrapsThere() throws {
        let tmux = try Tmux(columns: 30, rows: 8, tag: "longprompt")
        tmux.type("clear; printf 'a long prompt here> '; printf 'one two three four\\n' | \"$GHOSTPIPE\" -e fade --duration 0.3")
        #expect(tmux.wait(forScreen: { $0.contains { $0 == "$" } }, timeout: 10), "\(tmux.screen())")
        #expect(Array(tmux.screen().prefix(2)) == ["a long prompt here> one two", "three four"], "\(tmux.screen())")
    }

    /// `--place inline`: the band under the prompt (by default subtitles sit at the terminal's last rows).
    @Test func subtitlesBeginBelowAPromptAndLeaveIt() throws {
        let srt = try Self.write("1\n00:00:00,000 --> 00:00:00,400\nA CUE\n")
        defer { try? FileManager.default.removeItem(atPath: srt) }
        let tmux = try Tmux(columns: 30, rows: 8, tag: "subprompt")
        tmux.type("clear; printf 'prompt> '; \"$GHOSTPIPE\" --place inline --format srt \(srt); echo END")
        #expect(tmux.wait(forScreen: { $0.contains("END") }, timeout: 10), "\(tmux.screen())")
        #expect(Array(tmux.screen().prefix(2)) == ["prompt>", "END"], "\(tmux.screen())")
    }
}
