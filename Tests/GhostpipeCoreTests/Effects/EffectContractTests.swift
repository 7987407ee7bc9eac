import Testing
@testable import GhostpipeCore
import TestSupport

/// What every effect in the catalogue promises: the final frame is the text, no frame shows part of a
/// grapheme cluster, `nextChange` is honest, and the seed alone decides the animation.
@Suite struct EffectContract {
    static let names = ["typewriter", "letters", "fade", "color", "decrypt", "morph", "credits"]
    static let depths: [ColorDepth] = [.truecolor, .palette256, .ansi16, .none]

    static func effect(_ name: String) -> any Effect {
        guard let effect = EffectCatalog.named(name) else { Issue.record("no effect \(name)"); return Typewriter() }
        return effect
    }

    @Test func theCatalogueListsEveryEffectInOrder() {
        #expect(EffectCatalog.all.map(\.name) == Self.names)
        #expect(EffectCatalog.listing.split(separator: "\n").count == Self.names.count)
        #expect(EffectCatalog.listing.split(separator: "\n").allSatisfy { $0.count <= 80 }, "--list-effects fits 80 columns")
    }

    @Test(arguments: names)
    func halfWayThroughTheScreenIsNeitherBlankNorFinal(name: String) throws {
        let text = EffectTexts.ascii
        let context = EffectContext(depth: .truecolor, seed: 3)
        let sink = try EffectHarness.play(Self.effect(name), text, columns: 40, rows: 12, context: context,
                                          duration: 2 * Time.second)
        // The screen as it stood at 0.8 s on the virtual clock (about half way through the first block).
        var screen = ScreenModel(width: 40, height: 12)
        for write in sink.writes where write.instant <= 800 * Time.millisecond { screen.feed(write.bytes) }
        let final = expectedWrap(text, width: 40)
        let shown = screen.transcript
        #expect(shown.contains { !$0.isEmpty }, "\(name): nothing shown half way")
        let plain = shown == final && screen.cells.joined().allSatisfy { $0.style == .plain }
        #expect(!plain, "\(name): already final half way: \(shown)")
    }

    @Test(arguments: names, [0, 1, 2])
    func theFinalScreenIsTheTextAndNoFrameSplitsACluster(name: String, text: Int) throws {
        let text = EffectTexts.all[text]
        for depth in Self.depths {
            let context = EffectContext(depth: depth, seed: 7, graphemesPerSecond: 200)
            let sink = try EffectHarness.play(Self.effect(name), text, columns: 40, rows: 12, context: context)
            let screen = EffectHarness.replay(sink, columns: 40, rows: 12, text: text, ciphers: name == "decrypt")
            // Credits centre their lines: the same text once the centring is removed.
            let shown = name == "credits" ? screen.transcript.map { String($0.drop { $0 == " " }) } : screen.transcript
            #expect(shown == expectedWrap(text, width: 40), "\(name) at \(depth)")
            // Ends in the default style: nothing left switched on.
            #expect(screen.style == .plain)
            #expect(screen.cells.joined().allSatisfy { $0.style == .plain }, "\(name) at \(depth) left colour on screen")
            if depth == .none { #expect(!sink.text.contains("\u{1B}[0;"), "\(name) used colour without colours") }
        }
    }

    @Test(arguments: names, [0, 1, 2])
    func nextChangeIsConsistentWithDraw(name: String, text: Int) {
        let block = EffectHarness.block(EffectTexts.all[text])
        for depth in Self.depths {
            for duration in [Time.second / 3, 1_234_567_891] {
                let context = EffectContext(depth: depth, seed: 11, previous: EffectHarness.block(EffectTexts.ascii))
                EffectHarness.checkNextChange(Self.effect(name), block, duration: duration, context: context)
            }
        }
    }

    @Test(arguments: names)
    func theSameSeedGivesTheSameBytes(name: String) throws {
        let context = EffectContext(depth: .truecolor, seed: 42, graphemesPerSecond: 100)
        let first = try EffectHarness.play(Self.effect(name), EffectTexts.ascii + EffectTexts.korean, context: context)
        let second = try EffectHarness.play(Self.effect(name), EffectTexts.ascii + EffectTexts.korean, context: context)
        #expect(first.bytes == second.bytes)
        #expect(first.writes.map(\.instant) == second.writes.map(\.instant))
    }

    @Test(arguments: ["letters", "decrypt"])
    func aDifferentSeedGivesADifferentAnimation(name: String) throws {
        var context = EffectContext(depth: .truecolor, seed: 42, graphemesPerSecond: 100)
        let first = try EffectHarness.play(Self.effect(name), EffectTexts.ascii, context: context)
        context.seed = 43
        let second = try EffectHarness.play(Self.effect(name), EffectTexts.ascii, context: context)
        #expect(first.bytes != second.bytes)
    }

    @Test(arguments: names)
    func aBudgetIsFilledAndTheNaturalDurationScalesWithLengthWithinBounds(name: String) {
        let effect = Self.effect(name)
        let context = EffectContext()
        let short = EffectHarness.block("Hi there.")
        let long = EffectHarness.block(String(repeating: "All work and no play makes Jack a dull boy. ", count: 60), width: 60)
        #expect(effect.duration(of: short, budget: 3 * Time.second, context: context) == 3 * Time.second || name == "typewriter")
        let a = effect.duration(of: short, budget: nil, context: context)
        let b = effect.duration(of: long, budget: nil, context: context)
        #expect(a >= 0 && a <= b)
        #expect(a <= 2 * Time.second, "\(name): \(a) for a short text")
        if name != "typewriter" { #expect(b <= 6 * Time.second + Time.second * Nanoseconds(long.rows) / 3, "\(name): \(b) for a long one") }
        // A faster pace, a shorter (or equal) reveal.
        let faster = EffectContext(graphemesPerSecond: 500)
        #expect(effect.duration(of: long, budget: nil, context: faster) <= b)
    }
}
