/// TTML, DFXP and the IMSC 1.0.1 / 1.1 text profiles (`.ttml`, `.dfxp`, `.xml`), read with
/// ``XMLReader`` and drawn for a terminal:
///
/// - Namespaces by their URIs, the current (`http://www.w3.org/ns/ttml`) and the 2006 drafts DFXP
///   used, whatever their prefixes; undeclared `tt:`, `tts:`, `ttp:` prefixes and unqualified
///   documents are read too. Elements of other namespaces and `<metadata>` are skipped, content and
///   all; unknown elements and attributes are ignored.
/// - Timing on any element (`begin`, `end`, `dur`; see ``TTMLTimeBase``), in `par` (default) and
///   `seq` time containers, each child clipped to its parent. An element without an end lasts as
///   its children do, or in a `par` as its parent (open to the document's end: to the last time the
///   document names, or a few seconds).
/// - Each `<p>` is a cue (several at once stack in the band, as overlapping cues do). A `<span>` that
///   begins later is revealed at its instant (word timing); one that ends earlier splits the cue
///   where it disappears.
/// - `<span>`, `<br/>`, `xml:space` (default: white space collapses and is dropped at line edges;
///   `preserve`: kept, line feeds break lines). Ruby (IMSC 1.1 `tts:ruby`) reads `base(text)`, as
///   WebVTT ruby does; its delimiters are dropped.
/// - Styles (see ``TTMLStyle``) by reference (`style="a b"`, chained), inline, and inherited from the
///   region and the ancestors; regions (`origin`, `extent`, `position`, `displayAlign`, with the
///   text's `textAlign`) become band placements. A document without a layout, or a paragraph in no
///   region or an undeclared one, plays at the bottom, centred (unless its `textAlign` says), as
///   players show sloppy files, rather than not at all as the specification would.
public enum TTMLParser {
    public static func parse(_ text: String) -> (cues: CueList, diagnostics: [Diagnostic]) {
        parse(validUTF8: Array(text.utf8))
    }

    static func parse(validUTF8 source: [UInt8]) -> (cues: CueList, diagnostics: [Diagnostic]) {
        var document = TTMLDocument()
        source.withUnsafeBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            document.read(XMLReader(p, count: buffer.count))
        }
        let cues = document.cues()
        var diagnostics = document.diagnostics
        if !document.sawRoot {
            diagnostics.append(Diagnostic(line: 1, message: "no TTML document found (no <tt> element)"))
        }
        return (CueList(cues), diagnostics)
    }

    /// From UTF-8 bytes (invalid sequences become U+FFFD). For fuzzing and tests.
    public static func parse<Input: Collection>(utf8 bytes: Input) -> (cues: CueList, diagnostics: [Diagnostic])
    where Input.Element == UInt8 {
        parse(String(decoding: bytes, as: UTF8.self))
    }
}

/// What an XML name's prefix stands for in TTML.
enum TTMLNamespace {
    case tt, styling, parameter, metadata, xml, foreign, none

    static func of(uri: String) -> TTMLNamespace {
        let bases = ["http://www.w3.org/ns/ttml", "http://www.w3.org/2006/10/ttaf1", "http://www.w3.org/2006/04/ttaf1",
                     "http://www.w3.org/2006/02/ttaf1"]
        if uri == "http://www.w3.org/XML/1998/namespace" { return .xml }
        guard let base = bases.first(where: { uri.hasPrefix($0) }) else { return .foreign }
        let rest = uri.dropFirst(base.count)
        switch rest {
        case "": return .tt
        case "#styling", "#style": return .styling
        case "#parameter": return .parameter
        case "#metadata": return .metadata
        default: return .foreign   // profiles, features, extensions
        }
    }

    /// An undeclared prefix, by what it usually stands for.
    static func guess(prefix: String) -> TTMLNamespace {
        switch prefix {
        case "tt", "": return .tt
        case "tts": return .styling
        case "ttp": return .parameter
        case "ttm": return .metadata
        case "xml": return .xml
        default: return .foreign
        }
    }
}

/// A TTML document as read: its elements as a flat tree, its styles and regions, then its cues.
struct TTMLDocument {
    enum Kind { case tt, head, body, div, p, span, br, style, region, set, skipped, other, text }

    struct Node {
        var kind: Kind
        var parent: Int
        var children: [Int] = []
        var text: [UInt8] = []
        var id: String?
        var styleRefs: [String] = []
        var region: String?
        var begin: Nanoseconds?
        var end: Nanoseconds?
        var dur: Nanoseconds?
        var seq = false
        var preserve: Bool?
        var inline = TTMLStyle()
        var line: Int
    }

    var nodes: [Node] = []
    var diagnostics: [Diagnostic] = []
    var sawRoot = false
    var timeBase = TTMLTimeBase()
    var metrics = TTMLStyle.Metrics()
    var styles: [String: Int] = [:]
    var regions: [String: Int] = [:]
    /// Each `<style>`'s style with its references resolved (see ``resolveStyles()``).
    var resolved: [String: TTMLStyle] = [:]
    static let maxDepth = 200

