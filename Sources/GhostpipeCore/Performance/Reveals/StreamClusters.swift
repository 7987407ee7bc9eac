/// The grapheme clusters outside ASCII that a terminal stream's bytes print, named before the stream
/// reads them, so that the terminal can be asked how wide it draws those it disagrees on (`Show.taking`).
///
/// Found without parsing: escape sequences are ASCII, so a cluster is in a run of non-ASCII bytes,
/// with the printable character before the run (a keycap's digit, a letter an accent joins). A run
/// cut by a read is named again with the rest of it in the next read (asking twice costs nothing:
/// `MeasuredWidths` asks each cluster once). Too much is at worst asked about, never too little.
struct StreamClusters {
    /// The end of the last read, from the character before its last run of non-ASCII bytes.
    private var open: [UInt8] = []
    /// A cluster longer than this is not carried to the next read whole.
    private static let carried = 64

    /// The clusters of `bytes` (and of the run the last read ended in) that are not ASCII.
    mutating func names(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        guard let first = bytes.firstIndex(where: { $0 >= 0x80 }) else {
            if let last = bytes.last { open = Self.printable(last) ? [last] : [] }
            return []
        }
        var names: [String] = []
        // Runs that begin in this read: from the printable character before each.
        var start = first > 0 ? (Self.printable(bytes[first - 1]) ? first - 1 : first) : 0
        var run = first > 0 ? [] : open
        var i = first
        while i < bytes.count {
            if bytes[i] < 0x80 {
                run += bytes[start..<i]
                Self.name(run, into: &names)
                guard let next = bytes[i...].firstIndex(where: { $0 >= 0x80 }) else {
                    let last = bytes[bytes.count - 1]
                    open = Self.printable(last) ? [last] : []
                    return names
                }
                run = []
                start = Self.printable(bytes[next - 1]) ? next - 1 : next
                i = next
            }
            i += 1
        }
        run += bytes[start...]
        Self.name(run, into: &names)
        open = Array(run.suffix(Self.carried))
        return names
    }

    private static func printable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    private static func name(_ run: [UInt8], into names: inout [String]) {
        for character in String(decoding: run, as: UTF8.self) where !character.isASCII { names.append(String(character)) }
    }
}
