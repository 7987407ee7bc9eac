import Testing
@testable import GhostpipeCore
import TestSupport

/// Effects on a terminal whose widths are not the Unicode data's. tmux 3.3a draws `👍🏽` four columns
/// wide (the thumb and the skin tone side by side) and `❤️` one (it ignores VS16); ghostpipe asks the
/// terminal (`MeasuredWidths`) and lays glyphs out at those widths. Whatever an effect draws in a
/// glyph's cell on the way must then take exactly that many columns on that terminal too: the
/// renderer moves the cursor by the cell's width, so anything else leaves every later relative move
/// on the row (and the rows after it, until a carriage return) off by the difference.
@Suite struct EffectsOnMeasuredWidths {
    /// What tmux 3.3a answers for these, and a width of 3 (which a terminal may answer for a ZWJ
    /// sequence: any width the probe can report must work).
    static let terminalWidths: [String: Int] = ["👍🏽": 4, "👋🏽": 4, "❤️": 1, "1️⃣": 1, "🏳️‍🌈": 3]
    static let columns = 24

    static let text = "ok 👍🏽 go 👋🏽 ❤️ 한글 e\u{301}\n1️⃣ 🏳️‍🌈 abc 👍🏽👍🏽 ❤️❤️ 한\n👍🏽 x 🏳️‍🌈 y ❤️ z 1️⃣ w 👋🏽\n"
    static let previous = "👋🏽 old 1️⃣ text ❤️ 🏳️‍🌈 gone\nand 👍🏽 more 한국어\n"

    /// `text` laid out left-aligned at `terminalWidths` (a glyph that would cross the margin starts the
    /// next row), as BlockLayout does with the terminal's measured widths.
    static func block(_ text: String) -> Block {
        var glyphs: [Glyph] = []
        var row = 0, column = 0
        for character in text {
            if character == "\n" { row += 1; column = 0; continue }
            let s = String(character)
            let w = terminalWidths[s] ?? DisplayWidth.of(s)
            if column + w > columns { row += 1; column = 0 }
            if character != " " { glyphs.append(Glyph(s, row: row, column: column, width: w)) }
            column += w
        }
        return Block(glyphs: glyphs, rows: row + (column > 0 ? 1 : 0), columns: columns)
    }

    /// Every frame of `effect`, at every instant its drawing changes, rendered for a modelled terminal
    /// with those widths: after each, the terminal's rows read as the frame's, and the last is the text.
    @Test(arguments: EffectContract.names, [ColorDepth.truecolor, .none])
    func whatTheTerminalShowsIsTheFrameAtEveryStep(name: String, depth: ColorDepth) {
        let effect = EffectContract.effect(name)
        let block = Self.block(Self.text)
        let context = EffectContext(depth: depth, seed: 5, graphemesPerSecond: 40, previous: Self.block(Self.previous))
        let duration = 2 * Time.second
        var renderer = TerminalRenderer(width: Self.columns, height: 12, depth: depth)
        var terminal = ScreenModel(width: Self.columns, height: 12)
        terminal.widths = Self.terminalWidths
        var t: Nanoseconds = 0
        var steps = 0
        while true {
            var frame = Frame(width: Self.columns, origin: 0, rowCount: block.rows)
            effect.draw(block, elapsed: t, duration: duration, context: context, into: &frame, row: 0, column: 0)
            var out: [UInt8] = []
            renderer.render(frame, into: &out)
            terminal.feed(out)
            let expected = frame.rows.map { ScreenModel.text($0) }
            let shown = Array(terminal.lines.prefix(block.rows))
            #expect(shown == expected, "\(name) at \(t) ns: the terminal shows \(shown), the frame is \(expected)")
            if shown != expected { return }
            steps += 1
            guard steps < 10_000, let next = effect.nextChange(block, after: t, duration: duration, context: context) else { break }
            t = next
        }
        #expect(Array(terminal.lines.prefix(block.rows)) == EffectHarness.lines(EffectHarness.finalFrame(block, width: Self.columns)))
        #expect(terminal.unknown.isEmpty)
    }

