/// Prose that may turn out to be a terminal stream (`--wrap auto`): input whose start did not
/// position itself plays as prose, word wrap and all, while `TextRun` watches what follows; at the
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
    /// The line the prose has open: its bytes, and where it began (nil: longer than `maxOpenLine`,
    /// the stream then starts below the prose).
    private var openLine: [UInt8] = []
    private var lineStart: Placement?
    /// The input from the line that positioned itself on, until the stream takes it.
    private var held: [UInt8]?
    private var heldPause = false
    private var heldEnd = false
    /// A key skipped the animation before the stream began.
    private var skipped = false
    static let maxOpenLine = 1 << 16

    init(prose: any TextReveal, setup: RevealSetup, scene: Scene, screen: Screen) {
        self.prose = prose
        self.setup = setup
        self.scene = scene
        self.screen = screen
        lineStart = Placement(row: setup.row, column: setup.column, width: 0)
    }

    /// The input has not positioned itself yet: `TextRun` gives the prose its clusters and says
    /// where lines end.
    private(set) var watching = true

    /// The prose was given a whole line: the next one begins where the prose ends now.
    func lineEnded() {
        openLine.removeAll(keepingCapacity: true)
        lineStart = prose.end
    }

    /// The prose was given these bytes of the open line.
    func extendLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard lineStart != nil else { return }
        if openLine.count + bytes.count > Self.maxOpenLine { lineStart = nil; openLine = []; return }
        openLine.append(contentsOf: bytes)
    }

    /// The line in `rest` positions itself: the prose ends, and the stream takes the rest.
    func handOff(_ rest: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) {
        held = Array(rest)
        watching = false
        prose.ended(at: now)
    }

    // MARK: - Input

    private var current: any TextReveal { stream ?? prose }
    var wantsInput: Bool { stream?.wantsInput ?? (held.map { $0.count < 1 << 16 } ?? prose.wantsInput) }
    var holdsPartialInput: Bool { current.holdsPartialInput }
    var isLive: Bool { current.isLive }
    var readsBytes: Bool { !watching }
    var isDone: Bool { stream?.isDone ?? (heldEnd && prose.isDone && held?.isEmpty != false) }
    var end: Placement { current.end }

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds) { if watching { prose.receive(batch, at: now) } }

    func take(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) {
        if let stream { return stream.take(bytes, at: now) }
        held?.append(contentsOf: bytes)
    }

    func paused(at now: Nanoseconds) {
        if let stream { return stream.paused(at: now) }
        if watching { prose.paused(at: now) } else { heldPause = true }
    }

    func ended(at now: Nanoseconds) {
        if let stream { return stream.ended(at: now) }
        if watching { prose.ended(at: now); held = []; watching = false }
        heldEnd = true
    }

    func takeNotes() -> [Note] { prose.takeNotes() + (stream?.takeNotes() ?? []) }
    func interrupted() { current.interrupted() }

    // MARK: - Time

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        if stream == nil {
            let due = try prose.advance(to: now)
            guard prose.isDone, let rest = held, !rest.isEmpty else { return due }
            begin(rest, at: now)
        }
        return try stream!.advance(to: now)
    }

    /// The prose has shown everything: what it drew is final but for its open line, which the
    /// stream reads again where it began.
    private func begin(_ rest: [UInt8], at now: Nanoseconds) {
        let proseEnd = prose.end
        _ = prose.leave()
        scene.removeAll()
        scene.extraRows = [:]
        scene.finalRows = nil
        scene.plainRows = nil
        scene.cursor = nil
        let start = lineStart ?? proseEnd
        let taken = start.row..<(proseEnd.row + 1)
        let from = RevealSetup(output: setup.output, scene: scene, settings: setup.settings, widths: setup.widths,
                               clockRule: setup.clockRule, row: start.row, column: start.column)
        let reveal = StreamReveal(from, scene: scene, screen: screen, autowrap: true, seed: lineStart == nil ? [] : openLine,
                                  taking: taken)
        stream = reveal
        held = nil
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
