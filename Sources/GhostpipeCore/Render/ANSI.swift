/// The escape sequences ghostpipe itself writes: its whole vocabulary towards the terminal.
public enum ANSI {
    public static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    public static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
    public static let resetAttributes: [UInt8] = Array("\u{1B}[0m".utf8)
    public static let eraseToEndOfLine: [UInt8] = Array("\u{1B}[K".utf8)
    /// ED 0: erase from the cursor to the end of the screen.
    public static let eraseBelow: [UInt8] = Array("\u{1B}[J".utf8)
    /// At the start of a row, erases it and every row below (before redrawing after a resize) without
    /// ED 0 from the top-left: tmux (`scroll-on-clear`) and others take that for clearing the whole
    /// screen and push what it held into the scrollback first, which would keep a copy there. So:
    /// EL here, then (cursor saved) one row down and ED 0, then back.
    public static let eraseRowsBelowKeepingScrollback: [UInt8] = Array("\u{1B}[K\u{1B}7\u{1B}[B\u{1B}[J\u{1B}8".utf8)
    public static let newline: [UInt8] = [0x0D, 0x0A]
    /// NEL (ESC E): carriage return and line feed in one, how the renderer starts every new row. A
    /// line feed written to a terminal goes through its line discipline (`OPOST`/`ONLCR`), which cuts
    /// the write at every LF: each line became a write of its own to the pty and a wake-up of the
    /// terminal on the other side (10 MB of `ls -l`: 0.085 s of system time against 0.029 s with NEL).
    /// NEL is two bytes, passes whole, and every terminal since the VT100 knows it.
    public static let nextLine: [UInt8] = [0x1B, 0x45]
    /// CUP to the top left (the overlay draws a whole screen; the inline renderers never do).
    public static let home: [UInt8] = Array("\u{1B}[H".utf8)
    /// ED 2: erase the whole screen.
    public static let eraseScreen: [UInt8] = Array("\u{1B}[2J".utf8)
    /// DECSET 1049: the alternate screen, saving the cursor; DECRST 1049 gives the main screen back.
    public static let alternateScreenOn: [UInt8] = Array("\u{1B}[?1049h".utf8)
    public static let alternateScreenOff: [UInt8] = Array("\u{1B}[?1049l".utf8)

    @inlinable static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        if n >= 10 { appendNumber(n / 10, to: &out) }
        out.append(UInt8(48 + n % 10))
    }

    /// CSI n <final>, with n omitted when it is 1.
    static func csi(_ n: Int, _ final: UInt8, to out: inout [UInt8]) {
        out.append(0x1B); out.append(0x5B)
        if n != 1 { appendNumber(n, to: &out) }
        out.append(final)
    }

    public static func cursorUp(_ n: Int, to out: inout [UInt8]) { if n > 0 { csi(n, 0x41, to: &out) } }
    public static func cursorDown(_ n: Int, to out: inout [UInt8]) { if n > 0 { csi(n, 0x42, to: &out) } }
    public static func cursorForward(_ n: Int, to out: inout [UInt8]) { if n > 0 { csi(n, 0x43, to: &out) } }
    public static func cursorBack(_ n: Int, to out: inout [UInt8]) { if n > 0 { csi(n, 0x44, to: &out) } }

    /// The SGR sequence that sets `style` from scratch, at `depth`.
    public static func select(_ style: Style, depth: ColorDepth, to out: inout [UInt8]) {
        out.append(contentsOf: [0x1B, 0x5B, 0x30])  // ESC [ 0
        let a = style.attributes
        for (flag, code) in [(TextAttributes.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4),
                             (.blink, 5), (.inverse, 7), (.strikethrough, 9)] where a.contains(flag) {
            out.append(0x3B)
            appendNumber(code, to: &out)
        }
        if let fg = style.foreground { appendColor(fg, background: false, depth: depth, to: &out) }
        if let bg = style.background { appendColor(bg, background: true, depth: depth, to: &out) }
        out.append(0x6D)  // m
    }

    static func appendColor(_ color: Color, background: Bool, depth: ColorDepth, to out: inout [UInt8]) {
        let base = background ? 40 : 30
        func params(_ values: [Int]) {
            for v in values { out.append(0x3B); appendNumber(v, to: &out) }
        }
        switch (color, depth) {
        case (_, .none):
            return
        case (.rgb(let r, let g, let b), .truecolor):
            params([base + 8, 2, Int(r), Int(g), Int(b)])
        case (.rgb(let r, let g, let b), .palette256):
            params([base + 8, 5, Int(Palette.nearest(r, g, b, in: 16..<256))])
        case (.palette(let i), .truecolor), (.palette(let i), .palette256):
            if i < 8 { params([base + Int(i)]) } else if i < 16 { params([base + 60 + Int(i) - 8]) } else { params([base + 8, 5, Int(i)]) }
        case (.rgb(let r, let g, let b), .ansi16):
            let i = Int(Palette.nearest(r, g, b, in: 0..<16))
            params([i < 8 ? base + i : base + 60 + i - 8])
        case (.palette(let p), .ansi16):
            let i: Int
            if p < 16 { i = Int(p) } else { let (r, g, b) = Palette.rgb(p); i = Int(Palette.nearest(r, g, b, in: 0..<16)) }
            params([i < 8 ? base + i : base + 60 + i - 8])
        }
    }
}
