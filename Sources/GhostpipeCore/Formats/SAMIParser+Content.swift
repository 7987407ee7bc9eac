/// What a SAMI file's text and `<STYLE>` block hold: whether a change shows text or clears it,
/// and the classes (tracks) declared.
extension SAMIParser {
    enum TextKind { case text, clear, blank }

    /// What `p[start..<end]` holds once its tags are hidden: text, only no-break spaces (a clear),
    /// or nothing.
    static func textKind(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> TextKind {
        var k = start
        var sawSpace = false
        while k < end {
            let c = p[k]
            if Bytes.isASCIIWhitespace(c) { k += 1; continue }
            if c == 60, let tag = readTag(p, k, end) { k = tag.end; continue }
            if c == 60, k + 3 < end, p[k + 1] == 33, p[k + 2] == 45, p[k + 3] == 45 {
                k = find(p, k + 4, end, "-->").map { $0 + 3 } ?? end
                continue
            }
            if c == 38, k + 6 <= end,                                                                       // the usual clear
               UnsafeRawPointer(p + k).loadUnaligned(as: UInt32.self) == 0x7362_6E26,                            // &nbs
               UnsafeRawPointer(p + k + 4).loadUnaligned(as: UInt16.self) == 0x3B70 { sawSpace = true; k += 6; continue }   // p;
            if c == 38, let (scalar, length) = CharacterReferences.match(p, k, end), scalar == "\u{A0}" || scalar == " " {
                sawSpace = true
                k += length
                continue
            }
            if c == 0xC2, k + 1 < end, p[k + 1] == 0xA0 { sawSpace = true; k += 2; continue }   // U+00A0 itself
            return .text
        }
        return sawSpace ? .clear : .blank
    }

    /// The classes a `<STYLE>` block declares, with their `lang`: `.NAME { …; lang: ko-KR; … }`.
    static func styleClasses(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> [(String, String?)] {
        let css = String(decoding: UnsafeBufferPointer(start: p + start, count: max(0, end - start)), as: UTF8.self)
        var classes: [(String, String?)] = []
        var rest = Substring(css)
        while let open = rest.firstIndex(of: "{") {
            let selector = rest[..<open].replacing("<!--", with: "").replacing("-->", with: "").trimmingASCIIWhitespace()
            let close = rest[open...].firstIndex(of: "}") ?? rest.endIndex
            let body = rest[rest.index(after: open)..<close]
            rest = close < rest.endIndex ? rest[rest.index(after: close)...] : ""
            guard selector.first == ".", selector.count > 1 else { continue }
            let name = String(selector.dropFirst().prefix { !$0.isWhitespace && $0 != "," && $0 != "{" })
            var language: String?
            for declaration in body.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingASCIIWhitespace().lowercased() == "lang" else { continue }
                let value = parts[1].trimmingASCIIWhitespace()
                if !value.isEmpty { language = String(value) }
            }
            if !name.isEmpty { classes.append((name, language)) }
        }
        return classes
    }
}
