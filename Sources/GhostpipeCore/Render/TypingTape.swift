/// A stretch of the glyph queue as the typewriter types it, read in place: which graphemes draw a
/// cell, where the typing head rests after each, and the instants that group them into frames.
///
/// The typewriter's rules live here once. On a terminal `PacedText` makes glyphs for the scene by
/// them; `--instant` to a recording types straight from the queue (`Screen.type`), with no `Glyph`,
/// no scene and no composed frame, which is what made a recording of a long text slow.
struct TypingTape {
    /// The graphemes' text, styles and places.
    let graphemes: PlacedGraphemes
    let kinds: UnsafeBufferPointer<GraphemeKind>
    let instants: UnsafeBufferPointer<Nanoseconds>
    var placements: UnsafeBufferPointer<Placement> { graphemes.placements }
    /// One past the last grapheme to type.
    let end: Int
    /// Every grapheme at this instant, as one frame (drawn afresh after a resize), rather than each at its own.
    let stamp: Nanoseconds?
    /// Each grapheme a step of its own, whatever its instant: text shown at once (`--instant`, the
    /// rest after a key) typed one by one as the paced typewriter types it, on its fast paths — a
    /// read's graphemes as one step drew every cell through the general one (`appear`), at five
    /// times the instructions per byte. The screen ends the same: the last step is the same frame.
    let oneByOne: Bool

    /// The next grapheme to type.
    private(set) var next: Int
    /// The one frame of `stamp` was told.
    private var stampTaken = false
    /// The typewriter's state, kept by its owner between stretches.
    var state: State

    struct State {
        /// The row the head is on and its first grapheme: the frame's top (rows above are final).
        var headRow: Int
        var rowStart: Int
        /// Where the head rests.
        var head: Placement
        /// The last row a carriage return or backspace moved the head back on: spaces typed there
        /// blank what they are typed over, as on a terminal, so they draw cells too.
        var rewoundRow: Int?
        /// The next frame is composed whole (the first, and after a relayout or a key).
        var composesWhole = true
    }

    /// One frame of typing: the graphemes of one instant (up to `end`), those of them that draw a
    /// cell (`drawn`), and where the head rests after them.
    struct Step {
        var instant: Nanoseconds
        var end: Int
        var cursor: Placement
        /// The frame's top row before the step (the head's row) and its first grapheme.
        var top: Int
        var topStart: Int
    }

    /// Room for the indices of the graphemes of a step that draw a cell (`withTape` owns it).
    private let room: UnsafeMutableBufferPointer<Int>
    private var drawnCount = 0
    /// The cells the current step draws.
    var drawn: TapeCells { TapeCells(graphemes: graphemes, drawn: UnsafeBufferPointer(rebasing: room[..<drawnCount])) }

    init(bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>, kinds: UnsafeBufferPointer<GraphemeKind>,
         placements: UnsafeBufferPointer<Placement>, instants: UnsafeBufferPointer<Nanoseconds>,
         styleIndices: UnsafeBufferPointer<UInt16>, styles: UnsafeBufferPointer<Style>, end: Int, stamp: Nanoseconds?,
         oneByOne: Bool = false, next: Int, state: State, room: UnsafeMutableBufferPointer<Int>) {
        precondition(room.count >= end - next, "room for a step as long as the stretch")
        graphemes = PlacedGraphemes(bytes: bytes, ends: ends, placements: placements, styleIndices: styleIndices, styles: styles)
        (self.kinds, self.instants, self.end, self.stamp, self.next, self.state) = (kinds, instants, end, stamp, next, state)
        self.oneByOne = oneByOne && stamp == nil
        self.room = room
    }

    /// Whether grapheme `kind` placed at `p` draws a cell: it takes columns and is not a line end or
    /// a blank (spaces take no glyph: the cell is blank already), but for a space on a rewound row.
    @inline(__always)
    static func draws(_ kind: GraphemeKind, at p: Placement, rewoundRow: Int?) -> Bool {
        draws(kind, at: p, rewound: rewoundRow ?? Int.min)
    }

    /// `draws` with no rewound row told by `Int.min` (an optional compared per grapheme cost more).
    @inline(__always)
    static func draws(_ kind: GraphemeKind, at p: Placement, rewound: Int) -> Bool {
        p.width > 0 && kind != .newline && (!kind.isBlank || kind == .space && p.row == rewound)
    }

    /// Where the head rests after grapheme `kind` placed at `p`.
    @inline(__always)
    static func head(after kind: GraphemeKind, at p: Placement) -> Placement {
        kind == .newline ? Placement(row: p.row + 1, column: 0, width: 0) : Placement(row: p.row, column: p.column + p.width, width: 0)
    }