    // MARK: Reading

    mutating func read(_ reader: XMLReader) {
        var reader = reader
        var open: [(node: Int, name: Range<Int>, namespaces: Int)] = []
        var namespaces: [(prefix: String, uri: String)] = []
        var skipping = 0                                      // depth inside a skipped element
        var saidTooDeep = false

        func namespace(ofPrefix prefix: String) -> TTMLNamespace {
            if prefix == "xml" { return .xml }
            if let declared = namespaces.last(where: { $0.prefix == prefix }) {
                return declared.uri.isEmpty ? .tt : TTMLNamespace.of(uri: declared.uri)
            }
            return TTMLNamespace.guess(prefix: prefix)
        }

        while let event = reader.next() {
            switch event {
            case .start(let nameRange, let attributes, let selfClosing, let offset):
                if skipping > 0 {
                    if !selfClosing { skipping += 1; open.append((-1, nameRange, 0)) }
                    continue
                }
                // Nesting no real document has is skipped (the walks over the tree recurse).
                if open.count >= Self.maxDepth {
                    if !saidTooDeep {
                        diagnostics.append(Diagnostic(line: reader.line(at: offset), message:
                            "elements nested more than \(Self.maxDepth) deep; the deeper ones skipped"))
                        saidTooDeep = true
                    }
                    if !selfClosing { skipping = 1; open.append((-1, nameRange, 0)) }
                    continue
                }
                // Namespace declarations first: they apply to the element's own name.
                var declared = 0
                for a in attributes {
                    let name = reader.string(a.name)
                    if name == "xmlns" {
                        namespaces.append(("", reader.value(a.value))); declared += 1
                    } else if name.hasPrefix("xmlns:") {
                        namespaces.append((String(name.dropFirst(6)), reader.value(a.value))); declared += 1
                    }
                }
                let prefix = reader.string(reader.prefix(nameRange))
                let local = reader.string(reader.localName(nameRange))
                let parent = open.last(where: { $0.node >= 0 })?.node ?? -1
                var kind: Kind
                switch namespace(ofPrefix: prefix) {
                case .tt, .none:
                    switch local {
                    case "tt": kind = .tt
                    case "head": kind = .head
                    case "body": kind = .body
                    case "div": kind = .div
                    case "p": kind = .p
                    case "span": kind = .span
                    case "br": kind = .br
                    case "style": kind = .style
                    case "region": kind = .region
                    case "set": kind = .set
                    case "metadata", "image", "font", "data", "source", "chunk", "audio", "animation", "initial": kind = .skipped
                    default: kind = .other
                    }
                default: kind = .skipped
                }
                let line = reader.line(at: offset)
                if kind == .skipped {
                    namespaces.removeLast(declared)
                    if !selfClosing { skipping = 1; open.append((-1, nameRange, 0)) }
                    continue
                }
                var node = Node(kind: kind, parent: parent, line: line)
                if kind == .tt { sawRoot = true }
                readAttributes(attributes, of: &node, kind: kind, reader: &reader, line: line, namespace: namespace)
                let index = nodes.count
                nodes.append(node)
                if parent >= 0 { nodes[parent].children.append(index) }
                if let id = node.id {
                    if kind == .style, styles[id] == nil { styles[id] = index }
                    if kind == .region, regions[id] == nil { regions[id] = index }
                }
                if selfClosing {
                    namespaces.removeLast(declared)
                } else {
                    open.append((index, nameRange, declared))
                }
            case .end(let nameRange, _):
                // Close up to the matching open element; an end tag nothing matches is ignored.
                guard let match = open.lastIndex(where: { sameBytes(reader, $0.name, nameRange) }) else { continue }
                while open.count > match {
                    let top = open.removeLast()
                    if top.node < 0 { skipping = max(0, skipping - 1) } else { namespaces.removeLast(min(top.namespaces, namespaces.count)) }
                }
            case .text(let range, let cdata):
                guard skipping == 0, let parent = open.last?.node, parent >= 0 else { continue }
                // Text counts only inside paragraphs.
                guard nodes[parent].kind == .p || nodes[parent].kind == .span || nodes[parent].kind == .other else { continue }
                var bytes: [UInt8] = []
                reader.decode(range, cdata: cdata, into: &bytes)
                var node = Node(kind: .text, parent: parent, line: 0)
                node.text = bytes
                nodes.append(node)
                nodes[parent].children.append(nodes.count - 1)
            }
        }
    }

    func sameBytes(_ reader: XMLReader, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && reader.string(a) == reader.string(b)
    }

