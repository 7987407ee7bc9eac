/// Keeps untrusted text from commanding the terminal: removes every control character except line
/// feed and tab (NUL becomes U+FFFD, like any other damage), and every escape sequence — CSI, OSC, DCS, SOS, PM, APC, single-character ESC
/// sequences, and their 8-bit C1 forms written as UTF-8 (U+0080–U+009F) — so that nothing from the
/// input reaches the terminal except printable text. CR LF and a lone CR become LF.
///
/// Works on well-formed UTF-8 (after `UTF8Cleaner`) in chunks of any size; a sequence split across
/// chunks is still recognised. Select Graphic Rendition sequences (`ESC [ … m`) are reported through
/// `styleChanges` so the renderer can re-emit colours itself, never passing input bytes through.
public struct TerminalSanitizer {
    private enum State {
        case ground
        case escape                 // after ESC
        case escapeIntermediate     // ESC, then 0x20–0x2F bytes, waiting for the final byte
        case csi                    // control sequence: parameters until a final byte 0x40–0x7E
        case string                 // OSC/DCS/SOS/PM/APC: until BEL (OSC) or ST
        case stringEscape           // ESC inside a string: `ESC \` ends it
        case stringC2               // 0xC2 inside a string: `C2 9C` (ST as UTF-8) ends it
        case c1Lead                 // 0xC2 seen: the next byte decides whether it is a C1 control
    }

    private var state = State.ground
    private var afterCR = false
    private var parameters: [UInt8] = []

    /// SGR parameter lists seen, with the output offset (in the current call's `out`) where they apply.
    public private(set) var styleChanges: [(offset: Int, parameters: [UInt8])] = []

    public init() {}

    /// Appends the sanitized form of `input` to `out`.
    public mutating func sanitize(_ input: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        styleChanges.removeAll(keepingCapacity: true)
        out.reserveForAppending(input.count)
        for byte in input {
            switch state {
            case .ground:
                ground(byte, into: &out)
            case .c1Lead:
                state = .ground
                if byte >= 0x80 && byte <= 0x9F {
                    c1(byte)
                } else {
                    out.append(0xC2)
                    out.append(byte)
                }
            case .escape:
                switch byte {
                case 0x5B: state = .csi; parameters.removeAll(keepingCapacity: true)  // [
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .string                    // ] P X ^ _
                case 0x20...0x2F: state = .escapeIntermediate
                case 0x1B: state = .escape
                case 0x18, 0x1A: state = .ground                                      // CAN, SUB abort
                case 0x80...0xFF:
                    // The lead byte of a non-ASCII character: not part of any escape sequence. The ESC
                    // is dropped and the character kept whole (dropping only this byte would leave its
                    // continuation bytes behind: invalid UTF-8).
                    state = .ground
                    ground(byte, into: &out)
                default: state = .ground                                              // ESC c, ESC 7, ESC =, …
                }
            case .escapeIntermediate:
                if byte >= 0x30 && byte <= 0x7E || byte == 0x18 || byte == 0x1A { state = .ground }
                else if byte == 0x1B { state = .escape }
            case .csi:
                switch byte {
                case 0x40...0x7E:
                    if byte == 0x6D { styleChanges.append((out.count, parameters)) }
                    state = .ground
                case 0x1B: state = .escape
                case 0x18, 0x1A: state = .ground
                case 0x20...0x3F: if parameters.count < 256 { parameters.append(byte) }
                default: break  // controls inside CSI are executed by terminals; we simply drop them
                }
            case .string:
                if byte == 0x07 { state = .ground }
                else if byte == 0x1B { state = .stringEscape }
                else if byte == 0x18 || byte == 0x1A { state = .ground }
                else if byte == 0xC2 { state = .stringC2 }
            case .stringC2:
                state = byte == 0x9C ? .ground : (byte == 0xC2 ? .stringC2 : .string)
            case .stringEscape:
                state = byte == 0x5C ? .ground : (byte == 0x1B ? .stringEscape : .string)
            }
        }
    }

    @inline(__always)
    private mutating func ground(_ byte: UInt8, into out: inout [UInt8]) {
        if byte >= 0x20 && byte < 0x7F {
            afterCR = false
            out.append(byte)
        } else if byte >= 0x80 {
            afterCR = false
            if byte == 0xC2 { state = .c1Lead } else { out.append(byte) }
        } else {
            control(byte, into: &out)
        }
    }

    private mutating func control(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case 0x0A:
            if !afterCR { out.append(0x0A) }
            afterCR = false
        case 0x0D:
            out.append(0x0A)
            afterCR = true
        case 0x09:
            afterCR = false
            out.append(0x09)
        case 0x1B:
            afterCR = false
            state = .escape
        case 0x00:
            // NUL is visible damage in a text file: show it as U+FFFD rather than hide it.
            afterCR = false
            out.append(contentsOf: UTF8Cleaner.replacement)
        default:
            afterCR = false  // BEL, BS, VT, FF, SO/SI, DEL, …: dropped
        }
    }

    private mutating func c1(_ byte: UInt8) {
        afterCR = false
        switch byte {
        case 0x9B: state = .csi; parameters.removeAll(keepingCapacity: true)  // CSI
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: state = .string                   // OSC DCS SOS PM APC
        case 0x85: break  // NEL: dropped like the other C1 controls
        default: break
        }
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
