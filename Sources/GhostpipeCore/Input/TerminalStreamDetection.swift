/// Whether text input positions itself, as a program drawing on a terminal does: it moves the cursor
/// (CUU, CUF, CUP, …), erases (EL, ED, ECH), inserts or deletes, sets a scroll region, saves and
/// restores the cursor, turns autowrap off (neofetch), or rewrites a line after a carriage return
/// (a progress line), or styles spaces so that they show (a background, reverse video, underline
/// or strike-through on a space: coloured blocks, a progress bar). Such input is laid out as a terminal would lay it out (`--wrap auto`), so that
/// its motions land where the program meant; prose, colours and all, keeps word wrap.
///
/// Read from the start of the input (what detection holds); a text whose first motion comes later
/// is watched as it arrives (`Watch`) and turns into a stream there (`StreamHandoff`).
enum TerminalStreamDetection {
    static func positionsItself(_ bytes: [UInt8]) -> Bool {
        var watch = Watch()
        return bytes.withUnsafeBufferPointer { watch.read($0) }
    }

    /// The same reading, kept across reads: the parser's and the finder's state carry over, so a
    /// sequence or a `\r` rewrite cut by a read is still seen.
    struct Watch {
        private var parser = EscapeSequenceParser(c1Controls: .recognised, stringLimit: 0)
        private var finder = Finder()

        /// Reads `bytes`; whether the input has positioned itself by their end.
        mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            parser.feed(UnsafeRawBufferPointer(bytes), to: &finder)
            return finder.found
        }
    }

    private struct Finder: EscapeSequenceHandler {
        var found = false
        /// A carriage return with nothing after it yet: a line feed makes it a line end, anything
        /// else a rewrite.
        var afterCR = false
        /// SGR in effect shows on a space.
        var spacesShow = false

        mutating func print(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
            if spacesShow && bytes[start..<end].contains(0x20) { found = true }
            rewrites()
        }
        mutating func print(scalar: UInt32) { rewrites() }

        mutating func execute(_ control: UInt8) {
            if control == 0x0D { afterCR = true; return }
            if control != 0x0A { rewrites() }
            afterCR = false
        }

        mutating func escapeDispatch(_ final: UInt8, intermediates: UInt32) {
            // DECSC, DECRC, RI (reverse index), IND, NEL.
            if intermediates == 0, [UInt8(ascii: "7"), UInt8(ascii: "8"), UInt8(ascii: "M")].contains(final) { found = true }
        }

        mutating func controlSequenceDispatch(_ final: UInt8, parameters: ControlSequenceParameters, prefix: UInt8,
                                              intermediates: UInt32) {
            guard intermediates == 0 else { return }
            if prefix == UInt8(ascii: "?") {
                // DECAWM off: the program lays out its rows itself.
                if final == UInt8(ascii: "l"), (0..<parameters.count).contains(where: { parameters.value($0, default: 0) == 7 }) { found = true }
                return
            }
            guard prefix == 0 else { return }
            if final == UInt8(ascii: "m") { spacesShow = Self.showsOnSpace(parameters, after: spacesShow); return }
            if Array("ABCDEFGHJKLMPSTX@`abdefrsu".utf8).contains(final) { found = true }
        }

        mutating func operatingSystemCommand(_ body: [UInt8]) {}

        /// Whether spaces show after SGR `p` (a background, reverse, underline, strike; 0 and the
        /// matching resets take them off). Approximate: enough to tell coloured blocks from prose.
        static func showsOnSpace(_ p: ControlSequenceParameters, after before: Bool) -> Bool {
            var shows = before
            var i = 0
            while i < max(1, p.count) {
                let v = p.value(i, default: 0)
                switch v {
                case 0, 49: shows = false
                case 4, 7, 9, 40...47, 100...107: shows = true
                case 48: shows = true; i = p.count  // 48;5;n or 48;2;r;g;b
                case 38: i = p.count
                default: break
                }
                i += 1
            }
            return shows
        }

        private mutating func rewrites() {
            if afterCR { found = true }
            afterCR = false
        }
    }
}
