/// The byte-level parser: a state machine after Paul Williams' DEC ANSI parser (the one xterm
/// approximates), with UTF-8 decoding in the ground state. Every bit of state lives in the emulator,
/// so input can be split anywhere between calls.
extension TerminalEmulator {
    enum ParserState {
        case ground
        /// The ground state in the middle of a UTF-8 character (a state of its own so that the fast
        /// path needs to look at nothing but the state).
        case utf8Sequence
        case escape
        case escapeIntermediate
        case controlSequence
        /// A malformed control sequence: consumed up to its final byte, then dropped.
        case controlSequenceIgnore
        case operatingSystemCommand
        /// DCS, SOS, PM and APC strings: consumed up to ST and dropped.
        case ignoredString
    }

    /// Feeds program output.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        var i = 0
        while i < n {
            let byte = bytes[i]
            // The fast path: a run of printable ASCII in the ground state, written straight into cells.
            if byte >= 0x20 && byte < 0x7F && state == .ground && asciiPrintsItself {
                var j = i + 1
                while j < n {
                    let b = bytes[j]
                    if b < 0x20 || b >= 0x7F { break }
                    j += 1
                }
                printASCII(bytes, from: i, to: j)
                i = j
                continue
            }
            consume(byte)
            i += 1
        }
    }

    /// Feeds program output.
    public func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Feeds program output given as text (convenient in tests).
    public func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    func consume(_ byte: UInt8) {
        switch state {
        case .ground, .utf8Sequence: ground(byte)
        case .escape: escape(byte)
        case .escapeIntermediate: escapeIntermediate(byte)
        case .controlSequence: controlSequence(byte)
        case .controlSequenceIgnore: controlSequenceIgnore(byte)
        case .operatingSystemCommand: operatingSystemCommand(byte)
        case .ignoredString: ignoredString(byte)
        }
    }

    private func ground(_ byte: UInt8) {
        if state == .utf8Sequence {
            if byte >= 0x80 {
                decoded(utf8.feed(byte), byte)
                return
            }
            // A sequence cut short by ASCII or a control: U+FFFD for it, then the byte as usual.
            utf8.reset()
            state = .ground
            printScalar(UTF8Sequence.Decoder.replacement)
        }
        switch byte {
        case 0x00..<0x20: execute(byte)
        case 0x20..<0x7F: printMapped(byte)
        case 0x7F: break  // DEL is ignored
        default: decoded(utf8.feed(byte), byte)
        }
    }

    private func decoded(_ result: UInt32, _ byte: UInt8) {
        state = utf8.isIdle ? .ground : .utf8Sequence
        switch result {
        case UTF8Sequence.Decoder.incomplete:
            return
        case UTF8Sequence.Decoder.brokenBefore:
            printScalar(UTF8Sequence.Decoder.replacement)
            ground(byte)
        case 0x80...0x9F:
            return  // C1 controls arrive UTF-8 encoded only by mistake; like tmux, show nothing
        default:
            printScalar(result)
        }
    }

    /// C0 controls, which act even in the middle of escape and control sequences.
    func execute(_ byte: UInt8) {
        switch byte {
        case 0x08: backspace()
        case 0x09: horizontalTab()
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x0D: carriageReturn()
        case 0x0E: shiftCharset(to: 1)  // SO
        case 0x0F: shiftCharset(to: 0)  // SI
        case 0x18, 0x1A: state = .ground  // CAN, SUB cancel a sequence
        case 0x1B: enterEscape()
        default: break  // NUL, ENQ, BEL and the rest do nothing on the screen
        }
    }

    private func enterEscape() {
        state = .escape
        intermediates = 0
    }

    @inline(__always)
    private func collectIntermediate(_ byte: UInt8) {
        intermediates = intermediates > 0xFF ? 0xFFFF_FFFF : intermediates << 8 | UInt32(byte)
    }

    private func escape(_ byte: UInt8) {
        switch byte {
        case 0x00..<0x20: execute(byte)
        case 0x20...0x2F:
            collectIntermediate(byte)
            state = .escapeIntermediate
        case UInt8(ascii: "["):
            parameters.reset()
            prefix = 0
            intermediates = 0
            state = .controlSequence
        case UInt8(ascii: "]"):
            stringBuffer.removeAll(keepingCapacity: true)
            state = .operatingSystemCommand
        case UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            state = .ignoredString
        case 0x30...0x7E:
            state = .ground
            escapeDispatch(byte)
        case 0x7F:
            break
        default:
            state = .ground
            ground(byte)
        }
    }

    private func escapeIntermediate(_ byte: UInt8) {
        switch byte {
        case 0x00..<0x20: execute(byte)
        case 0x20...0x2F: collectIntermediate(byte)
        case 0x30...0x7E:
            state = .ground
            escapeDispatch(byte)
        case 0x7F:
            break
        default:
            state = .ground
            ground(byte)
        }
    }

    private func controlSequence(_ byte: UInt8) {
        switch byte {
        case 0x30...0x39:
            if intermediates != 0 { state = .controlSequenceIgnore } else { parameters.digit(byte) }
        case 0x3A, 0x3B:
            if intermediates != 0 { state = .controlSequenceIgnore } else { parameters.separator(colon: byte == 0x3A) }
        case 0x3C...0x3F:
            // A private marker is only valid first.
            if prefix == 0 && parameters.isUntouched && intermediates == 0 { prefix = byte } else { state = .controlSequenceIgnore }
        case 0x20...0x2F:
            collectIntermediate(byte)
        case 0x40...0x7E:
            parameters.finish()
            state = .ground
            controlSequenceDispatch(byte)
        case 0x00..<0x20:
            execute(byte)
        case 0x7F:
            break
        default:
            state = .controlSequenceIgnore
        }
    }

    private func controlSequenceIgnore(_ byte: UInt8) {
        switch byte {
        case 0x40...0x7E: state = .ground
        case 0x00..<0x20: execute(byte)
        default: break
        }
    }

    private func operatingSystemCommand(_ byte: UInt8) {
        switch byte {
        case 0x07:  // BEL ends it (xterm's custom)
            state = .ground
            operatingSystemCommandDispatch()
        case 0x18, 0x1A:
            state = .ground
        case 0x1B:  // ST is ESC \: end here; the backslash is a no-op escape
            operatingSystemCommandDispatch()
            enterEscape()
        case 0x00..<0x20:
            break
        default:
            if stringBuffer.count < Self.stringLimit { stringBuffer.append(byte) }
        }
    }

    private func ignoredString(_ byte: UInt8) {
        switch byte {
        case 0x1B: enterEscape()
        case 0x18, 0x1A: state = .ground
        default: break
        }
    }
}
