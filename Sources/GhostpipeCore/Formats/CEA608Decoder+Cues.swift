/// What the decoder's screen showed, as cues: a cue ends where the screen changes other than by an
/// append; the standard character sets, and styles from the pens.
extension CEA608Decoder {
    // MARK: - Cues out

    /// The screen is about to change other than by an append: what it showed is a cue that ends
    /// now; what it shows next begins now.
    mutating func change() {
        close(at: time)
        shownSince = time
        shownMode = mode
        shownLine = line
    }

    /// What the screen shows, as cues from `shownSince` to `end` (none when it shows nothing). A cue
    /// that only goes on showing what the one before it showed (a roll-up window moved, a row
    /// painted again as it was) lengthens that one.
    mutating func close(at end: Nanoseconds) {
        guard end > shownSince else { return }
        var made = Self.cues(of: displayed, painted: painted, width: usedColumns, from: shownSince, to: end, mode: shownMode)
        for k in made.indices { made[k].sourceLine = shownLine }
        if made.count == 1, let last = cues.last, last.end == shownSince, last.placement == made[0].placement,
           !made[0].runs.contains(where: { $0.at != nil }), last.plainText == made[0].plainText, Self.sameLook(last.runs, made[0].runs) {
            cues[cues.count - 1].end = end
            return
        }
        cues += made
    }

