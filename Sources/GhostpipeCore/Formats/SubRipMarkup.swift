/// The HTML-like markup of SubRip cue text → styled runs, as ffmpeg's and VLC's SRT decoders read it.
///
/// - Lines: blank lines inside a cue are dropped (ffmpeg), trailing spaces trimmed, lines joined by
///   `"\n"`.
/// - `<i> <b> <u> <s>` in any case, nested or not; a close tag ends the most recent matching open one
///   even when mis-nested; a stray close tag is hidden; an unclosed tag lasts to the end of the cue.
/// - `<font color=…>`: CSS colour names, `#RRGGBB`, `RRGGBB`, `#RGB`, quoted or not; `face` and
///   `size` ignored. `<br>` (`<br/>`, `<br />`) is a line break, as in ffmpeg.
/// - Unknown tags (`<c>`, `<span …>`) are hidden when the file closes them later in the cue (their
///   content stays); otherwise they are literal text, so `Press <Enter>` and `a < b` read as written.
/// - `{\an1}`…`{\an9}` (and legacy SSA `{\a1}`…`{\a11}`) set the placement (7–9 top, 4–6 middle,
///   1–3 bottom; left, centre, right by column); every other `{\…}` override block is removed.
/// - Character references `&amp; &lt; &gt; &quot; &apos; &nbsp;`, a few more common names and
///   numeric `&#233; &#xE9;` are decoded: tools that export SRT from HTML-ish sources leave them,
///   and VLC decodes them too. Anything else after `&` is literal.
enum SubRipMarkup {

    static func parse(_ raw: UnsafeBufferPointer<UInt8>, placement: CuePlacement) -> (runs: [StyledRun], placement: CuePlacement) {
        let text = cleanLines(raw)
        guard !text.isEmpty else { return ([], placement) }
        if !text.contains(where: { $0 == 60 || $0 == 123 || $0 == 38 }) {   // < { &
            return ([StyledRun(String(decoding: text, as: UTF8.self))], placement)
        }
        return text.withUnsafeBufferPointer { parseMarkup($0, placement: placement) }
    }

    /// Whether a cue's raw text is its plain text as it is: one or more lines joined by LF, with no
    /// markup (`<`, `{`, `&`), no blank line, no trailing space, and nothing the terminal sanitizer
    /// or a JSON reader would change (controls, DEL, the C2 lead of C1 controls and of U+0080…U+00BF,
    /// which only costs those the slower path). Most cues of real files are: a text output writes
    /// them straight from the file's bytes.
    static func isPlain(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = raw.baseAddress, let last = raw.last, p[0] != 10, last != 10, last != 32,
              raw.count <= SubtitleStream.maxCueText else { return false }
        @inline(__always) func marks(_ w: UInt64) -> UInt64 {
            ByteWords.anyControl(w) | ByteWords.anyEqual(w, 60) | ByteWords.anyEqual(w, 123) | ByteWords.anyEqual(w, 38)
                | ByteWords.anyEqual(w, 0x7F) | ByteWords.anyEqual(w, 0xC2)
        }
        var i = 0
        while i < raw.count {
            // Words of text with none of the bytes looked at below are skipped whole, up to the
            // first byte that is.
            while i + 8 <= raw.count {
                let m = marks(ByteWords.load(p + i))
                if m != 0 { i += ByteWords.firstMarked(m); break }
                i += 8
            }
            guard i < raw.count else { break }
            // The last bytes, as the word that ends the text (looking again at some is harmless).
            if i + 8 > raw.count, raw.count >= 8, marks(ByteWords.load(p + raw.count - 8)) == 0 { break }
            let b = p[i]
            if b < 0x20 {
                // A line break between two lines, neither blank nor ending in a space.
                guard b == 10, p[i - 1] != 10, p[i - 1] != 32 else { return false }
            } else if b == 60 || b == 123 || b == 38 || b == 0x7F || b == 0xC2 {
                return false
            }
            i += 1
        }
        return true
    }

    /// The cue's lines without blank lines and trailing spaces, joined by LF.
    static func cleanLines(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard let base = raw.baseAddress else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var scanner = LineScanner(base, count: raw.count)
        while let line = scanner.next() {
            var end = line.end
            while end > line.start, Bytes.isASCIIWhitespace(base[end - 1]) { end -= 1 }
            guard end > line.start else { continue }
            if !out.isEmpty { out.append(10) }
            out.append(contentsOf: UnsafeBufferPointer(start: base + line.start, count: end - line.start))
        }
        return out
    }

    enum Tag: Equatable { case italic, bold, underline, strike, font(Color?) }

    /// The style that the tags open (outermost first) give text.
    static func style(of open: [Tag]) -> Style {
        var style = Style.plain
        for tag in open {
            switch tag {
            case .italic: style.attributes.insert(.italic)
            case .bold: style.attributes.insert(.bold)
            case .underline: style.attributes.insert(.underline)
            case .strike: style.attributes.insert(.strikethrough)
            case .font(let color): if let color { style.foreground = color }
            }
        }
        return style
    }

