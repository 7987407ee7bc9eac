@testable import GhostpipeCore

/// Helpers for the overlay's tests: sessions as the command line makes them, band text, screens.
enum OverlaySupport {
    /// The session for `arguments` (an `--overlay` command line) on a `columns` × `rows` terminal.
    static func session(_ arguments: [String], columns: Int = 40, rows: Int = 12) throws -> Session {
        let options = try ArgumentParser.parse(arguments)
        return try Session(options: options, surroundings: Surroundings(
            stdoutIsTerminal: true, terminalSize: (columns, rows),
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]))
    }

    /// A row of cells as text, trailing blanks trimmed.
    static func text(_ cells: [Cell]) -> String {
        var s = cells.filter { $0.width > 0 }.map(\.text).joined()
        while s.last == " " { s.removeLast() }
        return s
    }

    /// A band for `arguments` (an `--overlay` command line) on a `columns` × `rows` terminal.
    static func band(_ arguments: [String], columns: Int = 40, rows: Int = 12, messages: ((String) -> Void)? = nil) throws -> OverlayBand {
        OverlayBand(settings: try session(arguments, columns: columns, rows: rows).showSettings, columns: columns,
                    screenRows: rows, origin: 0, report: messages ?? { _ in })
    }

    /// The band's rows as text at each of `instants`, SOURCE arriving as `input` (advanced in 10 ms
    /// steps up to each, as the event loop would on a virtual clock).
    static func bandTexts(_ band: OverlayBand, input: ScriptedInput? = nil, at instants: [Nanoseconds],
                          from start: Nanoseconds = 0) throws -> [[String]] {
        let source = input.map { InputEvents($0, demand: band.show) }
        var t = start
        var result: [[String]] = []
        for instant in instants {
            while t <= instant {
                while let source, let due = source.interest(at: t).instant, due <= t {
                    try source.wake(SourceWake(readable: false, due: true, idle: false), at: t) { try band.show.handle($0, at: t) }
                }
                _ = try band.show.advance(to: t)
                t += 10 * Time.millisecond
            }
            result.append(band.view().map(text))
        }
        return result
    }

    /// Cells for `line`, styled.
    static func cells(_ line: String, width: Int, style: Style = Style(attributes: .italic)) -> [Cell] {
        var row = line.map { Cell(String($0), style: style) }
        row += Array(repeating: .blank, count: max(0, width - row.count))
        return Array(row.prefix(width))
    }

    static func srt(_ cues: [(start: String, end: String, text: String)]) -> String {
        cues.enumerated().map { "\($0 + 1)\n\($1.start) --> \($1.end)\n\($1.text)\n" }.joined(separator: "\n")
    }
}
