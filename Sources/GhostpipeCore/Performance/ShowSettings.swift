/// How streamed text is paced.
public struct Pacing: Sendable {
    /// Graphemes per second (`--cps`; `--wpm N` is N×5/60).
    public var graphemesPerSecond: Double = Pacer.graphemesPerSecond(wpm: 300)
    /// Natural pauses after sentence and line ends.
    public var pauses = true
    /// `--duration`: fit the whole text into this time (reads to EOF first).
    public var duration: Nanoseconds?
    /// `--typing`: even, or a person's intervals; `--typos`: the share of letters slipped on.
    public var typing = TypingStyle.even
    public var typos = 0.0
    /// `--max-lag`: how far behind its input the reveal may fall (nil: as the pace says).
    public var lagBound: LagBound?

    public init(graphemesPerSecond: Double = Pacer.graphemesPerSecond(wpm: 300), pauses: Bool = true,
                duration: Nanoseconds? = nil) {
        self.graphemesPerSecond = graphemesPerSecond
        self.pauses = pauses
        self.duration = duration
    }
}

/// `--layout`: where cues appear on a terminal.
public enum SubtitleLayout: String, CaseIterable, Sendable {
    /// A band of rows at the bottom of the output, redrawn in place; cues are cleared at their end.
    case band
    /// Each cue appended below the last, as a transcript that stays in the scrollback.
    case scroll
    /// One block (a paragraph of text) at a time in the same place, each replacing the one before
    /// through the effect.
    case slides
}

/// How subtitles are timed.
public struct SubtitleTiming: Sendable {
    /// `--offset`: added to every cue time.
    public var offset: Nanoseconds = 0
    /// `--speed`: media seconds per clock second.
    public var speed: Double = 1
    /// `--start`: the media position playback begins at (cues active there show at once).
    public var start: Nanoseconds = 0
    public init(offset: Nanoseconds = 0, speed: Double = 1, start: Nanoseconds = 0) {
        self.offset = offset
        self.speed = speed
        self.start = start
    }
}

/// Everything a show needs to know from the command line, interpreted for where it plays.
public struct ShowSettings {
    public var effect: any Effect = Typewriter()
    public var context = EffectContext()
    public var pacing = Pacing()
    /// `--instant`: wait for nothing (outputs that carry time still walk the timeline).
    public var instant = false
    public var timing = SubtitleTiming()
    public var subtitleLayout = SubtitleLayout.band
    /// `--layout` was given (live captions default to a transcript otherwise).
    public var subtitleLayoutChosen = false
    /// How long text that live input shows may take to appear: `--max-lag`, or a tenth of a second.
    public var liveLag: Nanoseconds { pacing.lagBound?.limit ?? Self.defaultLiveLag }
    public static let defaultLiveLag = 100 * Time.millisecond
    /// `--loop`: the slides start again after the last.
    public var loop = false
    /// `--band-rows`: the band's height (nil: what the cues need).
    public var bandRows: Int?
    /// The band places top and middle cues within itself rather than taking the screen (the overlay).
    public var bandHoldsPlacedCues = false
    /// `--align`: blocks moved across the width by their longest line (nil: text flush left, cue
    /// lines each centred).
    public var alignment: RowAlignment?
    /// `--place`: blocks placed vertically on a full screen or in the band (nil: text flows from
    /// where it starts, cues go where they say or at the bottom).
    public var place: BlockPlace?
    /// `--place inline`: the subtitle band stays under the prompt rather than at the terminal's last rows.
    public var bandUnderPrompt = false
    /// Whether `--align` or `--place` moves blocks from where the flow would put them.
    var placesBlocks: Bool { (alignment ?? .left) != .left || (place ?? .top) != .top }
    public var tabWidth = 8
    public var keepInputColors = true
    /// How streamed text meets the margin: word wrap, or the terminal's own layout (`--wrap`).
    public var wrap = TextWrap.auto
    /// `--format` (nil: each file is detected on its own).
    public var format: SubtitleFormat?
    /// `--encoding` of subtitle files.
    public var encoding: String?
    /// What else the command line says of how to read subtitle files (`--fps`, `--channel`).
    public var parseOptions = ParseOptions()
    /// `--lang`: the tracks to play (SAMI classes, by name or language); nil: all.
    public var language: String?
    /// `--track` files: how many, and their cues (tagged by `SubtitleTracks`), played beside the
    /// input's subtitles: given here, or read on the event loop (`TrackLoader`: `tracksPending`
    /// until then, and subtitles wait for them).
    public var trackCount = 0
    public var trackCues: [Cue] = []
    public var tracksPending = false
    /// `--track-order`: how the tracks (those files, and a SAMI file's classes) stack in the band.
    public var trackOrder = TrackOrder.up
    /// `--follow`: subtitles play at a player's position (`Event.followed`), not on their own clock.
    public var follows = false
    /// `--force`: files that look binary are shown on screens anyway.
    public var force = false
    /// `--partials`: a live recogniser's partial hypotheses go to the output too (json writes them).
    public var partials = false
    /// The screen's size, or the size to lay text out for when there is none.
    public var columns = 80
    public var rows = 24

    public init() {}
}
