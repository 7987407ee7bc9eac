/// `--layout slides` on a screen: one paragraph of text, or one cue, at a time (a slide), in the same
/// place — a screenful from where the show starts, each slide placed in it by `--place` and
/// `--align` — each replacing the one before through the effect (`morph` unless `--effect` says
/// otherwise); the first comes on from blank space.
///
/// The show has a position on the line of slides: k is slide k at rest, k + f is the transition from
/// slide k to the next drawn at f of its duration. Without keys the position moves on by itself: a
/// slide of text stays for its reading time at the pace (`--wpm`, `--cps`; at least `minimumHold`),
/// then the transition to the next plays; a cue's slide comes on at the cue's start (the first time
/// round) and stays, after the last, for the cue's duration. ← and → move the goal a step back or forth and the position moves
/// towards it at the transition's own speed, backwards through a transition played in reverse: a
/// press mid-way turns it round where it stands, presses in a row scrub through several slides, and
/// nothing jumps. After a key the keys lead: the slides wait for them, and → on the last slide ends
/// the show. `--loop` goes from the last slide to the first (and ← from the first to the last) until
/// `q` or Ctrl-C.
///
/// Memory stays bounded whatever comes in: text is read while the slide after the position is not
/// known yet (one slide and the next) or, up to `maxAhead` slides ahead, while the slides kept
/// hold fewer than `maxKept` graphemes; slides behind the position are kept to step back to, up to
/// `maxKept` graphemes, and forgotten past that (`--loop` needs them all: it stops reading there
/// and loops over what it has, and says so). A paragraph longer than `Paragraphs.maxLength`
/// graphemes is cut there: the rest of it is dropped, counted, and said when it ends.
final class SlideShow: TextReveal {
    /// A paragraph laid out for the area: its block, and its first row in the area.
    private struct Slide {
        var text: [StyledGrapheme]
        var block: Block
        var top: Int
        /// A cue's: the instant it comes on by itself (the first time round).
        var due: Nanoseconds?
        /// How long it stays before the next comes on by itself (when it has no `due`).
        var hold: Nanoseconds
    }

    private let output: any Output
    private let scene: Scene
    private let effect: any Effect
    private let context: EffectContext
    private let widths: (any ColumnWidths)?
    private let tabWidth: Int
    private let alignment: RowAlignment
    private let place: BlockPlace
    private let loop: Bool
    private let pace: Double
    private var timeless: Bool
    private var columns: Int
    /// The document rows the slides show in.
    private var area: Range<Int>
    private var paragraphs = Paragraphs()
    /// Slides of cues: the subtitle item they are read from, the instant its playback starts, and
    /// the next cue to take.
    private var cueSource: (item: SubtitleItem, start: Nanoseconds, timing: SubtitleTiming)?
    private var taken = 0
    /// The slides kept: slide k (unwrapped) is `slides[k - forgotten]`.
    private var slides: [Slide] = []
    private var forgotten = 0
    /// Graphemes of the slides kept.
    private var keptGraphemes = 0
    /// The rest of a paragraph cut short: the slide it made, and what of it is dropped so far.
    private var cutParagraph: (slide: Int, graphemes: Int, bytes: Int)?
    /// `--loop` reached `maxKept`: nothing more is read.
    private var loopFull = false
    private var notes: [Note] = []
    private var ended = false

    /// The position `at + progress` (slides, unwrapped when looping) as of `anchor`, moving towards `goal`.
    private var at = 0
    private var progress = 0.0
    private var anchor: Nanoseconds = 0
    private var goal = 0
    /// When the position came to rest on `at` (the slide's hold counts from there).
    private var restingSince: Nanoseconds = 0
    /// A key was pressed: the slides wait for keys from now on.
    private var ledByKeys = false
    /// → was pressed with no slide after the goal: the show ends once the position is there.
    private var endsAtGoal = false
    private var finished = false
    private var actorID: Int?
    /// The first slide comes on through the effect from blank space, from `intro.start`.
    private var intro: (start: Nanoseconds, length: Nanoseconds)?
    private var drawnState: (at: Int, progress: Double, moving: Int)?

    static let maxSlides = 10_000
    static let maxKept = 1 << 18
    static let maxAhead = 64
    static let minimumHold = 1_500 * Time.millisecond

    init(_ setup: RevealSetup, scene: Scene) {
        output = setup.output
        self.scene = scene
        effect = setup.settings.effect
        context = setup.settings.context
        widths = setup.widths
        tabWidth = setup.settings.tabWidth
        alignment = setup.settings.alignment ?? .left
        place = setup.settings.place ?? .top
        loop = setup.settings.loop
        pace = setup.settings.pacing.graphemesPerSecond
        timeless = setup.timeless
        columns = setup.columns
        let top = setup.column > 0 ? setup.row + 1 : setup.row
        area = top..<(top + max(1, setup.rows - 1))
        scene.fixedRows = area
    }

