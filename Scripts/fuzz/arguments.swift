// Fuzz target `arguments`: bytes split on NUL into an argv → ArgumentParser.parse → Session with a
// fake terminal → the show it would play. Usage errors are fine; crashes are not, and a
// session must come out with a concrete output mode and a screen size within 1…10000.
//
// Input: byte 0 describes the surroundings (bit 0: stdout is a terminal; bit 1: the terminal reports
// a size, from bytes 1 and 2 — times 257 with bit 3, up to the 65535 a TIOCGWINSZ can say; bit 2: the first six argv elements are instead the values of TERM,
// COLORTERM, NO_COLOR, COLUMNS, LINES, SHELL — an empty element leaves the variable unset); then the
// NUL-separated arguments.
import GhostpipeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 3 else { return 0 }
    let flags = data[0]
    let isTerminal = flags & 1 != 0
    let scale = flags & 8 != 0 ? 257 : 1
    let terminalSize = flags & 2 != 0 ? (columns: max(1, Int(data[1]) * scale), rows: max(1, Int(data[2]) * scale)) : nil
    var argv = UnsafeBufferPointer(start: data + 3, count: size - 3)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    var environment: [String: String] = [:]
    if flags & 4 != 0 {
        for name in Surroundings.environmentNames {
            guard !argv.isEmpty else { break }
            let value = argv.removeFirst()
            if !value.isEmpty { environment[name] = value }
        }
    }
    let options: Options
    do {
        options = try ArgumentParser.parse(argv)
    } catch {
        require(!error.message.isEmpty, "usage error without a message")
        return 0
    }
    if options.showHelp { _ = Help.text }
    if options.listEffects { _ = EffectCatalog.listing }
    if let shell = options.completions { _ = shell.script }
    let surroundings = Surroundings(stdoutIsTerminal: isTerminal, terminalSize: isTerminal ? terminalSize : nil,
                                    environment: environment)
    let session: Session
    do {
        session = try Session(options: options, surroundings: surroundings)
    } catch {
        require(!error.message.isEmpty, "session error without a message")
        return 0
    }
    require(session.mode != .auto, "session mode left at auto")
    if isTerminal, let size = terminalSize {
        require(session.columns == size.columns && session.rows == size.rows, "the terminal's own size not used")
    } else {
        require((1...10_000).contains(session.columns) && (1...10_000).contains(session.rows),
                "screen \(session.columns)x\(session.rows)")
    }
    let pace = session.options.pacing.graphemesPerSecond
    require(pace.isFinite && pace > 0, "pace \(pace) graphemes per second")
    if let duration = session.options.pacing.duration { require(duration >= 0, "negative duration \(duration)") }
    _ = session.effectContext
    let recording: MemorySink? = options.record != nil ? MemorySink() : nil
    do {
        let output = try session.output(stdout: MemorySink(), recording: recording, origin: 0)
        _ = Show(settings: session.showSettings, output: output, origin: 0)
    } catch {
        // Output errors are not usage errors, but building a show into memory must not fail.
        require(false, "building the show threw \(error)")
    }
    return 0
}
