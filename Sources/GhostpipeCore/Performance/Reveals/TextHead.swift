/// What the start of a text file says about reading it when no `--encoding` was given, decided as
/// for subtitle files (`TextDecoder.decide`): a UTF-16 or UTF-32 byte order mark, UTF-16 without
/// one, or text that is not UTF-8 — not even mostly (a stray bad byte keeps a UTF-8 file UTF-8) —
/// goes through a decoder, which names a guessed code page on stderr; UTF-8 flows as it is.
enum TextHead {
    /// Whether text starting with `head` needs a decoder. A code page only when it is clear: the
    /// detector is sure, from at least `clearHighBytes` bytes above ASCII (a few broken bytes are
    /// more likely broken UTF-8, and show as U+FFFD as `cat`'s would).
    static func needsDecoding(_ head: [UInt8]) -> Bool {
        head.withUnsafeBufferPointer { bytes in
            let decision = TextDecoder.decide(bytes, named: nil)
            guard decision.encoding != EncodingCatalog.utf8 else { return false }
            guard let detection = decision.detection else { return true }  // UTF-16 or UTF-32
            return detection.certainty == .sure && bytes.lazy.filter { $0 >= 0x80 }.count >= clearHighBytes
        }
    }

    static let clearHighBytes = 8

    /// Whether `head` is UTF-16 or UTF-32 text, by its byte order mark or the encoding named: its NUL
    /// bytes are characters' halves, not a sign of binary content.
    static func isWideUnicode(_ head: [UInt8], named: String?) -> Bool {
        if let named, named.lowercased() != "auto", let encoding = try? TextDecoder.resolve(named) {
            return encoding.isUnicode && encoding != EncodingCatalog.utf8
        }
        return head.withUnsafeBufferPointer { TextDecoder.sniffBOM($0).map { $0.0 != EncodingCatalog.utf8 } ?? false }
    }
}
