/// A run of cue text in one style. `at` is a WebVTT inline timestamp (`<00:00:01.500>`): the media time
/// at which this run appears (karaoke-style word timing); `nil` means "with the cue".
public struct StyledRun: Hashable, Sendable {
    public var text: String
    public var style: Style
    public var at: Nanoseconds?

    public init(_ text: String, style: Style = .plain, at: Nanoseconds? = nil) {
        self.text = text
        self.style = style
        self.at = at
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

    public init(start: Nanoseconds, end: Nanoseconds, runs: [StyledRun],
                placement: CuePlacement = CuePlacement(), identifier: String? = nil, sourceLine: Int = 0) {
        self.start = start
        self.end = end
        self.runs = runs
        self.placement = placement
        self.identifier = identifier
        self.sourceLine = sourceLine
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
