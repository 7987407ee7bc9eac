/// Keeps untrusted text from commanding the terminal: removes every control character except line
/// feed, tab, carriage return and backspace (NUL becomes U+FFFD, like any other damage), and every
/// escape sequence — CSI, OSC, DCS, SOS, PM, APC, single-character ESC sequences, and their 8-bit C1
/// forms written as UTF-8 (U+0080–U+009F) — so that nothing from the input reaches the terminal except
/// printable text and the motions `cat` would make it perform.
///
/// Carriage return and backspace act as on a terminal (`.terminal`): CR LF becomes LF, a lone CR is
/// kept (the layout returns to the row's start, so a `\r` progress line overwrites itself), and
/// backspace is kept (one column back). Overstrike, as `man` and `nroff` write bold and underline,
/// is read as such: `X BS X` is X in bold, `_ BS X` and `X BS _` are X underlined (reported through
/// `styleChanges`, so the text is X either way). `.lineBreaks` (whole cue texts) makes a lone CR a line
/// break and drops backspace, as before.
///
/// Sequences are found by the emulator's own parser (`EscapeSequenceParser`), so the sanitizer
/// removes exactly what a terminal would act on, and lays out what is left as the terminal would
/// (controls inside a sequence still count; a removed sequence between CR and LF does not split them).
/// Works on UTF-8 (malformed input becomes U+FFFD; `UTF8Cleaner` runs first anyway) in chunks of any
/// size, in bounded memory; a sequence split across chunks is still recognised (an overstrike split
/// across chunks keeps its text, not its bold). Select Graphic Rendition sequences (`ESC [ … m`) are
/// reported through `styleChanges` so the renderer can re-emit colours itself, never passing input
/// bytes through.
public struct TerminalSanitizer {
    /// What carriage return and backspace become.
    public enum Motions: Sendable {
        /// Kept, for a layout that moves as a terminal does (streamed text).
        case terminal
        /// A lone CR is a line break, backspace is dropped (cue text).
        case lineBreaks
    }

    /// No OSC string is kept: nothing here acts on one.
    private var parser = EscapeSequenceParser(c1Controls: .recognised, stringLimit: 0)
    private var text: Text

    /// The input's style after each SGR sequence (or overstrike) seen in the last call, with the output
    /// offset (in that call's `out`) from which it applies.
    public var styleChanges: [(offset: Int, style: Style)] { text.styleChanges }

    public init(motions: Motions = .terminal) {
        text = Text(motions: motions)
    }

    /// Appends the sanitized form of `input` to `out`.
    public mutating func sanitize(_ input: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        text.styleChanges.removeAll(keepingCapacity: true)
        out.reserveForAppending(input.count)
        // The handler appends to `out` itself: swapped in and out, so the buffer is never copied.
        swap(&text.out, &out)
        text.beginChunk()
        parser.feed(UnsafeRawBufferPointer(input), to: &text)
        swap(&text.out, &out)
    }

    /// Whether `input` comes out of `sanitize` as it is, so it need not go through it: nothing to
    /// remove or hold in it (`needsCleaning`: only printable text, LF and tab), and nothing held
    /// from before it (the parser in its ground state, no CR or backspace waiting).
    public func passesThrough(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        parser.isInGround && !text.heldCR && text.heldBackspace == nil && !Self.needsCleaning(input)
    }

    /// The input paused or ended: a held carriage return or backspace is not waiting for a line feed
    /// or an overstrike any more.
    /// (Appends to `out` after a `sanitize` call's text; its style changes stay valid.)
    public mutating func flush(into out: inout [UInt8]) {
        swap(&text.out, &out)
        text.releaseHeld()
        swap(&text.out, &out)
    }

