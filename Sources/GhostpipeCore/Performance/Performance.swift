/// One thing that plays, whatever it is — streamed text revealed by an effect (`TextRun` over a
/// `TextReveal`: the typewriter, a paragraph at a time, credits, slides, a raw copy) or subtitles
/// (`CuePlayback`). The show asks every one the same questions, in the same loop: bring it up to
/// a time, draw its scene, say when it next changes, take a key, a resize, a `fg`. What it needs
/// (a timeline, a reveal, keys) it says itself; the show never asks what type it is.
protocol Performance: AnyObject {
    /// Everything it will ever show has been shown (its input ended too).
    var isDone: Bool { get }
    /// Where what comes after it continues (document row and column).
    var end: Placement { get }
    /// Brings the output up to clock instant `now`; returns the next instant something is due.
    func advance(to now: Nanoseconds) throws -> Nanoseconds?
    /// The instant its scene is drawn at for clock instant `now`: the clock's own for text, the
    /// playhead's position for subtitles (paused, sought, at another speed).
    func sceneTime(at now: Nanoseconds) -> Nanoseconds
    /// The frame for `now` was drawn: what is final on the terminal may leave the scene. Returns
    /// whether something new came on that must be drawn at `now` too.
    func drawn(at now: Nanoseconds) -> Bool
    /// Whether it draws on the screen itself (`--instant` to a recording: the typewriter types
    /// straight from its queue), so the show draws no frame of the scene for it.
    var typesItself: Bool { get }
    /// Whether its frames up to the next instant it names depend on time alone (no input still to
    /// come can change them): `--instant` to a recording may then draw them all in one turn of the
    /// loop, each at its instant. Subtitles may still receive a cue that starts before then.
    var drawsAhead: Bool { get }
    /// Whether it reads keys (transport keys, the slides' ← and →) rather than leave them for the shell.
    var takesKeys: Bool { get }
    /// A key it reads; returns whether it took it (if not, the key shows everything at once).
    func press(_ key: Key, at now: Nanoseconds) -> Bool
    /// From now on, show everything as soon as it is ready (a key skipped the animation).
    func showEverything(at now: Nanoseconds)
    /// The terminal is now `columns` × `rows`: lay out what is on show again and draw it afresh.
    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws
    /// After `fg`: the stop lasted `pause`; continue where it was, redrawn on the cursor's line.
    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws
    /// It ends (done, `q`, a signal): takes off the screen what does not stay (a subtitle band) and
    /// returns whether it did, so the show draws once more. What stays is final.
    func leave() -> Bool
    /// The rows of a band it keeps at the bottom, if it keeps one (the overlay sizes for it).
    var reservedRows: Int? { get }
    /// Whether it places itself by the terminal's rows (a subtitle band at the terminal's bottom):
    /// the show asks the terminal where its cursor is before a resize or `fg` reaches it
    /// (`Screen.reportedCursor`).
    var needsCursor: Bool { get }
    /// `--follow`: the followed player says where it is.
    func follow(_ player: Playhead, at now: Nanoseconds)
}

extension Performance {
    func sceneTime(at now: Nanoseconds) -> Nanoseconds { now }
    var typesItself: Bool { false }
    var takesKeys: Bool { false }
    func press(_ key: Key, at now: Nanoseconds) -> Bool { false }
    func leave() -> Bool { false }
    var reservedRows: Int? { nil }
    var needsCursor: Bool { false }
    func follow(_ player: Playhead, at now: Nanoseconds) {}
}
