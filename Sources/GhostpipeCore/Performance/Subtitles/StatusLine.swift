/// The status line `i` shows under the subtitles, fitted to the terminal's width: its parts are
/// dropped least useful first (the rarer keys, then the state that matters least), never the play
/// state and time, and `q quit` is always the last thing on it.
struct StatusLine {
    /// A part of the line and how long it stays as the width shrinks (higher stays longer).
    struct Part {
        let text: String
        let keep: Int
        init(_ text: String, keep: Int) { (self.text, self.keep) = (text, keep) }
    }

    static let quit = "q quit"

    /// The parts in the order they show, separated by two spaces, with `q quit` after them, in at
    /// most `width` columns (the line starts and ends with a space when there is room).
    static func fit(_ parts: [Part], width: Int) -> String {
        func line(_ parts: [Part]) -> String { " " + (parts.map(\.text) + [quit]).joined(separator: "  ") + " " }
        var kept = parts
        while kept.count > 1, columns(line(kept)) > width {
            // The least useful part; of equals, the rightmost.
            var drop = kept.count - 1
            for i in kept.indices.reversed() where kept[i].keep < kept[drop].keep { drop = i }
            if kept[drop].keep == .max { break }
            kept.remove(at: drop)
        }
        let full = line(kept)
        if columns(full) <= width { return full }
        // Too narrow even for what is never dropped: it is cut, and `q quit` still shows.
        let tail = "  " + quit
        let room = width - columns(tail)
        guard room > 0 else { return String(quit.prefix(max(0, width))) }
        var head = ""
        var used = 0
        for character in " " + kept.map(\.text).joined(separator: "  ") {
            let w = DisplayWidth.of(character)
            guard used + w <= room else { break }
            head.append(character)
            used += w
        }
        return head + String(repeating: " ", count: room - used) + tail
    }

    static func columns(_ text: String) -> Int { text.reduce(0) { $0 + DisplayWidth.of($1) } }

    /// The parts for subtitles playing: the state, where they are, and the keys that act here
    /// (following a player, only those that do: the player's own keys pause, seek and change speed).
    static func parts(paused: Bool, position: String, cue: Int, of total: Int, totalKnown: Bool, speed: Double,
                      track: String?, offset: Double, follows: Bool, tracks: Bool) -> [Part] {
        var parts = [Part("\(paused ? "❚❚" : "▶") \(position)", keep: .max),
                     Part("cue \(cue)/\(total)\(totalKnown ? "" : "+")", keep: 9)]
        if !follows { parts.append(Part("×\(speed)", keep: 6)) }
        if let track { parts.append(Part(track, keep: 8)) }
        parts.append(Part("offset \(offset >= 0 ? "+" : "")\(offset)s", keep: 7))
        if !follows {
            parts += [Part("space pause", keep: 5), Part("←→ 5s", keep: 4), Part("↑↓ 60s", keep: 1), Part("+- speed", keep: 2)]
        }
        parts.append(Part("[] offset", keep: 3))
        if tracks { parts.append(Part("t track", keep: 3)) }
        return parts
    }
}
