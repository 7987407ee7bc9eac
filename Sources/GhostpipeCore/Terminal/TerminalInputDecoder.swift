/// What a terminal sends on its input, decoded with the emulator's escape-sequence parser (one
/// grammar for what terminals write and what they answer): keys, and the cursor position reports
/// (`ESC [ row ; column R`) the width probe asks for. Sequences may be split between calls.
struct TerminalInputDecoder {
    /// One thing the terminal sent.
    enum Item {
        case key(Key)
        /// A cursor position report, 1-based as the terminal sends it.
        case cursorReport(row: Int, column: Int)
    }

    private var parser = EscapeSequenceParser(c1Controls: .ignored, stringLimit: 0)
    private var items = Items()

    /// Whether the bytes fed so far end between two items (not inside a sequence or a character).
    var isBetweenItems: Bool { parser.isInGround && !items.afterSS3 }

    /// Decodes `bytes`, returning what they complete.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Item] {
        parser.feed(bytes, to: &items)
        defer { items.found.removeAll(keepingCapacity: true) }
        return items.found
    }

    /// The input stops here (the end of one read of keys: terminals send a whole sequence in one
    /// write): a lone ESC is the Escape key, anything else unfinished another key.
    mutating func finish() -> [Item] {
        if !isBetweenItems { items.found.append(.key(parser.isAfterEscape ? .escape : .other)) }
        parser = EscapeSequenceParser(c1Controls: .ignored, stringLimit: 0)
        items.afterSS3 = false
        defer { items.found.removeAll(keepingCapacity: true) }
        return items.found
    }

    /// The parser's findings as keys and reports.
    private struct Items: EscapeSequenceHandler {
        var found: [Item] = []
        /// `ESC O` came (SS3): the next character is a cursor key in application mode.
        var afterSS3 = false

        mutating func print(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
            for i in start..<end { character(UInt32(bytes[i])) }
        }

        mutating func print(scalar: UInt32) { character(scalar) }

        private mutating func character(_ scalar: UInt32) {
            if afterSS3 {
                afterSS3 = false
                found.append(.key(Self.cursorKey(UInt8(truncatingIfNeeded: scalar)) ?? .other))
                return
            }
            found.append(.key(Unicode.Scalar(scalar).map { .character(Character($0)) } ?? .other))
        }

        mutating func execute(_ control: UInt8) {
            if afterSS3 { afterSS3 = false; found.append(.key(.other)) }
            switch control {
            case 0x0D, 0x0A: found.append(.key(.enter))
            case 0x08: found.append(.key(.backspace))
            case 0x09: found.append(.key(.tab))
            case 0x03: found.append(.key(.interrupt))
            default: found.append(.key(.other))
            }
        }

        mutating func delete() { found.append(.key(.backspace)) }

        mutating func escapeAbandoned() { found.append(.key(.escape)) }

        mutating func escapeDispatch(_ final: UInt8, intermediates: UInt32) {
            if final == UInt8(ascii: "O") && intermediates == 0 { afterSS3 = true } else { found.append(.key(.other)) }  // Alt+key
        }

        mutating func controlSequenceDispatch(_ final: UInt8, parameters: ControlSequenceParameters, prefix: UInt8,
                                              intermediates: UInt32) {
            if final == UInt8(ascii: "R"), prefix == 0, intermediates == 0, parameters.count == 2,
               !parameters.isEmpty(0), !parameters.isEmpty(1) {
                found.append(.cursorReport(row: parameters.value(0, default: 1), column: parameters.value(1, default: 1)))
                return
            }
            found.append(.key(Self.cursorKey(final) ?? .other))
        }

        mutating func operatingSystemCommand(_ body: [UInt8]) {}

        /// The arrow a cursor key's final byte names (`A`–`D`).
        static func cursorKey(_ final: UInt8) -> Key? {
            switch final {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            default: nil
            }
        }
    }
}