    /// Slides of the cues of `item`, each coming on at its cue's start (`--offset`, `--speed` and
    /// `--start` apply; the playback starts at `start`).
    convenience init(_ setup: RevealSetup, scene: Scene, cues item: SubtitleItem, start: Nanoseconds) {
        self.init(setup, scene: scene)
        cueSource = (item, start, setup.settings.timing)
        taken = item.queue.firstKept
    }

    /// Slides known, forgotten ones included.
    private var total: Int { forgotten + slides.count }

    /// While the slide after the position (or after the goal keys set) is not known, or, up to
    /// `maxAhead` slides ahead, while the slides kept hold fewer than `maxKept` graphemes (keys in a
    /// row scrub through several); a show that loops keeps reading to its end.
    private var readsAhead: Bool {
        let ahead = total - max(at, goal)
        return loop || timeless || ahead < 2 || (ahead < Self.maxAhead && keptGraphemes < Self.maxKept)
    }

    var wantsInput: Bool { !ended && readsAhead }
    var holdsPartialInput: Bool { paragraphs.holdsCompleteLines }
    var isDone: Bool { finished }
    var end: Placement { Placement(row: area.upperBound, column: 0, width: 0) }
    var takesKeys: Bool { true }

    // MARK: - Input

    func receive(_ batch: GraphemeBatch, at now: Nanoseconds) {
        for (text, cutShort) in paragraphs.receive(batch) { take(text, cutShort: cutShort, at: now) }
    }

    func paused(at now: Nanoseconds) {
        if let text = paragraphs.paused() { take(text, cutShort: false, at: now) }
    }

    func ended(at now: Nanoseconds) {
        if let text = paragraphs.finish() { take(text, cutShort: false, at: now) }
        ended = true
    }

    func interrupted() { sayCut() }

    /// The paragraph cut short ended (or the show did): what of it was dropped.
    private func sayCut() {
        guard let cut = cutParagraph else { return }
        cutParagraph = nil
        notes.append(("slide \(cut.slide) cut at \(paragraphs.maxLength) characters (\(cut.graphemes) more characters, \(cut.bytes) bytes, dropped)",
                      "cut slides"))
    }

    func takeNotes() -> [Note] {
        defer { notes = [] }
        return notes
    }

    /// A paragraph (or the part of one that was cut short) from the input: a slide, or dropped
    /// when it goes on past `Paragraphs.maxLength` graphemes.
    private func take(_ text: [StyledGrapheme], cutShort: Bool, at now: Nanoseconds) {
        guard !loopFull else { return }
        if var cut = cutParagraph {
            cut.graphemes += text.count
            cut.bytes += text.reduce(0) { $0 + $1.text.utf8.count }
            cutParagraph = cut
            if !cutShort { sayCut() }
            return
        }
        add(text, at: now)
        if cutShort { cutParagraph = (total, 0, 0) }
        if loop && keptGraphemes > Self.maxKept {
            loopFull = true
            ended = true
            notes.append(("--loop keeps every slide in memory: it loops over the first \(total) slides; the rest is not read", "loops"))
        }
    }

    private func add(_ text: [StyledGrapheme], at now: Nanoseconds, due: Nanoseconds? = nil, hold: Nanoseconds? = nil) {
        // A slide is its lines without the blank lines around it.
        var lines = text
        while let last = lines.last, last.text.allSatisfy(\.isWhitespace) { lines.removeLast() }
        guard !lines.isEmpty, slides.count < Self.maxSlides else { return }
        var slide = layOut(lines)
        slide.due = due
        if let hold { slide.hold = hold }
        slides.append(slide)
        keptGraphemes += slide.text.count
        if total == 1 {
            let length = timeless ? 0 : effect.duration(of: slide.block, budget: nil, context: context)
            let start = max(now, due ?? now)
            intro = (start, length)
            restingSince = start + length
        }
    }

    /// Takes the cues that arrived: each a slide, due at its start on the clock.
    private func takeCues(at now: Nanoseconds) {
        guard let (item, start, timing) = cueSource else { return }
        let speed = timing.speed > 0 ? timing.speed : 1
        func clock(_ media: Nanoseconds) -> Nanoseconds { start.saturatingAdding(Nanoseconds(saturating: Double(media + timing.offset - timing.start) / speed)) }
        // One slide and the next (all of them, to loop; at once, all and the last shown).
        while taken < item.queue.count && readsAhead {
            let cue = item.queue[taken]
            taken += 1
            guard cue.end + timing.offset > timing.start else { continue }  // over before --start
            let text = CueLayout.graphemes(of: cue).map { StyledGrapheme($0.text, style: $0.style) }
            add(text, at: now, due: max(start, clock(cue.start)), hold: Nanoseconds(saturating: Double(cue.end - cue.start) / speed))
        }
        item.taken = taken
        item.queue.forget(before: taken)
        if item.queue.isComplete && taken == item.queue.count { ended = true }
    }

