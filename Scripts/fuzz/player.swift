// Fuzz target `player`: bytes, in arbitrary chunks at arbitrary virtual instants, through the whole
// pipeline — the command line's session, the one Show, the one event loop on a virtual clock — to a
// terminal, a pipe, json or a recording, with keys, resizes and Ctrl-Z along the way.
//
// The first six bytes choose the run: effect and output (byte 0), columns (1), rows (2), flags (3),
// pace (4), how many keys and resizes (5). The rest is the input.
//
// Properties: the loop ends; nothing outside ghostpipe's own vocabulary reaches a terminal (the
// renderer's moves and SGR; plain text to a terminal may also hold tab and backspace); what reaches
// a terminal is valid UTF-8 that the emulator takes; plain text to a pipe is the input byte for byte (ill-formed UTF-8 included);
// json and cast are one object per line with no raw control characters; a terminal stream (flag 128:
// `--wrap char`, the input read by the emulator) shown on a screen with no key or resize ends on the
// emulator's own reading of the input, cell for cell. Memory bombs are caught by
// libFuzzer's -rss_limit_mb and -malloc_limit_mb (see fuzz.sh).
import GhostpipeCore

private let effects = ["typewriter", "letters", "fade", "decrypt", "morph", "credits"]

private enum Destination: Int, CaseIterable {
    case screen, plainTerminal, plainPipe, json, cast
    var onTerminal: Bool { self == .screen || self == .plainTerminal }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 6 else { return 0 }
    let head = Array(UnsafeBufferPointer(start: data, count: 6))
    let input = Array(UnsafeBufferPointer(start: data + 6, count: size - 6))
    var random = FuzzRandom(bytes: UnsafeBufferPointer(start: data, count: size), salt: 0x706C_6179)

    let destination = Destination(rawValue: Int(head[0]) / effects.count % Destination.allCases.count)!
    let columns = 1 + Int(head[1]) % 100
    let rows = 1 + Int(head[2]) % 40
    let flags = head[3]
    var arguments = ["--effect", effects[Int(head[0]) % effects.count], "--cps", String(50 * (1 + Int(head[4]))), "--seed", "7"]
    switch destination {
    case .screen: arguments += ["-o", "terminal"]
    case .plainTerminal, .plainPipe: arguments += ["-o", "plain"]
    case .json: arguments += ["-o", "json"]
    case .cast: arguments += ["-o", "cast"]
    }
    if flags & 1 != 0 { arguments.append("--instant") }
    if flags & 2 != 0 { arguments += ["--duration", "3s"] }
    switch (flags >> 2) & 3 {
    case 1: arguments += ["--format", "srt"]
    case 2: arguments += ["--format", "vtt"]
    case 3: arguments += ["--format", "text"]
    default: break
    }
    if flags & 16 != 0 { arguments += ["--input-colors", "strip"] }
    if flags & 32 != 0 { arguments.append("--no-pauses") }
    if flags & 64 != 0 { arguments += ["--speed", "7"] }
    let stream = flags & 128 != 0
    if stream { arguments += ["--wrap", "char", "--format", "text"] }
    // A pipe gets the input byte for byte: text, even if it looks like subtitles or binary.
    let exactPipe = destination == .plainPipe && flags & 2 == 0
    if exactPipe { arguments += ["--format", "text", "--force"] }

    // Input in chunks (tiny ones often: split sequences, clusters, CR LF), with gaps between them.
    var chunks: [(at: Nanoseconds, bytes: [UInt8])] = []
    var at: Nanoseconds = 0, offset = 0
    for length in chunking(input.count, &random) {
        at += Nanoseconds(random.below(4)) * Nanoseconds(random.below(700_000_000))
        chunks.append((at, Array(input[offset..<(offset + length)])))
        offset += length
    }
    // Keys, resizes and a stop at instants within the input's span and a little after.
    var events: [(Double, Event)] = []
    let span = Double(at) / 1e9 + 5
    for _ in 0..<(Int(head[5]) % 8) {
        let when = Double(random.below(1000)) / 1000 * span
        switch random.below(7) {
        case 0: events.append((when, .resized(columns: 1 + random.below(100), rows: 1 + random.below(40))))
        case 1: events.append((when, .key(.character(" "))))
        case 2: events.append((when, .key(.right)))
        case 3: events.append((when, .key(.left)))
        case 4: events.append((when, .key(.character("+"))))
        case 5:
            events.append((when, .suspending))
            events.append((when + 1, .resumed(pause: 1_000_000_000)))
        default: events.append((when, .key(.enter)))
        }
    }
    // Paused by a key and never resumed: quit at last, as a user would.
    events.append((span + 3600, .key(.character("q"))))

    let stdout = MemorySink()
    let terminal: (columns: Int, rows: Int)? = destination.onTerminal ? (columns, rows) : nil
    do {
        let options = try ArgumentParser.parse(arguments)
        let session = try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: terminal != nil, terminalSize: terminal,
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]))
        let output = try session.output(stdout: stdout, recording: nil, origin: 0)
        let clock = VirtualClock()
        let show = Show(settings: session.showSettings, output: output, origin: clock.now(), report: { _ in })
        // The terminal says where its cursor is, as a real one does: the top left (the emulator below starts there).
        if terminal != nil { show.terminal = TopLeftTerminal() }
        let loop = EventLoop(clock: clock, sources: [ScriptedEvents(events), InputEvents(ScriptedInput(chunks), demand: show)])
        _ = try loop.run(show)
    } catch {
        require(false, "player: \(arguments.joined(separator: " ")): \(error)")
    }

    let written = stdout.bytes
    switch destination {
    case .screen, .plainTerminal:
        let problems = outsideVocabulary(written, controls: destination == .plainTerminal ? [0x08, 0x09] : [])
        require(problems.isEmpty, "player: wrote to a terminal \(problems.prefix(4)) with \(arguments.joined(separator: " ")): "
                + String(decoding: written, as: UTF8.self).debugDescription.prefix(2000))
        let emulator = TerminalEmulator(rows: rows, columns: columns)
        emulator.feed(written)
        if stream && destination == .screen && head[5] % 8 == 0 && flags & 2 == 0 {
            let reading = TerminalEmulator.streamView(rows: rows, columns: columns)
            reading.readAsView(input)
            for r in 0..<rows where emulator.row(r) != reading.row(r) {
                require(false, "player: stream row \(r) is \(emulator.rowText(r).debugDescription), the emulator reads \(reading.rowText(r).debugDescription) "
                        + "(\(arguments.joined(separator: " ")))")
            }
        }
    case .plainPipe:
        if exactPipe {
            require(written == input, "player: a pipe got \(written.count) bytes for \(input.count) (\(arguments.joined(separator: " ")))")
        }
    case .json, .cast:
        let text = String(decoding: written, as: UTF8.self)
        require(Array(text.utf8) == written, "player: \(destination) output is not valid UTF-8")
        for line in text.split(separator: "\n") {
            require(line.first == "{" || line.first == "[", "player: \(destination) line \(line.prefix(40).debugDescription)")
            require(!line.unicodeScalars.contains { $0.value < 0x20 }, "player: raw control character in \(destination) output")
        }
    }
    return 0
}

/// A terminal whose cursor is at the top left whenever asked; widths are Unicode's.
final class TopLeftTerminal: TerminalAsking {
    func ask(_ question: TerminalQuestion) -> TerminalReply {
        if case .widths = question { return .none }
        return .known(row: 0, column: 0)
    }
    var asksWidths: Bool { false }
    var isAsking: Bool { false }
}
