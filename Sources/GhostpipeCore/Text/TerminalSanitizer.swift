/// Keeps untrusted text from commanding the terminal: removes every control character except line
/// feed and tab (NUL becomes U+FFFD, like any other damage), and every escape sequence — CSI, OSC,
/// DCS, SOS, PM, APC, single-character ESC sequences, and their 8-bit C1 forms written as UTF-8
/// (U+0080–U+009F) — so that nothing from the input reaches the terminal except printable text.
/// CR LF and a lone CR become LF.
///
/// Sequences are found by the emulator's own parser (`EscapeSequenceParser`), so the sanitizer
/// removes exactly what a terminal would act on, and lays out what is left as the terminal would
/// (controls inside a sequence still count; a removed sequence between CR and LF does not split them).
/// Works on UTF-8 (malformed input becomes U+FFFD; `UTF8Cleaner` runs first anyway) in chunks of any
/// size, in bounded memory; a sequence split across chunks is still recognised. Select Graphic
/// Rendition sequences (`ESC [ … m`) are reported through `styleChanges` so the renderer can re-emit
/// colours itself, never passing input bytes through.
public struct TerminalSanitizer {
    /// No OSC string is kept: nothing here acts on one.
    private var parser = EscapeSequenceParser(c1Controls: .recognised, stringLimit: 0)
    private var text = Text()

    /// The input's style after each SGR sequence seen in the last call, with the output offset (in that
    /// call's `out`) from which it applies.
    public var styleChanges: [(offset: Int, style: Style)] { text.styleChanges }

    public init() {}

    /// Appends the sanitized form of `input` to `out`.
    public mutating func sanitize(_ input: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        text.styleChanges.removeAll(keepingCapacity: true)
        out.reserveForAppending(input.count)
        // The handler appends to `out` itself: swapped in and out, so the buffer is never copied.
        swap(&text.out, &out)
        parser.feed(UnsafeRawBufferPointer(input), to: &text)
        swap(&text.out, &out)
    }

    /// What the parser finds, as text: printable characters, line feeds and tabs are kept, SGR is
    /// noted, everything else dropped.
    private struct Text: EscapeSequenceHandler {
        var out: [UInt8] = []
        var styleChanges: [(offset: Int, style: Style)] = []
        /// The style SGR has set so far.
        var style = Style.plain
        /// The last thing kept was a CR (written as LF): an LF right after it is the same line break.
        var afterCR = false

        mutating func print(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
            afterCR = false
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        }

        mutating func print(scalar v: UInt32) {
            afterCR = false
            switch v {
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
                if !afterCR { out.append(0x0A) }
                afterCR = false
            case 0x0D:
                out.append(0x0A)
                afterCR = true
            case 0x09:
                afterCR = false
                out.append(0x09)
            case 0x00:
                // NUL is visible damage in a text file: show it as U+FFFD rather than hide it.
                afterCR = false
                out.append(contentsOf: UTF8Cleaner.replacement)
            default:
                afterCR = false  // BEL, BS, VT, FF, SO/SI, CAN, C1 controls, …: dropped
            }
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
    /// text that arrives whole, such as subtitle cues.
    public static func clean(_ text: String) -> String {
        var utf8 = Array(text.utf8)
        guard utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        var sanitizer = TerminalSanitizer()
        var out: [UInt8] = []
        utf8.withUnsafeBufferPointer { sanitizer.sanitize($0, into: &out) }
        utf8 = out
        return String(decoding: utf8, as: UTF8.self)
    }
}
