/// A CEA-608 (ANSI/CTA-608-E) line-21 caption decoder for one caption channel: byte pairs in, each
/// at the instant its frame arrives; cues out, as a decoder's screen shows them over time.
///
/// - **Pairs.** Bytes carry odd parity in bit 7 (stripped; pairs with a wrong bit are read as if
///   right, as ttconv and pycaption read them, and counted). Control codes come twice for
///   redundancy: a code equal to the code just before it (null padding between them aside) is the
///   copy and is skipped; a third one counts again.
/// - **Channels.** A code's first byte says its data channel (bit 3: channel 2); the miscellaneous
///   control codes say the field too (`14`/`1C` field 1, `15`/`1D` field 2). Characters belong to
///   the channel of the last code. CC1 and CC2 are field 1's channels, CC3 and CC4 field 2's.
/// - **Memories.** Two 15 × 32 grids (rows may run on past column 32, as the reference readers
///   let them, rather than lose text): displayed and non-displayed. Pop-on (RCL) builds captions off
///   screen and shows them on EOC (the memories swap); paint-on (RDC) writes on screen; roll-up
///   (RU2–RU4) writes on the base row and CR scrolls the window up a row. EDM, ENM, BS, DER, tab
///   offsets, PACs (row, indent, colour, italics, underline), mid-row codes, special and extended
///   characters (the latter replace the standard character sent before them), background and
///   foreground-black attribute codes (they change the look of what follows and take no cell, as
///   ttconv reads them: files send them without the space the standard has them replace); TR/RTD
///   switch to text mode, whose characters are not captions.
/// - **Cues.** What the screen shows between two changes is a cue. A character painted after
///   everything on screen (in reading order) is a change within the cue: it shows at its own
///   instant (`StyledRun.at`), so paint-on and roll-up type out at the broadcast's timing. Any other
///   change (EOC, EDM, CR, BS, an overwrite, a PAC that moves the roll-up window) ends the cue and
///   begins the next, with what is then on screen shown at once.
struct CEA608Decoder {
    /// The screen's rows and columns; a row's memory goes on past the last column (`stored`).
    static let rows = 15, screenColumns = 32
    /// A row longer than the screen keeps its text, as ttconv and pycaption keep it (a television
    /// overwrites the last column instead; files that overflow it exist: libcaption's own sample).
    static let columns = 128

    enum Mode {
        case popOn, paintOn, rollUp, text
        var name: String {
            switch self {
            case .popOn: return "pop-on"
            case .paintOn: return "paint-on"
            case .rollUp: return "roll-up"
            case .text: return "text"
            }
        }
    }

    /// How the characters written next look.
    struct Pen: Hashable {
        /// 0 white, 1 green, 2 blue, 3 cyan, 4 red, 5 yellow, 6 magenta, 7 black.
        var color: UInt8 = 0
        var italic = false
        var underline = false
        var flash = false
        /// The same colours; nil: none (the terminal's own background).
        var background: UInt8?
    }

    /// One character cell; `scalar` 0 is an empty (transparent) cell.
    struct Cell: Hashable {
        var scalar: UInt32 = 0
        var pen = Pen()
        /// Whether it shows anything: a character, or a space with a background.
        var isVisible: Bool { scalar != 0 && (scalar != 0x20 || pen.background != nil) }
    }

    /// The channel decoded, 1–4.
    let channel: Int
    var cues: [Cue] = []
    /// Pairs whose bytes had even parity.
    private(set) var parityErrors = 0
    /// The channels that carried printable characters (bit k: channel k + 1).
    private(set) var channelsWithText: UInt8 = 0

    var displayed = [Cell](repeating: Cell(), count: rows * columns)
    var hidden = [Cell](repeating: Cell(), count: rows * columns)
    /// When each displayed cell was painted (a cell shows from the later of this and `shownSince`).
    var painted = [Nanoseconds](repeating: 0, count: rows * columns)
    /// When what is on screen began to show, and in which mode.
    var shownSince: Nanoseconds = 0
    var shownMode = Mode.popOn
    /// The source line of the pair that began it (for messages).
    var shownLine = 0
    /// The source line of the pairs coming in.
    var line = 0
    /// The last non-empty displayed cell in reading order (-1: none): painting after it is an append.
    var lastCell = -1
    /// Columns written so far in any row (cells past them are empty): what scans look at.
    var usedColumns = screenColumns
    /// How many displayed cells show something.
    var visibleCells = 0

    var mode = Mode.popOn
    var rollRows = 2
    var baseRow = rows - 1
    var row = rows - 1
    var column = 0
    var pen = Pen()

    /// The code just received (its redundant copy is skipped), and the channel pairs now belong to
    /// (0: none, after XDS data).
    var lastCode: UInt16?
    var currentChannel = 1
    var field = 1
    var time: Nanoseconds = 0

    init(channel: Int = 1) {
        self.channel = max(1, min(4, channel))
    }

    // MARK: - Pairs in

