/// The terminal's byte grammar: a state machine after Paul Williams' DEC ANSI parser (the one xterm
/// and tmux approximate), with UTF-8 decoded in the ground state. It finds printable text, controls,
/// escape sequences, control sequences and strings, and reports them to an `EscapeSequenceHandler`;
/// what they mean is the handler's business.
///
/// - C0 controls are executed inside escape and control sequences too; CAN and SUB cancel a
///   sequence or string; ESC anywhere starts a new escape sequence (ending a string: `ESC \` is ST).
/// - OSC strings end at BEL or ST; DCS, SOS, PM and APC strings only at ST (as in xterm and tmux).
/// - A control sequence with a misplaced private marker, a parameter after an intermediate byte or a
///   byte beyond ASCII is consumed up to its final byte and dropped.
/// - C1 controls written as UTF-8 (U+0080–U+009F) act as controls or as nothing (`C1Controls`). Raw
///   bytes 0x80–0x9F are not C1 controls here: in UTF-8 they are malformed and become U+FFFD, as in
///   xterm's and tmux's UTF-8 modes. (Text in an 8-bit encoding reaches the sanitizer converted to
///   UTF-8, where the C1 controls of a code page that has them are U+0080–U+009F.)
///
/// All the state is here, so input may be split anywhere between calls, and it is bounded: 32
/// parameters of at most 65535, two intermediate bytes, `stringLimit` bytes of an OSC string.
struct EscapeSequenceParser {
    /// What C1 controls written as UTF-8 (U+0080–U+009F) are.
    enum C1Controls {
        /// Controls: CSI, OSC, DCS, SOS, PM and APC open what `ESC [`, `ESC ]`, `ESC P`, `ESC X`,
        /// `ESC ^` and `ESC _` open, ST (`C2 9C`) ends a string, the others are executed. A terminal
        /// may take them so (xterm does), so the sanitizer must.
        case recognised
        /// Nothing: neither printed nor acted on (tmux, which the emulator follows).
        case ignored
    }

    private enum State: UInt8 {
        case ground
        /// The ground state in the middle of a UTF-8 character (a state of its own so that the
        /// printable-ASCII fast path needs to look at nothing but the state).
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

    let c1Controls: C1Controls
    /// How many bytes of an OSC string are kept (the rest are consumed and dropped).
    let stringLimit: Int

    private var state = State.ground
    private var parameters = ControlSequenceParameters()
    /// The private-marker byte of a control sequence (`?`, `>`, `=`, `<`), or 0.
    private var prefix: UInt8 = 0
    /// Intermediate bytes (0x20–0x2F) of an escape or control sequence, packed; 0xFFFF_FFFF if more than two.
    private var intermediates: UInt32 = 0
    private var stringBuffer: [UInt8] = []
    /// 0xC2 seen inside a string while C1 controls are recognised: `C2 9C` is ST.
    private var stringLead = false
    private var utf8 = UTF8Sequence.Decoder()

    /// In the ground state, between characters: the next byte starts something new.
    var isInGround: Bool { state == .ground }
    /// Just after an ESC that nothing followed yet.
    var isAfterEscape: Bool { state == .escape }

    init(c1Controls: C1Controls, stringLimit: Int) {
        self.c1Controls = c1Controls
        self.stringLimit = stringLimit
    }

    /// Parses `bytes`, reporting to `handler`.
    mutating func feed<Handler: EscapeSequenceHandler>(_ bytes: UnsafeRawBufferPointer, to handler: inout Handler) {
        let n = bytes.count
        var i = 0
        while i < n {
            let byte = bytes[i]
            switch state {
            case .ground where byte &- 0x20 < 0x5F:
                // The fast path: a run of printable ASCII, reported whole.
                var j = i + 1
                while j < n && bytes[j] &- 0x20 < 0x5F { j += 1 }
                handler.print(bytes, from: i, to: j)
                i = j
                continue
            case .utf8Sequence where byte < 0x80:
                // A character cut short by ASCII or a control: U+FFFD for it, then the byte afresh.
                utf8.reset()
                state = .ground
                handler.print(scalar: UTF8Sequence.Decoder.replacement)
                continue
            case .ground, .utf8Sequence: ground(byte, &handler)
            case .escape: escape(byte, &handler)
            case .escapeIntermediate: escapeIntermediate(byte, &handler)
            case .controlSequence: controlSequence(byte, &handler)
            case .controlSequenceIgnore: controlSequenceIgnore(byte, &handler)
            case .operatingSystemCommand: operatingSystemCommand(byte, &handler)
            case .ignoredString: ignoredString(byte, &handler)
            }
            i += 1
        }
    }

    // MARK: - Ground

    /// A byte of the ground state that is not printable ASCII.
    private mutating func ground<Handler: EscapeSequenceHandler>(_ byte: UInt8, _ handler: inout Handler) {
        switch byte {
        case 0x00..<0x20: control(byte, &handler)
        case 0x7F: handler.delete()
        default: decode(byte, &handler)
        }
    }

    private mutating func decode<Handler: EscapeSequenceHandler>(_ byte: UInt8, _ handler: inout Handler) {
        let result = utf8.feed(byte)
        state = utf8.isIdle ? .ground : .utf8Sequence
        switch result {
        case UTF8Sequence.Decoder.incomplete:
            return
        case UTF8Sequence.Decoder.brokenBefore:
            handler.print(scalar: UTF8Sequence.Decoder.replacement)
            decode(byte, &handler)
        case 0x80...0x9F:
            if c1Controls == .recognised { c1Control(UInt8(result), &handler) }
        default:
            handler.print(scalar: result)
        }
    }

