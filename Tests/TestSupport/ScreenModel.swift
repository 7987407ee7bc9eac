import GhostpipeCore

/// A small VT100/xterm screen model for tests: enough of a terminal to replay what ghostpipe writes
/// (printables with column widths, CR, LF with scrolling, cursor moves, EL/ED, SGR, DECTCEM, autowrap
/// with the pending-wrap state). Anything else it does not understand is recorded in `unknown`, so a
/// test can assert that nothing outside ghostpipe's vocabulary was written.
public struct ScreenModel {
    public let width: Int
    public let height: Int
    public var cells: [[Cell]]
    public var row = 0
    public var column = 0
    public var pendingWrap = false
    public var style = Style.plain
    public var cursorVisible = true
    public var unknown: [String] = []
    /// Rows scrolled off the top, oldest first (the scrollback).
    public var scrollback: [[Cell]] = []
    /// Clusters this terminal draws at other widths than `DisplayWidth` (tmux 3.3a: `👍🏽` is 4, `❤️` 1).
    public var widths: [String: Int] = [:]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: .blank, count: width), count: height)
    }

    /// The screen as text, one string per row, trailing blanks trimmed (like `tmux capture-pane`).
    public var lines: [String] {
        cells.map { row in
            var s = ""
            for cell in row where cell.width > 0 { s += cell.text }
            while s.hasSuffix(" ") { s.removeLast() }
            return s
        }
    }
    /// Scrollback and screen together, trailing empty rows removed.
    public var transcript: [String] {
        var all = scrollback.map { Self.text($0) } + lines
        while all.last == "" { all.removeLast() }
        return all
    }
    public static func text(_ row: [Cell]) -> String {
        var s = ""
        for cell in row where cell.width > 0 { s += cell.text }
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }

    public mutating func feed(_ text: String) { feed(Array(text.utf8)) }

    public mutating func feed(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        // Group printable scalars into grapheme clusters (as a terminal following UAX #29 would).
        var k = 0
        while k < scalars.count {
            let s = scalars[k]
            if s == "\u{1B}" {
                k = escape(scalars, k)
                continue
            }
            if s.value < 0x20 || (0x7F...0x9F).contains(s.value) {
                control(s.value)
                k += 1
                continue
            }
            // A printable cluster: take scalars until the next control or escape, then split.
            var j = k
            while j < scalars.count && scalars[j].value >= 0x20 && !(0x7F...0x9F).contains(scalars[j].value) { j += 1 }
            let run = String(String.UnicodeScalarView(scalars[k..<j]))
            for character in run { print(String(character)) }
            k = j
        }
    }

    private mutating func escape(_ s: [Unicode.Scalar], _ start: Int) -> Int {
        guard start + 1 < s.count else { unknown.append("ESC at end"); return s.count }
        if s[start + 1] == "[" {
            var j = start + 2
            var params = ""
            while j < s.count && !(0x40...0x7E).contains(s[j].value) { params.unicodeScalars.append(s[j]); j += 1 }
            guard j < s.count else { unknown.append("unterminated CSI"); return s.count }
            csi(params, Character(s[j]))
            return j + 1
        }
        if s[start + 1] == "E" {  // NEL: how the renderer starts a new row
            control(0x0D)
            control(0x0A)
            return start + 2
        }
        unknown.append("ESC \(s[start + 1])")
        return start + 2
    }

    private mutating func csi(_ params: String, _ final: Character) {
        let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let n = max(1, numbers.first.flatMap { $0 } ?? 1)
        switch (params, final) {
        case ("?25", "l"): cursorVisible = false
        case ("?25", "h"): cursorVisible = true
        case (_, "A"): row = max(0, row - n); pendingWrap = false
        case (_, "B"): row = min(height - 1, row + n); pendingWrap = false
        case (_, "C"): column = min(width - 1, column + n); pendingWrap = false
        case (_, "D"): column = max(0, column - n); pendingWrap = false
        case (_, "K"):
            let mode = numbers.first.flatMap { $0 } ?? 0
            let range = mode == 0 ? column..<width : mode == 1 ? 0..<(column + 1) : 0..<width
            // Erased cells take the current background (BCE) and nothing else.
            for c in range { cells[row][c] = style.background == nil ? .blank : Cell(" ", style: Style(background: style.background)) }
        case (_, "m"): sgr(numbers.map { $0 ?? 0 })
        default: unknown.append("CSI \(params)\(final)")
        }
    }

    private mutating func sgr(_ codes: [Int]) {
        var i = 0
        let codes = codes.isEmpty ? [0] : codes
        while i < codes.count {
            switch codes[i] {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 5: style.attributes.insert(.blink)
            case 7: style.attributes.insert(.inverse)
            case 9: style.attributes.insert(.strikethrough)
            case 30...37: style.foreground = .palette(UInt8(codes[i] - 30))
            case 90...97: style.foreground = .palette(UInt8(codes[i] - 90 + 8))
            case 40...47: style.background = .palette(UInt8(codes[i] - 40))
            case 100...107: style.background = .palette(UInt8(codes[i] - 100 + 8))
            case 39: style.foreground = nil
            case 49: style.background = nil
            case 38, 48:
                let isForeground = codes[i] == 38
                var color: Color?
                if i + 2 < codes.count && codes[i + 1] == 5 { color = .palette(UInt8(codes[i + 2])); i += 2 }
                else if i + 4 < codes.count && codes[i + 1] == 2 { color = .rgb(UInt8(codes[i + 2]), UInt8(codes[i + 3]), UInt8(codes[i + 4])); i += 4 }
                else { unknown.append("SGR \(codes)") }
                if isForeground { style.foreground = color } else { style.background = color }
            default: unknown.append("SGR \(codes[i])")
            }
            i += 1
        }
    }

    private mutating func control(_ code: UInt32) {
        switch code {
        case 0x0D: column = 0; pendingWrap = false
        case 0x0A: lineFeed(); pendingWrap = false
        case 0x08: column = max(0, column - 1); pendingWrap = false
        default: unknown.append("control 0x" + String(code, radix: 16))
        }
    }

    private mutating func lineFeed() {
        if row == height - 1 {
            scrollback.append(cells.removeFirst())
            cells.append(Array(repeating: .blank, count: width))
        } else {
            row += 1
        }
    }

    private mutating func print(_ cluster: String) {
        let w = min(width, widths[cluster] ?? DisplayWidth.of(cluster))
        if w == 0 {
            // Combines with the previous cell (what a terminal does with a lone zero-width cluster).
            return
        }
        if pendingWrap || column + w > width {
            column = 0
            lineFeed()
            pendingWrap = false
        }
        // Overwriting part of a wide cell blanks all of it.
        for c in column..<(column + w) {
            var head = c
            while head > 0 && cells[row][head].width == 0 { head -= 1 }
            let extent = Int(cells[row][head].width)
            if extent > 1 && head + extent > c {
                for k in head..<min(width, head + extent) { cells[row][k] = .blank }
            }
        }
        cells[row][column] = Cell(cluster, width: UInt8(w), style: style)
        for c in (column + 1)..<(column + w) { cells[row][c] = Cell("", width: 0, style: style) }
        column += w
        if column >= width { column = width - 1; pendingWrap = true }
    }
}