    /// Whether two run lists show the same text in the same looks, however they are cut.
    static func sameLook(_ a: [StyledRun], _ b: [StyledRun]) -> Bool {
        func looks(_ runs: [StyledRun]) -> [(Character, Style)] { runs.flatMap { run in run.text.map { ($0, run.style) } } }
        let x = looks(a), y = looks(b)
        return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// The cues a screen makes: each group of rows (rows two or more blank rows apart are groups of
    /// their own, placed apart as the screen has them), their common indentation removed (the rest
    /// kept as spaces, as FFmpeg keeps it), placed by where they are on the screen (top, middle or
    /// bottom third; pop-on left, centre or right, roll-up and paint-on left); characters painted
    /// after `start` show at their instants.
    static func cues(of screen: [Cell], painted: [Nanoseconds], width: Int = columns, from start: Nanoseconds, to end: Nanoseconds,
                     mode: Mode) -> [Cue] {
        var extents: [(first: Int, last: Int)?] = Array(repeating: nil, count: rows)
        var timed = false
        for r in 0..<rows {
            var first = -1, last = -1
            for c in 0..<min(width, columns) where screen[r * columns + c].isVisible {
                if first < 0 { first = c }
                last = c
                if painted[r * columns + c] > start { timed = true }
            }
            if first >= 0 { extents[r] = (first, last) }
        }
        var cues: [Cue] = []
        var r = 0
        while r < rows {
            guard extents[r] != nil else { r += 1; continue }
            var bottom = r
            while bottom + 1 < rows, extents[bottom + 1] != nil || (bottom + 2 < rows && extents[bottom + 2] != nil) {
                bottom += extents[bottom + 1] != nil ? 1 : 2
            }
            cues.append(cue(of: screen, painted: painted, rows: r...bottom, extents: extents, timed: timed,
                            from: start, to: end, mode: mode))
            r = bottom + 1
        }
        return cues
    }

    static func cue(of screen: [Cell], painted: [Nanoseconds], rows group: ClosedRange<Int>, extents: [(first: Int, last: Int)?],
                            timed: Bool, from start: Nanoseconds, to end: Nanoseconds, mode: Mode) -> Cue {
        let (top, bottom) = (group.lowerBound, group.upperBound)
        let left = extents[group].compactMap { $0?.first }.min() ?? 0
        let right = extents[group].compactMap { $0?.last }.max() ?? 0
        var text = RunBuilder()
        var instant = start
        for r in group {
            if r > top {
                if timed { text.at = instant }
                text.style = .plain
                text.append(10)
            }
            guard let extent = extents[r] else { continue }
            for c in left...extent.last {
                let cell = screen[r * columns + c]
                if timed {
                    instant = max(instant, painted[r * columns + c])
                    text.at = instant
                }
                text.style = cell.scalar == 0 ? .plain : style(of: cell.pen)
                if let scalar = Unicode.Scalar(cell.scalar), cell.scalar != 0 { text.append(scalar: scalar) } else { text.append(0x20) }
            }
        }
        var placement = CuePlacement()
        switch top + bottom {                                      // where the rows' middle is: thirds of the screen
        case ...9: placement.vertical = .top
        case 19...: placement.vertical = .bottom
        default: placement.vertical = .middle
        }
        if mode == .popOn {
            let middle = left + min(right, screenColumns - 1)       // twice the block's middle column
            placement.block = middle < 31 - 8 ? .left : middle > 31 + 8 ? .right : .center
        } else {
            // Roll-up and paint-on grow while they show: a block placed by its extent would jump
            // as it grew. They stay at the left, as a television has them.
            placement.block = .left
        }
        return Cue(start: start, end: end, runs: text.finish(), placement: placement, styleName: mode.name)
    }

    /// The terminal look of a pen: white is the terminal's own colour.
    static func style(of pen: Pen) -> Style {
        var style = Style()
        if pen.color != 0 { style.foreground = colors[Int(pen.color)] }
        if let background = pen.background { style.background = colors[Int(background)] }
        if pen.italic { style.attributes.insert(.italic) }
        if pen.underline { style.attributes.insert(.underline) }
        if pen.flash { style.attributes.insert(.blink) }
        return style
    }

    static let colors: [Color] = [
        .rgb(255, 255, 255), .rgb(0, 255, 0), .rgb(0, 0, 255), .rgb(0, 255, 255),
        .rgb(255, 0, 0), .rgb(255, 255, 0), .rgb(255, 0, 255), .rgb(0, 0, 0),
    ]

    // MARK: - Character sets

    /// The standard set: ASCII but for eleven characters.
    static func standardCharacter(_ byte: UInt8) -> UInt32 {
        switch byte {
        case 0x2A: return 0xE1   // á
        case 0x5C: return 0xE9   // é
        case 0x5E: return 0xED   // í
        case 0x5F: return 0xF3   // ó
        case 0x60: return 0xFA   // ú
        case 0x7B: return 0xE7   // ç
        case 0x7C: return 0xF7   // ÷
        case 0x7D: return 0xD1   // Ñ
        case 0x7E: return 0xF1   // ñ
        case 0x7F: return 0x2588 // █ solid block
        default: return UInt32(byte)
        }
    }

    /// `11 30`–`11 3F`; `11 39` is the transparent space.
    static let special: [UInt32] = [
        0xAE, 0xB0, 0xBD, 0xBF, 0x2122, 0xA2, 0xA3, 0x266A, 0xE0, 0x20, 0xE8, 0xE2, 0xEA, 0xEE, 0xF4, 0xFB,
    ]

    /// `12 20`–`12 3F`: Spanish, miscellaneous, French.
    static let extendedSpanishFrench: [UInt32] = [
        0xC1, 0xC9, 0xD3, 0xDA, 0xDC, 0xFC, 0x2018, 0xA1, 0x2A, 0x27, 0x2014, 0xA9, 0x2120, 0x2022, 0x201C, 0x201D,
        0xC0, 0xC2, 0xC7, 0xC8, 0xCA, 0xCB, 0xEB, 0xCE, 0xCF, 0xEF, 0xD4, 0xD9, 0xF9, 0xDB, 0xAB, 0xBB,
    ]

    /// `13 20`–`13 3F`: Portuguese, German, Danish.
    static let extendedPortugueseGerman: [UInt32] = [
        0xC3, 0xE3, 0xCD, 0xCC, 0xEC, 0xD2, 0xF2, 0xD5, 0xF5, 0x7B, 0x7D, 0x5C, 0x5E, 0x5F, 0x7C, 0x7E,
        0xC4, 0xE4, 0xD6, 0xF6, 0xDF, 0xA5, 0xA4, 0x2502, 0xC5, 0xE5, 0xD8, 0xF8, 0x250C, 0x2510, 0x2514, 0x2518,
    ]
}