    /// What the parser finds, as text: printable characters, line feeds, tabs and motions are kept,
    /// SGR is noted, everything else dropped.
    private struct Text: EscapeSequenceHandler {
        let motions: Motions
        var out: [UInt8] = []
        var styleChanges: [(offset: Int, style: Style)] = []
        /// The style SGR has set so far.
        var style = Style.plain
        /// A CR not yet written: an LF right after it (removed sequences aside) makes it one line break.
        var heldCR = false
        /// Backspaces not yet written (`count`), after the single-scalar character at `out[start...]`
        /// (this chunk): the character after them may overstrike that one — once they have gone back
        /// over all of its columns (one for most, two for a wide one, as nroff writes them).
        var heldBackspace: (scalar: UInt32, start: Int, count: Int)?
        var heldBackspaceFromEarlierChunk = false
        /// The last thing written was this single scalar, at `out[start...]`.
        var last: (scalar: UInt32, start: Int)?

        init(motions: Motions) { self.motions = motions }

        /// Offsets of an earlier chunk's `out` mean nothing in this one.
        mutating func beginChunk() {
            last = nil
            if heldBackspace != nil { heldBackspaceFromEarlierChunk = true }
        }

        /// Writes what is held as it is: the input went on with something else, paused or ended.
        mutating func releaseHeld() {
            if heldCR {
                heldCR = false
                out.append(motions == .terminal ? 0x0D : 0x0A)
            }
            if let held = heldBackspace {
                heldBackspace = nil
                heldBackspaceFromEarlierChunk = false
                if motions == .terminal { out.append(contentsOf: repeatElement(0x08, count: held.count)) }
            }
        }

        /// The next printable character is `scalar`: if it overstrikes the one before a held
        /// backspace, they become one character with a style; returns whether `scalar` was used up.
        mutating func overstrike(_ scalar: UInt32) -> Bool {
            let underscore: UInt32 = 0x5F
            guard let (x, start, count) = heldBackspace, !heldBackspaceFromEarlierChunk,
                  count == Self.columns(of: x), scalar == x || x == underscore || scalar == underscore
            else { releaseHeld(); return false }
            // Struck again (`X BS X BS X`, `_ BS X BS X`): build on the style it already has.
            var struck = style
            if styleChanges.count >= 2, styleChanges[styleChanges.count - 1].offset == out.count,
               styleChanges[styleChanges.count - 2].offset == start {
                struck = styleChanges[styleChanges.count - 2].style
                styleChanges.removeLast(2)
            }
            guard styleChanges.last.map({ $0.offset <= start }) ?? true else { releaseHeld(); return false }
            var result = x
            if scalar == x {
                struck.attributes.insert(.bold)
            } else if x == underscore {
                out.removeSubrange(start...)
                Self.appendUTF8(scalar, to: &out)
                struck.attributes.insert(.underline)
                result = scalar
            } else {
                struck.attributes.insert(.underline)
            }
            heldBackspace = nil
            last = (result, start)
            styleChanges.append((start, struck))
            styleChanges.append((out.count, style))
            return true
        }

        mutating func print(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
            var start = start
            if heldCR || heldBackspace != nil {
                if heldCR { releaseHeld() }
                if heldBackspace != nil && overstrike(UInt32(bytes[start])) { start += 1 }
                guard start < end else { return }
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            last = (UInt32(bytes[end - 1]), out.count - 1)
        }

        mutating func print(scalar v: UInt32) {
            if heldCR { releaseHeld() }
            if heldBackspace != nil && overstrike(v) { return }
            last = (v, out.count)
            Self.appendUTF8(v, to: &out)
        }

        static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
            switch v {
            case ..<0x80:
                out.append(UInt8(v))
                return
            case ..<0x800:
                out.append(UInt8(0xC0 | v >> 6))
            case ..<0x1_0000:
                out.append(UInt8(0xE0 | v >> 12))
                out.append(UInt8(0x80 | v >> 6 & 0x3F))
            default:
                out.append(UInt8(0xF0 | v >> 18))
                out.append(UInt8(0x80 | v >> 12 & 0x3F))
                out.append(UInt8(0x80 | v >> 6 & 0x3F))
            }
            out.append(UInt8(0x80 | v & 0x3F))
        }

