/// How the detector chose an encoding.
public struct EncodingDetection: Sendable {
    public var encoding: TextEncoding
    /// `not UTF-8; read as CP949 (Korean); --encoding NAME to choose`.
    public var message: String { "not UTF-8; read as \(encoding); --encoding NAME to choose" }
}

/// Chooses a code page for bytes that are not UTF-8: CP949 when they decode as CP949 without an
/// error and hold Hangul, else CP1252 (the guess before the language models).
enum EncodingDetector {
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> EncodingDetection {
        let korean = EncodingCatalog.named("CP949")!
        let text = String(decoding: korean.decode(bytes), as: UTF8.self).unicodeScalars
        if !text.contains("\u{FFFD}"), text.contains(where: { (0xAC00...0xD7A3).contains($0.value) }) {
            return EncodingDetection(encoding: korean)
        }
        return EncodingDetection(encoding: EncodingCatalog.named("CP1252")!)
    }
}
