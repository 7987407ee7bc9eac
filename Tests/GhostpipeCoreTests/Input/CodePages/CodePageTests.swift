import TestSupport
import Foundation
import Testing
@testable import GhostpipeCore

/// Runs `python3 Scripts/gen_code_pages.py ARGUMENTS` and returns its standard output.
func runCodePageGenerator(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Paths.repository.appendingPathComponent("Scripts/gen_code_pages.py").path] + arguments
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus != 127, "python3 is not installed: it is needed to check the tables")
    try #require(process.terminationStatus == 0, "gen_code_pages.py failed: \(message)")
    return data
}

/// `bytes` decoded in `encoding`, fed in pieces of `sizes` (cycled).
func decodeInPieces(_ bytes: [UInt8], _ encoding: TextEncoding, sizes: [Int]) -> [UInt8] {
    var decoder = encoding.makeDecoder()
    var out: [UInt8] = []
    var at = 0, k = 0
    bytes.withUnsafeBufferPointer { all in
        while at < all.count {
            let end = min(all.count, at + sizes[k % sizes.count])
            decoder.decode(UnsafeBufferPointer(rebasing: all[at..<end]), into: &out)
            at = end
            k += 1
        }
    }
    decoder.finish(into: &out)
    return out
}

/// Bytes as hex, for messages.
func hex(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }

func encoding(_ name: String) throws -> TextEncoding {
    try #require(EncodingCatalog.named(name), "\(name) is not in the catalogue")
}

func decoded(_ bytes: [UInt8], _ name: String) throws -> String {
    let encoding = try encoding(name)
    return String(decoding: bytes.withUnsafeBufferPointer { encoding.decode($0) }, as: UTF8.self)
}