        mutating func execute(_ control: UInt8) {
            switch control {
            case 0x0A:
                heldCR = false  // CR LF is one line break
                releaseHeld()
                out.append(0x0A)
                last = nil
            case 0x0D:
                releaseHeld()
                heldCR = true
                last = nil
            case 0x08:
                if var held = heldBackspace, !heldBackspaceFromEarlierChunk, held.count < Self.columns(of: held.scalar) {
                    held.count += 1  // the second column of a wide character
                    heldBackspace = held
                    return
                }
                if heldCR || heldBackspace != nil { releaseHeld() }
                if let last {
                    heldBackspace = (last.scalar, last.start, 1)
                    heldBackspaceFromEarlierChunk = false
                    self.last = nil
                } else if motions == .terminal {
                    out.append(0x08)
                }
            case 0x09:
                releaseHeld()
                out.append(0x09)
                last = nil
            case 0x00:
                // NUL is visible damage in a text file: show it as U+FFFD rather than hide it.
                releaseHeld()
                out.append(contentsOf: UTF8Cleaner.replacement)
                last = nil
            default:
                break  // BEL, VT, FF, SO/SI, CAN, C1 controls, …: dropped
            }
        }

        /// The columns a single scalar takes (what a backspace must go back over).
        static func columns(of scalar: UInt32) -> Int {
            scalar < 0x1100 ? 1 : Unicode.Scalar(scalar).map { DisplayWidth.of(String(Character($0))) } ?? 1
        }

        mutating func escapeDispatch(_ final: UInt8, intermediates: UInt32) {}

        mutating func controlSequenceDispatch(_ final: UInt8, parameters: ControlSequenceParameters, prefix: UInt8,
                                              intermediates: UInt32) {
            guard final == UInt8(ascii: "m") && prefix == 0 && intermediates == 0 else { return }
            GraphicRendition.apply(parameters, to: &style)
            styleChanges.append((out.count, style))
        }

        mutating func operatingSystemCommand(_ body: [UInt8]) {}
    }
}

extension TerminalSanitizer {
    /// `text` with every control character (but line feed and tab) and escape sequence removed: for
    /// text that arrives whole, such as subtitle cues (a lone CR is a line break; overstrike keeps
    /// its character).
    /// Whether `clean` would change this text (UTF-8): controls other than LF and tab, DEL, C1
    /// controls (C2 80…C2 9F).
    static func needsCleaning(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = utf8.baseAddress else { return false }
        let n = utf8.count
        @inline(__always) func marks(_ w: UInt64) -> UInt64 {
            ByteWords.anyControl(w) | ByteWords.anyEqual(w, 0x7F) | ByteWords.anyEqual(w, 0xC2)
        }
        var i = 0
        while i < n {
            // Words with none of the bytes looked at below are skipped whole (up to the first byte
            // that is), and the last bytes as the word that ends the text.
            while i + 8 <= n {
                let m = marks(ByteWords.load(p + i))
                if m != 0 { i += ByteWords.firstMarked(m); break }
                i += 8
            }
            guard i < n else { break }
            if i + 8 > n, n >= 8, marks(ByteWords.load(p + n - 8)) == 0 { break }
            let b = p[i]
            if b < 0x20 && b != 0x0A && b != 0x09 || b == 0x7F || b == 0xC2 && i + 1 < n && p[i + 1] < 0xA0 {
                return true
            }
            i += 1
        }
        return false
    }

    public static func clean(_ text: String) -> String {
        var utf8 = Array(text.utf8)
        guard utf8.withUnsafeBufferPointer(needsCleaning) else { return text }
        var sanitizer = TerminalSanitizer(motions: .lineBreaks)
        var out: [UInt8] = []
        utf8.withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out) }
        sanitizer.flush(into: &out)
        utf8 = out
        return String(decoding: utf8, as: UTF8.self)
    }
}