    /// Moves `state` through grapheme `k` (the head's row and where the row starts).
    @inline(__always)
    static func follow(_ kind: GraphemeKind, at p: Placement, index k: Int, state: inout State) {
        state.head = head(after: kind, at: p)
        follow(kind, at: p, index: k, headRow: &state.headRow, rowStart: &state.rowStart)
    }

    /// The head's row and where the row starts after grapheme `k` (`follow` without the head).
    @inline(__always)
    static func follow(_ kind: GraphemeKind, at p: Placement, index k: Int, headRow: inout Int, rowStart: inout Int) {
        if kind == .newline {
            (headRow, rowStart) = (p.row &+ 1, k &+ 1)
        } else if p.row != headRow {
            (headRow, rowStart) = (p.row, k)
        }
    }

    /// The next frame's graphemes, the state moved through them; nil at the end.
    mutating func nextStep() -> Step? {
        let (first, top, topStart) = (next, state.headRow, state.rowStart)
        guard next < end else {
            // Drawn afresh at one instant: a frame even with nothing on the head's row yet.
            guard let stamp, !stampTaken else { return nil }
            stampTaken = true
            drawnCount = 0
            return Step(instant: stamp, end: first, cursor: state.head, top: top, topStart: topStart)
        }
        stampTaken = true
        let instant = stamp ?? instants[first]
        // `draws` and `follow` for each grapheme, with the state in locals and the head worked out
        // once, after the last (kept in memory through `self`, a grapheme cost twice as much when
        // megabytes go at one instant: `--instant`, the rest after a key).
        var (headRow, rowStart, count, k) = (state.headRow, state.rowStart, 0, first)
        var rewound = state.rewoundRow ?? Int.min
        let timed = stamp == nil
        repeat {
            let (kind, p) = (kinds[k], placements[k])
            if kind.isMotion { rewound = p.row }
            if Self.draws(kind, at: p, rewound: rewound) { room[count] = k; count &+= 1 }
            Self.follow(kind, at: p, index: k, headRow: &headRow, rowStart: &rowStart)
            k &+= 1
        } while k < end && (!timed || instants[k] == instant) && !oneByOne
        state.head = Self.head(after: kinds[k &- 1], at: placements[k &- 1])
        (state.headRow, state.rowStart, state.rewoundRow) = (headRow, rowStart, rewound == Int.min ? nil : rewound)
        (drawnCount, next) = (count, k)
        return Step(instant: instant, end: k, cursor: state.head, top: top, topStart: topStart)
    }

    /// The usual typing steps from `next` on (`UsualSteps`), to be taken in one pass; nil when
    /// every grapheme goes at one instant (`stamp`).
    @inline(__always)
    func usualSteps() -> UsualSteps? {
        guard stamp == nil else { return nil }
        return UsualSteps(kinds: kinds, placements: placements, instants: instants, end: end, row: state.headRow,
                          rewoundRow: state.rewoundRow, oneByOne: oneByOne, k: next)
    }

    /// The usual steps up to `steps.k` were typed: the head rests after the last.
    @inline(__always)
    mutating func took(_ steps: UsualSteps) {
        guard steps.k > next else { return }
        let p = placements[steps.k - 1]
        state.head = Placement(row: p.row, column: p.column + p.width, width: 0)
        next = steps.k
    }

    /// Graphemes that are the usual typing step, read one after another from `k`: alone at their
    /// instant, on the head's row, taking columns, not a line end or a motion (so the head stays
    /// on its row and nothing it knows changes). What is not is told by `nextStep`.
    struct UsualSteps {
        let kinds: UnsafeBufferPointer<GraphemeKind>
        let placements: UnsafeBufferPointer<Placement>
        let instants: UnsafeBufferPointer<Nanoseconds>
        let end: Int
        let row: Int
        let rewoundRow: Int?
        let oneByOne: Bool
        /// The next grapheme.
        var k: Int

        /// Whether grapheme `k` is a usual step (then `draws` says whether it draws a cell).
        @inline(__always)
        func current() -> (isUsual: Bool, draws: Bool) {
            guard k < end, k + 1 == end || oneByOne || instants[k + 1] != instants[k] else { return (false, false) }
            let (kind, p) = (kinds[k], placements[k])
            guard p.row == row, p.width > 0, kind != .newline, !kind.isMotion else { return (false, false) }
            return (true, TypingTape.draws(kind, at: p, rewoundRow: rewoundRow))
        }
    }

