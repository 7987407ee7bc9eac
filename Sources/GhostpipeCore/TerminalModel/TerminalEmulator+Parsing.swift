/// Program output goes through the shared `EscapeSequenceParser`; the emulator is its handler and acts
/// on what it reports.
extension TerminalEmulator: EscapeSequenceHandler {
    /// Feeds program output.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        var handler = self
        parser.feed(bytes, to: &handler)
    }

    /// Feeds program output.
    public func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Feeds program output given as text (convenient in tests).
    public func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    /// A run of printable ASCII: written straight into cells while GL holds ASCII, else mapped
    /// through the designated set byte by byte (a single shift applies to one character only).
    func print(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        var i = start
        while !asciiPrintsItself {
            printMapped(bytes[i])
            i += 1
            if i == end { return }
        }
        printASCII(bytes, from: i, to: end)
    }

    func print(scalar: UInt32) {
        printScalar(scalar)
    }

    /// C0 controls, which act even in the middle of escape and control sequences.
    func execute(_ control: UInt8) {
        switch control {
        case 0x08: backspace()
        case 0x09: horizontalTab()
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x0D: carriageReturn()
        case 0x0E: shiftCharset(to: 1)  // SO
        case 0x0F: shiftCharset(to: 0)  // SI
        default: break  // NUL, ENQ, BEL, CAN, SUB and the rest do nothing on the screen
        }
    }
}
