#if canImport(Glibc)
import Glibc
#endif

/// An ANSI-art file (`.ans`, `.asc`, or any file ending in a SAUCE record): CP437 text drawn with
/// cursor motion and colours for an 80-column DOS screen. Its end is marked by `0x1A` (DOS's end of
/// file), after which come an optional comment block and the 128-byte SAUCE record
/// (<https://www.acid.org/info/sauce/sauce.htm>): neither is shown. What the record says is honoured
/// where a terminal can show it: the width the art was drawn for (`TInfo1`), and iCE colours (SGR 5
/// means a bright background, not blinking).
public struct ANSIArt: Equatable, Sendable {
    /// The columns it was drawn for (the screen it wraps at).
    public var columns = 80
    /// iCE colours: blink selects the bright backgrounds.
    public var iceColors = false

    /// `cells` as the art shows them: with iCE colours, blink is a bright background (a default
    /// background becomes bright black).
    func shown(_ cells: [Cell]) -> [Cell] {
        guard iceColors else { return cells }
        var cells = cells
        for c in cells.indices where cells[c].style.attributes.contains(.blink) {
            cells[c].style.attributes.remove(.blink)
            if case .palette(let n)? = cells[c].style.background, n < 8 { cells[c].style.background = .palette(n + 8) }
            else if cells[c].style.background == nil { cells[c].style.background = .palette(8) }
        }
        return cells
    }

    /// The SAUCE record's size, and where its fields are (offsets into the record).
    static let recordSize = 128

    /// Whether `name` (a file, or `-`) is ANSI art: by its extension, or by a SAUCE record at its end
    /// (a regular file's last 128 bytes are read). Nil for anything else.
    public static func of(name: String?) -> ANSIArt? {
        guard let name, name != "-" else { return nil }
        let record = InputFiles.isRegularFile(name) ? tail(of: name) : nil
        if let record, let art = parse(record) { return art }
        let lower = name.lowercased()
        return lower.hasSuffix(".ans") || lower.hasSuffix(".asc") || lower.hasSuffix(".ice") ? ANSIArt() : nil
    }

    /// A SAUCE record (128 bytes starting `SAUCE00`), if `record` is one.
    static func parse(_ record: [UInt8]) -> ANSIArt? {
        guard record.count == recordSize, record.starts(with: Array("SAUCE00".utf8)) else { return nil }
        var art = ANSIArt()
        let dataType = record[94], fileType = record[95]
        let width = Int(record[96]) | Int(record[97]) << 8
        // Character (1) ANSi, ANSiMation, plain ASCII (0, 1, 2; also PCBoard and Avatar), or BinaryText (5),
        // whose width is in the file type.
        if dataType == 1, (0...8).contains(fileType), (1...1000).contains(width) { art.columns = width }
        if dataType == 5, fileType > 0 { art.columns = min(1000, Int(fileType) * 2) }
        art.iceColors = (dataType == 1 || dataType == 5) && record[105] & 1 != 0
        return art
    }

    /// The last 128 bytes of a regular file (nil if shorter or unreadable).
    private static func tail(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let size = lseek(fd, 0, SEEK_END)
        guard size >= recordSize, lseek(fd, off_t(size - off_t(recordSize)), SEEK_SET) >= 0 else { return nil }
        var record = [UInt8](repeating: 0, count: recordSize)
        let got = record.withUnsafeMutableBytes { read(fd, $0.baseAddress, recordSize) }
        return got == recordSize ? record : nil
    }

    /// Whether the start of a file is UTF-8 beyond ASCII (art drawn for today's terminals, not DOS's):
    /// then it is read as UTF-8, not CP437. A sequence the head cuts short does not count against it.
    public static func isUTF8(_ head: [UInt8]) -> Bool {
        guard head.contains(where: { $0 >= 0x80 }) else { return false }
        var end = head.endIndex
        // Back to the start of the last sequence (continuation bytes are 10xxxxxx), which may be cut.
        while end > max(0, head.count - 4), head[end - 1] & 0xC0 == 0x80 { end -= 1 }
        if end > 0, head[end - 1] >= 0xC0 { end -= 1 }
        return String(validating: head[..<end], as: UTF8.self) != nil
    }

    /// DOS's end-of-file mark: what follows it (a comment, the SAUCE record) is not the art.
    public static let endOfFile: UInt8 = 0x1A
}
