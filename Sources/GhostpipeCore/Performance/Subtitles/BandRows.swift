/// The rows a subtitle band needs, track by track: each track (a SAMI language class, a `--track`
/// file; one for most files) gets its own rows, as many as its cues shown together take at most, and
/// the tracks stack in `order`. So a line of one track never moves when another track's line comes
/// or goes. Cues are counted in start order.
struct BandRows {
    let order: TrackOrder
    /// Rows each track needs, by track (`Cue.track?.index`; -1 for cues without a track).
    private(set) var byTrack: [Int: Int] = [:]
    /// Cues still on show as the last one counted starts, by track.
    private var open: [Int: [(end: Nanoseconds, rows: Int)]] = [:]

    init(order: TrackOrder = .up) { self.order = order }

    static func key(_ cue: Cue) -> Int { cue.track?.index ?? -1 }

    /// Counts `cue`, `rows` tall.
    mutating func add(_ cue: Cue, rows: Int) {
        let track = Self.key(cue)
        var shown = open[track] ?? []
        shown.removeAll { $0.end <= cue.start }
        shown.append((cue.end, rows))
        open[track] = shown
        byTrack[track] = max(byTrack[track] ?? 1, shown.reduce(0) { $0 + $1.rows })
    }

    /// The band's height: every track's rows.
    var total: Int { max(1, byTrack.values.reduce(0, +)) }

    /// The tracks in stacking order, top first.
    var tracks: [Int] { order.stacked(byTrack.keys) }
}