    /// Decrypt's churn in a glyph's cell: text exactly the glyph's width, in characters whose width no
    /// terminal disputes.
    @Test func decryptChurnsEveryCellAtTheWidthItsGlyphTakesOnTheTerminal() {
        let block = Self.block(Self.text)
        #expect(Set(block.glyphs.map(\.width)) == [1, 2, 3, 4])
        let duration = 2 * Time.second
        let context = EffectContext(depth: .truecolor, seed: 1)
        var churned = Set<Int>()
        for t in stride(from: Nanoseconds(0), to: duration, by: Int(Decrypt.tick)) {
            let frame = EffectHarness.frame(Decrypt(), block, at: t, duration: duration, context: context, width: Self.columns)
            for glyph in block.glyphs {
                let cell = frame.rows[glyph.row][glyph.column]
                #expect(Int(cell.width) == glyph.width)
                guard cell.text != glyph.text else { continue }
                churned.insert(glyph.width)
                #expect(Self.columnsOnAnyTerminal(cell.text) == glyph.width,
                        "\(glyph.text) (\(glyph.width) columns) churns as \(cell.text.debugDescription) at \(t)")
            }
        }
        #expect(churned == [1, 2, 3, 4])
    }

    @Test func decryptCipherTextForEveryWidth() {
        for width in 0...8 {
            let wrong = (0..<6).flatMap { k in (Int64(0)..<40).map { Decrypt.cipherText(k, step: $0, width: width, seed: 42) } }
                .filter { Self.columnsOnAnyTerminal($0) != width }
            #expect(wrong.isEmpty, "for \(width) columns: \(wrong.prefix(3))")
            // It churns: different steps, different text.
            if width > 0 {
                #expect(Set((Int64(0)..<20).map { Decrypt.cipherText(1, step: $0, width: width, seed: 42) }).count > 10)
            }
        }
        #expect(Decrypt.cipherText(0, step: 0, width: 0, seed: 1) == "")
    }

    /// Columns of text made only of printable ASCII (1 each), Hangul syllables and CJK ideographs
    /// (2 each); nil if it holds anything else.
    static func columnsOnAnyTerminal(_ text: String) -> Int? {
        var columns = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x21...0x7E: columns += 1
            case 0xAC00...0xD7A3, 0x4E00...0x9FFF: columns += 2
            default: return nil
            }
        }
        return columns
    }
}

/// The frame's own guard: a cell whose text cannot take the cell's columns is left blank, so an effect
/// that gets a width wrong shows a gap for that moment instead of putting the cursor off for the rest
/// of the row.
@Suite struct FrameCellWidths {
    @Test func asciiTextMustBeExactlyAsWideAsItsCell() {
        var frame = Frame(width: 12, origin: 0, rowCount: 1)
        frame.put("한", width: 2, row: 0, column: 4)
        frame.put("ab", width: 2, row: 0, column: 0)
        frame.put("X", width: 4, style: Style(attributes: .bold), row: 0, column: 3)  // over half of 한
        frame.put("", width: 1, row: 0, column: 8)
        frame.put("\u{1B}", width: 1, row: 0, column: 9)
        frame.put("x", width: 1, row: 0, column: 10)
        #expect(frame.rows[0][0] == Cell("ab", width: 2))
        #expect(frame.rows[0][1] == Cell("", width: 0))
        #expect(frame.rows[0][2...9].allSatisfy { $0 == .blank }, "\(frame.rows[0])")
        #expect(frame.rows[0][10] == Cell("x"))
    }

    @Test func otherTextTakesTheWidthTheLayoutMeasured() {
        var frame = Frame(width: 12, origin: 0, rowCount: 1)
        frame.put("👍🏽", width: 4, row: 0, column: 0)  // tmux
        frame.put("❤️", width: 1, row: 0, column: 4)  // tmux
        frame.put("한글", width: 4, row: 0, column: 5)
        frame.put("e\u{301}", width: 1, row: 0, column: 9)
        #expect(frame.rows[0].map(\.text) == ["👍🏽", "", "", "", "❤️", "한글", "", "", "", "e\u{301}", " ", " "])
    }

    /// Decrypt's old mistake (one ASCII character churning in a glyph tmux draws 4 wide), contained:
    /// the terminal still shows every frame, gaps included, and ends on the text.
    @Test func anEffectThatGetsAWidthWrongStillLeavesTheTerminalShowingTheFrame() {
        struct NarrowCipher: Effect {
            var name: String { "narrow-cipher" }
            var summary: String { "" }
            func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds { Time.second }
            func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                      into frame: inout Frame, row: Int, column: Int) {
                if elapsed >= duration { return drawFinal(block, into: &frame, row: row, column: column) }
                for (k, g) in block.glyphs.enumerated() where k % 3 != Int(elapsed / (duration / 4)) % 3 {
                    frame.put(String(UnicodeScalar(UInt8(0x41 + k % 26))), width: g.width, row: row + g.row, column: column + g.column)
                }
            }
            func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
                elapsed >= duration ? nil : (elapsed / (duration / 4) + 1) * (duration / 4)
            }
        }
        let effect = NarrowCipher()
        let block = EffectsOnMeasuredWidths.block(EffectsOnMeasuredWidths.text)
        let columns = EffectsOnMeasuredWidths.columns
        var renderer = TerminalRenderer(width: columns, height: 12, depth: .truecolor)
        var terminal = ScreenModel(width: columns, height: 12)
        terminal.widths = EffectsOnMeasuredWidths.terminalWidths
        var t: Nanoseconds = 0
        while true {
            var frame = Frame(width: columns, origin: 0, rowCount: block.rows)
            effect.draw(block, elapsed: t, duration: Time.second, context: EffectContext(), into: &frame, row: 0, column: 0)
            var out: [UInt8] = []
            renderer.render(frame, into: &out)
            terminal.feed(out)
            #expect(Array(terminal.lines.prefix(block.rows)) == frame.rows.map { ScreenModel.text($0) }, "at \(t)")
            guard let next = effect.nextChange(block, after: t, duration: Time.second, context: EffectContext()) else { break }
            t = next
        }
        #expect(Array(terminal.lines.prefix(block.rows)) == EffectHarness.lines(EffectHarness.finalFrame(block, width: columns)))
    }
}
