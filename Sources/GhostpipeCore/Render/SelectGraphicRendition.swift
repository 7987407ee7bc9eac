/// Reads SGR parameters (`ESC [ … m`) from input text into a `Style`, so colours in a file survive —
/// re-emitted by ghostpipe's own renderer, never passed through. Both `38;5;n` / `38;2;r;g;b` and the
/// colon forms `38:5:n` / `38:2::r:g:b` are understood; anything unknown is ignored.
public enum SelectGraphicRendition {
    /// Applies the parameter bytes (digits, `;` and `:`) of one SGR sequence to `style`.
    public static func apply(_ parameters: [UInt8], to style: inout Style) {
        // Split on ';' into groups; a group may hold ':'-separated sub-parameters.
        var groups: [[Int?]] = [[]]
        var number: Int?
        for byte in parameters {
            switch byte {
            case 0x30...0x39:
                number = min(9_999, (number ?? 0) * 10 + Int(byte - 0x30))
            case 0x3A:  // ':'
                groups[groups.count - 1].append(number)
                number = nil
            case 0x3B:  // ';'
                groups[groups.count - 1].append(number)
                groups.append([])
                number = nil
            default:
                return  // private parameters (`?`, `>`…): not SGR we understand
            }
        }
        groups[groups.count - 1].append(number)
        var i = 0
        func value(_ k: Int) -> Int? { k < groups.count ? (groups[k].first ?? nil) : nil }
        while i < groups.count {
            let group = groups[i]
            let code = group.first.flatMap { $0 } ?? 0
            switch code {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 5, 6: style.attributes.insert(.blink)
            case 7: style.attributes.insert(.inverse)
            case 9: style.attributes.insert(.strikethrough)
            case 21: style.attributes.insert(.underline)
            case 22: style.attributes.remove([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 25: style.attributes.remove(.blink)
            case 27: style.attributes.remove(.inverse)
            case 29: style.attributes.remove(.strikethrough)
            case 30...37: style.foreground = .palette(UInt8(code - 30))
            case 39: style.foreground = nil
            case 40...47: style.background = .palette(UInt8(code - 40))
            case 49: style.background = nil
            case 90...97: style.foreground = .palette(UInt8(code - 90 + 8))
            case 100...107: style.background = .palette(UInt8(code - 100 + 8))
            case 38, 48:
                var color: Color?
                if group.count > 1 {
                    // Colon form: 38:5:n, 38:2:r:g:b or 38:2:colorspace:r:g:b.
                    let sub = group.dropFirst().map { $0 ?? 0 }
                    if sub.first == 5, sub.count >= 2 { color = .palette(UInt8(clamping: sub[1])) }
                    if sub.first == 2 {
                        let rgb = sub.count >= 5 ? Array(sub.suffix(3)) : Array(sub.dropFirst())
                        if rgb.count == 3 { color = .rgb(UInt8(clamping: rgb[0]), UInt8(clamping: rgb[1]), UInt8(clamping: rgb[2])) }
                    }
                } else if value(i + 1) == 5, let n = value(i + 2) {
                    color = .palette(UInt8(clamping: n))
                    i += 2
                } else if value(i + 1) == 2, let r = value(i + 2), let g = value(i + 3), let b = value(i + 4) {
                    color = .rgb(UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b))
                    i += 4
                }
                if let color { if code == 38 { style.foreground = color } else { style.background = color } }
            default:
                break
            }
            i += 1
        }
    }
}
