import Testing
@testable import GhostpipeCore
import TestSupport

@Suite struct DecryptEffect {
    let effect = Decrypt()
    let duration = 2 * Time.second

    @Test func everyCellChurnsThroughGlyphsOfItsOwnWidthFromTheStart() {
        let block = EffectHarness.block("abc 한국어 日本 xyz 👍🏽")
        let context = EffectContext(depth: .truecolor, seed: 1)
        let frame = EffectHarness.frame(effect, block, at: 0, duration: duration, context: context)
        for g in block.glyphs {
            let cell = frame.rows[g.row][g.column]
            #expect(Int(cell.width) == g.width)
            #expect(DisplayWidth.of(cell.text) == g.width)
            if g.width == 1 { #expect(cell.text.unicodeScalars.allSatisfy { $0.isASCII }) }
            if g.width == 2 {
                let v = cell.text.unicodeScalars.first?.value ?? 0
                #expect((0xAC00...0xD7A3).contains(v) || (0x4E00...0x9EFF).contains(v), "\(cell.text)")
            }
            #expect(cell.style == Style(foreground: .palette(2), attributes: .dim))
        }
    }

    @Test func churnIsAPureFunctionOfSeedCellAndStep() {
        let block = EffectHarness.block(EffectTexts.ascii)
        let context = EffectContext(seed: 77)
        let t = 10 * Decrypt.tick + 123
        let a = EffectHarness.frame(effect, block, at: t, duration: duration, context: context)
        // Same instant: same frame, whatever was drawn before.
        _ = EffectHarness.frame(effect, block, at: 5 * Decrypt.tick, duration: duration, context: context)
        #expect(EffectHarness.frame(effect, block, at: t, duration: duration, context: context) == a)
        // Within one tick (three frames) nothing moves; two ticks later most cells have changed.
        #expect(EffectHarness.frame(effect, block, at: 11 * Decrypt.tick - 1, duration: duration, context: context) == a)
        let later = EffectHarness.frame(effect, block, at: 12 * Decrypt.tick, duration: duration, context: context)
        let changed = block.glyphs.filter { a.rows[$0.row][$0.column] != later.rows[$0.row][$0.column] }.count
        #expect(changed > block.count / 2)
        #expect(Decrypt.cipherText(3, step: 9, width: 1, seed: 1) == Decrypt.cipherText(3, step: 9, width: 1, seed: 1))
        #expect((0..<20).map { Decrypt.cipherText(3, step: $0, width: 1, seed: 1) } != (0..<20).map { Decrypt.cipherText(3, step: $0, width: 1, seed: 2) })
    }

    @Test func cellsSettleRoughlyLeftToRightWithSeededJitterAndAFlash() {
        let n = 200
        let settles = (0..<n).map { Decrypt.settle($0, of: n, duration: duration, seed: 4) }
        let firstHalf = settles[..<(n / 2)].reduce(0, +) / Nanoseconds(n / 2)
        let secondHalf = settles[(n / 2)...].reduce(0, +) / Nanoseconds(n / 2)
        #expect(firstHalf < secondHalf)
        #expect(settles != settles.sorted(), "jitter: not strictly in reading order")
        #expect(settles.allSatisfy { $0 >= (duration - Decrypt.flash(duration)) / 5 && $0 < duration - Decrypt.flash(duration) + Decrypt.tick })
        #expect(settles.allSatisfy { $0 % Decrypt.tick == 0 })
        #expect(settles != (0..<n).map { Decrypt.settle($0, of: n, duration: duration, seed: 5) })

        // A settled glyph is itself, highlighted, then in its own style.
        let block = EffectHarness.block("x")
        let context = EffectContext(depth: .truecolor, seed: 4)
        let settle = Decrypt.settle(0, of: 1, duration: duration, seed: 4)
        let flash = EffectHarness.frame(effect, block, at: settle, duration: duration, context: context).rows[0][0]
        #expect(flash == Cell("x", style: Style(foreground: .palette(10))))
        #expect(EffectHarness.frame(effect, block, at: settle - 1, duration: duration, context: context).rows[0][0].text != "x")
        let after = EffectHarness.frame(effect, block, at: settle + Decrypt.flash(duration), duration: duration, context: context).rows[0][0]
        #expect(after == Cell("x"))
    }

    @Test func withoutColourItStillChurnsAndSettles() throws {
        let context = EffectContext(depth: .none, seed: 8, graphemesPerSecond: 100)
        let sink = try EffectHarness.play(effect, EffectTexts.korean, context: context)
        #expect(!sink.text.contains("\u{1B}[0;"), "no SGR selects without colour")
        #expect(sink.writes.count > 10)
        let screen = EffectHarness.replay(sink, columns: 40, rows: 12, text: EffectTexts.korean, ciphers: true)
        #expect(screen.transcript == expectedWrap(EffectTexts.korean, width: 40))
    }
}
