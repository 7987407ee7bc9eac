/// What an effect may know besides the block and the time.
public struct EffectContext: Sendable {
    /// Colours the terminal can show; effects that fade need at least 16.
    public var depth: ColorDepth
    /// The colour a fade starts from (the terminal's background, assumed dark unless known).
    public var background: (UInt8, UInt8, UInt8)
    /// The colour of text drawn in the terminal's default colour (for fades towards it).
    public var foreground: (UInt8, UInt8, UInt8)
    /// Same seed, same animation.
    public var seed: UInt64
    /// Graphemes per second of the run's pace (effects scale their natural duration with it).
    public var graphemesPerSecond: Double
    /// The block shown before this one in the same place, for transitions (`morph`).
    public var previous: Block?
    /// What the effects' own options (`EffectOption`) were given: `--accel`, `--palette`.
    public var settings: EffectSettings

    public init(depth: ColorDepth = .truecolor, background: (UInt8, UInt8, UInt8) = (0, 0, 0),
                foreground: (UInt8, UInt8, UInt8) = (229, 229, 229), seed: UInt64 = 0,
                graphemesPerSecond: Double = 25, previous: Block? = nil, settings: EffectSettings = EffectSettings()) {
        self.depth = depth
        self.background = background
        self.foreground = foreground
        self.seed = seed
        self.graphemesPerSecond = graphemesPerSecond
        self.previous = previous
        self.settings = settings
    }
}

/// A reveal: a pure function from a laid-out block and the time since it started to what the block's
/// cells show. No timers, no state that time does not determine; the same seed gives the same frames.
public protocol Effect: Sendable {
    /// The name `--effect` takes.
    var name: String { get }
    /// One line for `--list-effects`.
    var summary: String { get }
    /// The options this effect takes, declared beside it (default: none).
    static var options: [EffectOption] { get }

    /// How long the reveal takes. `budget` is the time it is given (a cue's reveal budget, a share of
    /// `--duration`); without one, the effect's natural duration for this block at the context's pace.
    func duration(of block: Block, budget: Nanoseconds?, context: EffectContext) -> Nanoseconds

    /// Draws `block` as it looks at `elapsed` (0 ≤ elapsed; at or after `duration` it is the final
    /// text) into `frame`, with the block's top-left cell at (`row`, `column`).
    func draw(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext,
              into frame: inout Frame, row: Int, column: Int)

    /// The next elapsed time after `elapsed` at which the drawing changes; nil once it never will.
    /// Continuous effects (fades) answer with their frame interval.
    func nextChange(_ block: Block, after elapsed: Nanoseconds, duration: Nanoseconds, context: EffectContext) -> Nanoseconds?

    /// For each glyph, the elapsed time from which it shows its final look for good (json output
    /// reports it). Default: the end of the reveal.
    func settleTimes(_ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds]

    /// Rows of the block the drawing at `elapsed` occupies from its top (the typewriter's rows appear
    /// as it reaches them; rows not there yet are not created on the terminal). Default: all.
    func rowsShown(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds) -> Int

    /// The glyphs that appear after `from` up to `to` (elapsed), when that is all that changes in the
    /// drawing: each drawn in its final look where `draw` puts it, nothing else changed, and glyphs
    /// appended later with a reveal after `to` not drawn before then (the typewriter). Nil: the
    /// effect cannot say, and frames are composed whole. Default: nil.
    func appearing(_ block: Block, from: Nanoseconds, to: Nanoseconds, duration: Nanoseconds) -> Range<Int>?

    /// How streamed text (a file, a pipe, a terminal stream) is revealed under it: the effect says
    /// which timeline and reveal it needs. Default: a block at a time (a paragraph, a region drawn).
    var streaming: StreamedReveal { get }
}

/// The timeline and reveal streamed text needs under an effect.
public enum StreamedReveal: Sendable {
    /// Grapheme by grapheme on the pacer's timeline, each typed in its final place (the typewriter).
    case typed
    /// Lines rolling up through the screen (film credits).
    case rolled
    /// A paragraph, or the region a terminal stream drew, at a time.
    case blocks
}

extension Effect {
    public static var options: [EffectOption] { [] }

    public var streaming: StreamedReveal { .blocks }

    public func appearing(_ block: Block, from: Nanoseconds, to: Nanoseconds, duration: Nanoseconds) -> Range<Int>? { nil }

    public func settleTimes(_ block: Block, duration: Nanoseconds, context: EffectContext) -> [Nanoseconds] {
        Array(repeating: duration, count: block.count)
    }

    public func rowsShown(_ block: Block, elapsed: Nanoseconds, duration: Nanoseconds) -> Int { block.rows }

    /// Draws every glyph in its final look: what all effects end on.
    public func drawFinal(_ block: Block, into frame: inout Frame, row: Int, column: Int) {
        for glyph in block.glyphs {
            frame.put(glyph.text, width: glyph.width, style: glyph.style, row: row + glyph.row, column: column + glyph.column)
        }
    }
}

/// Continuous animations are drawn at most this often (60 frames per second).
public let frameInterval: Nanoseconds = Time.second / 60
