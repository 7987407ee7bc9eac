/// TTML, DFXP and IMSC (`.ttml`, `.dfxp`, `.xml`) in the format catalogue. Read whole: timing and
/// styles refer to what comes anywhere in the document. A `.xml` file is TTML by its content only
/// (its `<tt>` root, as for the YouTube formats' roots): an XML file of another kind stays text.
struct TTMLFormat: SubtitleParser {
    var name: String { "ttml" }
    var aliases: [String] { ["dfxp", "imsc", "xml"] }
    var title: String { "TTML/DFXP/IMSC" }
    var extensions: [String] { ["ttml", "dfxp"] }

    /// The root `<tt>` (any prefix), after an XML declaration, comments or a doctype.
    func recognize(_ lines: [ArraySlice<UInt8>]) -> Recognition {
        XMLRoot.recognize(lines) { XMLRoot.named($0, "tt") }
    }

    /// A `<tt>` root (`<tt:tt>`, any prefix).
    func matches(_ prefix: String) -> Bool {
        XMLRoot.name(in: prefix).map { XMLRoot.named($0, "tt") } ?? false
    }

    func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) { TTMLParser.parse(text) }
    func parse(validUTF8 text: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) { TTMLParser.parse(validUTF8: text) }
}

/// The root element of an XML document, for recognising the formats written in XML.
enum XMLRoot {
    /// The name of the first element in `text` (after the declaration, comments, a doctype); nil
    /// when there is none yet, or when the text does not begin as XML does.
    static func name(in text: String) -> String? {
        // Only white space may come before the root: input whose first other byte is not `<` (most
        // of it) is turned down before its head is copied for the reader.
        var head = text.utf8[...]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        guard head.prefix(1 << 16).first(where: { !Bytes.isASCIIWhitespace($0) }) == 0x3C else { return nil }
        var bytes = Array(text.utf8.prefix(1 << 16))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes.withUnsafeBufferPointer { b -> String? in
            guard let p = b.baseAddress else { return nil }
            var reader = XMLReader(p, count: b.count)
            while let event = reader.next() {
                switch event {
                case .start(let name, _, _, _): return reader.string(name)
                case .text(let range, _):
                    // Only white space may come before the root.
                    if (range.lowerBound..<range.upperBound).contains(where: { !Bytes.isASCIIWhitespace(p[$0]) }) { return nil }
                case .end: return nil
                }
            }
            return nil
        }
    }

    /// Whether `name` is `local` with any prefix.
    static func named(_ name: String, _ local: String) -> Bool {
        name == local || name.hasSuffix(":" + local)
    }

    /// `recognize` for an XML format whose root `isRoot` accepts: needs more until the root tag's
    /// name has arrived, then yes or no.
    static func recognize(_ lines: [ArraySlice<UInt8>], isRoot: (String) -> Bool) -> Recognition {
        guard let first = lines.first else { return .needMore }
        var head = first
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        guard head.drop(while: { $0 == 32 || $0 == 9 }).first == 60 else { return .no }   // <
        var text: [UInt8] = []
        for line in lines { text += line; text.append(10) }
        guard let root = name(in: String(decoding: text, as: UTF8.self)) else {
            return lines.count < 8 ? .needMore : .no
        }
        return isRoot(root) ? .yes : .no
    }
}
