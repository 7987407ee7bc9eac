import Glibc

/// The text of an ASS/SSA event → styled runs, a placement and fades, as libass reads it and as a
/// terminal can show it:
///
/// - `\N` breaks the line; `\n` too under `WrapStyle: 2`, else it is a space; `\h` is a no-break
///   space. `{…}` is an override block (a `{` that is never closed is text); what it holds that is
///   not a tag is a comment, hidden.
/// - `\b \i \u \s` (0/1, `\b` also a weight: 700 and up is bold), `\c`/`\1c` (the colour, white
///   being the terminal's own), `\2c` (karaoke's colour before a syllable is sung), `\alpha`,
///   `\1a`, `\2a` (from `&H80&` on the text is dim, `&HFF&` invisible: spaces); a tag without a
///   value goes back to the style's; `\r` and `\rStyle` reset to the event's style or another.
/// - `\an1`–`\an9`, legacy `\a1`–`\a11`, and `\pos(x,y)` / `\move(x1,y1,…)` (where it starts) to the
///   nearest band placement, by thirds of `PlayResX`/`PlayResY`; the first of each counts.
/// - `\fad(in,out)` and `\fade(…)` (its fade in and fade out) become the cue's fades.
/// - Karaoke `\k`, `\K`/`\kf`, `\ko` (durations in centiseconds; `\kt` sets the time): each
///   syllable takes its look at its instant — `\kf` sweeps across its syllable grapheme by
///   grapheme — and before it has the `\2c` colour (dimmed when that is the same colour).
/// - `\t(…)` takes its tags' end state at once (a terminal does not animate them); drawings
///   (`\p1`…`\p0`) and every other tag are dropped.
enum ASSText {
    struct Result {
        var runs: [StyledRun]
        var placement: CuePlacement
        var fadeIn: Nanoseconds = 0
        var fadeOut: Nanoseconds = 0
    }

    /// What the tags so far have set.
    struct Look: Equatable {
        var primary: ASSColor
        var secondary: ASSColor
        var bold: Bool
        var italic: Bool
        var underline: Bool
        var strikeOut: Bool

        init(_ style: ASSStyle) {
            primary = style.primary
            secondary = style.secondary
            bold = style.bold
            italic = style.italic
            underline = style.underline
            strikeOut = style.strikeOut
        }

        var attributes: TextAttributes {
            var a: TextAttributes = []
            if bold { a.insert(.bold) }
            if italic { a.insert(.italic) }
            if underline { a.insert(.underline) }
            if strikeOut { a.insert(.strikethrough) }
            return a
        }

        /// The terminal style of text in `color`.
        func style(_ color: ASSColor) -> Style {
            var attributes = attributes
            if color.visibility == .dim { attributes.insert(.dim) }
            return Style(foreground: color.foreground, attributes: attributes)
        }
    }

    enum Karaoke { case plain, fill }

    /// A parse in progress.
    struct Reader {
        let script: ASSScript
        let base: ASSStyle
        let start: Nanoseconds
        let length: Nanoseconds
        var style: ASSStyle
        var look: Look
        var builder = RunBuilder()
        var numpad: Int?
        var position: (x: Double, y: Double)?
        var fadeIn: Nanoseconds = 0
        var fadeOut: Nanoseconds = 0
        var drawing = false
        /// Karaoke: the syllable being read (its start and length, in centiseconds from the event's
        /// start) and its text with its looks, emitted when the next begins.
        var karaokeTime = 0
        var syllable: (start: Int, length: Int, kind: Karaoke)?
        /// The syllable's text as in the file (no String per piece until it is built), and where each
        /// piece of it in one look ends.
        var syllableBytes: [UInt8] = []
        var syllablePieces: [(end: Int, look: Look)] = []

        init(script: ASSScript, style: ASSStyle, start: Nanoseconds, length: Nanoseconds) {
            self.script = script
            base = style
            self.style = style
            self.start = start
            self.length = length
            look = Look(style)
        }

        // MARK: Text

        /// Text of the event in the current look, as it is in the file (valid UTF-8).
        mutating func emit(_ text: UnsafeBufferPointer<UInt8>) {
            guard !drawing, !text.isEmpty else { return }
            if syllable != nil { addToSyllable(text); return }
            guard look.primary.visibility != .hidden else {
                emit(String(decoding: text, as: UTF8.self))
                return
            }
            builder.at = nil
            builder.before = nil
            builder.style = look.style(look.primary)
            builder.append(text)
        }

        /// What an escape stands for, as its bytes (a String went through the builder's generic append).
        mutating func emit(escape text: StaticString) {
            text.withUTF8Buffer { emit($0) }
        }

        /// Text in the current look: into the syllable being read, or the runs.
        mutating func emit(_ text: String) {
            guard !drawing, !text.isEmpty else { return }
            if syllable != nil { text.utf8.withContiguousStorageIfAvailable { addToSyllable($0) } ?? addToSyllable(Array(text.utf8)); return }
            builder.at = nil
            builder.before = nil
            builder.style = look.style(look.primary)
            builder.append(visible(text, look.primary))
        }