    /// Takes one byte pair as transmitted (parity bits included), at media time `t`.
    mutating func receive(_ first: UInt8, _ second: UInt8, at t: Nanoseconds) {
        time = t
        if !Self.hasOddParity(first) || !Self.hasOddParity(second) { parityErrors += 1 }
        let b1 = first & 0x7F, b2 = second & 0x7F
        if b1 == 0 && b2 == 0 { return }                       // padding
        if b1 >= 0x10 && b1 <= 0x1F {
            let code = UInt16(b1) << 8 | UInt16(b2)
            if code == lastCode { lastCode = nil; return }       // the redundant copy
            lastCode = code
            let dataChannel = b1 & 0x08 == 0 ? 1 : 2
            let plain = b1 & 0xF7                                // the code as channel 1 sends it
            if (plain == 0x14 || plain == 0x15) && b2 >= 0x20 && b2 <= 0x2F { field = plain == 0x15 ? 2 : 1 }
            currentChannel = (field - 1) * 2 + dataChannel
            guard currentChannel == channel else { return }
            control(plain, b2)
        } else if b1 < 0x10 {
            lastCode = nil
            currentChannel = 0                                   // XDS: not captions until the next code
        } else {
            lastCode = nil
            guard currentChannel > 0 else { return }
            channelsWithText |= 1 << (currentChannel - 1)
            guard currentChannel == channel else { return }
            write(Self.standardCharacter(b1))
            if b2 >= 0x20 { write(Self.standardCharacter(b2)) }
        }
    }

    /// The end of the input: what is on screen stays `linger` from when it began to show (as
    /// ttconv ends it), or to the last pair if that comes later.
    mutating func finish(linger: Nanoseconds) {
        close(at: max(time, shownSince + linger))
    }

    static func hasOddParity(_ byte: UInt8) -> Bool { byte.nonzeroBitCount & 1 == 1 }

    mutating func control(_ b1: UInt8, _ b2: UInt8) {
        switch (b1, b2) {
        case (0x10...0x17, 0x40...0x7F):
            preambleAddress(b1, b2)
        case (0x11, 0x20...0x2F):
            midRow(b2)
        case (0x11, 0x30...0x3F):
            channelsWithText |= 1 << (channel - 1)
            write(Self.special[Int(b2 - 0x30)])
        case (0x12, 0x20...0x3F), (0x13, 0x20...0x3F):
            channelsWithText |= 1 << (channel - 1)
            column = max(0, column - 1)                          // it takes the place of its fallback
            write((b1 == 0x12 ? Self.extendedSpanishFrench : Self.extendedPortugueseGerman)[Int(b2 - 0x20)])
        case (0x10, 0x20...0x2F):
            pen.background = (b2 & 0x0F) >> 1
        case (0x17, 0x2D):
            pen.background = nil
        case (0x17, 0x2E), (0x17, 0x2F):
            pen.color = 7
            pen.italic = false
            pen.underline = b2 & 1 == 1
        case (0x17, 0x21...0x23):
            column = min(Self.columns - 1, column + Int(b2 - 0x20))
        case (0x14, 0x20...0x2F), (0x15, 0x20...0x2F):
            miscellaneous(b2)
        default:
            break                                                 // not a code of the standard: ignored
        }
    }

    // MARK: - Codes

    /// The row each PAC's first byte (low three bits) and bit 5 of its second byte name (0-based;
    /// -1: none).
    static let pacRows: [Int] = [10, -1, 0, 1, 2, 3, 11, 12, 13, 14, 4, 5, 6, 7, 8, 9]

    mutating func preambleAddress(_ b1: UInt8, _ b2: UInt8) {
        let pacRow = Self.pacRows[Int(b1 & 0x07) << 1 | Int(b2 >> 5 & 1)]
        guard pacRow >= 0 else { return }
        let attributes = b2 & 0x1F
        pen = Pen()
        pen.underline = attributes & 1 == 1
        var indent = 0
        if attributes < 0x10 {
            let color = attributes >> 1
            if color == 7 { pen.italic = true } else { pen.color = color }
        } else {
            indent = Int(attributes - 0x10) >> 1 * 4
        }
        if mode == .rollUp {
            moveRollUpWindow(to: max(pacRow, rollRows - 1))
            row = baseRow
        } else {
            row = pacRow
        }
        column = indent
    }

    /// A mid-row code: a space in the look so far, then the new look (a colour ends italics; the
    /// italics code keeps the colour).
    mutating func midRow(_ b2: UInt8) {
        write(0x20)
        let style = (b2 & 0x0F) >> 1
        if style == 7 { pen.italic = true } else { pen.color = style; pen.italic = false }
        pen.underline = b2 & 1 == 1
        pen.flash = false
    }

