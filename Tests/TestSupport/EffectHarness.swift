import Testing
import GhostpipeCore

/// Texts every effect is tried on: ASCII, Korean (with repeated syllables), emoji clusters.
public enum EffectTexts {
    public static let ascii = "The quick brown fox jumps over the lazy dog.\nPack my box with five dozen liquor jugs!\n\nSphinx of black quartz, judge my vow.\n"
    public static let korean = "한국어 한글 한 번 더\n밤이 깊었다. 터미널 화면에 글자가 하나씩 나타난다.\n"
    public static let emoji = "👍🏽 good 👍🏽 👨‍👩‍👧 family 🎉\ncafé naïve ❤️ e\u{301} done 🎉\n"
    public static let all = [ascii, korean, emoji]
}

/// Drives effects directly (into a `Frame`) and through the show (a paragraph at a time, on a virtual
/// clock, into a MemorySink), and checks what every effect must guarantee.
public enum EffectHarness {
    public static func block(_ text: String, width: Int = 40, style: Style = .plain) -> Block {
        BlockLayout.layout(BlockLayout.graphemes(text, style: style), width: width)
    }

    /// The block drawn at `elapsed` into a frame of the block's size.
    public static func frame(_ effect: any Effect, _ block: Block, at elapsed: Nanoseconds, duration: Nanoseconds,
                             context: EffectContext = EffectContext(), width: Int = 40) -> Frame {
        var frame = Frame(width: width, origin: 0, rowCount: max(1, block.rows))
        effect.draw(block, elapsed: elapsed, duration: duration, context: context, into: &frame, row: 0, column: 0)
        return frame
    }

    /// The final look: every glyph in its own style.
    public static func finalFrame(_ block: Block, width: Int = 40) -> Frame {
        var frame = Frame(width: width, origin: 0, rowCount: max(1, block.rows))
        for g in block.glyphs { frame.put(g.text, width: g.width, style: g.style, row: g.row, column: g.column) }
        return frame
    }

    /// Rows of a frame as text (trailing blanks trimmed).
    public static func lines(_ frame: Frame) -> [String] { frame.rows.map { ScreenModel.text($0) } }

    /// The instants `nextChange` reports from 0 to the end.
    public static func changes(_ effect: any Effect, _ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds] {
        var instants: [Nanoseconds] = [0]
        var t: Nanoseconds = 0
        while let next = effect.nextChange(block, after: t, duration: duration, context: context) {
            #expect(next > t, "nextChange went backwards: \(t) → \(next)")
            guard next > t, instants.count < 100_000 else { break }
            instants.append(next)
            t = next
        }
        return instants
    }

    /// `nextChange` is honest: between two instants it reports the drawing does not change (checked at
    /// the first nanosecond after, a few instants in between and the last nanosecond before), and after
    /// the last one the drawing is the final text.
    public static func checkNextChange(_ effect: any Effect, _ block: Block, duration: Nanoseconds, context: EffectContext,
                                       width: Int = 40, sourceLocation: SourceLocation = #_sourceLocation) {
        let instants = changes(effect, block, duration: duration, context: context)
        for (a, b) in zip(instants, instants.dropFirst()) {
            let drawn = frame(effect, block, at: a, duration: duration, context: context, width: width)
            for probe in Set([a + 1, a + (b - a) / 3, a + (b - a) / 2, b - 1]) where probe > a && probe < b {
                let other = frame(effect, block, at: probe, duration: duration, context: context, width: width)
                #expect(other == drawn, "\(effect.name): frame changed at \(probe) between reported \(a) and \(b)", sourceLocation: sourceLocation)
                if other != drawn { return }
            }
        }
        let last = instants.last ?? 0
        #expect(frame(effect, block, at: last, duration: duration, context: context, width: width) == finalFrame(block, width: width),
                "\(effect.name): not final after its last change at \(last)", sourceLocation: sourceLocation)
        #expect(frame(effect, block, at: duration + Time.second, duration: duration, context: context, width: width) == finalFrame(block, width: width),
                sourceLocation: sourceLocation)
    }

    /// `text` revealed by `effect` through the show on a virtual clock.
    public static func play(_ effect: any Effect, _ text: String, columns: Int = 40, rows: Int = 12,
                            context: EffectContext = EffectContext(), duration: Nanoseconds? = nil) throws -> MemorySink {
        let sink = MemorySink()
        var settings = ShowSettings()
        settings.effect = effect
        settings.context = context
        settings.pacing.duration = duration
        settings.format = .text
        try Playback.run(settings, output: Playback.screen(sink, columns: columns, rows: rows, depth: context.depth),
                         input: ScriptedInput([(0, Array(text.utf8))]))
        return sink
    }

    /// Replays every write into a screen model, checking after each that no cell holds part of a
    /// grapheme cluster (each cell's text is one whole cluster from `allowed`, or a cipher glyph of the
    /// cell's width when `ciphers` is set) and wide cells are intact. Returns the final screen.
    @discardableResult
    public static func replay(_ sink: MemorySink, columns: Int, rows: Int, text: String, ciphers: Bool = false,
                              sourceLocation: SourceLocation = #_sourceLocation) -> ScreenModel {
        let allowed = Set(text.map(String.init))
        var screen = ScreenModel(width: columns, height: rows)
        var problems: [String] = []
        for (index, write) in sink.writes.enumerated() {
            screen.feed(write.bytes)
            for (r, row) in screen.cells.enumerated() {
                for (c, cell) in row.enumerated() {
                    if cell.width == 0 {
                        if c == 0 || row[c - 1].width != 2 { problems.append("write \(index): orphan continuation at \(r),\(c)") }
                        continue
                    }
                    if cell.width == 2 && (c + 1 >= columns || row[c + 1].width != 0) {
                        problems.append("write \(index): wide cell without its right half at \(r),\(c)")
                    }
                    if cell.text == " " { continue }
                    if cell.text.count != 1 { problems.append("write \(index): \(cell.text.debugDescription) is not one cluster") }
                    if allowed.contains(cell.text) { continue }
                    if ciphers && Int(cell.width) == DisplayWidth.of(cell.text) && cell.text.unicodeScalars.count == 1 { continue }
                    problems.append("write \(index): \(cell.text.debugDescription) at \(r),\(c) is not a whole cluster of the text")
                }
            }
            if problems.count > 5 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
        #expect(screen.unknown.isEmpty, "\(screen.unknown.prefix(5))", sourceLocation: sourceLocation)
        return screen
    }
}
