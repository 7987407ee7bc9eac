/// The grapheme clusters of more than one scalar (a letter with combining marks, an emoji ZWJ
/// sequence, a flag) that cells hold, interned so that a cell stays 16 bytes: a cell's code names an
/// entry here. The emulator compacts the table when it grows large (see
/// `TerminalEmulator.internCluster`), keeping only clusters still on a screen or waiting in the
/// scrolled-off queue.
struct ClusterTable {
    /// Codes at and above this name clusters; below it, a code is a single Unicode scalar.
    static let firstCode: UInt32 = 0x11_0000

    private(set) var strings: [String] = []
    private var codes: [Entry: UInt32] = [:]

    /// A cluster compared and hashed by its UTF-8 bytes. `String`'s own `==` and hashing go by
    /// canonical equivalence (NFC): they would merge `e` + U+0301 with `é` — a different text — and
    /// normalising for every lookup was a tenth of the time on emoji-heavy output.
    private struct Entry: Hashable {
        let string: String

        static func == (a: Entry, b: Entry) -> Bool { a.string.utf8.elementsEqual(b.string.utf8) }

        func hash(into hasher: inout Hasher) {
            var string = self.string
            string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    var count: Int { strings.count }

    /// The code of `cluster`, adding it if new.
    mutating func intern(_ cluster: String) -> UInt32 {
        if let code = codes[Entry(string: cluster)] { return code }
        let code = Self.firstCode + UInt32(strings.count)
        strings.append(cluster)
        codes[Entry(string: cluster)] = code
        return code
    }

    func contains(_ cluster: String) -> Bool { codes[Entry(string: cluster)] != nil }

    /// The cluster a code names (empty for a code that names none, which stored cells never hold).
    func string(_ code: UInt32) -> String {
        let index = Int(code &- Self.firstCode)
        return index >= 0 && index < strings.count ? strings[index] : ""
    }

    /// The last scalar of a cluster (what decides whether the next scalar can extend it).
    func lastScalar(_ code: UInt32) -> UInt32 {
        string(code).unicodeScalars.last?.value ?? 0
    }
}
