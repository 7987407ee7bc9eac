import Foundation
import Testing
import TestSupport
@testable import GhostpipeCore

/// The languages a file's markup declares weigh in the encoding detector: a CP949 SAMI file with a
/// few short Korean lines reads as Korean, not as Japanese or Chinese in EUC-JP, GBK or Big5.
@Suite struct DeclaredLanguage {
    static let directory = Paths.repository.appendingPathComponent("Tests/Data/encodings/declared")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try #require(FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)))
    }

    static let shortKorean = ["short-korean-1.cp949.smi", "short-korean-2.cp949.smi", "short-korean-3.cp949.smi"]

    @Test(arguments: shortKorean)
    func shortKoreanLinesOfASAMIFileDeclaredKoreanReadAsCP949(name: String) throws {
        let decoded = try TextDecoder.decode(try Self.bytes(name))
        #expect(decoded.encodingUsed == "CP949", "\(decoded.warning ?? "")")
        #expect(decoded.text.contains("<P Class=KRCC>"))
        #expect(["저러", "그네", "수로"].contains { decoded.text.contains($0) })
    }

    @Test func theSAMIFileIsPlayedInKorean() throws {
        let run = try VirtualRun(["-o", "json", "--instant"], bytes: [(0, try Self.bytes("short-korean-2.cp949.smi"))])
        #expect(run.output.text.contains("\"text\":\"그네\"") && run.output.text.contains("\"text\":\"오새\""), "\(run.output.text)")
    }

    @Test func aDeclarationDoesNotOverruleAClearReading() throws {
        // Simplified Chinese dialogue in GBK under a header that says Korean: still GBK.
        let gbk = Array(try #require(FileManager.default.contents(
            atPath: CorpusFile.directory.appendingPathComponent("corpus/zh-hans-1.GBK.srt").path)))
        let declared = Array("<!-- .KRCC { Name: Korean; lang: ko-KR; } -->\n".utf8) + gbk
        #expect(try TextDecoder.decode(declared).encodingUsed == "GBK")
    }

    @Test func detectionMessagesFit80Columns() {
        let encoding = TextDecoder.named("Big5")
        for certainty in [EncodingDetection.Certainty.sure, .close(runnerUp: "EUC-JP"), .implausible] {
            let message = EncodingDetection(encoding: encoding, language: "Traditional Chinese", certainty: certainty).message
            for name in ["film.smi", "standard input", "Signal Hill - episode 04 (1080p).ko.smi"] {
                let lines = Messages.fitted("\(name): \(message)").map { "ghostpipe: \($0)" }
                #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
                #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("ghostpipe:   ") && !$0.hasPrefix("ghostpipe:    ") })
                // Nothing lost: the same words in the same order.
                #expect(lines.joined(separator: " ").split(separator: " ").filter { $0 != "ghostpipe:" }
                        == "\(name): \(message)".split(separator: " "))
            }
        }
        #expect(Messages.fitted("a.srt: not UTF-8; read as CP949 (Korean); --encoding NAME to choose")
                == ["a.srt: not UTF-8; read as CP949 (Korean); --encoding NAME to choose"])
    }

    @Test func declarationsAreReadFromCSSAndXMLAttributes() {
        func scan(_ text: String) -> Set<String> { Array(text.utf8).withUnsafeBufferPointer { DeclaredLanguages.scan($0) } }
        #expect(scan(".KRCC { Name: Korean; lang: ko-KR; }\n.ENCC { name: English; Lang:en-US; }") == ["Korean", "English"])
        #expect(scan("<tt xml:lang=\"ja\"><p lang='zh-Hant-TW'>") == ["Japanese", "Traditional Chinese"])
        #expect(scan("<p lang=\"zh-CN\">") == ["Simplified Chinese"])
        // Not a declaration: a word that starts with lang, a language without a model.
        #expect(scan("<LANGUAGE>ko</LANGUAGE> slang: ko; lang: tlh;").isEmpty)
    }
}
