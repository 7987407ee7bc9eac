/// SGR (`CSI … m`): the pen new characters are drawn with.
extension TerminalEmulator {
    func selectGraphicRendition() {
        let p = parameters
        if p.count == 0 {
            pen = .plain
            return
        }
        var i = 0
        while i < p.count {
            let code = p.value(i, default: 0)
            // Sub-parameters after a colon belong to this parameter (`38:2::r:g:b`, `4:3`).
            var end = i + 1
            while end < p.count && p.isSubparameter(end) { end += 1 }
            if end > i + 1 {
                colonForm(code, from: i + 1, to: end)
                i = end
                continue
            }
            switch code {
            case 0: pen = .plain
            case 1: set(.bold)
            case 2: set(.dim)
            case 3: set(.italic)
            case 4, 21: set(.underline)  // 21 is double underline in xterm
            case 5, 6: set(.blink)
            case 7: set(.inverse)
            case 8: pen.attributes |= Pen.concealed
            case 9: set(.strikethrough)
            case 22: clear([.bold, .dim])
            case 23: clear(.italic)
            case 24: clear(.underline)
            case 25: clear(.blink)
            case 27: clear(.inverse)
            case 28: pen.attributes &= ~Pen.concealed
            case 29: clear(.strikethrough)
            case 30...37: pen.foreground = PackedColor.palette(code - 30)
            case 39: pen.foreground = PackedColor.defaultColor
            case 40...47: pen.background = PackedColor.palette(code - 40)
            case 49: pen.background = PackedColor.defaultColor
            case 90...97: pen.foreground = PackedColor.palette(code - 90 + 8)
            case 100...107: pen.background = PackedColor.palette(code - 100 + 8)
            case 38, 48, 58:
                // Semicolon form: 38;5;n or 38;2;r;g;b (58 is the underline colour: parsed, not kept).
                let (color, used) = semicolonColor(after: i)
                if let color {
                    if code == 38 { pen.foreground = color } else if code == 48 { pen.background = color }
                }
                i += used
            default:
                break  // fonts, frames, overline, super/subscript: not shown by this model
            }
            i += 1
        }
    }

    @inline(__always)
    private func set(_ a: TextAttributes) { pen.attributes |= a.rawValue }

    @inline(__always)
    private func clear(_ a: TextAttributes) { pen.attributes &= ~a.rawValue }

    /// `38;5;n` / `38;2;r;g;b` after the parameter at `index`: the colour (nil if malformed or out of
    /// range) and how many parameters it used besides the 38.
    private func semicolonColor(after index: Int) -> (UInt32?, Int) {
        let p = parameters
        switch p.value(index + 1, default: -1) {
        case 5:
            guard index + 2 < p.count else { return (nil, p.count - index - 1) }
            let n = p.value(index + 2, default: 0)
            return (n <= 255 ? PackedColor.palette(n) : nil, 2)
        case 2:
            guard index + 4 < p.count else { return (nil, p.count - index - 1) }
            let r = p.value(index + 2, default: 0), g = p.value(index + 3, default: 0), b = p.value(index + 4, default: 0)
            return (r <= 255 && g <= 255 && b <= 255 ? PackedColor.rgb(r, g, b) : nil, 4)
        default:
            return (nil, index + 1 < p.count ? 1 : 0)
        }
    }

    /// A parameter with colon sub-parameters: ITU T.416 colours (`38:5:n`, `38:2:r:g:b` and
    /// `38:2:id:r:g:b` with a colour-space id, often empty) and underline styles (`4:0` off, `4:1`–`4:5` on).
    private func colonForm(_ code: Int, from start: Int, to end: Int) {
        let p = parameters
        let count = end - start
        switch code {
        case 4:
            if p.value(start, default: 1) == 0 { clear(.underline) } else { set(.underline) }
        case 38, 48, 58:
            var color: UInt32?
            switch p.value(start, default: -1) {
            case 5 where count >= 2:
                let n = p.value(start + 1, default: 0)
                if n <= 255 { color = PackedColor.palette(n) }
            case 2 where count >= 4:
                let first = count >= 5 ? start + 2 : start + 1
                let r = p.value(first, default: 0), g = p.value(first + 1, default: 0), b = p.value(first + 2, default: 0)
                if r <= 255 && g <= 255 && b <= 255 { color = PackedColor.rgb(r, g, b) }
            default:
                break
            }
            if let color {
                if code == 38 { pen.foreground = color } else if code == 48 { pen.background = color }
            }
        default:
            break
        }
    }
}