        /// Text into the syllable being read, in the current look.
        mutating func addToSyllable<Bytes: Collection<UInt8>>(_ text: Bytes) {
            syllableBytes.append(contentsOf: text)
            syllablePieces.append((syllableBytes.count, look))
        }

        /// Text as `color` shows it: invisible text keeps its room, as spaces.
        func visible(_ text: String, _ color: ASSColor) -> String {
            guard color.visibility == .hidden else { return text }
            var spaces = ""
            for character in text {
                if character == "\n" { spaces.append("\n"); continue }
                spaces += String(repeating: " ", count: max(0, DisplayWidth.of(character)))
            }
            return spaces
        }

        /// The syllable read so far goes out: each piece at its instant (`\kf`: each grapheme at its
        /// share of the syllable), in the sung look, with the look before.
        mutating func endSyllable() {
            guard let current = syllable else { return }
            syllable = nil
            defer {
                syllableBytes.removeAll(keepingCapacity: true)
                syllablePieces.removeAll(keepingCapacity: true)
            }
            let sungAt = start + Nanoseconds(current.start) * 10 * Time.millisecond
            let length = Nanoseconds(current.length) * 10 * Time.millisecond
            syllableBytes.withUnsafeBufferPointer { bytes in
                func text(_ piece: Int) -> UnsafeBufferPointer<UInt8> {
                    let from = piece == 0 ? 0 : syllablePieces[piece - 1].end
                    return UnsafeBufferPointer(rebasing: bytes[from..<syllablePieces[piece].end])
                }
                let graphemes = current.kind == .fill
                    ? syllablePieces.indices.reduce(0) { $0 + String(decoding: text($1), as: UTF8.self).count } : 0
                var index = 0
                for piece in syllablePieces.indices {
                    let look = syllablePieces[piece].look
                    let sung = look.style(look.primary)
                    var before: Style? = look.secondary.visibility == .hidden ? nil : look.style(look.secondary)
                    if before == sung { before?.attributes.insert(.dim) }
                    builder.style = sung
                    builder.before = before
                    if current.kind == .fill, graphemes > 1 {
                        for character in String(decoding: text(piece), as: UTF8.self) {
                            // length × index / graphemes, in 128 bits: the product may pass 2^63.
                            let share = Nanoseconds(graphemes).dividingFullWidth(length.multipliedFullWidth(by: Nanoseconds(index))).quotient
                            builder.at = sungAt + share
                            builder.append(visible(String(character), look.primary))
                            index += 1
                        }
                    } else if look.primary.visibility == .hidden {
                        builder.at = sungAt
                        builder.append(visible(String(decoding: text(piece), as: UTF8.self), look.primary))
                    } else {
                        builder.at = sungAt
                        builder.append(text(piece))                 // as it is in the file: no String
                    }
                }
            }
        }

        // MARK: Tags

        /// The tags of an override block `p[start..<end]` (between the braces).
        mutating func overrides(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
            var k = start
            while k < end {
                guard p[k] == 92 else { k += 1; continue }                       // \ starts a tag
                var j = k + 1
                var depth = 0
                while j < end, !(p[j] == 92 && depth == 0) {
                    if p[j] == 40 { depth += 1 } else if p[j] == 41 { depth = max(0, depth - 1) }
                    j += 1
                }
                tag(p, k + 1, j)
                k = j
            }
        }

