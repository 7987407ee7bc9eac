/// The languages a file's markup declares, read from its ASCII: a SAMI class's `lang: ko-KR;`, an
/// XML or HTML `lang="ja"` or `xml:lang="zh-TW"`. The encoding detector weighs a code page's reading
/// in a declared language above the others (`EncodingDetector.declaredWeight`): a few short lines of
/// Korean read about as well as Japanese or Chinese in other code pages, and the file says which.
enum DeclaredLanguages {
    /// At most this many bytes are looked at (a SAMI file declares its classes in its head).
    static let scanLimit = 1 << 16

    /// The detector's names (`LanguageModel.language`) of the languages `bytes` declares.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Set<String> {
        var found: Set<String> = []
        let end = min(bytes.count, scanLimit)
        var i = 0
        while i + 5 < end {
            // `lang` after a character that cannot be part of a longer name (`xml:lang`, ` lang`).
            guard bytes[i] | 0x20 == 0x6C, bytes[i + 1] | 0x20 == 0x61, bytes[i + 2] | 0x20 == 0x6E, bytes[i + 3] | 0x20 == 0x67,
                  i == 0 || !isNameByte(bytes[i - 1]) || bytes[i - 1] == 0x3A else { i += 1; continue }
            var j = i + 4
            while j < end && bytes[j] == 0x20 { j += 1 }
            guard j < end, bytes[j] == 0x3A || bytes[j] == 0x3D else { i += 1; continue }  // `:` or `=`
            j += 1
            while j < end && (bytes[j] == 0x20 || bytes[j] == 0x22 || bytes[j] == 0x27) { j += 1 }
            var tag: [UInt8] = []
            while j < end, tag.count < 16, isNameByte(bytes[j]) || bytes[j] == 0x2D || bytes[j] == 0x5F {
                tag.append(bytes[j] | (bytes[j] >= 0x41 && bytes[j] <= 0x5A ? 0x20 : 0))
                j += 1
            }
            if let language = language(of: String(decoding: tag, as: UTF8.self)) { found.insert(language) }
            i = j
        }
        return found
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
    }

    /// The detector's language of a BCP 47 tag (lower case), if it has a model of it.
    static func language(of tag: String) -> String? {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let primary = parts.first else { return nil }
        if primary == "zh" {
            // Traditional where the script or region says so; Simplified otherwise.
            let traditional: Set<Substring> = ["hant", "tw", "hk", "mo"]
            return parts.dropFirst().contains(where: traditional.contains) ? "Traditional Chinese" : "Simplified Chinese"
        }
        return names[String(primary)]
    }

    private static let names: [String: String] = [
        "ar": "Arabic", "bg": "Bulgarian", "hr": "Croatian", "cs": "Czech", "da": "Danish", "nl": "Dutch",
        "en": "English", "fr": "French", "de": "German", "el": "Greek", "he": "Hebrew", "iw": "Hebrew",
        "hu": "Hungarian", "it": "Italian", "ja": "Japanese", "ko": "Korean", "pl": "Polish", "pt": "Portuguese",
        "ro": "Romanian", "ru": "Russian", "sk": "Slovak", "sl": "Slovenian", "es": "Spanish", "sv": "Swedish",
        "th": "Thai", "tr": "Turkish", "uk": "Ukrainian",
    ]
}
