/// `--effect color --palette C1,C2[,…]`: the block shows at once and its text moves through the
/// palette's colours over the effect's duration, interpolated in OKLab with the fade's ease-out, the
/// stops evenly spaced. It ends on the last stop, or — when the palette ends in `none` — on the
/// text's own colours (its final screen is then `cat`'s, colours included).
///
/// - At 256 or 16 colours each instant's colour is brought down to the nearest palette entry, and a
///   frame is drawn only when an entry changes: stops or steps that look the same on this terminal
///   cost nothing and never flicker.
/// - Without colour (NO_COLOR, `--color never`) the text simply shows.
/// - Each block (a paragraph, a cue) goes through the whole palette; for subtitles that is within the
///   cue's reveal budget (a third of its duration), so a countdown's cues each go green → red.
public struct ColorShift: Effect {
    public init() {}
    public var name: String { "color" }
    public var summary: String { "the text moves through the colours of --palette (OKLab, ease-out)" }

    public static let options = [
        EffectOption("palette", .text("C1,C2"), sets: Stops.self,
                     help: "the colours --effect color moves through: names (red, bright-blue, gold), #rrggbb, and none last for the text's own colour",
                     details: """
                     Two stops or more, separated by commas, evenly spaced over the effect's duration and blended in \
                     OKLab with the fade's ease-out. The 16 ANSI names (black, red, green, yellow, blue, magenta, cyan, \
                     white, each also bright-) are the terminal's own palette entries; other names are CSS colours. The \
                     text ends on the last stop, or, when it is none, on its own colours. At 256 or 16 colours each step \
                     is the nearest palette entry, redrawn only when that entry changes. Default: white,gold,none.
                     """) { text throws(InvalidValue) in try PaletteStop.list(text) },
    ]

    /// `--palette`: the stops (empty: `defaultPalette`).
    public enum Stops: EffectSetting {
        public static let defaultValue: [PaletteStop] = []
    }

    /// Without `--palette`: white, gold, then the text's own colour.
    public static let defaultPalette: [PaletteStop] = [.color(.rgb(255, 255, 255)), .color(.rgb(255, 215, 0)), .own]

    public func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds {
        EffectTime.fit(budget, natural: EffectTime.natural(count: block.count, pace: context.graphemesPerSecond,
                                                           lead: 90, speedup: 3, bounds: 1...3))
    }

    private func stops(_ context: EffectContext) -> [PaletteStop] {
        let given = context.settings[Stops.self]
        return given.isEmpty ? Self.defaultPalette : given
    }

    /// What each distinct style shows at grid instant `t`, brought down to the terminal's depth.
    private func looks(_ distinct: [Style], at t: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> [Style] {
        guard context.depth != .none else { return distinct }
        let stops = stops(context)
        let p = t >= duration ? 1 : EffectTime.easeOut(EffectTime.progress(t, start: 0, length: Double(duration)))
        // The two stops `p` lies between, and how far from the first.
        let span = Double(stops.count - 1) * p
        let k = min(stops.count - 1, Int(span))
        let next = min(stops.count - 1, k + 1)
        let along = span - Double(k)
        return distinct.map { style in
            if k == stops.count - 1, case .own = stops[k] { return style }
            let from = stops[k].rgb(for: style, context: context)
            let to = stops[next].rgb(for: style, context: context)
            var shown = style
            shown.foreground = context.depth.quantize(OKLab.mix(OKLab(from.0, from.1, from.2), OKLab(to.0, to.1, to.2), along).rgb)
            // Text in its own explicit colour looks final once that colour is reached at this depth.
            if case .own = stops[next], let own = style.foreground, shown.foreground == context.depth.quantize(own.rgb) { return style }
            return shown
        }
    }

    public func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
                     into frame: inout Frame, row: Int, column: Int) {
        let styles = StyleIndex(block)
        let looks = looks(styles.styles, at: EffectTime.sample(elapsed, duration: duration), duration: duration, context: context)
        if looks == styles.styles { return drawFinal(block, into: &frame, row: row, column: column) }
        for (glyph, k) in zip(block.glyphs, styles.index) {
            frame.put(glyph.text, width: glyph.width, style: looks[k], row: row + glyph.row, column: column + glyph.column)
        }
        GapBridging.bridge(&frame, rows: row..<(row + block.rows))
    }

    public func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds? {
        guard context.depth != .none else { return nil }
        let distinct = StyleIndex(block).styles
        return EffectTime.nextChange(after: elapsed, duration: duration) { t in
            looks(distinct, at: t, duration: duration, context: context)
        }
    }

    /// The text shows from the start; its look settles at the end.
    public func settleTimes(_ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds] {
        Array(repeating: context.depth == .none ? 0 : duration, count: block.count)
    }
}

/// One stop of `--palette`: a colour, or `none`, the text's own colour.
public enum PaletteStop: Hashable, Sendable {
    case color(Color)
    case own

    /// The stop's colour for text whose final style is `style`.
    func rgb(for style: Style, context: EffectContext) -> (UInt8, UInt8, UInt8) {
        switch self {
        case .color(let color): return color.rgb
        case .own: return style.foreground?.rgb ?? context.foreground
        }
    }

    /// The 16 ANSI names (`red`, `bright-red` or `brightred`…) as the terminal's own palette entries.
    static let ansiNames: [String] = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// A stop from `none`, one of the 16 ANSI names, a CSS colour name or `#rrggbb`; nil otherwise.
    public init?(_ text: String) {
        let name = text.lowercased().filter { $0 != " " }
        if name == "none" { self = .own; return }
        let plain = name.hasPrefix("bright-") ? String(name.dropFirst(7)) : name.hasPrefix("bright") ? String(name.dropFirst(6)) : name
        if let i = Self.ansiNames.firstIndex(of: plain) {
            self = .color(.palette(UInt8(i + (plain == name ? 0 : 8))))
            return
        }
        guard let color = NamedColors.parse(text) else { return nil }
        self = .color(color)
    }

    /// `C1,C2[,…]`: at least two stops, `none` only last.
    public static func list(_ text: String) throws(InvalidValue) -> [PaletteStop] {
        var stops: [PaletteStop] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let stop = PaletteStop(String(part)) else {
                throw InvalidValue("'\(Messages.visible(String(part)))' is not a colour (a name such as red or bright-blue, or #rrggbb)")
            }
            stops.append(stop)
        }
        guard stops.count >= 2 else { throw InvalidValue("'\(Messages.visible(text))' needs two colours or more, separated by commas") }
        if stops.dropLast().contains(.own) { throw InvalidValue("none (the text's own colour) can only be the last stop") }
        return stops
    }
}