    mutating func readAttributes(_ attributes: [XMLReader.Attribute], of node: inout Node, kind: Kind,
                                         reader: inout XMLReader, line: Int, namespace: (String) -> TTMLNamespace) {
        var parameters: [String: String] = [:]
        var stylings: [(String, String)] = []
        for a in attributes {
            let prefix = reader.string(reader.prefix(a.name))
            let local = reader.string(reader.localName(a.name))
            let value = reader.value(a.value)
            let ns: TTMLNamespace = prefix.isEmpty ? .none : namespace(prefix)
            switch ns {
            case .none:
                switch local {
                case "begin", "end", "dur":
                    guard let time = timeBase.parse(value) else {
                        diagnostics.append(Diagnostic(line: line, message: "bad time expression \(local)='\(value.count > 40 ? value.prefix(40) + "…" : value)'; ignored"))
                        continue
                    }
                    if local == "begin" { node.begin = time } else if local == "end" { node.end = time } else { node.dur = time }
                case "style": node.styleRefs = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
                case "region": node.region = value.trimmingASCIIWhitespace().isEmpty ? nil : String(value.trimmingASCIIWhitespace())
                case "timeContainer": node.seq = value.trimmingASCIIWhitespace() == "seq"
                case "id": if node.id == nil { node.id = value }   // DFXP writers that forgot `xml:`
                default: break
                }
            case .xml:
                if local == "id" { node.id = value }
                if local == "space" { node.preserve = value.trimmingASCIIWhitespace() == "preserve" }
            case .styling: stylings.append((local, value))
            case .parameter: parameters[local] = value
            default: break
            }
        }
        if kind == .tt {
            timeBase = TTMLTimeBase(frameRate: parameters["frameRate"], multiplier: parameters["frameRateMultiplier"],
                                    subFrameRate: parameters["subFrameRate"], tickRate: parameters["tickRate"])
            if let cells = parameters["cellResolution"] {
                let parts = cells.split(separator: " ").compactMap { Double($0) }
                if parts.count == 2, parts[0] > 0, parts[1] > 0 { metrics.cells = (parts[0], parts[1]) }
            }
            if let extent = stylings.first(where: { $0.0 == "extent" })?.1 {
                let parts = extent.split(separator: " ")
                if parts.count == 2, parts[0].hasSuffix("px"), parts[1].hasSuffix("px"),
                   let x = Double(parts[0].dropLast(2)), let y = Double(parts[1].dropLast(2)), x > 0, y > 0 {
                    metrics.rootExtent = (x, y)
                }
            }
            // The root's begin, end and dur have no meaning in TTML; its timing parameters were read.
        }
        for (name, value) in stylings { node.inline.set(name, value, metrics: metrics) }
    }

    // MARK: Styles and regions

    /// The style a `style="…"` list gives: each referenced style in order (a later one wins), each
    /// with its own references first.
    func referenced(_ refs: [String]) -> TTMLStyle {
        var style = TTMLStyle()
        for id in refs { if let s = resolved[id] { style = style.overridden(by: s) } }
        return style
    }

    /// Resolves every `<style>`'s references once, each in the order it is first needed; a cycle
    /// or a chain longer than `maxDepth` stops there.
    mutating func resolveStyles() {
        var visiting = Set<String>()
        func resolve(_ id: String, depth: Int) -> TTMLStyle {
            if let done = resolved[id] { return done }
            guard let index = styles[id], depth < Self.maxDepth, !visiting.contains(id) else { return TTMLStyle() }
            visiting.insert(id)
            var style = TTMLStyle()
            for ref in nodes[index].styleRefs { style = style.overridden(by: resolve(ref, depth: depth + 1)) }
            style = style.overridden(by: nodes[index].inline)
            visiting.remove(id)
            resolved[id] = style
            return style
        }
        for id in styles.keys.sorted() { _ = resolve(id, depth: 0) }
    }

    /// An element's specified style: its references, then its own attributes.
    func specified(_ index: Int) -> TTMLStyle {
        let node = nodes[index]
        let own = node.styleRefs.isEmpty ? node.inline : referenced(node.styleRefs).overridden(by: node.inline)
        // Nested `<style>` children of a region give it style too.
        guard node.kind == .region else { return own }
        var style = TTMLStyle()
        for child in node.children where nodes[child].kind == .style {
            style = style.overridden(by: referenced(nodes[child].styleRefs).overridden(by: nodes[child].inline))
        }
        return style.overridden(by: own)
    }

    // MARK: Timing

    /// How long an element lasts from its begin, as specified or as its children last; nil:
    /// indefinitely (open to its parent's end).
    func duration(_ index: Int, inSeq: Bool) -> Nanoseconds? {
        let node = nodes[index]
        let offset = node.begin ?? 0
        var explicit: Nanoseconds?
        if let dur = node.dur { explicit = dur }
        if let end = node.end { explicit = min(explicit ?? .max, max(0, end - offset)) }
        if let explicit { return explicit }
        let timed = node.children.filter { let k = nodes[$0].kind; return k != .text && k != .br && k != .style && k != .region && k != .head && k != .set }
        if timed.isEmpty || node.kind == .tt { return inSeq ? 0 : nil }
        if node.seq {
            var total: Nanoseconds = 0
            for child in timed {
                guard let d = duration(child, inSeq: true) else { return nil }
                total += (nodes[child].begin ?? 0) + d
            }
            return total
        }
        var latest: Nanoseconds = 0
        for child in timed {
            guard let d = duration(child, inSeq: false) else { return nil }
            latest = max(latest, (nodes[child].begin ?? 0) + d)
        }
        return latest
    }
}
