/// The modes a program running in the emulator has set that change what the terminal *sends* it —
/// key encodings, mouse reports, bracketed paste, focus reports. The emulator cannot act on them
/// itself: whoever owns the real terminal must mirror them there (see `sequences(changingFrom:)`), so
/// that keys and mouse events reach the program in the form it asked for.
public struct TerminalModes: Equatable, Sendable {
    /// Which mouse events are reported (DECSET 9, 1000, 1002, 1003; the raw value is the mode number).
    public enum MouseTracking: Int, Sendable {
        case off = 0
        /// X10 compatibility: button presses only.
        case x10 = 9
        /// Presses and releases.
        case normal = 1000
        /// Also motion while a button is held.
        case buttonEvent = 1002
        /// All motion.
        case anyEvent = 1003
    }

    /// How mouse reports are encoded (DECSET 1005, 1006, 1015, 1016; the raw value is the mode number).
    public enum MouseEncoding: Int, Sendable {
        case `default` = 0
        case utf8 = 1005
        case sgr = 1006
        case urxvt = 1015
        case sgrPixels = 1016
    }

    /// DECCKM (DECSET 1): cursor keys send `ESC O A` rather than `ESC [ A`.
    public var applicationCursorKeys = false
    /// DECKPAM / DECNKM (`ESC =`, DECSET 66): the keypad sends application sequences.
    public var applicationKeypad = false
    /// DECSET 2004: pasted text is wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`.
    public var bracketedPaste = false
    public var mouseTracking = MouseTracking.off
    public var mouseEncoding = MouseEncoding.default
    /// DECSET 1004: focus in/out are reported as `ESC [ I` / `ESC [ O`.
    public var focusEvents = false

    public init() {}

    /// The bytes that bring a real terminal whose modes are `old` to these modes (empty when equal).
    /// Mouse tracking is switched off before a new kind is switched on, as xterm treats them as one
    /// setting.
    public func sequences(changingFrom old: TerminalModes) -> [UInt8] {
        var out: [UInt8] = []
        func privateMode(_ mode: Int, _ on: Bool) {
            out += Array("\u{1B}[?\(mode)\(on ? "h" : "l")".utf8)
        }
        if applicationCursorKeys != old.applicationCursorKeys { privateMode(1, applicationCursorKeys) }
        if applicationKeypad != old.applicationKeypad { out += applicationKeypad ? [0x1B, 0x3D] : [0x1B, 0x3E] }
        if bracketedPaste != old.bracketedPaste { privateMode(2004, bracketedPaste) }
        if focusEvents != old.focusEvents { privateMode(1004, focusEvents) }
        if mouseTracking != old.mouseTracking {
            if old.mouseTracking != .off { privateMode(old.mouseTracking.rawValue, false) }
            if mouseTracking != .off { privateMode(mouseTracking.rawValue, true) }
        }
        if mouseEncoding != old.mouseEncoding {
            if old.mouseEncoding != .default { privateMode(old.mouseEncoding.rawValue, false) }
            if mouseEncoding != .default { privateMode(mouseEncoding.rawValue, true) }
        }
        return out
    }
}