    /// Open tags beyond this depth are hidden but change nothing (keeps hostile input linear).
    static let maxDepth = 64

    /// `html`: the text is HTML as SAMI has it: every tag is hidden, known or not, and braces are
    /// text.
    static func parseMarkup(_ t: UnsafeBufferPointer<UInt8>, placement: CuePlacement,
                            html: Bool = false) -> (runs: [StyledRun], placement: CuePlacement) {
        var builder = RunBuilder()
        let placement = parseMarkup(t, placement: placement, html: html, into: &builder)
        return (builder.finish(), placement)
    }

    /// The plain text of a cue's raw text (what `-o plain` prints of it: lines cleaned, markup
    /// read, no styles kept), appended to `text`.
    static func plainText(_ raw: UnsafeBufferPointer<UInt8>, into text: inout [UInt8]) {
        var builder = PlainTextBuilder(bytes: text)
        text = []
        cleanLines(raw).withUnsafeBufferPointer { _ = parseMarkup($0, placement: CuePlacement(), into: &builder) }
        text = builder.bytes
    }

    static func parseMarkup<Builder: MarkupText>(_ t: UnsafeBufferPointer<UInt8>, placement: CuePlacement,
                                                 html: Bool = false, into builder: inout Builder) -> CuePlacement {
        guard let p = t.baseAddress else { return placement }
        let n = t.count
        var placement = placement
        var open: [Tag] = []
        var hiddenUnknown: [[UInt8]] = []   // names of unknown tags hidden while open
        var closers: [[UInt8]: Int]?        // unknown tag name → where its last close tag starts

        func restyle() { builder.style = style(of: open) }
        func close(_ matches: (Tag) -> Bool) {
            if let k = open.lastIndex(where: matches) {
                open.remove(at: k)
                restyle()
            }
        }

        var i = 0
        while i < n {
            let c = p[i]
            if c == 60, let tag = readTag(p, i, n) {       // <
                var handled = true
                if !Builder.keepsStyles, simpleTag(p, tag) != nil || tag.isNamed("font", p) {
                    // A style tag is hidden; its style is not worked out (a font's colour by name).
                } else if let simple = simpleTag(p, tag) {
                    if tag.closing { close { $0 == simple } } else if open.count < maxDepth { open.append(simple) }
                } else if tag.isNamed("font", p) {
                    if tag.closing {
                        close { if case .font = $0 { return true } else { return false } }
                    } else if open.count < maxDepth {
                        open.append(.font(fontColor(p, tag.attributesStart, tag.attributesEnd)))
                    }
                } else if tag.isNamed("br", p) {
                    builder.append(10)
                } else {
                    handled = false
                }
                if handled {
                    if Builder.keepsStyles { restyle() }
                    i = tag.end
                    continue
                }
                if html {
                    i = tag.end
                    continue
                }
                let name = tag.name(p)
                if tag.closing {
                    if let k = hiddenUnknown.lastIndex(of: name) {
                        hiddenUnknown.remove(at: k)
                        i = tag.end
                        continue
                    }
                } else if lastCloseTag(name, &closers, p, n) >= tag.end {
                    hiddenUnknown.append(name)
                    i = tag.end
                    continue
                }
                builder.append(c)
                i += 1
                continue
            }
            if c == 123, !html, i + 1 < n, p[i + 1] == 92 {   // {\ override block
                var k = i + 2
                while k < n, p[k] != 125 { k += 1 }            // }
                if k < n {
                    applyOverrides(p, i + 1, k, to: &placement)
                    i = k + 1
                    continue
                }
            }
            if c == 123, !html, let end = microDVDTagEnd(p, i, n) {   // {Y:i}, {c:$0000ff}: hidden, as VLC and FFmpeg do
                i = end
                continue
            }
            if c == 38, let (scalar, length) = CharacterReferences.match(p, i, n) {   // &
                builder.append(scalar: scalar)
                i += length
                continue
            }
            // Plain text up to the next markup character.
            var k = i + 1
            while k + 8 <= n {
                // Words with no `<`, `&` (nor `{` but in HTML) are skipped whole.
                let w = ByteWords.load(p + k)
                if ByteWords.anyEqual(w, 60) | ByteWords.anyEqual(w, 38) | (html ? 0 : ByteWords.anyEqual(w, 123)) != 0 { break }
                k += 8
            }
            while k < n, p[k] != 60, p[k] != 123 || html, p[k] != 38 { k += 1 }
            builder.append(UnsafeBufferPointer(start: p + i, count: k - i))
            i = k
        }
        return placement
    }

