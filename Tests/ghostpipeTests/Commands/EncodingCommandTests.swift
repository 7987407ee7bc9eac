import GhostpipeCore
import TestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Code pages through the real binary: subtitles and text, named and detected, and the messages.
@Suite("Encodings on the command line")
struct EncodingCommandTests {
    static let corpus = Paths.repository.appendingPathComponent("Tests/Data/encodings/corpus")

    static func scratch(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "ghostpipe-encoding-\(getpid())-\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("plain text in a named code page is decoded (it showed U+FFFD before)")
    func namedTextFile() throws {
        let latin1 = try Self.scratch("latin1.txt", Array("caf".utf8) + [0xE9, 0x20, 0x93, 0x6F, 0x6B, 0x94, 0x0A])
        defer { unlink(latin1) }
        let named = try Binary.run(["--instant", "--encoding", "cp1252", latin1])
        #expect(named.status == 0 && named.text == "café “ok”\n" && named.stderr.isEmpty, "\(named.text) \(named.stderr)")
        // Without --encoding, text stays on the UTF-8 path: the broken bytes show as U+FFFD, as cat's would.
        #expect(try Binary.run(["--instant", latin1]).text == "caf\u{FFFD} \u{FFFD}ok\u{FFFD}\n")
    }

    @Test("--encoding auto detects the code page of plain text, from a file and from a pipe, and says so")
    func detectedTextFile() throws {
        let bytes = Array("这是中文，我们明天见。\n今天天气很好，我们去公园散步吧。\n".utf8)
        let gbk: [UInt8] = try {
            let path = try Self.scratch("utf8.txt", bytes)
            defer { unlink(path) }
            let iconvLess = Process()  // Python encodes, so the test does not trust our own tables
            iconvLess.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            iconvLess.arguments = ["python3", "-c", "import sys; sys.stdout.buffer.write(open(sys.argv[1], encoding='utf-8').read().encode('gbk'))", path]
            let out = Pipe()
            iconvLess.standardOutput = out
            try iconvLess.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            iconvLess.waitUntilExit()
            return Array(data)
        }()
        #expect(gbk.count > 0 && gbk != bytes)
        let file = try Self.scratch("gbk.txt", gbk)
        defer { unlink(file) }
        let fromFile = try Binary.run(["--instant", "--encoding", "auto", file])
        #expect(fromFile.stdout == bytes)
        #expect(fromFile.stderr == Messages.fitted("\(file): not UTF-8; read as GBK (Simplified Chinese); --encoding NAME to choose").map { "ghostpipe: \($0)\n" }.joined())
        let fromPipe = try Binary.run(["--instant", "--encoding", "auto"], stdin: gbk)
        #expect(fromPipe.stdout == bytes)
        #expect(fromPipe.stderr == "ghostpipe: standard input: not UTF-8; read as GBK (Simplified Chinese);\nghostpipe:   --encoding NAME to choose\n")
    }

    @Test("subtitle files in their own code pages are detected and said so", arguments: [
        ("zh-hans-1.GBK.srt", "GBK (Simplified Chinese)"), ("zh-hant-1.Big5.srt", "Big5 (Traditional Chinese)"),
        ("ja-1.Shift_JIS.srt", "Shift_JIS (Japanese)"), ("ru-1.KOI8-R.srt", "KOI8-R (Russian)"),
        ("hu-1.ISO-8859-2.srt", "CP1250 (Central European)"), ("he-1.CP1255.srt", "CP1255 (Hebrew)"),
    ])
    func detectedSubtitles(_ name: String, _ described: String) throws {
        let path = Self.corpus.appendingPathComponent(name).path
        let result = try Binary.run(["--instant", "-o", "plain", path])
        #expect(result.status == 0)
        #expect(result.stderr == Messages.fitted("\(path): not UTF-8; read as \(described); --encoding NAME to choose").map { "ghostpipe: \($0)\n" }.joined())
        let dialogue = try String(contentsOf: Self.corpus.deletingLastPathComponent()
            .appendingPathComponent("dialogue/\(name.split(separator: ".")[0]).txt"), encoding: .utf8)
        #expect(result.text.contains(dialogue.split(separator: "\n")[0]), "\(result.text)")
    }

    @Test("an unknown encoding is a usage error naming close ones")
    func unknownEncoding() throws {
        let result = try Binary.run(["--encoding", "shift-jsi", "/dev/null"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("ghostpipe: --encoding: 'shift-jsi' is not an encoding ghostpipe knows; close names: Shift_JIS"))
        #expect(try Binary.run(["--encoding", "ks_c_5601-1987", "/dev/null"]).status == 0)
    }

    @Test("decoding needs nothing from the host: no gconv modules, no locale")
    func noHostConversionModules() throws {
        let path = Binary.sample("korean-cp949.srt")
        let result = try Binary.run(["--instant", "-o", "plain", "--encoding", "cp949", path],
                                    environment: ["GCONV_PATH": "/nonexistent", "LOCPATH": "/nonexistent", "LC_ALL": "C"])
        let utf8 = try Binary.run(["--instant", "-o", "plain", Binary.sample("korean.srt")])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == utf8.stdout && !result.text.contains("\u{FFFD}"))
    }
}
