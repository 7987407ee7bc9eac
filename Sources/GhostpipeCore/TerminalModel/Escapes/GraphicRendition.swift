/// Something Select Graphic Rendition (`CSI … m`) changes: the style of input text (`Style`, for
/// colours kept from a file) and the emulator's pen.
protocol GraphicRenditionTarget {
    mutating func apply(_ change: GraphicRendition.Change)
}

/// The one SGR interpreter: parameters (with ITU T.416 colon sub-parameters) to attribute and colour
/// changes, in order. xterm's semantics, with tmux's underline styles and underline colour:
///
/// - 0 or an empty parameter resets; 1 2 3 4 5/6 7 8 9 set bold, dim, italic, underline, blink,
///   inverse, concealed, strikethrough, and 21 sets underline (double underline in xterm); 22 clears
///   bold and dim, 23 24 25 27 28 29 clear the others. 30–37, 90–97 and 39, 40–47, 100–107 and 49:
///   the 16 colours and the defaults.
/// - 38, 48 (and 58, the underline colour, read and dropped): `;5;n` or `;2;r;g;b`, and their
///   colon forms `:5:n`, `:2:r:g:b` and `:2:id:r:g:b` (a colour-space id, often empty), also after a
///   semicolon (`38;5:n`). An index or component that is empty or above 255 makes no change, but the
///   parameters the colour claimed are used up, so none of them is read as an attribute.
/// - `4:0` clears the underline, `4:1`–`4:5` set it (curly, dotted… shown as plain underline); any
///   other parameter with sub-parameters is ignored whole.
/// - Unknown parameters (fonts, frames, overline…) are ignored.
enum GraphicRendition {
    /// One change SGR makes.
    enum Change: Equatable {
        case reset
        case set(TextAttributes)
        case clear(TextAttributes)
        /// SGR 8 / 28.
        case concealed(Bool)
        /// nil: the default colour.
        case foreground(Color?)
        case background(Color?)
    }

    /// Applies the SGR sequence with parameters `p` to `target`.
    static func apply<Target: GraphicRenditionTarget>(_ p: ControlSequenceParameters, to target: inout Target) {
        guard p.count > 0 else {
            target.apply(.reset)
            return
        }
        var i = 0
        while i < p.count {
            // A sub-parameter left over after a colour is no code of its own.
            if p.isSubparameter(i) {
                i += 1
                continue
            }
            let code = p.value(i, default: 0)
            let end = p.subparametersEnd(after: i)
            if end > i + 1 {
                withSubparameters(code, p, from: i + 1, to: end, to: &target)
                i = end
                continue
            }
            switch code {
            case 0: target.apply(.reset)
            case 1: target.apply(.set(.bold))
            case 2: target.apply(.set(.dim))
            case 3: target.apply(.set(.italic))
            case 4, 21: target.apply(.set(.underline))
            case 5, 6: target.apply(.set(.blink))
            case 7: target.apply(.set(.inverse))
            case 8: target.apply(.concealed(true))
            case 9: target.apply(.set(.strikethrough))
            case 22: target.apply(.clear([.bold, .dim]))
            case 23: target.apply(.clear(.italic))
            case 24: target.apply(.clear(.underline))
            case 25: target.apply(.clear(.blink))
            case 27: target.apply(.clear(.inverse))
            case 28: target.apply(.concealed(false))
            case 29: target.apply(.clear(.strikethrough))
            case 30...37: target.apply(.foreground(.palette(UInt8(code - 30))))
            case 39: target.apply(.foreground(nil))
            case 40...47: target.apply(.background(.palette(UInt8(code - 40))))
            case 49: target.apply(.background(nil))
            case 90...97: target.apply(.foreground(.palette(UInt8(code - 90 + 8))))
            case 100...107: target.apply(.background(.palette(UInt8(code - 100 + 8))))
            case 38, 48, 58:
                let (color, next) = extendedColor(p, after: i)
                if let color { colorChange(code, color, to: &target) }
                i = next
                continue
            default:
                break
            }
            i += 1
        }
    }

    /// A parameter followed by colon sub-parameters `p[start..<end]`.
    private static func withSubparameters<Target: GraphicRenditionTarget>(
        _ code: Int, _ p: ControlSequenceParameters, from start: Int, to end: Int, to target: inout Target
    ) {
        switch code {
        case 4:
            guard end - start == 1 else { return }
            switch p.value(start, default: -1) {
            case 0: target.apply(.clear(.underline))
            case 1...5: target.apply(.set(.underline))
            default: break
            }
        case 38, 48, 58:
            if let color = color(p, space: start, values: start + 1, to: end) { colorChange(code, color, to: &target) }
        default:
            break  // xterm and tmux ignore sub-parameters elsewhere, and the parameter with them
        }
    }

    private static func colorChange<Target: GraphicRenditionTarget>(_ code: Int, _ color: Color, to target: inout Target) {
        switch code {
        case 38: target.apply(.foreground(color))
        case 48: target.apply(.background(color))
        default: break  // 58: the underline colour is not kept
        }
    }

    /// The colour given by the parameters after a 38/48/58 at `index` that has no sub-parameters of its
    /// own, and the index of the first parameter it does not use.
    private static func extendedColor(_ p: ControlSequenceParameters, after index: Int) -> (Color?, Int) {
        let space = index + 1
        guard space < p.count else { return (nil, space) }
        let end = p.subparametersEnd(after: space)
        if end > space + 1 {
            // `38;5:n`, `38;2:r:g:b`, `38;2:id:r:g:b`: the values are the colour space's sub-parameters.
            return (color(p, space: space, values: space + 1, to: end), end)
        }
        // `38;5;n`, `38;2;r;g;b`: the values are the next parameters (what is missing reads as empty).
        switch p.value(space, default: -1) {
        case 5: return (color(p, space: space, values: space + 1, to: space + 2), space + 2)
        case 2: return (color(p, space: space, values: space + 1, to: space + 4), space + 4)
        default: return (nil, space + 1)  // an unknown colour space uses itself up, as in xterm
        }
    }

    /// The colour for colour space `p[space]` from the values `p[start..<end]`; nil when the space is
    /// unknown or a value is missing, empty or above 255. With four or more values for RGB the first
    /// is a colour-space id, skipped.
    private static func color(_ p: ControlSequenceParameters, space: Int, values start: Int, to end: Int) -> Color? {
        @inline(__always) func byte(_ k: Int) -> UInt8? {
            guard k < end else { return nil }
            let v = p.value(k, default: -1)
            return v >= 0 && v <= 255 ? UInt8(v) : nil
        }
        switch p.value(space, default: -1) {
        case 5:
            return byte(start).map { .palette($0) }
        case 2:
            let first = end - start >= 4 ? start + 1 : start
            guard let r = byte(first), let g = byte(first + 1), let b = byte(first + 2) else { return nil }
            return .rgb(r, g, b)
        default:
            return nil
        }
    }
}
