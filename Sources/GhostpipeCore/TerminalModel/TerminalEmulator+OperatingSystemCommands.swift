/// OSC strings (`ESC ] Ps ; text BEL` or `… ESC \`). Only the title is kept; colour queries and
/// settings, the clipboard (OSC 52), hyperlinks (OSC 8), working-directory and notification strings
/// are consumed and dropped, so nothing a program sends here reaches the real terminal.
extension TerminalEmulator {
    func operatingSystemCommand(_ body: [UInt8]) {
        var command = 0
        var index = 0
        while index < body.count, body[index] >= 0x30, body[index] <= 0x39 {
            command = min(command * 10 + Int(body[index] - 0x30), 100_000)
            index += 1
        }
        guard index > 0, index < body.count, body[index] == UInt8(ascii: ";") else { return }
        switch command {
        case 0, 2:  // icon name and windowTitle, windowTitle
            let text = String(decoding: body[(index + 1)...], as: UTF8.self)
            var clean = String.UnicodeScalarView()
            for scalar in text.unicodeScalars where scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) {
                clean.append(scalar)
            }
            windowTitle = String(clean)
        default:
            break
        }
    }
}
