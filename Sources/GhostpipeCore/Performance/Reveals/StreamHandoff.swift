/// Prose that may turn out to be a terminal stream (`--wrap auto`): input whose start did not
/// position itself plays as prose, word wrap and all, while `TextRun` watches what follows (`ProseWatch`); at the
/// first line that moves the cursor, erases or rewrites (`progress 10%` then `\r` and `ESC [K` a
/// moment later), the prose ends before that line and a `StreamReveal` takes over once the prose
/// has shown everything it had.
///
/// What the prose showed stays where it is. The line still open when the stream begins (its start
/// already shown as prose) is the stream's first: the emulator reads it at once, untimed, where the
/// prose put it, so a carriage return goes back to its start as under `cat`; its rows are then the
/// stream's (laid out as the terminal lays them out). An open line that began after a prompt moves
/// to a row of its own, as any stream starts.
final class StreamHandoff: TextReveal {
    private let prose: any TextReveal
    private var stream: StreamReveal?
    private let setup: RevealSetup
    private let scene: Scene
    private let screen: Screen
    /// The line the prose had open and where it began (nil: too long to keep, `ProseWatch`).
    private let openLine: (bytes: [UInt8], start: Placement)?
    /// The input from the line that positioned itself on, until the stream takes it.
    private var held: [UInt8]
    private var heldPause = false
    private var heldEnd = false
    /// A key skipped the animation before the stream began.
    private var skipped: Bool

    /// The prose, which has everything before `rest`, ends now.
    init(prose: any TextReveal, setup: RevealSetup, scene: Scene, screen: Screen,
         openLine: (bytes: [UInt8], start: Placement)?, rest: UnsafeBufferPointer<UInt8>, skipped: Bool, at now: Nanoseconds) {
        self.prose = prose
        self.setup = setup
        self.scene = scene
        self.screen = screen
        self.openLine = openLine
        held = Array(rest)
        self.skipped = skipped
        prose.ended(at: now)
    }

    // MARK: - Input

    private var current: any TextReveal { stream ?? prose }
    var wantsInput: Bool { stream?.wantsInput ?? (held.count < 1 << 16) }
    var holdsPartialInput: Bool { current.holdsPartialInput }
    var isLive: Bool { current.isLive }
    var readsBytes: Bool { true }
    var isDone: Bool { stream?.isDone ?? (heldEnd && prose.isDone && held.isEmpty) }
    var end: Placement { current.end }

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds) {}

    func take(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) {
        if let stream { return stream.take(bytes, at: now) }
        held.append(contentsOf: bytes)
    }

    func paused(at now: Nanoseconds) {
        if let stream { return stream.paused(at: now) }
        heldPause = true
    }

    func ended(at now: Nanoseconds) {
        if let stream { return stream.ended(at: now) }
        heldEnd = true
    }

    func takeNotes() -> [Note] { prose.takeNotes() + (stream?.takeNotes() ?? []) }
    func interrupted() { current.interrupted() }

    // MARK: - Time

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        if stream == nil {
            let due = try prose.advance(to: now)
            guard prose.isDone, !held.isEmpty else { return due }
            begin(at: now)
        }
        return try stream!.advance(to: now)
    }

    /// The prose has shown everything: what it drew is final but for its open line, which the
    /// stream reads again where it began.
    private func begin(at now: Nanoseconds) {
        let proseEnd = prose.end
        _ = prose.leave()
        scene.removeDrawing()
        let start = openLine?.start ?? proseEnd
        let taken = start.row..<(proseEnd.row + 1)
        let from = RevealSetup(output: setup.output, scene: scene, settings: setup.settings, widths: setup.widths,
                               clockRule: setup.clockRule, row: start.row, column: start.column)
        let reveal = StreamReveal(from, scene: scene, screen: screen, autowrap: true, seed: openLine?.bytes ?? [],
                                  taking: taken)
        stream = reveal
        let rest = held
        held = []
        if skipped { reveal.showEverything(at: now) }
        rest.withUnsafeBufferPointer { reveal.take($0, at: now) }
        if heldEnd { reveal.ended(at: now) } else if heldPause { reveal.paused(at: now) }
    }

    func sceneTime(at now: Nanoseconds) -> Nanoseconds { current.sceneTime(at: now) }
    func drawn(at now: Nanoseconds) -> Bool { current.drawn(at: now) }
    var typesItself: Bool { current.typesItself }
    var drawsAhead: Bool { current.drawsAhead }
    func showEverything(at now: Nanoseconds) {
        if stream == nil { skipped = true }
        current.showEverything(at: now)
    }
    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws { try current.resize(columns: columns, rows: rows, at: now) }
    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws { try current.resume(after: pause, at: now) }
    func leave() -> Bool { current.leave() }
    var reservedRows: Int? { current.reservedRows }
}
