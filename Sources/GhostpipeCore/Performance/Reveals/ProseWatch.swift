/// `--wrap auto` typed prose on a screen that may yet position itself: `TextRun` reads it line by
/// line (`TerminalStreamDetection.Watch`) and keeps, here, the line the prose has open and where it
/// began. At the first line that positions itself the prose becomes a `StreamHandoff`, made only
/// then: most prose never positions itself, and a banner's start-up pays for none of it.
final class ProseWatch {
    private var detection = TerminalStreamDetection.Watch()
    private let setup: RevealSetup
    private let scene: Scene
    private let screen: Screen
    /// The line the prose has open: its bytes, and where it began (nil: longer than `maxOpenLine`,
    /// the stream then starts below the prose).
    private var openLine: [UInt8] = []
    private var lineStart: Placement?
    static let maxOpenLine = 1 << 16

    init(setup: RevealSetup, scene: Scene, screen: Screen) {
        self.setup = setup
        self.scene = scene
        self.screen = screen
        lineStart = Placement(row: setup.row, column: setup.column, width: 0)
    }

    /// Reads a line (or the start of one); whether the input has positioned itself by its end.
    func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { detection.read(bytes) }

    /// The prose was given a whole line: the next one begins where the prose ends now.
    func lineEnded(proseEnd: Placement) {
        openLine.removeAll(keepingCapacity: true)
        lineStart = proseEnd
    }

    /// The prose was given these bytes of the open line.
    func extendLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard lineStart != nil else { return }
        if openLine.count + bytes.count > Self.maxOpenLine { lineStart = nil; openLine = []; return }
        openLine.append(contentsOf: bytes)
    }

    /// The line in `rest` positions itself: the prose, which has everything before it, ends, and
    /// a stream takes `rest` once the prose has shown it all. `skipped`: a key skipped the
    /// animation before.
    func handOff(from prose: any TextReveal, _ rest: UnsafeBufferPointer<UInt8>, skipped: Bool,
                 at now: Nanoseconds) -> StreamHandoff {
        StreamHandoff(prose: prose, setup: setup, scene: scene, screen: screen,
                      openLine: lineStart == nil ? nil : (openLine, lineStart!),
                      rest: rest, skipped: skipped && !setup.timeless, at: now)
    }
}
