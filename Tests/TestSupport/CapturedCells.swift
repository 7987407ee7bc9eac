import GhostpipeCore

/// `tmux capture-pane -e` lines parsed into cells: each character with the colours and attributes it
/// is drawn in. Two captures of the same screen can differ as strings where the screens do not — tmux
/// keeps how a palette colour was asked for (`ESC[97m` or `ESC[38;5;15m`), carries attributes from one
/// line to the next, and writes a reset only before a cell it has stored (a blank written by an erase
/// is stored, one never touched is not) — so screens are compared as cells.
public struct CapturedCells: Equatable, CustomStringConvertible {
    public struct Cell: Equatable {
        public var text: Character
        public var foreground: String?
        public var background: String?
        public var attributes: Set<String>

        /// A space in the default colours and no attribute that shows on a space.
        public var isDefaultBlank: Bool {
            text == " " && background == nil && attributes.isDisjoint(with: ["reverse", "underline", "strike"])
        }

        /// Spaces as they show: their background, reverse, underline and strike-through (in the
        /// foreground colour); a foreground colour or bold alone on a space shows nothing (tmux blanks half of a wide character
        /// without its colours, ghostpipe's emulator with them).
        public static func == (a: Cell, b: Cell) -> Bool {
            guard a.text == " " && b.text == " " else {
                return a.text == b.text && a.foreground == b.foreground && a.background == b.background && a.attributes == b.attributes
            }
            // Reverse, underline and strike-through draw in the foreground colour.
            let shown = a.attributes.intersection(["reverse", "underline", "strike"])
            return a.background == b.background && shown == b.attributes.intersection(["reverse", "underline", "strike"])
                && (shown.isEmpty || a.foreground == b.foreground)
        }
    }

    public var rows: [[Cell]]

    public init(_ lines: [String]) {
        var state = Cell(text: " ", foreground: nil, background: nil, attributes: [])
        rows = lines.map { line in
            var cells: [Cell] = []
            var scalars = Array(line.unicodeScalars)[...]
            var text = ""
            func flush() {
                for character in Self.cells(of: text) { var cell = state; cell.text = character; cells.append(cell) }
                text = ""
            }
            while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                guard scalar == "\u{1B}", scalars.first == "[" else { text.unicodeScalars.append(scalar); continue }
                flush()
                scalars = scalars.dropFirst()
                var body = ""
                while let s = scalars.first, !(s.value >= 0x40 && s.value <= 0x7E) { body.unicodeScalars.append(s); scalars = scalars.dropFirst() }
                let final = scalars.first
                scalars = scalars.dropFirst()
                if final == "m" { Self.apply(body, to: &state) }
            }
            flush()
            // A blank that shows nothing is a blank whether tmux stored it or not.
            while let last = cells.last, last.isDefaultBlank { cells.removeLast() }
            for i in cells.indices where cells[i].isDefaultBlank { cells[i] = Cell(text: " ", foreground: nil, background: nil, attributes: []) }
            return cells
        }
        while let last = rows.last, last.isEmpty { rows.removeLast() }
    }

    /// SGR `body` (parameters separated by `;`, sub-parameters by `:`).
    private static func apply(_ body: String, to cell: inout Cell) {
        let parameters = body.isEmpty ? [0] : body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0.split(separator: ":").first ?? "0") ?? 0 }
        var i = 0
        func color(_ base: Int) -> String? {
            // 38;5;n / 38;2;r;g;b (n < 16 as the palette entry the short forms name too).
            guard i + 1 < parameters.count else { return nil }
            if parameters[i + 1] == 5, i + 2 < parameters.count { i += 2; return "p\(parameters[i])" }
            if parameters[i + 1] == 2, i + 4 < parameters.count { i += 4; return "rgb\(parameters[i - 2]),\(parameters[i - 1]),\(parameters[i])" }
            return nil
        }
        while i < parameters.count {
            let p = parameters[i]
            switch p {
            case 0: cell.foreground = nil; cell.background = nil; cell.attributes = []
            case 1: cell.attributes.insert("bold")
            case 2: cell.attributes.insert("dim")
            case 3: cell.attributes.insert("italic")
            case 4: cell.attributes.insert("underline")
            case 5: cell.attributes.insert("blink")
            case 7: cell.attributes.insert("reverse")
            case 8: cell.attributes.insert("hidden")
            case 9: cell.attributes.insert("strike")
            case 21, 22: cell.attributes.subtract(["bold", "dim"])
            case 23: cell.attributes.remove("italic")
            case 24: cell.attributes.remove("underline")
            case 25: cell.attributes.remove("blink")
            case 27: cell.attributes.remove("reverse")
            case 28: cell.attributes.remove("hidden")
            case 29: cell.attributes.remove("strike")
            case 30...37: cell.foreground = "p\(p - 30)"
            case 38: cell.foreground = color(38)
            case 39: cell.foreground = nil
            case 40...47: cell.background = "p\(p - 40)"
            case 48: cell.background = color(48)
            case 49: cell.background = nil
            case 90...97: cell.foreground = "p\(p - 82)"
            case 100...107: cell.background = "p\(p - 92)"
            default: break
            }
            i += 1
        }
    }

    public var description: String {
        rows.enumerated().map { r, row in
            "\(r): " + row.map { c in
                let look = ([c.foreground.map { "fg=\($0)" }, c.background.map { "bg=\($0)" }].compactMap { $0 } + c.attributes.sorted()).joined(separator: ",")
                return look.isEmpty ? String(c.text) : "\(c.text){\(look)}"
            }.joined()
        }.joined(separator: "\n")
    }

    /// The first row where two screens differ, for a failure message.
    public static func difference(_ expected: CapturedCells, _ actual: CapturedCells) -> String {
        for r in 0..<max(expected.rows.count, actual.rows.count) {
            let e = r < expected.rows.count ? expected.rows[r] : []
            let a = r < actual.rows.count ? actual.rows[r] : []
            if e != a {
                return "row \(r):\n expected \(CapturedCells(rows: [e]).description)\n shown    \(CapturedCells(rows: [a]).description)"
            }
        }
        return "no difference"
    }

    private init(rows: [[Cell]]) { self.rows = rows }

    /// The texts of tmux's cells in `text`: a scalar that takes columns starts a cell, a zero-width
    /// one joins the cell before. (Swift's grapheme clusters join a skin-tone modifier to a space
    /// before it, which tmux draws as two cells: where the colours change between them would decide
    /// how a line was cut.)
    static func cells(of text: String) -> [Character] {
        var pieces: [String] = []
        for scalar in text.unicodeScalars {
            if pieces.isEmpty || DisplayWidth.scalarWidth(scalar) > 0 { pieces.append(String(scalar)) } else { pieces[pieces.count - 1].unicodeScalars.append(scalar) }
        }
        return pieces.flatMap { Array($0) }
    }
}