    private func layOut(_ text: [StyledGrapheme]) -> Slide {
        var block = BlockLayout.layout(text, width: columns, tabWidth: tabWidth, widths: widths).placed(alignment, in: columns)
        if block.rows > area.count {
            // Taller than the area: what fits (a slide is shown whole or not at all in one place).
            block = block.slice(rows: 0..<area.count)
        }
        let reading = Time.nanoseconds(seconds: Double(block.count) / (pace > 0 ? pace : 25))
        return Slide(text: text, block: block, top: place.top(height: block.visibleRows, in: area.count),
                     hold: max(Self.minimumHold, reading))
    }

    // MARK: - The position

    /// Slide `step` (unwrapped when looping; a show that loops forgets none).
    private func slide(_ step: Int) -> Slide {
        let n = slides.count
        return slides[loop && ended ? ((step % n) + n) % n : min(max(0, step - forgotten), n - 1)]
    }

    /// Whether there is a slide at `step`.
    private func exists(_ step: Int) -> Bool {
        loop && ended ? !slides.isEmpty : step >= forgotten && step < total
    }

    /// Past `maxKept` graphemes, the slides behind the position (and behind the one before it,
    /// which a reversed transition shows) are forgotten, oldest first.
    private func forget() {
        guard !loop else { return }
        let needed = min(at, goal) - 1
        while keptGraphemes > Self.maxKept && forgotten < needed && slides.count > 1 {
            keptGraphemes -= slides.removeFirst().text.count
            forgotten += 1
        }
    }

    /// The context of the transition from `step` to the slide after it: the slide before, placed
    /// where it is relative to the one after.
    private func transitionContext(from step: Int) -> EffectContext {
        var context = self.context
        let before = slide(step), after = slide(step + 1)
        var previous = before.block
        for g in previous.glyphs.indices { previous.glyphs[g].row += before.top - after.top }
        context.previous = previous
        context.seed = self.context.seed &+ UInt64(truncatingIfNeeded: step)
        return context
    }

    /// How long the transition from `step` to the slide after it takes.
    private func length(from step: Int) -> Nanoseconds {
        max(1, effect.duration(of: slide(step + 1).block, budget: nil, context: transitionContext(from: step)))
    }

    /// When the slide after `step` comes on by itself, at rest on `step`: a cue's at its start the
    /// first time round, else when `step` has stayed its hold.
    private func nextDue(after step: Int) -> Nanoseconds {
        if step + 1 >= forgotten && step + 1 < total, let due = slides[step + 1 - forgotten].due { return max(due, restingSince) }
        return restingSince + slide(step).hold
    }

    /// -1, 0 or +1: where the position `at + progress` heads (0: at rest on the goal).
    private var heading: Int { goal > at ? 1 : goal < at || progress > 0 ? -1 : 0 }

    /// Moves the position from `anchor` to `now` towards the goal, crossing slides exactly where
    /// they are reached.
    private func move(to now: Nanoseconds) {
        while heading != 0 && anchor < now {
            if heading > 0 {
                let remaining = Nanoseconds(saturating: ((1 - progress) * Double(length(from: at))).rounded())
                if anchor + remaining > now {
                    progress += Double(now - anchor) / Double(length(from: at))
                    anchor = now
                } else {
                    anchor += remaining
                    at += 1
                    progress = 0
                    restingSince = anchor
                }
            } else {
                // Backwards: from `at + progress` down to `at` (or to the slide before it).
                if progress == 0 { at -= 1; progress = 1 }
                let remaining = Nanoseconds(saturating: (progress * Double(length(from: at))).rounded())
                if anchor + remaining > now {
                    progress -= Double(now - anchor) / Double(length(from: at))
                    anchor = now
                } else {
                    anchor += remaining
                    progress = 0
                    restingSince = anchor
                }
            }
        }
        if heading == 0 { anchor = now }
    }

    // MARK: - Time