    /// The frame the typewriter shows after graphemes up to `end` (exclusive), as the scene composes
    /// it: the rows from `top` (whose first grapheme is `topStart`) to the last drawn so far, every
    /// cell drawn on them put in typing order, the cursor at the head. With nothing drawn yet, an
    /// empty frame at `emptyOrigin`. (No grapheme before `topStart` is on row `top` or below, so a
    /// row rewound before it cannot matter.)
    func frame(top: Int, topStart: Int, through end: Int, width: Int, emptyOrigin: Int) -> Frame {
        var rewound: Int?
        var drawnHere: [Int] = []
        for k in topStart..<end {
            if kinds[k].isMotion { rewound = placements[k].row }
            if Self.draws(kinds[k], at: placements[k], rewoundRow: rewound) { drawnHere.append(k) }
        }
        guard let last = drawnHere.last else {
            var empty = Frame(width: width, origin: emptyOrigin, rowCount: 0)
            empty.cursor = state.head
            return empty
        }
        var frame = Frame(width: width, origin: top, rowCount: placements[last].row + 1 - top)
        for k in drawnHere {
            let p = placements[k]
            frame.put(graphemes.text(k), width: p.width, style: graphemes.style(k), row: p.row, column: p.column)
        }
        frame.cursor = state.head
        return frame
    }
}

/// The glyph queue's graphemes read in place, by index: text, style and place (cells that appear,
/// each grapheme one).
struct PlacedGraphemes: AppearingCells {
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>
    let placements: UnsafeBufferPointer<Placement>
    let styleIndices: UnsafeBufferPointer<UInt16>
    let styles: UnsafeBufferPointer<Style>

    var count: Int { placements.count }
    @inline(__always) func row(_ k: Int) -> Int { placements[k].row }
    @inline(__always) func column(_ k: Int) -> Int { placements[k].column }
    @inline(__always) func width(_ k: Int) -> Int { placements[k].width }
    @inline(__always) func start(_ k: Int) -> Int { k == 0 ? 0 : ends[k - 1] }
    @inline(__always) func text(_ k: Int) -> String { GlyphQueue.string(bytes, from: start(k), to: ends[k]) }
    @inline(__always) func style(_ k: Int) -> Style { styles[Int(styleIndices[k])] }
    /// Whether grapheme `k` is plain, told without reading its style (the queue's first style is plain).
    @inline(__always) func isPlain(_ k: Int) -> Bool { styleIndices[k] == 0 }
    @inline(__always) func appendText(_ k: Int, to out: inout [UInt8]) {
        let start = start(k)
        if ends[k] == start + 1 { out.append(bytes[start]) } else { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<ends[k]])) }
    }
    /// `Frame.canTake` of grapheme `k` at its width, one byte told without making its text:
    /// printable ASCII is one column.
    @inline(__always) func canTake(_ k: Int) -> Bool { canTake(k, from: start(k), to: ends[k]) }

    /// `canTake(k)` with the grapheme's bytes `start..<end` known. Text that does not start with
    /// ASCII (most clusters of more than a byte: Hangul, emoji) is told by that byte, as
    /// `Frame.canTake` tells it, without making its text.
    @inline(__always) func canTake(_ k: Int, from start: Int, to end: Int) -> Bool {
        let byte = bytes[start]
        if byte >= 0x80 { return true }
        guard end == start + 1 else { return Frame.canTake(text(k), placements[k].width) }
        return byte >= 0x20 && byte != 0x7F && placements[k].width == 1
    }
}

extension GlyphQueue {
    /// The graphemes from `start` up to `end` (placed and scheduled) as the typewriter types them,
    /// read in place by `body`, which moves `state` on.
    func withTape<R>(from start: Int, to end: Int, state: inout TypingTape.State, stamp: Nanoseconds? = nil,
                     oneByOne: Bool = false, _ body: (inout TypingTape) throws -> R) rethrows -> R {
        precondition(end <= placements.count && (stamp != nil || end <= instants.count), "typing graphemes not placed and scheduled")
        return try bytes.withUnsafeBufferPointer { bytes in
            try ends.withUnsafeBufferPointer { ends in
                try kinds.withUnsafeBufferPointer { kinds in
                    try placements.withUnsafeBufferPointer { placements in
                        try instants.withUnsafeBufferPointer { instants in
                            try styleIndices.withUnsafeBufferPointer { styleIndices in
                                try styles.withUnsafeBufferPointer { styles in
                                    let room = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(1, end - start))
                                    defer { room.deallocate() }
                                    var tape = TypingTape(bytes: bytes, ends: ends, kinds: kinds, placements: placements,
                                                          instants: instants, styleIndices: styleIndices, styles: styles,
                                                          end: end, stamp: stamp, oneByOne: oneByOne, next: start, state: state,
                                                          room: room)
                                    defer { state = tape.state }
                                    return try body(&tape)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