        /// One tag, `p[start..<end]` without its backslash.
        mutating func tag(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
            guard start < end else { return }
            func starts(_ prefix: StaticString) -> Bool {
                let count = prefix.utf8CodeUnitCount
                guard end - start >= count else { return false }
                return prefix.withUTF8Buffer { b in (0..<count).allSatisfy { p[start + $0] == b[$0] } }
            }
            /// Whether the tag is `name` followed by its value (a digit, `&`, `(`, a sign, or nothing).
            func named(_ count: Int) -> Bool {
                start + count >= end || !Bytes.isLetter(p[start + count])
            }
            let c = p[start]
            if starts("alpha") {
                if let a = ASSColor.parseAlpha(p, start + 5, end) { look.primary.alpha = a; look.secondary.alpha = a } else {
                    look.primary.alpha = style.primary.alpha; look.secondary.alpha = style.secondary.alpha
                }
            } else if starts("an"), named(2) {
                if numpad == nil, let n = integer(p, start + 2, end), (1...9).contains(n) { numpad = n }
            } else if c == 97, named(1) {                                       // \a: legacy SSA
                if numpad == nil, let n = integer(p, start + 1, end), let mapped = CuePlacement.numpad(legacy: n) { numpad = mapped }
            } else if c >= 49 && c <= 52, end - start >= 2, p[start + 1] == 99 || p[start + 1] == 97 {   // \1c…\4a
                let which = c - 48
                if p[start + 1] == 99 { color(which, ASSColor.parse(p, start + 2, end)) } else { alpha(which, ASSColor.parseAlpha(p, start + 2, end)) }
            } else if c == 99, named(1) || (p[start + 1] | 0x20 == 104 && ASSColor.parse(p, start + 1, end) != nil) {   // \c
                color(1, ASSColor.parse(p, start + 1, end))
            } else if starts("fade(") {
                let a = arguments(p, start + 5, end)
                if a.count >= 7 {
                    let (a1, a2, a3) = (a[0], a[1], a[2])
                    if a1 > a2 { fadeIn = max(fadeIn, milliseconds(a[4])) }
                    if a3 > a2 { fadeOut = max(fadeOut, length - milliseconds(a[5])) }
                }
            } else if starts("fad(") {
                let a = arguments(p, start + 4, end)
                if a.count >= 2 { fadeIn = milliseconds(a[0]); fadeOut = milliseconds(a[1]) }
            } else if starts("pos(") {
                let a = arguments(p, start + 4, end)
                if position == nil, a.count >= 2 { position = (a[0], a[1]) }
            } else if starts("move(") {
                let a = arguments(p, start + 5, end)
                if position == nil, a.count >= 4 { position = (a[0], a[1]) }
            } else if starts("t(") {
                // The transform's end state, at once: the tags after its time and acceleration.
                var k = start + 2
                while k < end, p[k] != 92 { k += 1 }
                var close = end
                while close > k, p[close - 1] != 41 { close -= 1 }
                if k < close { overrides(p, k, close - 1) }
            } else if c == 107 || c == 75 {                                     // \k \K \kf \ko \kt
                let second = end - start >= 2 ? p[start + 1] : 0
                if named(second == 102 || second == 111 || second == 116 ? 2 : 1) { karaoke(p, start, end) }
            } else if c == 98, named(1) {                                       // \b
                if let n = integer(p, start + 1, end) { look.bold = n == 1 || n >= 700 } else { look.bold = style.bold }
            } else if c == 105, named(1) {                                      // \i
                look.italic = integer(p, start + 1, end).map { $0 != 0 } ?? style.italic
            } else if c == 117, named(1) {                                      // \u
                look.underline = integer(p, start + 1, end).map { $0 != 0 } ?? style.underline
            } else if c == 115, named(1) {                                      // \s
                look.strikeOut = integer(p, start + 1, end).map { $0 != 0 } ?? style.strikeOut
            } else if c == 112, named(1) {                                      // \p: drawing mode
                drawing = (integer(p, start + 1, end) ?? 0) > 0
            } else if c == 114 {                                                // \r, \rStyle
                var nameEnd = end
                while nameEnd > start + 1, Bytes.isSpaceOrTab(p[nameEnd - 1]) { nameEnd -= 1 }
                let name = String(decoding: UnsafeBufferPointer(start: p + start + 1, count: nameEnd - start - 1), as: UTF8.self)
                style = name.isEmpty ? base : script.styles[name] ?? base
                look = Look(style)
            }
        }

        mutating func color(_ which: UInt8, _ color: ASSColor?) {
            switch which {
            case 1:
                let alpha = look.primary.alpha
                look.primary = color.map { ASSColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: alpha) } ?? style.primary
            case 2:
                let alpha = look.secondary.alpha
                look.secondary = color.map { ASSColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: alpha) } ?? style.secondary
            default: break   // outline and shadow: a terminal draws neither
            }
        }

        mutating func alpha(_ which: UInt8, _ alpha: UInt8?) {
            switch which {
            case 1: look.primary.alpha = alpha ?? style.primary.alpha
            case 2: look.secondary.alpha = alpha ?? style.secondary.alpha
            default: break
            }
        }

        /// Karaoke time stops here (10^9 cs, 115 days), however many syllables add up past it.
        static let longestKaraoke = 1_000_000_000

        /// `\k50`, `\K50`, `\kf50`, `\ko50`: a syllable of 50 cs begins; `\kt150`: the next one
        /// begins 150 cs into the event.
        mutating func karaoke(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
            let two = end - start >= 2 && Bytes.isLetter(p[start + 1])
            let kind = two ? p[start + 1] : p[start]
            let value = max(0, integer(p, start + (two ? 2 : 1), end) ?? 0)
            endSyllable()
            if kind == 116 { karaokeTime = value; return }                     // t
            syllable = (karaokeTime, value, kind == 102 || kind == 75 ? .fill : .plain)   // f, K
            karaokeTime = min(karaokeTime + value, Self.longestKaraoke)
        }

        func milliseconds(_ value: Double) -> Nanoseconds {
            value.isFinite ? Nanoseconds(max(0, min(value, 1e9)) * 1e6) : 0
        }

        /// The placement: where `\pos` puts it, else `\an`, else the style's alignment.
        func placement() -> CuePlacement {
            if let position {
                let x = position.x / Double(script.playResX), y = position.y / Double(script.playResY)
                let alignment: CuePlacement.Alignment = x < 1.0 / 3 ? .left : x < 2.0 / 3 ? .center : .right
                let vertical: CuePlacement.Vertical = y < 1.0 / 3 ? .top : y < 2.0 / 3 ? .middle : .bottom
                return CuePlacement(vertical: vertical, alignment: alignment)
            }
            return CuePlacement.numpad(numpad ?? style.alignment) ?? CuePlacement()
        }
    }
}
