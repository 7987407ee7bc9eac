/// What ghostpipe found about where it runs: the facts the command line is interpreted against.
public struct Surroundings: Sendable {
    /// Whether stdout is a terminal.
    public var stdoutIsTerminal: Bool
    /// The terminal's size, when stdout is one.
    public var terminalSize: (columns: Int, rows: Int)?
    /// The environment variables ghostpipe looks at (TERM, COLORTERM, NO_COLOR, COLUMNS, LINES, SHELL).
    public var environment: [String: String]

    public init(stdoutIsTerminal: Bool, terminalSize: (columns: Int, rows: Int)?, environment: [String: String]) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.terminalSize = terminalSize
        self.environment = environment
    }

    public static let environmentNames = ["TERM", "COLORTERM", "NO_COLOR", "COLUMNS", "LINES", "SHELL"]
}

/// Options interpreted against the surroundings: the output mode, the screen size, the colours.
public struct Session {
    public var options: Options
    public var mode: OutputMode
    public var columns: Int
    public var rows: Int
    public var depth: ColorDepth
    public var environment: [String: String]
    /// The animation seed (`--seed`, or random).
    public var seed: UInt64
    /// Whether stdout is a terminal (plain output to one is sanitized).
    public var stdoutIsTerminal: Bool

    public init(options: Options, surroundings: Surroundings) throws(UsageError) {
        self.options = options
        stdoutIsTerminal = surroundings.stdoutIsTerminal
        let env = surroundings.environment
        environment = env
        var mode = options.output
        if mode == .auto {
            mode = surroundings.stdoutIsTerminal && env["TERM"] != "dumb" ? .terminal : .plain
        }
        self.mode = mode
        // The terminal's own size when writing to one; else --width/--height; COLUMNS/LINES only as a
        // fallback when the terminal does not say.
        if surroundings.stdoutIsTerminal, let size = surroundings.terminalSize {
            columns = size.columns
            rows = size.rows
        } else if surroundings.stdoutIsTerminal {
            columns = options.width ?? env["COLUMNS"].flatMap { Int($0) }.map { max(1, min($0, 10_000)) } ?? 80
            rows = options.height ?? env["LINES"].flatMap { Int($0) }.map { max(1, min($0, 10_000)) } ?? 24
        } else {
            columns = options.width ?? 80
            rows = options.height ?? 24
        }
        depth = Session.colorDepth(options: options, mode: mode, environment: env)
        seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
        if options.overlay != nil {
            if options.output != .auto && options.output.writes != .terminal {
                throw UsageError("--overlay draws on the terminal; it cannot be used with --output \(options.output)")
            }
            if !surroundings.stdoutIsTerminal { throw UsageError("--overlay needs a terminal, but standard output is not one") }
            if env["TERM"] == "dumb" { throw UsageError("--overlay needs a terminal that can move the cursor (TERM is dumb)") }
        }
        do throws(InvalidValue) { try options.trackOrder.check(trackFiles: options.tracks.count) } catch { throw UsageError("--track-order: \(error.message)") }
        if options.loop && options.instant {
            // Slides that start again at once, in no time, would be written without end.
            throw UsageError("--loop plays until q or Ctrl-C; it cannot be used with --instant")
        }
        if options.follow != nil && options.instant {
            throw UsageError("--follow plays at the player's position; it cannot be used with --instant")
        }
        if options.record != nil && mode.writes == .text {
            throw UsageError("--record records terminal output, but the output is \(mode) (stdout is not a terminal); use --output cast > FILE")
        }
    }

    /// Colour depth: `--color never` → none; `--colors N` → N; a recording → truecolor (the viewer
    /// decides); otherwise what the environment says, at least 16 colours with `--color always`.
    static func colorDepth(options: Options, mode: OutputMode, environment: [String: String]) -> ColorDepth {
        if options.color == .never { return .none }
        if let forced = options.colors { return forced }
        if mode.writes == .recording { return .truecolor }
        let detected = ColorDepth.detect(environment: environment)
        return options.color == .always ? max(detected, .ansi16) : detected
    }

    /// What the user should know about how the options play out here (said on stderr, once).
    public var notes: [String] {
        var notes: [String] = []
        if mode == .plain, options.effect != Typewriter().name, !options.instant {
            notes.append("--effect \(options.effect) draws on a terminal; plain output is the text paced as it would be typed "
                         + "(-o cast records the effect, -o json gives its timing)")
        }
        if options.pacing.typing == .human || options.pacing.typos > 0, options.pacing.duration != nil || options.effect != Typewriter().name {
            notes.append("--typing human and --typos are the typewriter's: --duration and the other effects time text their own way")
        }
        return notes
    }

    /// The effect context for this run.
    public var effectContext: EffectContext {
        EffectContext(depth: depth, seed: seed, graphemesPerSecond: options.pacing.graphemesPerSecond,
                      settings: options.effectSettings)
    }

    /// What the show needs to know from the command line, for this output.
    public var showSettings: ShowSettings {
        var settings = ShowSettings()
        settings.effect = EffectCatalog.named(options.effect) ?? Typewriter()
        if options.subtitleLayout == .slides && !options.effectChosen { settings.effect = Morph() }
        settings.loop = options.loop
        settings.context = effectContext
        settings.pacing = options.pacing
        settings.instant = options.instant
        settings.timing = options.subtitleTiming
        settings.subtitleLayout = options.subtitleLayout
        settings.subtitleLayoutChosen = options.subtitleLayoutChosen
        settings.bandRows = options.bandRows
        settings.alignment = options.alignment
        // `inline` is where the band goes, not where blocks go: text and cues then place as by default.
        settings.place = options.place == .inline ? nil : options.place
        settings.bandUnderPrompt = options.place == .inline
        settings.tabWidth = options.tabWidth
        settings.keepInputColors = options.keepInputColors
        settings.wrap = options.wrap
        settings.format = options.format
        settings.encoding = options.encoding
        settings.parseOptions = ParseOptions(frameRate: options.frameRate, channel: options.channel)
        settings.language = options.language
        settings.partials = options.partials
        settings.trackOrder = options.trackOrder
        settings.force = options.force
        settings.follows = options.follow != nil
        settings.columns = columns
        settings.rows = rows
        return settings
    }

    /// The output for this run, as `--output` (or where stdout goes) chose it: the terminal (with a
    /// recording beside it), a recording, plain text or json. `origin` is the instant the show begins.
    public func output(stdout: any ByteSink, recording: (any ByteSink)?, origin: Nanoseconds) throws -> any Output {
        let parts = OutputParts(stdout: stdout, recording: recording, stdoutIsTerminal: stdoutIsTerminal, columns: columns,
                                rows: rows, depth: depth, environment: environment, origin: origin)
        return try (mode.kind ?? PlainOutput.Kind()).make(parts)
    }

    /// Colours on the overlay's screen: the program's pass through at the terminal's depth (it was
    /// told `TERM=xterm-256color`, and NO_COLOR is for it to honour, not us); the band's were chosen
    /// at `depth` already.
    public var overlayDepth: ColorDepth {
        if let forced = options.colors { return forced }
        var env = environment
        env["NO_COLOR"] = nil
        return max(.ansi16, ColorDepth.detect(environment: env))
    }

    func castRecorder(_ sink: any ByteSink, origin: Nanoseconds) throws -> CastRecorder {
        try CastRecorder(sink: sink, width: columns, height: rows, origin: origin, environment: environment)
    }
}
