import Testing
@testable import GhostpipeCore
import TestSupport

/// `--effect color --palette …`: the text shows at once and moves through the stops in OKLab with
/// ease-out, ending on the last stop or on its own colours; at 256 and 16 colours only real changes
/// are drawn; without colour the text simply shows.
@Suite struct ColorEffect {
    let effect = ColorShift()
    let block = EffectHarness.block("신호 👍🏽 green\nto red")
    let duration: Nanoseconds = 1_000_000_000

    func context(_ palette: String, depth: ColorDepth = .truecolor) throws -> EffectContext {
        var settings = EffectSettings()
        settings[ColorShift.Stops.self] = try PaletteStop.list(palette)
        return EffectContext(depth: depth, settings: settings)
    }

    /// The foreground of every glyph drawn at `t` (all glyphs share one style here).
    func colors(at t: Nanoseconds, _ context: EffectContext) -> Set<Color?> {
        let frame = EffectHarness.frame(effect, block, at: t, duration: duration, context: context)
        var seen: Set<Color?> = []
        for row in frame.rows { for cell in row where !cell.text.isEmpty && cell.text != " " { seen.insert(cell.style.foreground) } }
        return seen
    }

    @Test func itStartsOnTheFirstStopPassesTheMiddleOneAndEndsOnTheLast() throws {
        let context = try context("#00ff00,#ffff00,#ff0000")
        #expect(colors(at: 0, context) == [.rgb(0, 255, 0)])
        #expect(colors(at: duration, context) == [.rgb(255, 0, 0)])
        // Ease-out: near the middle stop (yellow) well before half the time.
        let yellowAt = stride(from: 0, to: duration, by: Int(frameInterval)).first { t in
            guard case .rgb(let r, let g, let b)? = colors(at: t, context).first ?? nil else { return false }
            return r > 230 && g > 230 && b < 40
        }
        #expect(yellowAt.map { $0 < duration / 2 } == true, "\(String(describing: yellowAt))")
        // Every glyph is shown at every instant: the text never disappears.
        let text = EffectHarness.lines(EffectHarness.finalFrame(block))
        for t in stride(from: 0, through: duration, by: Int(duration / 7)) {
            #expect(EffectHarness.lines(EffectHarness.frame(effect, block, at: t, duration: duration, context: context)) == text)
        }
    }

    @Test func inOKLabTheMiddleOfGreenToRedIsNotMuddy() throws {
        let context = try context("#00ff00,#ff0000")
        // Find the instant the eased progress passes one half, and look at the colour there.
        let middle = stride(from: 0, to: duration, by: Int(frameInterval)).first { t in
            EffectTime.easeOut(EffectTime.progress(t, start: 0, length: Double(duration))) >= 0.5
        } ?? 0
        guard case .rgb(let r, let g, _)? = colors(at: middle, context).first ?? nil else { Issue.record("no colour"); return }
        // A straight line in sRGB would pass (128, 128, 0), dark olive; OKLab stays light and warm.
        #expect(Int(r) + Int(g) > 300, "\(r) \(g)")
    }

    @Test func noneEndsOnTheTextsOwnColours() throws {
        let styled = EffectHarness.block("own colour", style: Style(foreground: .palette(4)))
        let context = try context("red,none")
        let final = EffectHarness.frame(effect, styled, at: duration, duration: duration, context: context)
        #expect(final.rows == EffectHarness.finalFrame(styled).rows)
        let plain = EffectHarness.frame(effect, block, at: duration, duration: duration, context: context)
        #expect(plain.rows == EffectHarness.finalFrame(block).rows)
    }

