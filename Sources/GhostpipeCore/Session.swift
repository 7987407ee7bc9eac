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
    /// Widths as the terminal draws them, when it can be asked (set by the executable); nil: Unicode.
    public var widths: MeasuredWidths?

    public init(options: Options, surroundings: Surroundings) throws(UsageError) {
        self.options = options
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
            if options.output != .auto && options.output != .terminal {
                throw UsageError("--overlay draws on the terminal; it cannot be used with --output \(options.output.rawValue)")
            }
            if !surroundings.stdoutIsTerminal { throw UsageError("--overlay needs a terminal, but standard output is not one") }
            if env["TERM"] == "dumb" { throw UsageError("--overlay needs a terminal that can move the cursor (TERM is dumb)") }
        }
        if options.record != nil && (mode == .plain || mode == .json) {
            throw UsageError("--record records terminal output, but the output is \(mode.rawValue) (stdout is not a terminal); use --output cast > FILE")
        }
    }

    /// Colour depth: `--color never` → none; `--colors N` → N; a recording → truecolor (the viewer
    /// decides); otherwise what the environment says, at least 16 colours with `--color always`.
    static func colorDepth(options: Options, mode: OutputMode, environment: [String: String]) -> ColorDepth {
        if options.color == .never { return .none }
        if let forced = options.colors { return forced }
        if mode == .cast { return .truecolor }
        let detected = ColorDepth.detect(environment: environment)
        return options.color == .always ? max(detected, .ansi16) : detected
    }

    /// The effect context for this run.
    public var effectContext: EffectContext {
        EffectContext(depth: depth, seed: seed, graphemesPerSecond: options.pacing.graphemesPerSecond,
                      acceleration: options.acceleration)
    }

    /// Builds the performance for streamed text: the typewriter, or blocks revealed by another effect.
    public func textPerformance(stdout: any ByteSink, recording: (any ByteSink)?, origin: Nanoseconds) throws -> any Performance {
        if options.effect == "credits", mode == .terminal || mode == .cast {
            return try creditsPerformance(stdout: stdout, recording: recording, origin: origin)
        }
        let effect = EffectCatalog.named(options.effect) ?? Typewriter()
        if !(effect is Typewriter), mode == .terminal || mode == .cast {
            let stage = Stage(sink: try screenSink(stdout: stdout, recording: recording, origin: origin),
                              width: columns, height: rows, depth: depth)
            let performance = BlockPerformance(stage: stage, effect: effect, context: effectContext, tabWidth: options.tabWidth,
                                               duration: options.pacing.duration, instant: options.instant,
                                               recording: mode == .cast || recording != nil,
                                               keepInputColors: options.keepInputColors)
            performance.widths = widths
            return performance
        }
        return try typewriterPerformance(stdout: stdout, recording: recording, origin: origin)
    }

    /// `--effect credits` on a terminal: the text rolls up through a viewport (see `CreditsPerformance`).
    func creditsPerformance(stdout: any ByteSink, recording: (any ByteSink)?, origin: Nanoseconds) throws -> CreditsPerformance {
        let stage = Stage(sink: try screenSink(stdout: stdout, recording: recording, origin: origin),
                          width: columns, height: rows, depth: depth)
        return CreditsPerformance(stage: stage, context: effectContext, tabWidth: options.tabWidth,
                                  duration: options.pacing.duration, instant: options.instant,
                                  recording: mode == .cast || recording != nil)
    }

    /// Builds the subtitle player for `cues`.
    public func subtitlePerformance(cues: CueList, stdout: any ByteSink, recording: (any ByteSink)?,
                                    origin: Nanoseconds) throws -> SubtitlePerformance {
        let output: SubtitleOutput
        switch mode {
        case .plain, .auto: output = .plain(stdout)
        case .json: output = .json(stdout)
        case .terminal, .cast:
            let stage = Stage(sink: try screenSink(stdout: stdout, recording: recording, origin: origin),
                              width: columns, height: rows, depth: depth)
            // Shown at once (--instant) on a terminal, cues would flash and vanish: show the transcript.
            let layout = options.instant && mode == .terminal && recording == nil ? .scroll : options.subtitleLayout
            output = .screen(stage, layout: layout)
        }
        let effect = EffectCatalog.named(options.effect) ?? Typewriter()
        let performance = SubtitlePerformance(cues: cues, output: output, effect: effect, context: effectContext, width: columns,
                                              height: rows, timing: options.subtitleTiming, fixedBandRows: options.bandRows,
                                              instant: options.instant, carriesTime: mode == .json || mode == .cast || recording != nil,
                                              origin: origin)
        performance.widths = widths
        return performance
    }

    /// The height of the overlay's band: `--band-rows` (leaving the program a row at least), else
    /// what the cues need (at most half the screen), else two rows for text.
    public func overlayBandRows(cues: CueList?, columns: Int, screenRows: Int) -> Int {
        let most = max(1, screenRows - 1)
        if let fixed = options.bandRows { return min(fixed, most) }
        guard let cues else { return min(2, most) }
        return SubtitlePerformance.bandHeight(cues, width: columns, limit: max(1, min(most, screenRows / 2)), placed: false)
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

    /// The performance that plays in the overlay's band: SOURCE played as on a terminal `columns`
    /// wide and `rows` + 1 tall (the band, and the row a cursor may rest on below it), drawing on
    /// `sink`. Subtitles get a band of exactly `rows`.
    func bandPerformance(cues: CueList?, sink: any ByteSink, columns: Int, rows: Int, origin: Nanoseconds) throws -> any Performance {
        var band = self
        band.mode = .terminal
        band.columns = columns
        band.rows = rows + 1
        band.widths = nil  // the band's width probe would draw on the real terminal
        band.options.record = nil
        band.options.bandRows = rows
        if let cues { return try band.subtitlePerformance(cues: cues, stdout: sink, recording: nil, origin: origin) }
        return try band.textPerformance(stdout: sink, recording: nil, origin: origin)
    }

    /// The terminal output, or its recording, or both.
    func screenSink(stdout: any ByteSink, recording: (any ByteSink)?, origin: Nanoseconds) throws -> any ByteSink {
        var sinks: [any ByteSink] = [mode == .cast ? try castRecorder(stdout, origin: origin) : stdout]
        if let recording { sinks.append(try castRecorder(recording, origin: origin)) }
        return sinks.count == 1 ? sinks[0] : TeeSink(sinks)
    }

    func typewriterPerformance(stdout: any ByteSink, recording: (any ByteSink)?, origin: Nanoseconds) throws -> TextPerformance {
        let presenter: any GlyphPresenter
        switch mode {
        case .plain, .auto:
            presenter = PlainPresenter(sink: stdout)
        case .json:
            presenter = JSONPresenter(sink: stdout, origin: origin)
        case .terminal, .cast:
            presenter = FlowScreenPresenter(sink: try screenSink(stdout: stdout, recording: recording, origin: origin),
                                            width: columns, height: rows, depth: depth,
                                            carriesTime: mode == .cast || recording != nil)
        }
        let performance = TextPerformance(pacing: options.pacing, presenter: presenter, width: columns,
                                          tabWidth: options.tabWidth, instant: options.instant, origin: origin,
                                          keepInputColors: options.keepInputColors)
        performance.screenRows = rows
        performance.widths = widths
        return performance
    }

    private func castRecorder(_ sink: any ByteSink, origin: Nanoseconds) throws -> CastRecorder {
        try CastRecorder(sink: sink, width: columns, height: rows, origin: origin, environment: environment)
    }
}