    static func simpleTag(_ p: UnsafePointer<UInt8>, _ tag: TagToken) -> Tag? {
        guard tag.nameEnd - tag.nameStart == 1 else { return nil }
        switch Bytes.lower(p[tag.nameStart]) {
        case 105: return .italic      // i
        case 98: return .bold         // b
        case 117: return .underline   // u
        case 115: return .strike      // s
        default: return nil
        }
    }

    /// A tag, by where its parts are: its name is compared in place, and copied only when an
    /// unknown tag has to be matched with its close tag.
    struct TagToken {
        var nameStart: Int
        var nameEnd: Int
        var closing: Bool
        var attributesStart: Int
        var attributesEnd: Int
        var end: Int                // just past `>`

        /// Whether the name is `lowercase`, in any case.
        func isNamed(_ lowercase: StaticString, _ p: UnsafePointer<UInt8>) -> Bool {
            Bytes.equalsIgnoringCase(p, nameStart, nameEnd, lowercase)
        }

        /// The name in lower case.
        func name(_ p: UnsafePointer<UInt8>) -> [UInt8] {
            (nameStart..<nameEnd).map { Bytes.lower(p[$0]) }
        }
    }

    /// `<name …>` or `</name …>` at `i`, on one line and without another `<` inside; nil when the `<`
    /// does not start a tag (`a < b`, `<3`).
    static func readTag(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> TagToken? {
        var k = i + 1
        var closing = false
        if k < n, p[k] == 47 { closing = true; k += 1 }       // /
        guard k < n, Bytes.isLetter(p[k]) else { return nil }
        let nameStart = k
        while k < n, Bytes.isLetter(p[k]) || Bytes.isDigit(p[k]) { k += 1 }
        guard k < n else { return nil }
        let attributesStart = k
        if p[k] != 62 {
            guard Bytes.isSpaceOrTab(p[k]) || p[k] == 47 else { return nil }
            while k < n, p[k] != 62 {
                if p[k] == 60 || p[k] == 10 { return nil }
                k += 1
            }
            guard k < n else { return nil }
        }
        return TagToken(nameStart: nameStart, nameEnd: attributesStart, closing: closing, attributesStart: attributesStart,
                        attributesEnd: k, end: k + 1)
    }

    /// Where the last `</name…>` of the cue starts (-1 if none). The close tags are indexed once per
    /// cue, so a cue full of unknown tags stays linear.
    static func lastCloseTag(_ name: [UInt8], _ index: inout [[UInt8]: Int]?, _ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        if index == nil {
            var found: [[UInt8]: Int] = [:]
            var k = 0
            while k + 1 < n {
                if p[k] == 60, p[k + 1] == 47, let tag = readTag(p, k, n) { found[tag.name(p)] = k }
                k += 1
            }
            index = found
        }
        return index?[name] ?? -1
    }

    /// The `color` attribute of a font tag; other attributes (`face`, `size`) are ignored.
    static func fontColor(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Color? {
        guard let value = TagAttributes.value(of: "color", p, start, end) else { return nil }
        return NamedColors.parse(UnsafeBufferPointer(start: p + value.lowerBound, count: value.count))
    }

    /// The end of a MicroDVD control code at `p[i]` (`{Y:i}`, `{y:b}`, `{C:$0000ff}`, `{F:Arial}`,
    /// `{S:12}`, `{P:1}`, `{H:UTF-8}`: a letter of those, a colon, up to 64 bytes without a line break,
    /// a closing brace), or nil when it is not one.
    static func microDVDTagEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int? {
        guard i + 3 < n, p[i + 2] == 58 else { return nil }    // :
        switch p[i + 1] {
        case 89, 121, 67, 99, 70, 102, 83, 115, 80, 112, 72, 104: break   // Y y C c F f S s P p H h
        default: return nil
        }
        var k = i + 3
        while k < n, k - i < 64, p[k] != 125, p[k] != 10, p[k] != 13, p[k] != 123 { k += 1 }
        return k < n && p[k] == 125 ? k + 1 : nil
    }

    /// `\an8`, `\a6` inside an override block `p[start..<end]` (which starts at the backslash).
    static func applyOverrides(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, to placement: inout CuePlacement) {
        var k = start
        while k < end {
            guard p[k] == 92, k + 1 < end, p[k + 1] == 97 else { k += 1; continue }   // \a
            var j = k + 2
            let numpad = j < end && p[j] == 110                                        // \an
            if numpad { j += 1 }
            var value = 0, digits = 0
            while j < end, Bytes.isDigit(p[j]), digits < 3 { value = value * 10 + Int(p[j] - 48); digits += 1; j += 1 }
            if digits > 0, let set = CuePlacement.numpad(numpad ? value : CuePlacement.numpad(legacy: value) ?? 0) {
                placement.vertical = set.vertical
                placement.alignment = set.alignment
            }
            k = j
        }
    }
}