    @Test(arguments: [ColorDepth.palette256, .ansi16])
    func atFewerColoursOnlyRealChangesAreDrawnAndNoEntryComesBack(depth: ColorDepth) throws {
        let context = try context("green,yellow,red", depth: depth)
        var instants: [Nanoseconds] = [0]
        while let next = effect.nextChange(block, after: instants.last!, duration: duration, context: context) { instants.append(next) }
        let shown = instants.map { colors(at: $0, context) }
        // Each change is a different entry, and no entry shows twice (no flicker between equal ones).
        for (a, b) in zip(shown, shown.dropFirst()) { #expect(a != b) }
        #expect(Set(shown).count == shown.count, "\(shown)")
        #expect(shown.first == [.palette(depth == .ansi16 ? 2 : Palette.nearest(0, 205, 0, in: 16..<256))])
        #expect(shown.last == [.palette(depth == .ansi16 ? 1 : Palette.nearest(205, 0, 0, in: 16..<256))])
        #expect(instants.count < (depth == .ansi16 ? 8 : 40), "\(instants.count) frames")
        // With `none` last it ends on the text itself, and nextChange names every change.
        EffectHarness.checkNextChange(effect, block, duration: duration, context: try self.context("green,yellow,red,none", depth: depth))
    }

    @Test func stopsThatLookTheSameCostNothing() throws {
        // At 16 colours both are ANSI red: nothing ever changes after the first frame.
        let context = try context("red,#e00000", depth: .ansi16)
        #expect(effect.nextChange(block, after: 0, duration: duration, context: context) == nil)
    }

    @Test func withoutColourTheTextSimplyShows() throws {
        let context = try context("green,red", depth: .none)
        #expect(EffectHarness.frame(effect, block, at: 0, duration: duration, context: context).rows == EffectHarness.finalFrame(block).rows)
        #expect(effect.nextChange(block, after: 0, duration: duration, context: context) == nil)
    }

    @Test func thePaletteTakesNamesHexAndTheSixteenANSINames() throws {
        #expect(try PaletteStop.list("red,bright-blue,brightwhite,#ff8000,gold,none")
                == [.color(.palette(1)), .color(.palette(12)), .color(.palette(15)), .color(.rgb(255, 128, 0)), .color(.rgb(255, 215, 0)), .own])
        for bad in ["red", "red,,blue", "none,red", "red,blu\u{1B}"] {
            #expect(throws: InvalidValue.self) { try PaletteStop.list(bad) }
        }
        #expect(throws: UsageError("--palette: 'blu\\x1b' is not a colour (a name such as red or bright-blue, or #rrggbb)")) {
            try ArgumentParser.parse(["--palette", "red,blu\u{1B}"])
        }
    }

    @Test func theCommandLineCarriesThePaletteToTheEffect() throws {
        let run = try VirtualRun(["--effect", "color", "--palette", "green,red", "--colors", "16", "--output", "terminal"],
                                 input: [(0, "go\n")], terminal: (20, 5))
        // Green first, red last, and the text as cat leaves it.
        let text = run.output.text
        #expect(text.contains("\u{1B}[0;32m") || text.contains("32m"), "\(text.debugDescription)")
        #expect(text.contains("31m"), "\(text.debugDescription)")
        #expect(run.screen(columns: 20, rows: 5).transcript == ["go"])
    }
}

/// The colour depth the environment asks for.
@Suite struct ColorDepthDetection {
    @Test func termAndColortermDecide() {
        func depth(_ environment: [String: String]) -> ColorDepth { ColorDepth.detect(environment: environment) }
        #expect(depth(["TERM": "xterm-256color"]) == .palette256)
        #expect(depth(["TERM": "screen-256color-bce"]) == .palette256)  // "256color" anywhere
        #expect(depth(["TERM": "256color"]) == .palette256)
        #expect(depth(["TERM": "xterm-256colo"]) == .ansi16)
        #expect(depth(["TERM": "xterm"]) == .ansi16)
        #expect(depth([:]) == .ansi16)
        #expect(depth(["TERM": "xterm-direct"]) == .truecolor)
        #expect(depth(["TERM": "xterm", "COLORTERM": "TrueColor"]) == .truecolor)
        #expect(depth(["TERM": "xterm-256color", "NO_COLOR": "1"]) == ColorDepth.none)
        #expect(depth(["TERM": "dumb"]) == ColorDepth.none)
    }
}
