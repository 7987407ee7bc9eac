/// Where the output goes and in which form.
/// Everything the command line can say.
public struct Options: Sendable {
    public var files: [String] = []
    public var pacing = Pacing()
    public var instant = false
    public var output = OutputMode.auto
    public var record: String?
    /// `--partials`: json gets a live recogniser's partial hypotheses too.
    public var partials = false
    public var width: Int?
    public var height: Int?
    public var tabWidth = 8
    /// `--effect`: the reveal.
    public var effect = "typewriter"
    /// `--effect` was given (`--layout slides` otherwise morphs).
    public var effectChosen = false
    /// `--loop`: the slides start again after the last.
    public var loop = false
    /// `--seed`: the same seed gives the same animation (random when nil).
    public var seed: UInt64?
    /// What the effects' own options were given (`--accel`, `--palette`: see `EffectOption`).
    public var effectSettings = EffectSettings()
    /// `--align`: where a block sits across the width (nil: as each layout does by default).
    public var alignment: RowAlignment?
    /// `--place`: where a block sits vertically (nil: as each layout does by default).
    public var place: BlockPlace?
    public var color = ColorChoice.auto
    /// `--colors`: force a colour depth.
    public var colors: ColorDepth?
    public var listEffects = false
    /// `--format`: text or subtitles (nil: detect from the content and the file name).
    public var format: SubtitleFormat?
    /// `--encoding`: a legacy code page for subtitle files.
    public var encoding: String?
    /// `--fps`: the frame rate of subtitles timed in frames.
    public var frameRate: Double?
    /// `--lang`: the subtitle tracks to play, by name or language (SAMI classes); nil: all.
    public var language: String?
    /// `--channel`: the CEA-608 caption channel of SCC files, 1–4.
    public var channel = 1
    public var subtitleTiming = SubtitleTiming()
    public var subtitleLayout = SubtitleLayout.band
    public var subtitleLayoutChosen = false
    /// `--band-rows`: the height of the subtitle band (nil: as tall as the cues need).
    public var bandRows: Int?
    /// `--track FILE`s: more subtitle files, each a track of its own.
    public var tracks: [String] = []
    /// `--track-order`: how the tracks stack in the band.
    public var trackOrder = TrackOrder.up
    /// `--follow SOURCE`: subtitles follow a player's position (nil: their own clock).
    public var follow: FollowTarget?
    /// `--overlay SOURCE`: play SOURCE in a band below a program (nil: no overlay).
    public var overlay: String?
    /// The program the overlay runs, with its arguments (`--overlay SOURCE -- COMMAND ARGS…`).
    public var command: [String] = []
    /// `--input-colors`: keep the colours (SGR) of text input, re-emitted by the renderer.
    public var keepInputColors = true
    public var wrap = TextWrap.auto
    /// `--no-keys`: do not read the keyboard.
    public var keys = true
    /// `--force`: show a file that looks binary on a terminal anyway.
    public var force = false
    /// `--widths`: whether to ask the terminal how wide it draws disputed clusters.
    public var widths = MeasuredWidths.Policy.auto
    public var showHelp = false
    public var showVersion = false
    /// `--completions SHELL`: print that shell's completion script.
    public var completions: CompletionShell?

    public init() {}
}

/// `--color`: whether to use colour at all.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// As the environment says (NO_COLOR, TERM=dumb, COLORTERM, TERM).
    case auto
    /// Colour even where the environment says not (NO_COLOR is still honoured by `auto` only).
    case always
    /// No colour (animation still runs; fades become a hold, then the final text).
    case never
}

/// A mistake on the command line: printed as `ghostpipe: <message>` with a hint to `--help`, exit 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
