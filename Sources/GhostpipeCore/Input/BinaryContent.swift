/// Whether the start of an input is not text at all (an executable, an image): shown on a
/// terminal it would be screens of replacement characters. NUL bytes and other control characters
/// text does not use (beyond tab, line ends, form feed, backspace and escape sequences) making up
/// more than a few percent of it say so (outside UTF-16, which has a byte order mark); a stray NUL in
/// a text does not. Text in a legacy code page is text: invalid UTF-8 alone says nothing.
public enum BinaryContent {
    public static func looksBinary(_ prefix: some Collection<UInt8>) -> Bool {
        let head = prefix.prefix(1 << 16)
        guard !head.isEmpty else { return false }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return false }
        var controls = 0
        for byte in head {
            if byte < 0x20 && !(byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x08 || byte == 0x1B) {
                controls += 1
            }
        }
        // More than one in twenty bytes (one in a short text is a stray byte, not binary).
        return controls * 20 > max(head.count, 256)
    }
}
