import TestSupport
import Foundation
import Testing
@testable import GhostpipeCore

/// One file of the detector's corpus (`Tests/Data/encodings`, made by Scripts/gen_encoding_corpus.py):
/// a dialogue written for the corpus, as SubRip in one code page.
struct CorpusFile: CustomTestStringConvertible, Sendable {
    let name: String
    let encoding: String
    let bytes: [UInt8]
    /// The dialogue's lines, as the file must read.
    let lines: [String]
    var testDescription: String { name }

    static let directory = Paths.repository.appendingPathComponent("Tests/Data/encodings")

    static let all: [CorpusFile] = {
        let corpus = directory.appendingPathComponent("corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.sorted().compactMap { name in
            let parts = name.split(separator: ".")
            guard parts.count == 3, let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path),
                  let dialogue = try? String(contentsOf: directory.appendingPathComponent("dialogue/\(parts[0]).txt"), encoding: .utf8)
            else { return nil }
            var lines = dialogue.split(separator: "\n").map(String.init)
            if parts[0].hasPrefix("ro-") {
                // Legacy Romanian files use the cedilla letters (CP1250 has no comma-below ones).
                lines = lines.map { String($0.map { ["ș": "ş", "ț": "ţ", "Ș": "Ş", "Ț": "Ţ"][$0] ?? $0 }) }
            }
            return CorpusFile(name: name, encoding: String(parts[1]), bytes: Array(data), lines: lines)
        }
    }()

    /// Whether `text` holds exactly the dialogue (cue numbers and times aside).
    func reads(_ text: String) -> Bool {
        let dialogue = text.unicodeScalars.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" }
            .map { String(String.UnicodeScalarView($0)) }
            .filter { !$0.contains("-->") && !$0.allSatisfy(\.isNumber) }
        return dialogue == lines
    }
}

@Suite("Encoding detector")
struct EncodingDetectorTests {
    @Test("the corpus is there: every language the detector must get right, in each of its code pages")
    func corpusIsComplete() {
        let have = Set(CorpusFile.all.map { "\($0.name.split(separator: ".")[0].split(separator: "-")[0]).\($0.encoding)" })
        for required in ["ko.CP949", "zh.GBK", "zh.GB18030", "zh.Big5", "ja.Shift_JIS", "ja.EUC-JP", "ru.CP1251", "ru.KOI8-R",
                         "cs.CP1250", "cs.ISO-8859-2", "hu.CP1250", "hu.ISO-8859-2", "pl.CP1250", "pl.ISO-8859-2",
                         "he.ISO-8859-8", "he.CP1255", "el.CP1253", "tr.CP1254", "ar.CP1256", "th.CP874", "fr.CP1252"] {
            #expect(have.contains(required), "\(required) is missing from Tests/Data/encodings")
        }
        #expect(CorpusFile.all.count >= 60)
    }

    @Test("every corpus file decodes to its dialogue when its code page is named", arguments: CorpusFile.all)
    func namedEncodingDecodes(_ file: CorpusFile) throws {
        let decoded = try TextDecoder.decode(file.bytes, encoding: file.encoding)
        #expect(file.reads(decoded.text), "\(decoded.text)")
        #expect(!decoded.guessed)
    }

    /// The accuracy figure: the share of corpus files the detector reads exactly right (it must be
    /// all of them), with the confusions printed for the report.
    @Test("the detector reads every corpus file right, and says which code page and language it chose")
    func detectorAccuracy() throws {
        var right = 0
        var confusions: [String] = []
        var unsure: [String] = []
        for file in CorpusFile.all {
            let decoded = try TextDecoder.decode(file.bytes)
            let detection = try #require(decoded.detection, "\(file.name): \(decoded.encodingUsed)")
            if file.reads(decoded.text) { right += 1 } else { confusions.append("\(file.name) → \(detection.encoding.name) (\(detection.language ?? "none"))") }
            if detection.certainty != .sure { unsure.append("\(file.name): \(detection.message)") }
        }
        print("encoding detector: \(right)/\(CorpusFile.all.count) corpus files read right")
        for line in confusions { print("  wrong: \(line)") }
        for line in unsure { print("  unsure: \(line)") }
        #expect(confusions.isEmpty, "\(confusions)")
        #expect(right == CorpusFile.all.count)
    }
}

@Suite("Language models")
struct LanguageModelTests {
    @Test("the committed models are exactly what Scripts/gen_language_models.py trains from its text")
    func modelsAreCurrent() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Paths.repository.appendingPathComponent("Scripts/gen_language_models.py").path, "--stdout"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let generated = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "gen_language_models.py failed (is python3 installed?)")
        let committed = try Data(contentsOf: Paths.repository.appendingPathComponent(
            "Sources/GhostpipeCore/Input/CodePages/LanguageModels.generated.swift"))
        #expect(generated == committed, "LanguageModels.generated.swift is stale: regenerate with python3 Scripts/gen_language_models.py")
    }

    @Test("bytes that are no language's text are said to be so, and read as CP1252")
    func noiseIsImplausible() {
        var generator = SplitMix64(seed: 7)
        for count in [40, 400, 4000] {
            let noise = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) | 0x80 }
            let detection = noise.withUnsafeBufferPointer { EncodingDetector.detect($0) }
            #expect(detection.certainty == .implausible && detection.encoding.name == "CP1252", "\(count) bytes: \(detection)")
            #expect(detection.message.hasPrefix("not UTF-8, and no code page ghostpipe knows reads it as text; read as CP1252"))
        }
    }

    @Test("one line of dialogue is enough: the first cue of every corpus file is read right", arguments: CorpusFile.all)
    func oneCueIsEnough(_ file: CorpusFile) throws {
        let firstCue = Array(file.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(3).joined(separator: [0x0A]))
        guard firstCue.contains(where: { $0 >= 0x80 }) else { return }  // an ASCII line reads the same in all
        let decoded = try TextDecoder.decode(firstCue)
        let firstLine = CorpusFile(name: file.name, encoding: file.encoding, bytes: firstCue, lines: [file.lines[0]])
        #expect(firstLine.reads(decoded.text), "\(file.name): \(decoded.encodingUsed) \(decoded.text)")
    }

    @Test("the message names the code page, what it is for, and how to choose another")
    func messages() throws {
        // "这是中文，我们明天见。" in GBK: the file the issue saw read as Korean-looking garbage.
        let gbk = try TextDecoder.decode([0xD5, 0xE2, 0xCA, 0xC7, 0xD6, 0xD0, 0xCE, 0xC4, 0xA3, 0xAC, 0xCE, 0xD2, 0xC3, 0xC7,
                                          0xC3, 0xF7, 0xCC, 0xEC, 0xBC, 0xFB, 0xA1, 0xA3])
        #expect(gbk.text == "这是中文，我们明天见。")
        #expect(gbk.warning == "not UTF-8; read as GBK (Simplified Chinese); --encoding NAME to choose")
        let close = EncodingDetection(encoding: try encoding("CP1250"), language: "Czech", certainty: .close(runnerUp: "ISO-8859-2"))
        #expect(close.message == "not UTF-8; read as CP1250 (Central European), though ISO-8859-2 is nearly as likely; --encoding NAME to choose")
    }
}