    /// A C0 control where controls act (the ground state, escape and control sequences).
    @inline(__always)
    private mutating func control<Handler: EscapeSequenceHandler>(_ byte: UInt8, _ handler: inout Handler) {
        switch byte {
        case 0x1B:
            if state == .escape { handler.escapeAbandoned() }
            enterEscape()
        case 0x18, 0x1A:  // CAN, SUB
            state = .ground
            handler.execute(byte)
        default:
            handler.execute(byte)
        }
    }

    private mutating func c1Control<Handler: EscapeSequenceHandler>(_ value: UInt8, _ handler: inout Handler) {
        switch value {
        case 0x9B: enterControlSequence()
        case 0x9D: enterOperatingSystemCommand()
        case 0x90, 0x98, 0x9E, 0x9F: enterIgnoredString()  // DCS, SOS, PM, APC
        case 0x9C: break  // ST with no string to end
        default: handler.execute(value)
        }
    }

    // MARK: - Escape sequences

    private mutating func enterEscape() {
        state = .escape
        intermediates = 0
    }

    @inline(__always)
    private mutating func collectIntermediate(_ byte: UInt8) {
        intermediates = intermediates > 0xFF ? 0xFFFF_FFFF : intermediates << 8 | UInt32(byte)
    }

    private mutating func escape<Handler: EscapeSequenceHandler>(_ byte: UInt8, _ handler: inout Handler) {
        switch byte {
        case UInt8(ascii: "["): enterControlSequence()
        case UInt8(ascii: "]"): enterOperatingSystemCommand()
        case UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"): enterIgnoredString()
        default: escapeIntermediate(byte, &handler)  // an escape sequence with no intermediate (yet)
        }
    }

    private mutating func escapeIntermediate<Handler: EscapeSequenceHandler>(_ byte: UInt8, _ handler: inout Handler) {
        switch byte {
        case 0x00..<0x20:
            control(byte, &handler)
        case 0x20...0x2F:
            collectIntermediate(byte)
            state = .escapeIntermediate
        case 0x30...0x7E:
            state = .ground
            handler.escapeDispatch(byte, intermediates: intermediates)
        case 0x7F:
            break
        default:
            // A character beyond ASCII: not part of any sequence, so the escape ends and it is read
            // whole (dropping only its first byte would leave its continuation bytes behind).
            state = .ground
            decode(byte, &handler)
        }
    }

    // MARK: - Control sequences

    private mutating func enterControlSequence() {
        parameters.reset()
        prefix = 0
        intermediates = 0
        state = .controlSequence
    }

    private mutating func controlSequence<Handler: EscapeSequenceHandler>(_ byte: UInt8, _ handler: inout Handler) {
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
            handler.controlSequenceDispatch(byte, parameters: parameters, prefix: prefix, intermediates: intermediates)
        case 0x00..<0x20:
            control(byte, &handler)
        case 0x7F:
            break
        default:
            state = .controlSequenceIgnore
        }
    }

    private mutating func controlSequenceIgnore<Handler: EscapeSequenceHandler>(_ byte: UInt8, _ handler: inout Handler) {
        switch byte {
        case 0x40...0x7E: state = .ground
        case 0x00..<0x20: control(byte, &handler)
        default: break
        }
    }

    // MARK: - Strings

    private mutating func enterOperatingSystemCommand() {
        stringBuffer.removeAll(keepingCapacity: true)
        stringLead = false
        state = .operatingSystemCommand
    }

    private mutating func enterIgnoredString() {
        stringLead = false
        state = .ignoredString
    }

    @inline(__always)
    private mutating func keep(_ byte: UInt8) {
        if stringBuffer.count < stringLimit { stringBuffer.append(byte) }
    }

    private mutating func operatingSystemCommand<Handler: EscapeSequenceHandler>(_ byte: UInt8, _ handler: inout Handler) {
        if stringLead {
            stringLead = false
            if byte == 0x9C {  // ST as UTF-8
                state = .ground
                handler.operatingSystemCommand(stringBuffer)
                return
            }
            keep(0xC2)
        }
        switch byte {
        case 0x07:  // BEL ends it (xterm's custom)
            state = .ground
            handler.operatingSystemCommand(stringBuffer)
        case 0x18, 0x1A:
            state = .ground
            handler.execute(byte)
        case 0x1B:  // ST is ESC \: end here; the backslash is then an escape sequence that does nothing
            handler.operatingSystemCommand(stringBuffer)
            enterEscape()
        case 0x00..<0x20:
            break
        case 0xC2 where c1Controls == .recognised:
            stringLead = true
        default:
            keep(byte)
        }
    }

    private mutating func ignoredString<Handler: EscapeSequenceHandler>(_ byte: UInt8, _ handler: inout Handler) {
        if stringLead {
            stringLead = false
            if byte == 0x9C {
                state = .ground
                return
            }
        }
        switch byte {
        case 0x1B:
            enterEscape()
        case 0x18, 0x1A:
            state = .ground
            handler.execute(byte)
        case 0xC2 where c1Controls == .recognised:
            stringLead = true
        default:
            break
        }
    }
}
