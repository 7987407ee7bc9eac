import Foundation
import TestSupport

/// Reads and parses the Unicode reference data committed in `Tests/Data/unicode` for the width and
/// segmentation tests. A missing file is an error that names it, never a silent pass.
enum UnicodeTestData {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// `Tests/Data/unicode/ucd-17.0.0`.
    static let ucd17: URL = Paths.unicode.appendingPathComponent("ucd-17.0.0")

    /// The text of a data file (path relative to `Tests/Data/unicode`).
    static func text(_ relativePath: String) throws -> String {
        let url = Paths.unicode.appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path),
              let text = String(data: data, encoding: .utf8) else {
            throw Missing(description: "Unicode test data not found: \(url.standardizedFileURL.path)")
        }
        return text
    }

    /// A string from space-separated hex code points (`"1F468 200D 1F469"` or `"U+0041 U+0301"`).
    static func string(fromCodePoints field: Substring) throws -> String {
        var scalars = String.UnicodeScalarView()
        for token in field.split(separator: " ") {
            let hex = token.hasPrefix("U+") ? token.dropFirst(2) : token
            guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw Missing(description: "bad code point \(token) in \(field)")
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The code points of a UCD data line's first field (`0041` or `0041..005A`), if the line has data.
    static func range(ofDataLine line: Substring) -> (ClosedRange<UInt32>, [Substring])? {
        let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces)[...] }
        guard fields.count >= 2, !fields[0].isEmpty else { return nil }
        let bounds = fields[0].components(separatedBy: "..")
        guard let first = UInt32(bounds[0], radix: 16),
              let last = UInt32(bounds.count > 1 ? bounds[1] : bounds[0], radix: 16), first <= last else {
            return nil
        }
        return (first...last, Array(fields.dropFirst()))
    }

    /// One row of `width-vectors.tsv`, by column name.
    struct Vector {
        let id: String
        let text: String
        let columns: [String: String]

        func int(_ column: String) throws -> Int {
            guard let value = columns[column].flatMap({ Int($0) }) else {
                throw Missing(description: "width-vectors.tsv row \(id): no integer column \(column)")
            }
            return value
        }
    }

    /// The rows of `width-vectors.tsv`.
    static func widthVectors() throws -> [Vector] {
        let lines = try text("width-vectors.tsv").split(separator: "\n")
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init),
              let idColumn = header.firstIndex(of: "id"), let pointsColumn = header.firstIndex(of: "codepoints")
        else {
            throw Missing(description: "width-vectors.tsv: no header with id and codepoints")
        }
        return try lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count else {
                throw Missing(description: "width-vectors.tsv: malformed row \(line)")
            }
            return Vector(id: fields[idColumn], text: try string(fromCodePoints: fields[pointsColumn][...]),
                          columns: Dictionary(uniqueKeysWithValues: zip(header, fields)))
        }
    }
}
