import Foundation
import TestSupport
import GhostpipeCore
import Testing

/// Columns of a whole string as layout sees it: the sum over its grapheme clusters.
func columns(_ text: String) -> Int {
    text.reduce(0) { $0 + DisplayWidth.of($1) }
}

/// One spot check: a string, its expected width, what it is.
struct WidthCase: Sendable, CustomTestStringConvertible {
    let text: String
    let width: Int
    let what: String
    var testDescription: String { what }

    init(_ text: String, _ width: Int, _ what: String) {
        self.text = text
        self.width = width
        self.what = what
    }
}

@Suite("Width table")
struct WidthTableTests {
    @Test("the committed table is exactly what Scripts/gen_width_table.py generates from UCD 17.0.0", .requires("python3"))
    func regeneratedTableMatchesCommittedOne() throws {
        let root = Paths.repository
        let script = root.appendingPathComponent("Scripts/gen_width_table.py")
        let committedURL = root.appendingPathComponent("Sources/GhostpipeCore/Text/WidthTable.generated.swift")
        let ucd = UnicodeTestData.ucd17
        guard FileManager.default.fileExists(atPath: ucd.appendingPathComponent("EastAsianWidth.txt").path) else {
            throw UnicodeTestData.Missing(description: "UCD 17.0.0 not found at \(ucd.standardizedFileURL.path)")
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Tool.path("python3")))
        process.arguments = [script.path, "--stdout", ucd.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let generated = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "gen_width_table.py failed: \(message)")