    mutating func miscellaneous(_ b2: UInt8) {
        switch b2 {
        case 0x20: mode = .popOn                                  // RCL
        case 0x21:                                                 // BS
            guard column > 0 else { return }
            column -= 1
            erase(row: row, from: column, to: column + 1)
        case 0x24: erase(row: row, from: column, to: Self.columns)  // DER
        case 0x25, 0x26, 0x27:                                     // RU2, RU3, RU4
            let depth = Int(b2) - 0x23
            if mode != .rollUp {
                eraseDisplayed()
                hidden = [Cell](repeating: Cell(), count: Self.rows * Self.columns)
                baseRow = Self.rows - 1
                row = baseRow
                column = 0
            } else if depth < rollRows {
                for r in 0..<max(0, baseRow - depth + 1) { erase(row: r, from: 0, to: Self.columns, displayedOnly: true) }
            }
            rollRows = depth
            mode = .rollUp
        case 0x28: pen.flash = true                                // FON
        case 0x29: mode = .paintOn                                 // RDC
        case 0x2A, 0x2B: mode = .text                              // TR, RTD
        case 0x2C: eraseDisplayed()                                // EDM
        case 0x2D: if mode == .rollUp { carriageReturn() }         // CR
        case 0x2E: hidden = [Cell](repeating: Cell(), count: Self.rows * Self.columns)  // ENM
        case 0x2F:                                                 // EOC
            change()
            swap(&displayed, &hidden)
            column = 0                                             // as FFmpeg: the next caption starts afresh
            shownMode = .popOn
            rescan()
        default: break                                             // AOF, AON: reserved
        }
    }

    // MARK: - Memories

    mutating func write(_ scalar: UInt32) {
        let cell = Cell(scalar: scalar, pen: pen)
        let index = row * Self.columns + column
        usedColumns = max(usedColumns, column + 1)
        column = min(Self.columns - 1, column + 1)
        switch mode {
        case .popOn: hidden[index] = cell
        case .paintOn, .rollUp: paint(cell, at: index)
        case .text: break
        }
    }

    /// A cell written on screen: an append when it comes after everything shown (or replaces the
    /// last character a moment after it came: an extended character over its fallback), else a
    /// change that ends the cue.
    mutating func paint(_ cell: Cell, at index: Int) {
        let old = displayed[index]
        guard old != cell else { return }
        let replacesLast = index == lastCell && time - painted[index] <= Self.replaceWindow
        if index > lastCell || replacesLast || (!old.isVisible && !cell.isVisible) {
            // What was blank begins to show now.
            if visibleCells == 0 && cell.isVisible { shownSince = time; shownMode = mode; shownLine = line }
            visibleCells += (cell.isVisible ? 1 : 0) - (old.isVisible ? 1 : 0)
            displayed[index] = cell
            painted[index] = time
            if cell.scalar != 0 { lastCell = max(lastCell, index) }
            return
        }
        change()
        visibleCells += (cell.isVisible ? 1 : 0) - (old.isVisible ? 1 : 0)
        displayed[index] = cell
        painted[index] = time
        lastCell = max(lastCell, index)
    }

    /// An extended character comes a frame after its fallback (a few, allowing for padding).
    static let replaceWindow: Nanoseconds = 150 * Time.millisecond

    mutating func erase(row r: Int, from start: Int, to end: Int, displayedOnly: Bool = false) {
        guard start < end else { return }
        let range = (r * Self.columns + start)..<(r * Self.columns + end)
        if mode == .popOn && !displayedOnly {
            for k in range { hidden[k] = Cell() }
            return
        }
        if displayed[range].contains(where: { $0.scalar != 0 }) {
            if displayed[range].contains(where: \.isVisible) { change() }
            for k in range { displayed[k] = Cell() }
            rescan()
        }
    }

    mutating func eraseDisplayed() {
        if visibleCells > 0 { change() }
        for k in displayed.indices { displayed[k] = Cell() }
        lastCell = -1
        visibleCells = 0
    }

    /// CR in roll-up: the window's rows move up one, its top row goes, the base row is empty.
    mutating func carriageReturn() {
        if visibleCells > 0 { change() }
        let top = max(0, baseRow - rollRows + 1)
        var rolled = [Cell](repeating: Cell(), count: Self.rows * Self.columns)
        if top < baseRow {
            for r in top..<baseRow {
                for c in 0..<Self.columns { rolled[r * Self.columns + c] = displayed[(r + 1) * Self.columns + c] }
            }
        }
        displayed = rolled
        rescan()
        column = 0
        pen = Pen()
    }

    /// A PAC naming another base row in roll-up: the window's rows move there.
    mutating func moveRollUpWindow(to newBase: Int) {
        guard newBase != baseRow else { return }
        if visibleCells > 0 { change() }
        var moved = [Cell](repeating: Cell(), count: Self.rows * Self.columns)
        for k in 0..<rollRows {
            let from = baseRow - k, to = newBase - k
            guard from >= 0, to >= 0 else { break }
            for c in 0..<Self.columns { moved[to * Self.columns + c] = displayed[from * Self.columns + c] }
        }
        displayed = moved
        baseRow = newBase
        rescan()
    }

    /// After a change of many cells: the last one written, and how many show.
    mutating func rescan() {
        lastCell = -1
        visibleCells = 0
        for r in 0..<Self.rows {
            for k in (r * Self.columns)..<(r * Self.columns + usedColumns) where displayed[k].scalar != 0 {
                lastCell = k
                if displayed[k].isVisible { visibleCells += 1 }
            }
        }
    }
}
