/// OSC strings (`ESC ] Ps ; text BEL` or `… ESC \`). Only the title is kept; colour queries and
/// settings, the clipboard (OSC 52), hyperlinks (OSC 8), working-directory and notification strings
/// are consumed and dropped, so nothing a program sends here reaches the real terminal.
extension TerminalEmulator {
    func operatingSystemCommandDispatch() {
        var command = 0
        var index = 0
        while index < stringBuffer.count, stringBuffer[index] >= 0x30, stringBuffer[index] <= 0x39 {
            command = min(command * 10 + Int(stringBuffer[index] - 0x30), 100_000)
            index += 1
        }
        guard index > 0, index < stringBuffer.count, stringBuffer[index] == UInt8(ascii: ";") else { return }
        switch command {
        case 0, 2:  // icon name and windowTitle, windowTitle
            let text = String(decoding: stringBuffer[(index + 1)...], as: UTF8.self)
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