        let committed = try Data(contentsOf: committedURL)
        if generated != committed {
            let new = String(decoding: generated, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let old = String(decoding: committed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(new, old).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(new.count, old.count)
            Issue.record("""
                WidthTable.generated.swift is stale: first difference at line \(line + 1); \
                regenerate with python3 Scripts/gen_width_table.py
                """)
        }
    }

    /// Re-derives every scalar's width from the UCD files, independently of the Python generator, and
    /// checks the table (and the cluster function on a lone scalar) for all 1,112,064 scalars.
    @Test("every scalar has the width the UCD 17.0.0 rules give it")
    func everyScalarFollowsTheRules() throws {
        let count = 0x110000
        var wide = [Bool](repeating: false, count: count)
        var zero = [Bool](repeating: false, count: count)
        func mark(_ flags: inout [Bool], _ file: String, _ values: Set<[String]>, _ value: Bool = true) throws {
            for line in try UnicodeTestData.text(file).split(separator: "\n") where !line.hasPrefix("#") {
                guard let (range, fields) = UnicodeTestData.range(ofDataLine: line),
                      values.contains(fields.map(String.init)) else { continue }
                for cp in range { flags[Int(cp)] = value }
            }
        }
        try mark(&wide, "ucd-17.0.0/EastAsianWidth.txt", [["W"], ["F"]])
        try mark(&wide, "ucd-17.0.0/emoji/emoji-data.txt", [["Emoji_Presentation"]])  // regional indicators
        try mark(&zero, "ucd-17.0.0/extracted/DerivedGeneralCategory.txt",
                 [["Mn"], ["Me"], ["Mc"], ["Cf"], ["Zl"], ["Zp"]])
        try mark(&zero, "ucd-17.0.0/DerivedCoreProperties.txt", [["Default_Ignorable_Code_Point"]])
        try mark(&zero, "ucd-17.0.0/HangulSyllableType.txt", [["V"], ["T"]])
        // Printing exceptions: prepended concatenation marks, leading jamo (U+115F filler), soft hyphen.
        try mark(&zero, "ucd-17.0.0/PropList.txt", [["Prepended_Concatenation_Mark"]], false)
        try mark(&zero, "ucd-17.0.0/HangulSyllableType.txt", [["L"]], false)
        zero[0xAD] = false

        var failures: [String] = []
        var checked = 0
        for value in 0..<UInt32(count) {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            let control = value < 0x20 || (0x7F..<0xA0).contains(value)
            let expected = control || zero[Int(value)] ? 0 : wide[Int(value)] ? 2 : 1
            let table = DisplayWidth.scalarWidth(scalar)
            let cluster = DisplayWidth.of(String(scalar))
            if table != expected || cluster != expected, failures.count < 20 {
                failures.append("U+\(String(value, radix: 16, uppercase: true)): expected \(expected), "
                    + "scalarWidth \(table), of \(cluster)")
            }
            checked += 1
        }
        #expect(checked == 1_112_064)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("spot checks", arguments: [
        WidthCase("A", 1, "ASCII letter"),
        WidthCase("~", 1, "ASCII punctuation"),
        WidthCase(" ", 1, "space"),
        WidthCase("\u{4E2D}", 2, "CJK ideograph 中 (W)"),
        WidthCase("\u{20000}", 2, "CJK Ext-B U+20000 (W, astral)"),
        WidthCase("\u{FF21}", 2, "fullwidth A (F)"),
        WidthCase("\u{3000}", 2, "ideographic space (F)"),
        WidthCase("\u{FF76}", 1, "halfwidth katakana KA (H)"),
        WidthCase("\u{FF76}\u{FF9E}", 2, "halfwidth KA + halfwidth voiced mark (one cluster, both print)"),
        WidthCase("\u{B1}", 1, "ambiguous ± stays narrow"),
        WidthCase("\u{2500}", 1, "ambiguous box drawing stays narrow"),
        WidthCase("e\u{301}", 1, "e + combining acute"),
        WidthCase("Z\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}", 1, "Z + six combining marks"),
        WidthCase("\u{301}", 0, "lone combining acute"),
        WidthCase("A\u{20DD}", 1, "A + enclosing circle (Me)"),
        WidthCase("\u{5E9}\u{5C1}\u{5B8}", 1, "Hebrew shin + points"),
        WidthCase("\u{628}\u{64E}", 1, "Arabic beh + fatha"),
        WidthCase("\u{600}", 1, "Arabic number sign: a prepended concatenation mark prints"),
        WidthCase("\u{D55C}", 2, "Hangul syllable 한"),
        WidthCase("\u{1100}\u{1161}\u{11A8}", 2, "conjoining jamo L V T"),
        WidthCase("\u{1112}\u{1161}", 2, "conjoining jamo L V"),
        WidthCase("\u{1100}", 2, "lone leading jamo"),
        WidthCase("\u{1161}", 0, "lone medial jamo"),
        WidthCase("\u{11AB}", 0, "lone final jamo"),
        WidthCase("\u{D558}\u{11AB}", 2, "LV syllable + final jamo"),
        WidthCase("\u{115F}\u{1160}", 2, "choseong filler + jungseong filler"),
        WidthCase("\u{A960}\u{D7B0}", 2, "old jamo Ext-A leading + Ext-B medial"),
        WidthCase("\u{915}\u{93E}", 2, "Devanagari KA + AA: a spacing mark takes a column"),
        WidthCase("\u{93E}", 0, "lone spacing mark"),
        WidthCase("\u{915}\u{94D}\u{937}", 2, "Devanagari conjunct KSSA"),
        WidthCase("\u{928}\u{94D}\u{926}\u{940}", 2, "conjunct with spacing vowel: one column for both"),
        WidthCase("\u{E01}\u{E33}", 2, "Thai KO KAI + SARA AM (Lo)"),
        WidthCase("\u{E01}\u{E49}", 1, "Thai KO KAI + tone mark (Mn)"),
        WidthCase("\u{200B}", 0, "zero width space"),
        WidthCase("\u{200D}", 0, "lone ZWJ"),
        WidthCase("\u{2060}", 0, "word joiner"),
        WidthCase("\u{FEFF}", 0, "zero width no-break space / BOM"),
        WidthCase("\u{200E}", 0, "left-to-right mark"),
        WidthCase("\u{E0061}", 0, "lone tag character"),
        WidthCase("\u{AD}", 1, "soft hyphen prints (spec and tsv)"),
        WidthCase("\t", 0, "tab: a control, expanded by the caller"),
        WidthCase("\u{1B}", 0, "ESC: stripped by the caller"),
        WidthCase("\u{7F}", 0, "DEL"),
        WidthCase("\u{85}", 0, "C1 control NEL"),
        WidthCase("\r\n", 0, "CR LF (one cluster)"),
        WidthCase("", 0, "empty string"),
    ])
    func spotCheck(_ c: WidthCase) {
        #expect(c.text.count <= 1, "spot checks are single clusters")
        #expect(DisplayWidth.of(c.text) == c.width)
        #expect(DisplayWidth.of(c.text[...]) == c.width, "Substring")
        if let character = c.text.first {
            #expect(DisplayWidth.of(character) == c.width, "Character")
        }
    }

