/// How a performance meets the clock, decided once for the run from `--instant` and the output
/// (`Output.carriesTime`), and handed to every performance as it starts.
struct ClockRule {
    /// Show everything as soon as it is ready: `--instant` to an output without time (a pipe, a
    /// terminal), or, from then on, after a key skipped the animation.
    var timeless: Bool
    /// `--instant` to an output that carries time (json, a recording): on the virtual clock nothing
    /// happens between two instants, so what is scheduled goes out at once, each at its own instant,
    /// and the clock then jumps to the last of them — one turn of the event loop per batch rather
    /// than per grapheme or cue, with the same output. On a screen the show draws the frames ahead
    /// (for a performance that `drawsAhead`); to a text output the performance sends its graphemes
    /// or cues ahead itself.
    let runsAhead: Bool

    init(instant: Bool, carriesTime: Bool) {
        timeless = instant && !carriesTime
        runsAhead = instant && carriesTime
    }
}
