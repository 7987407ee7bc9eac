/// What the show asks the terminal, and how it waits for the answer without waiting: a question is
/// sent (`terminal`), the loop goes on serving keys, signals and deadlines, and what needs the
/// answer goes on when it comes as `.terminalAnswered` (or its timeout does).
///
/// - **Where the cursor is** — as the show begins (the text starts after a prompt), before a resize
///   or `fg` that may have moved what is on the screen, and before subtitles anchor their band to
///   the terminal's bottom. The whole show holds meanwhile (`held`): it reads no input, plays
///   nothing, and what happens is kept, in order, for when the answer came.
/// - **How wide the terminal draws some clusters** (emoji terminals disagree on) — before text or
///   cues holding them are laid out. Only the intake holds (`intake`): what was laid out before goes
///   on playing at its pace, and the pieces of input that came after wait their turn.
extension Show {
    /// Why the show holds.
    enum Hold {
        /// The start's answer, where the first row begins.
        case start
        /// Where the cursor is now (`Screen.reportedCursor` while what waited runs).
        case cursor
        /// A cursor question to send once the terminal answered the one on its way.
        case cursorNext
    }

    /// Where the cursor is as the show begins: the first row starts there, after a prompt. The
    /// terminal is asked once, with the clusters `bytes` start with (so that a width question shares
    /// the round trip); `go` runs when the answer or its timeout arrives, at that instant: the
    /// timeline starts when the first grapheme can be shown, so a slow or silent terminal never
    /// causes a burst.
    func locate(firstText bytes: [UInt8], at now: Nanoseconds, then go: @escaping (Nanoseconds) throws -> Void) throws {
        guard !startAsked, let terminal, output.screen != nil else { return try go(now) }
        startAsked = true
        let clusters = String(decoding: bytes.prefix(1 << 12), as: UTF8.self).map(String.init)
        switch terminal.ask(.start(learning: clusters)) {
        case .none, .busy: try go(now)
        case .known(let row, let column): placeStart((row, column)); try go(now)
        case .asked: hold(.start, go)
        }
    }

    /// For subtitles and slides as they begin to play: the instant the start is known, asking if it
    /// was not; nil while the answer is awaited.
    func startKnown(at now: Nanoseconds) throws -> Nanoseconds? {
        try locate(firstText: [], at: now) { _ in }
        return held == nil ? now : nil
    }

    /// The start as the terminal said it (0-based).
    func placeStart(_ cursor: (row: Int, column: Int)) {
        guard let screen = output.screen else { return }
        screen.start(atRow: cursor.row, column: cursor.column)
        flowEnd = Placement(row: 0, column: screen.startColumn, width: 0)
    }

    /// Runs `go` where the terminal's cursor is known (`Screen.reportedCursor`): asks, and holds the
    /// show until the answer; at once, without it, when the terminal cannot be asked.
    func withCursor(at now: Nanoseconds, _ go: @escaping (Nanoseconds) throws -> Void) throws {
        guard let terminal, let screen = output.screen else { return try go(now) }
        switch terminal.ask(.cursor) {
        case .none: try go(now)
        case .known(let row, let column):
            screen.reportedCursor = (row, column)
            defer { screen.reportedCursor = nil }
            try go(now)
        case .asked: hold(.cursor, go)
        case .busy: hold(.cursorNext, go)
        }
    }

    private func hold(_ reason: Hold, _ go: @escaping (Nanoseconds) throws -> Void) {
        holdReason = reason
        held = [go]
    }

    /// Runs `go` now, or, while the show holds for the terminal's answer, once it came (in order).
    func whenStarted(at now: Nanoseconds, _ go: @escaping (Nanoseconds) throws -> Void) throws {
        guard held == nil else { return held!.append(go) }
        try go(now)
    }

    /// The terminal answered (nil: it did not say, in time): what held for it goes on.
    func terminalAnswered(_ cursor: (row: Int, column: Int)?, at now: Nanoseconds) throws {
        switch holdReason {
        case .start?:
            if let cursor { placeStart(cursor) }
            try release(at: now)
        case .cursor?:
            output.screen?.reportedCursor = cursor
            defer { output.screen?.reportedCursor = nil }
            try release(at: now)
        case .cursorNext?:
            // Another question was answered: now ours.
            guard let waiting = held else { break }
            held = nil
            holdReason = nil
            try withCursor(at: now) { [unowned self] now in try run(waiting, at: now) }
            if held != nil { return }
        case nil:
            break
        }
        try takeIntake(at: now)
    }

    /// What held runs, in order, from `now`.
    private func release(at now: Nanoseconds) throws {
        guard let waiting = held else { return }
        held = nil
        holdReason = nil
        try run(waiting, at: now)
    }

    /// Runs `steps` in order; should one of them make the show hold again, the rest wait with it.
    private func run(_ steps: [(Nanoseconds) throws -> Void], at now: Nanoseconds) throws {
        for (i, step) in steps.enumerated() {
            try step(now)
            if held != nil {
                held! += steps[(i + 1)...]
                return
            }
        }
    }

    // MARK: - Widths

    /// A piece of input, taken once the terminal's widths of its `clusters` are known.
    struct Intake {
        var clusters: [String]
        let take: (Nanoseconds) throws -> Void
    }

    /// Takes a piece of input: at once, or, when the terminal must first be asked how wide it draws
    /// some of `clusters` (or pieces before it wait for that), after the answer — in input order.
    func taking(_ clusters: @autoclosure () -> [String] = [], at now: Nanoseconds,
                _ take: @escaping (Nanoseconds) throws -> Void) throws {
        let asking = terminal?.asksWidths == true && output.screen != nil ? clusters() : []
        if intake.isEmpty && held == nil && asking.isEmpty { return try take(now) }
        intake.append(Intake(clusters: asking, take: take))
        if intake.count == 1 { try takeIntake(at: now) }
    }

    /// Takes the pieces of input that wait, up to one whose widths the terminal is asked about.
    func takeIntake(at now: Nanoseconds) throws {
        while held == nil, let first = intake.first {
            if !first.clusters.isEmpty, let terminal {
                switch terminal.ask(.widths(first.clusters)) {
                case .asked:
                    // The probe wrote on the cursor's row (and erased it): drawn again next.
                    output.screen?.invalidateCursorRow()
                    intake[0].clusters = []
                    return
                case .busy:
                    return
                case .none, .known:
                    break
                }
            }
            intake.removeFirst()
            try first.take(now)
        }
    }

    /// The clusters of `batch` a terminal may draw at another width than Unicode says (never
    /// ASCII, which every terminal draws one column wide).
    static func disputable(_ batch: GraphemeBatch) -> [String] {
        guard batch.bytes.contains(where: { $0 >= 0x80 }) else { return [] }
        return (0..<batch.count).map { batch.string($0) }
    }

    /// The same for cues' text.
    static func disputable(_ cues: [Cue]) -> [String] {
        var clusters: [String] = []
        for cue in cues {
            for run in cue.runs where run.text.utf8.contains(where: { $0 >= 0x80 }) { clusters += run.text.map(String.init) }
        }
        return clusters
    }
}