@Suite("Code pages")
struct CodePageTests {
    @Test("the committed tables are exactly what Scripts/gen_code_pages.py generates from glibc's charmaps")
    func tablesAreCurrent() throws {
        let generated = try runCodePageGenerator(["--stdout"])
        let committed = try Data(contentsOf: Paths.repository.appendingPathComponent(
            "Sources/GhostpipeCore/Input/CodePages/CodePageTables.generated.swift"))
        if generated != committed {
            let new = String(decoding: generated, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let old = String(decoding: committed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(new, old).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(new.count, old.count)
            Issue.record("""
                CodePageTables.generated.swift is stale: first difference at line \(line + 1); \
                regenerate with python3 Scripts/gen_code_pages.py
                """)
        }
    }

    /// Round trip through the charmaps: every byte sequence glibc lists for an encoding decodes to the
    /// code points it lists, alone, and all of them in a row cut into pieces of every size (so a
    /// character split between two reads is put together again).
    @Test("every byte sequence of every code page decodes to the charmap's code points, whole and in pieces")
    func everyMappingDecodes() throws {
        let listing = try runCodePageGenerator(["--pairs"])
        var byName: [String: [(bytes: [UInt8], text: [UInt8])]] = [:]
        for line in String(decoding: listing, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t")
            try #require(fields.count == 3, "bad line \(line)")
            var bytes: [UInt8] = []
            var hex = fields[1][...]
            while !hex.isEmpty { bytes.append(UInt8(hex.prefix(2), radix: 16)!); hex = hex.dropFirst(2) }
            var text: [UInt8] = []
            for cp in fields[2].split(separator: " ") { TextDecoder.appendUTF8(UInt32(cp, radix: 16)!, to: &text) }
            byName[String(fields[0]), default: []].append((bytes, text))
        }
        #expect(byName.count == 31, "\(byName.keys.sorted())")
        for (name, pairs) in byName.sorted(by: { $0.key < $1.key }) {
            let encoding = try encoding(name)
            var wrong: [String] = []
            for pair in pairs {
                let got = pair.bytes.withUnsafeBufferPointer { encoding.decode($0) }
                if got != pair.text, wrong.count < 5 {
                    wrong.append("\(hex(pair.bytes)) gives \(hex(got)), the charmap says \(hex(pair.text))")
                }
            }
            #expect(wrong.isEmpty, "\(name): \(wrong.joined(separator: "; "))")
            let all = pairs.flatMap(\.bytes), expected = pairs.flatMap(\.text)
            for sizes in [[1], [2], [3], [5, 1, 7], [4096]] {
                let same = decodeInPieces(all, encoding, sizes: sizes) == expected
                #expect(same, "\(name) in pieces of \(sizes)")
            }
        }
    }

    @Test("a byte sequence a code page does not map becomes U+FFFD, and an ASCII byte after a lead survives")
    func errorsAreReplacedAndDecodingGoesOn() throws {
        // A lead byte, then an ASCII byte that is no trail: U+FFFD, then the ASCII character.
        #expect(try decoded([0xB0, 0x0A, 0xB0, 0xA1], "CP949") == "\u{FFFD}\n가")
        #expect(try decoded([0xA4, 0x0A, 0xA4, 0x40], "Big5") == "\u{FFFD}\n一")
        #expect(try decoded([0x82, 0x0A, 0x82, 0xA0], "Shift_JIS") == "\u{FFFD}\n" + "あ")
        #expect(try decoded([0xA4, 0x0A, 0xA4, 0xA2], "EUC-JP") == "\u{FFFD}\n" + "あ")
        #expect(try decoded([0xC4, 0x0A, 0xC4, 0xE3], "GBK") == "\u{FFFD}\n你")
        // Bytes no code page uses as a lead, and a lead cut off by the end.
        #expect(try decoded([0xFF, 0x41, 0xB0], "CP949") == "\u{FFFD}A\u{FFFD}")
        #expect(try decoded([0x80, 0xFF], "Big5") == "\u{FFFD}\u{FFFD}")
        #expect(try decoded([0x61, 0x81, 0x62], "CP1252") == "a\u{FFFD}b")
        // GB18030: four bytes; a broken four-byte sequence gives back the bytes after its lead.
        #expect(try decoded([0x81, 0x30, 0x81, 0x30], "GB18030") == "\u{80}")
        #expect(try decoded([0x95, 0x32, 0x82, 0x36], "GB18030") == "\u{20000}")
        #expect(try decoded([0xE3, 0x32, 0x9A, 0x35], "GB18030") == "\u{10FFFF}")
        #expect(try decoded([0x81, 0x30, 0x41], "GB18030") == "\u{FFFD}0A")
        #expect(try decoded([0x81, 0x30, 0x81, 0x41], "GB18030") == "\u{FFFD}0丄")
        #expect(try decoded([0x84, 0x31, 0xA5, 0x30], "GB18030") == "\u{FFFD}")  // past the BMP's last pointer
        #expect(try decoded([0x80], "GBK") == "€")
        // EUC-JP: halfwidth katakana after 0x8E, JIS X 0212 after 0x8F.
        #expect(try decoded([0x8E, 0xB1, 0x8F, 0xB0, 0xA1], "EUC-JP") == "ｱ丂")
        // Big5-HKSCS: a letter with a combining mark from one pair of bytes.
        #expect(try decoded([0x88, 0x62], "Big5") == "\u{CA}\u{304}")
    }

    @Test("ISO-2022-JP switches character sets with escape sequences, and lets no other escape through")
    func iso2022JP() throws {
        let text: [UInt8] = [0x1B, 0x24, 0x42, 0x24, 0x33, 0x24, 0x73, 0x24, 0x4B, 0x24, 0x41, 0x24, 0x4F,
                             0x1B, 0x28, 0x42, 0x21, 0x0A]
        #expect(try decoded(text, "ISO-2022-JP") == "こんにちは!\n")
        #expect(try decoded([0x1B, 0x28, 0x4A, 0x5C, 0x7E, 0x1B, 0x28, 0x49, 0x31, 0x1B, 0x28, 0x42, 0x5C], "ISO-2022-JP") == "¥‾ｱ\\")
        let unknown = try decoded([0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x78], "ISO-2022-JP")
        #expect(unknown == "\u{FFFD}[31mx" && !unknown.contains("\u{1B}"))
        for sizes in [[1], [2], [3]] {
            #expect(String(decoding: decodeInPieces(text, try encoding("ISO-2022-JP"), sizes: sizes), as: UTF8.self) == "こんにちは!\n")
        }
    }

    @Test("UTF-16 and UTF-32 put characters cut between reads together, and replace what is broken")
    func unicodeForms() throws {
        let text = "Hi 한국 👋"
        let le = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for sizes in [[1], [3], [5, 2]] {
            #expect(String(decoding: decodeInPieces(le, try encoding("UTF-16LE"), sizes: sizes), as: UTF8.self) == text)
        }
        #expect(try decoded([0x3D, 0xD8, 0x41, 0x00, 0x42], "UTF-16LE") == "\u{FFFD}A\u{FFFD}")
        #expect(try decoded([0x00, 0x41, 0xDC, 0x00], "UTF-16BE") == "A\u{FFFD}")
        #expect(try decoded([0, 0, 0x11, 0, 0x41, 0, 0, 0, 0x42], "UTF-32LE") == "\u{FFFD}A\u{FFFD}")
    }
}

@Suite("Encoding names")
struct EncodingNameTests {
    @Test("every name and alias finds its encoding, whatever its case and punctuation")
    func namesAndAliases() throws {
        for encoding in EncodingCatalog.all {
            for label in [encoding.name] + encoding.aliases {
                #expect(EncodingCatalog.named(label) == encoding, "\(label)")
                #expect(EncodingCatalog.named(label.uppercased()) == encoding, "\(label)")
            }
        }
        #expect(Set(EncodingCatalog.canonicalNames).count == EncodingCatalog.all.count)
        for (label, name) in [("euc-kr", "CP949"), ("ks_c_5601-1987", "CP949"), ("windows-1251", "CP1251"),
                              ("cp936", "GBK"), ("gb2312", "GBK"), ("sjis", "Shift_JIS"), ("latin1", "CP1252"),
                              ("ISO_8859-2", "ISO-8859-2"), ("Big5-HKSCS", "Big5"), ("tis-620", "CP874"),
                              ("koi8r", "KOI8-R"), ("ibm866", "CP866"), ("utf-16", "UTF-16LE")] {
            #expect(try TextDecoder.canonicalName(of: label) == name, "\(label)")
        }
        #expect(try TextDecoder.canonicalName(of: "AUTO") == "auto")
    }

    @Test("a misspelt name gets close names; a name nothing like any gets the common ones")
    func closeNames() {
        #expect(EncodingCatalog.closeNames(to: "cp1215").contains("CP1251"))
        #expect(EncodingCatalog.closeNames(to: "shiftjs") == ["Shift_JIS"])
        #expect(EncodingCatalog.closeNames(to: "eucjr").contains("EUC-JP"))
        #expect(EncodingCatalog.closeNames(to: "klingon").isEmpty)
        #expect(EncodingCatalog.unknownNameMessage("klingon").contains("try auto, CP949, GBK"))
        #expect(EncodingCatalog.unknownNameMessage("big6") == "'big6' is not an encoding ghostpipe knows; close names: Big5")
    }

    @Test("descriptions say what a code page is for")
    func descriptions() throws {
        #expect(try encoding("gbk").description == "GBK (Simplified Chinese)")
        #expect(try encoding("windows-1251").description == "CP1251 (Cyrillic)")
    }
}