    @Test("whole strings sum their clusters", arguments: [
        WidthCase("hello", 5, "ASCII word"),
        WidthCase("\u{4E2D}\u{6587}", 4, "中文"),
        WidthCase("a\u{4E2D}b", 4, "a中b"),
        WidthCase("\u{D55C}\u{AD6D}\u{C5B4}", 6, "한국어"),
        WidthCase("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", 4, "two conjoining syllables 한글"),
        WidthCase("cafe\u{301}", 4, "café in NFD"),
        WidthCase("a\u{200B}b", 2, "ZWSP between letters"),
        WidthCase("a\u{AD}b", 3, "soft hyphen between letters"),
        WidthCase("a\tb", 2, "tab between letters (the caller expands tabs)"),
    ])
    func wholeString(_ c: WidthCase) {
        #expect(columns(c.text) == c.width)
    }

    /// Rows where the specification's `wcswidth` of the whole string is not the sum of its per-cluster
    /// widths, because a ZWJ or a spacing mark reaches across a cluster boundary. A per-cluster measure can
    /// only give the sum; `width_wcwidth_sum_of_graphemes` is that sum (and matches what tmux shows for
    /// the first two).
    static let crossClusterRows: Set<String> = [
        "zwj-letters",  // a ZWJ | b: the spec's ZWJ swallows the next letter; layout shows both: 2
        "zwj-scissors-extpict",  // ✁ZWJ | ✁ (no longer Extended_Pictographic in 17.0): 2
        "myanmar-conjunct",  // … | U+102C U+1037: a spacing mark starting a cluster is 0 on its own: 2
    ]

    @Test("width-vectors.tsv: each string measured whole is its width_wcwidth")
    func vectorsMeasuredWhole() throws {
        let vectors = try UnicodeTestData.widthVectors()
        try #require(vectors.count == 100)
        for v in vectors {
            #expect(try DisplayWidth.of(v.text) == v.int("width_wcwidth"), "\(v.id)")
        }
    }

    @Test("width-vectors.tsv: the sum over Swift's grapheme clusters is width_wcwidth")
    func vectorsMeasuredPerCluster() throws {
        let vectors = try UnicodeTestData.widthVectors()
        try #require(vectors.count == 100)
        // The exceptions are exactly the rows where the tsv itself says whole != sum of graphemes.
        let differing = try Set(vectors.filter {
            try $0.int("width_wcwidth") != $0.int("width_wcwidth_sum_of_graphemes")
        }.map(\.id))
        #expect(differing == Self.crossClusterRows)
        for v in vectors {
            // Segmentation is the stdlib's; this pins the assumption the expected widths rest on.
            #expect(try v.text.count == v.int("graphemes_swift_6.3"), "\(v.id): Swift grapheme count")
            let expected = try Self.crossClusterRows.contains(v.id)
                ? v.int("width_wcwidth_sum_of_graphemes") : v.int("width_wcwidth")
            #expect(columns(v.text) == expected, "\(v.id)")
        }
    }
}
