/// A run of cue text in one style. `at` is word or syllable timing (WebVTT `<00:00:01.500>`, ASS
/// karaoke `{\k50}`, enhanced LRC `<00:01.50>`): the media time at which this run takes its look;
/// `nil` means "with the cue".
public struct StyledRun: Hashable, Sendable {
    public var text: String
    public var style: Style
    public var at: Nanoseconds?
    /// How the run looks before `at` when it is already on show (karaoke: the syllable not sung yet,
    /// highlighted at `at` when colour is on); nil: it is hidden until `at`.
    public var before: Style?

    public init(_ text: String, style: Style = .plain, at: Nanoseconds? = nil, before: Style? = nil) {
        self.text = text
        self.style = style
        self.at = at
        self.before = before
    }
}

/// A track of subtitles: one language class of a SAMI file, or one `--track` file. Each track has
/// its own rows in the band, stacked as `--track-order` says (`TrackOrder`); `--lang` picks tracks by
/// name or language.
public struct CueTrack: Hashable, Sendable {
    /// The track's place in the order the tracks come (0: the first; see `SubtitleTracks.stride`).
    public var index: Int
    /// The track's name as the file gives it (a SAMI class: `KRCC`).
    public var name: String
    /// Its language, when the file says (`ko-KR`).
    public var language: String?

    public init(index: Int, name: String, language: String? = nil) {
        self.index = index
        self.name = name
        self.language = language
    }

    /// Whether `--lang choice` picks this track: its name, its language, or the language's primary
    /// subtag (`ko` picks `ko-KR`), in any case.
    public func isChosen(by choice: String) -> Bool {
        let choice = choice.lowercased()
        if name.lowercased() == choice { return true }
        guard let language = language?.lowercased() else { return false }
        return language == choice || language.hasPrefix(choice + "-") || language.hasPrefix(choice + "_")
    }
}

/// Where a cue goes on the screen. Defaults follow the players: bottom of the band, centred.
public struct CuePlacement: Hashable, Sendable {
    public enum Vertical: Hashable, Sendable {
        case bottom, middle, top
        /// WebVTT `line:N` (N ≥ 0 counts from the top row, N < 0 from the bottom: -1 is the last row).
        case line(Int)
        /// WebVTT `line:N%`.
        case percent(Double)
    }
    public enum Alignment: Hashable, Sendable { case start, center, end, left, right }
    /// WebVTT line alignment (`line:N,start|center|end`): which edge of the cue box sits on the line.
    public enum LineAlignment: Hashable, Sendable { case start, center, end }
    /// WebVTT position alignment (`position:N%,line-left|center|line-right`); `auto` follows the
    /// text alignment.
    public enum PositionAlignment: Hashable, Sendable { case auto, lineLeft, center, lineRight }

    public var vertical: Vertical
    public var alignment: Alignment
    /// WebVTT `position:N%`: the horizontal anchor of the cue box, 0–100; `nil` means automatic.
    public var position: Double?
    /// WebVTT `size:N%`: the width of the cue box as a percentage of the screen; `nil` means 100.
    public var size: Double?
    /// WebVTT `line:…,start|center|end`; `.start` (the default) when absent.
    public var lineAlignment: LineAlignment
    /// WebVTT `position:…,line-left|center|line-right`; `.auto` when absent.
    public var positionAlignment: PositionAlignment
    /// `--align`: the cue's lines flush left in a block that sits here in the cue box, by its
    /// longest line (nil: each line aligned on its own by `alignment`).
    public var block: RowAlignment?

    public init(vertical: Vertical = .bottom, alignment: Alignment = .center,
                position: Double? = nil, size: Double? = nil,
                lineAlignment: LineAlignment = .start, positionAlignment: PositionAlignment = .auto) {
        self.vertical = vertical
        self.alignment = alignment
        self.position = position
        self.size = size
        self.lineAlignment = lineAlignment
        self.positionAlignment = positionAlignment
    }

    /// This placement with `--align` and `--place` filling in what the file left to the player
    /// (centred lines at the bottom, no position).
    public func defaulted(alignment: RowAlignment?, place: BlockPlace?) -> CuePlacement {
        var placed = self
        if let alignment, self.alignment == .center, position == nil { placed.block = alignment }
        if let place, vertical == .bottom {
            switch place {
            case .top: placed.vertical = .top
            case .middle: placed.vertical = .middle
            case .bottom, .inline: break
            }
        }
        return placed
    }
}

/// One timed subtitle: text shown from `start` to `end` (media time).
public struct Cue: Hashable, Sendable {
    public var start: Nanoseconds
    public var end: Nanoseconds
    /// Styled text; line breaks are `"\n"` inside run texts.
    public var runs: [StyledRun]
    public var placement: CuePlacement
    /// The cue identifier (SRT index or WebVTT identifier), if any.
    public var identifier: String?
    /// 1-based line of the source file where the cue's timing line is (for messages).
    public var sourceLine: Int
    /// The track it belongs to (nil: the file's one track).
    public var track: CueTrack?
    /// The style it names (an ASS style; `title` for an LRC title card), for json.
    public var styleName: String?
    /// A fade in from its start and out before its end (ASS `\fad`), drawn when colour is on.
    public var fadeIn: Nanoseconds
    public var fadeOut: Nanoseconds

    public init(start: Nanoseconds, end: Nanoseconds, runs: [StyledRun],
                placement: CuePlacement = CuePlacement(), identifier: String? = nil, sourceLine: Int = 0,
                track: CueTrack? = nil, styleName: String? = nil, fadeIn: Nanoseconds = 0, fadeOut: Nanoseconds = 0) {
        self.start = start
        self.end = end
        self.runs = runs
        self.placement = placement
        self.identifier = identifier
        self.sourceLine = sourceLine
        self.track = track
        self.styleName = styleName
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
    }

    /// The cue's text without markup, lines joined by `"\n"`.
    public var plainText: String { runs.map(\.text).joined() }
}

/// Something a parser could not read, reported as `file:line: message` and otherwise skipped.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
    public var description: String { "\(line): \(message)" }
}

extension Cue {
    /// Moves the cue, and its word timing, by `delta` on the media timeline.
    public mutating func shift(by delta: Nanoseconds) {
        start += delta
        end += delta
        for k in runs.indices { runs[k].at = runs[k].at.map { $0 + delta } }
    }
}
