/// Bytes of a stream (a subtitle file, or text with `--encoding`) to UTF-8 text, a chunk at a time,
/// in the encoding decided from its start: a byte order mark, the named encoding (`--encoding`), UTF-8
/// when the first lines that are not ASCII are valid UTF-8 (a stream) or the first 64 KiB are (a
/// file), else the detector's choice from them. Memory stays bounded: at most the 64 KiB head is held undecided; after
/// that, only a character cut between two reads is.
struct StreamTextDecoder {
    struct Decoded {
        var text: [UInt8] = []
        /// What to tell the user about the encoding (once).
        var note: String?
    }

    /// The head of the stream the encoding is decided from.
    static let headSize = 1 << 16

    private var decoder: (any ByteDecoder)?
    /// The encoding named (nil: detect).
    private let named: TextEncoding?
    private let isFile: Bool
    private var held: [UInt8] = []
    /// Languages the ASCII lines passed before the decision declare (a SAMI file's STYLE block).
    private var declared: Set<String> = []
    private var scanned = 0
    /// The encoding chosen (nil until decided).
    private(set) var encoding: TextEncoding?

    /// `encoding`: a name from `EncodingCatalog` (the command line has checked it), `auto` or nil
    /// (detect); `isFile`: a regular file, decided on its first 64 KiB rather than its first lines.
    init(encoding: String?, isFile: Bool) {
        named = encoding.flatMap { try? TextDecoder.resolve($0) } ?? nil
        self.isFile = isFile
    }

    /// Whether bytes wait to be decoded.
    var holdsInput: Bool { !held.isEmpty || decoder?.holdsPartialSequence == true }

    mutating func push(_ bytes: UnsafeBufferPointer<UInt8>) -> Decoded {
        if decoder == nil {
            held.append(contentsOf: bytes)
            return decode(final: false, pause: false)
        }
        var out = Decoded()
        decoder?.decode(bytes, into: &out.text)
        return out
    }

    /// Decodes `bytes` onto the end of `text` when the encoding is decided (nothing to say then),
    /// saving a copy; false, with nothing decoded, while it is not.
    mutating func push(_ bytes: UnsafeBufferPointer<UInt8>, appendingTo text: inout [UInt8]) -> Bool {
        guard decoder != nil else { return false }
        decoder?.decode(bytes, into: &text)
        return true
    }

    mutating func paused() -> Decoded { decode(final: false, pause: true) }
    mutating func finish() -> Decoded { decode(final: true, pause: true) }

    private mutating func decode(final: Bool, pause: Bool) -> Decoded {
        var out = Decoded()
        if decoder == nil {
            passASCIILines(into: &out)
            // A pause with nothing held says nothing about the encoding yet.
            guard final || !held.isEmpty, let note = decide(final: final, paused: pause) else { return out }
            out.note = note.isEmpty ? nil : note
        }
        if !held.isEmpty {
            held.withUnsafeBufferPointer { decoder?.decode($0, into: &out.text) }
            held = []
        }
        if final { decoder?.finish(into: &out.text) }
        return out
    }

    /// Whole lines of ASCII read the same in every encoding the detector chooses among (UTF-16 and -32
    /// show as NUL bytes, which stop this): they pass at once, and the decision waits for a line that
    /// tells. A live feed of subtitles whose first cues are ASCII then neither waits nor is decided on
    /// lines that cannot tell.
    private mutating func passASCIILines(into out: inout Decoded) {
        var end = 0
        for (i, byte) in held.enumerated() {
            if byte == 0 || byte >= 0x80 { break }
            if byte == 0x0A { end = i + 1 }
        }
        guard end > 0 else { return }
        if scanned < DeclaredLanguages.scanLimit {
            held.withUnsafeBufferPointer { declared.formUnion(DeclaredLanguages.scan(UnsafeBufferPointer(rebasing: $0[..<end]))) }
            scanned += end
        }
        out.text.append(contentsOf: held[..<end])
        held.removeFirst(end)
    }

    /// How many bytes at the end of `bytes` begin a UTF-8 sequence that they do not finish (0–3).
    static func unfinishedUTF8(at bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { b in
            // The last sequence's lead byte: at most three continuation bytes back.
            var lead = b.count - 1
            while lead > 0, b.count - lead <= 3, b[lead] & 0xC0 == 0x80 { lead -= 1 }
            guard lead >= 0, case .truncated = UTF8Sequence.check(b.baseAddress! + lead, available: b.count - lead) else { return 0 }
            return b.count - lead
        }
    }

    /// Decides the encoding from what is held; returns what to say about it ("" for nothing), or nil
    /// while more is needed.
    /// `paused`: the input paused (what is held is all there is for now, but not the end).
    private mutating func decide(final: Bool, paused: Bool = false) -> String? {
        let sample = held.prefix(Self.headSize)
        let bom = sample.withUnsafeBufferPointer { TextDecoder.sniffBOM($0) }
        // A stream decides on its first complete lines, a file on its first 64 KiB.
        let enough = bom != nil || final || paused || sample.count >= Self.headSize || (!isFile && sample.contains(0x0A))
        guard enough else { return nil }
        var probe = Array(sample)
        // Whole lines only: a character cut at the sample's end is not a reason to think it legacy
        // (nor, when the input paused inside a line, the UTF-8 sequence it paused in).
        if bom == nil, !final {
            if let last = probe.lastIndex(of: 0x0A) {
                probe.removeSubrange((last + 1)...)
            } else if paused {
                probe.removeLast(Self.unfinishedUTF8(at: probe))
            }
        }
        let decision = probe.withUnsafeBufferPointer { TextDecoder.decide($0, named: named, declared: declared) }
        held.removeFirst(decision.byteOrderMark)
        encoding = decision.encoding
        decoder = decision.encoding.makeDecoder()
        let decided = DecodedText(text: "", encodingUsed: decision.encoding.name, guessed: decision.guessed,
                                  note: decision.note, detection: decision.detection)
        return decided.warning ?? ""
    }
}
