import Foundation
import TestSupport
import Testing

/// The library's folders are layers, in the order the pipeline reads (CONTRIBUTING.md, "Parts"):
/// each may use only the folders before it, so there are no cycles and a reader can take the tree
/// from the bottom up. A type, function or global a file names is "used" (comments aside).
@Suite struct Architecture {
    /// Lowest first.
    static let layers = [
        "Support", "Model", "Text", "TerminalModel", "Input", "Timing", "Layout", "Formats", "Effects", "Render",
        "Output", "Terminal", "Engine", "Performance", "Overlay", "CommandLine", "Launch",
    ]

    static let root = Paths.repository.appendingPathComponent("Sources/GhostpipeCore")

    /// Every Swift file of the library, by top-level folder, its comments and string literals removed.
    static func sources() throws -> [(folder: String, path: String, text: String)] {
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        return try files.map { url in
            let relative = String(url.path.dropFirst(root.path.count + 1))
            var text = try String(contentsOf: url, encoding: .utf8)
            text = text.replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression)
            // Multi-line literals first (an option's details name colours, not types).
            text = text.replacingOccurrences(of: #"\"{3}[\s\S]*?\"{3}"#, with: "\"\"", options: .regularExpression)
            text = text.replacingOccurrences(of: #""(\\.|[^"\\\n])*""#, with: "\"\"", options: .regularExpression)
            return (String(relative.split(separator: "/").first!), relative, text)
        }
    }

    @Test func everyFolderIsALayer() throws {
        let folders = Set(try Self.sources().map(\.folder))
        #expect(folders == Set(Self.layers), "folders not in the layer list: \(folders.subtracting(Self.layers)); layers without a folder: \(Set(Self.layers).subtracting(folders))")
    }

    /// Small rooms: no hand-written file of the library over 450 lines (generated tables aside).
    @Test func noSourceFileIsOver450Lines() throws {
        let files = FileManager.default.enumerator(at: Self.root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && !$0.lastPathComponent.hasSuffix(".generated.swift") }
        let long = try files.compactMap { url -> String? in
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            return lines > 450 ? "\(url.path.dropFirst(Self.root.path.count + 1)): \(lines) lines" : nil
        }
        #expect(long.isEmpty, "files over 450 lines:\n\(long.sorted().joined(separator: "\n"))")
    }

    @Test func eachLayerUsesOnlyTheLayersBelowIt() throws {
        let sources = try Self.sources()
        // Who declares each top-level name (types, and functions and constants at file scope).
        let declaration = try NSRegularExpression(
            pattern: #"^(?:public |internal |fileprivate |private )?(?:final )?(?:indirect )?(?:struct|enum|class|protocol|typealias|actor|func|let|var) +([A-Za-z_][A-Za-z0-9_]*)"#,
            options: .anchorsMatchLines)
        var owner: [String: String] = [:]
        for source in sources {
            let range = NSRange(source.text.startIndex..., in: source.text)
            for match in declaration.matches(in: source.text, range: range) {
                let name = String(source.text[Range(match.range(at: 1), in: source.text)!])
                if owner[name] == nil { owner[name] = source.folder }
            }
        }
        let rank = Dictionary(uniqueKeysWithValues: Self.layers.enumerated().map { ($1, $0) })
        let word = try NSRegularExpression(pattern: #"\b[A-Za-z_][A-Za-z0-9_]*\b"#)
        var wrong: [String] = []
        for source in sources {
            let range = NSRange(source.text.startIndex..., in: source.text)
            var seen = Set<String>()
            for match in word.matches(in: source.text, range: range) {
                let name = String(source.text[Range(match.range, in: source.text)!])
                guard seen.insert(name).inserted, let folder = owner[name], let used = rank[folder], let user = rank[source.folder],
                      used > user else { continue }
                wrong.append("\(source.path) uses \(name) (\(folder))")
            }
        }
        #expect(wrong.isEmpty, "a layer uses one above it:\n\(wrong.joined(separator: "\n"))")
    }
}