    func advance(to now: Nanoseconds) throws -> Nanoseconds? {
        takeCues(at: now)
        guard !slides.isEmpty else {
            if ended { finished = true }
            return nil
        }
        if timeless {
            // Everything at once: the last slide known, at rest.
            at = total - 1
            goal = at
            progress = 0
            anchor = now
            if ended { finished = true }
        } else {
            move(to: now)
            if heading == 0 && endsAtGoal { finished = true }
            // At rest on the goal: the next slide comes on by itself after the hold.
            if heading == 0 && !ledByKeys {
                let due = exists(at + 1) ? nextDue(after: at) : restingSince + slide(at).hold
                if now >= due {
                    if exists(at + 1) {
                        goal = at + 1  // from now (it may have waited for its slide)
                        anchor = now
                    } else if ended {
                        finished = true
                    }
                }
            }
        }
        forget()
        show(at: now)
        scene.cursor = heading == 0 ? end : nil
        if finished { return nil }
        var next = scene.nextChange(after: now)
        if heading > 0 || heading < 0 {
            // The next slide reached.
            let step = heading > 0 ? at : (progress == 0 ? at - 1 : at)
            let f = heading > 0 ? 1 - progress : (progress == 0 ? 1 : progress)
            let crossing = anchor + Nanoseconds(saturating: (f * Double(length(from: step))).rounded())
            next = min(next ?? crossing, max(now + 1, crossing))
        } else if !ledByKeys {
            let due = exists(at + 1) ? nextDue(after: at) : restingSince + slide(at).hold
            if due > now && (exists(at + 1) || ended) { next = min(next ?? due, due) }
        }
        return next
    }

    /// Puts what the position shows on the scene: a slide at rest, or a transition part-way.
    private func show(at now: Nanoseconds) {
        let state = (at: at, progress: progress, moving: heading)
        if let drawn = drawnState, drawn.at == state.at && drawn.moving == state.moving && (state.moving != 0 || drawn.progress == state.progress) { return }
        drawnState = state
        if let actorID { scene.remove(id: actorID) }
        var actor: Actor
        if heading == 0 {
            let resting = slide(at)
            if at == 0, let intro, now < intro.start + intro.length {
                actor = Actor(block: resting.block, effect: effect, context: context, start: intro.start, duration: intro.length,
                              end: .max, row: area.lowerBound + resting.top)
            } else {
                actor = Actor(block: resting.block, effect: AtRest(), context: context, start: 0, duration: 0, end: .max,
                              row: area.lowerBound + resting.top)
            }
        } else {
            let step = heading < 0 && progress == 0 ? at - 1 : at
            let f = heading < 0 && progress == 0 ? 1 : progress
            let length = length(from: step)
            let after = slide(step + 1)
            let context = transitionContext(from: step)
            if heading > 0 {
                actor = Actor(block: after.block, effect: effect, context: context,
                              start: now - Nanoseconds(saturating: (f * Double(length)).rounded()), duration: length, end: .max,
                              row: area.lowerBound + after.top)
            } else {
                actor = Actor(block: after.block, effect: Reversed(base: effect), context: context,
                              start: now - Nanoseconds(saturating: ((1 - f) * Double(length)).rounded()), duration: length, end: .max,
                              row: area.lowerBound + after.top)
            }
        }
        actorID = scene.add(actor)
    }

    func drawn(at now: Nanoseconds) -> Bool { false }

    func showEverything(at now: Nanoseconds) { timeless = true }

    // MARK: - Keys

    /// ← and → move the goal a step; the slides follow the keys from then on. Other keys do
    /// nothing (`q` quits, before this).
    func press(_ key: Key, at now: Nanoseconds) -> Bool {
        guard !slides.isEmpty, key == .left || key == .right else { return true }
        move(to: now)
        ledByKeys = true
        if key == .right {
            if exists(goal + 1) { goal += 1 } else if ended { endsAtGoal = true }
        } else if exists(goal - 1) {
            goal -= 1
            endsAtGoal = false
        }
        anchor = now
        return true
    }

    // MARK: - Terminal

    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        guard let screen = output.screen else { return }
        move(to: now)
        let top = try screen.restart(columns: columns, rows: rows, fromRow: area.lowerBound, clearing: true, at: now)
        self.columns = columns
        area = top..<(top + max(1, rows - 1))
        scene.fixedRows = area
        slides = slides.map { old in
            var slide = layOut(old.text)
            slide.due = old.due
            slide.hold = old.hold
            return slide
        }
        drawnState = nil
    }

    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {
        anchor += pause
        restingSince += pause
        if let intro { self.intro = (intro.start + pause, intro.length) }
        for i in slides.indices { slides[i].due = slides[i].due.map { $0 + pause } }
        if let source = cueSource { cueSource = (source.item, source.start + pause, source.timing) }
        guard let screen = output.screen else { return }
        try screen.restart(columns: screen.width, rows: screen.height, fromRow: area.lowerBound, clearing: false, at: now)
        drawnState = nil
    }
}
