/// What an `EscapeSequenceParser` found, reported in input order: its client decides what each
/// means (the emulator acts on it, the sanitizer keeps text and drops the rest).
///
/// The parser never calls back into itself, and a handler must not touch the parser it is fed by
/// (the emulator holds its parser in a stored property: touching it mid-feed is an exclusivity
/// violation).
protocol EscapeSequenceHandler {
    /// Printable ASCII (0x20–0x7E) in the ground state: `bytes[start..<end]`, a whole run at a time
    /// (never empty), so that the common case costs one call.
    mutating func print(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int)

    /// A character beyond ASCII, decoded from UTF-8; U+FFFD for each maximal ill-formed subsequence.
    /// Never a C1 control (U+0080–U+009F).
    mutating func print(scalar: UInt32)

    /// A C0 control other than ESC, in the ground state or inside an escape or control sequence
    /// (terminals act on them there too); CAN and SUB have also just cancelled the sequence. With
    /// `C1Controls.recognised`, also a C1 control that opens nothing (IND, NEL, HTS, …).
    mutating func execute(_ control: UInt8)

    /// `ESC` intermediates final: `intermediates` packs the bytes 0x20–0x2F (the first in the
    /// higher byte; 0xFFFF_FFFF when there are more than two, which no known sequence has).
    mutating func escapeDispatch(_ final: UInt8, intermediates: UInt32)

    /// `CSI` prefix parameters intermediates final. `prefix` is the private marker (`?`, `>`, `=`,
    /// `<`) or 0; `intermediates` as for `escapeDispatch`. Malformed sequences are not reported.
    mutating func controlSequenceDispatch(_ final: UInt8, parameters: ControlSequenceParameters, prefix: UInt8,
                                          intermediates: UInt32)

    /// An OSC string ended by BEL or ST: its first `EscapeSequenceParser.stringLimit` bytes. (DCS,
    /// SOS, PM and APC strings are consumed and not reported: nothing here acts on them.)
    mutating func operatingSystemCommand(_ body: [UInt8])

    /// DEL (0x7F) in the ground state: a terminal ignores it (the emulator and the sanitizer do),
    /// a keyboard's Backspace sends it.
    mutating func delete()

    /// An ESC with nothing after it yet, abandoned by another ESC: nothing for a terminal, the
    /// Escape key pressed just before another key's sequence for a keyboard.
    mutating func escapeAbandoned()
}

extension EscapeSequenceHandler {
    mutating func delete() {}
    mutating func escapeAbandoned() {}
}
