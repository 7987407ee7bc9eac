import GhostpipeCore
import TestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Text encodings as a new user meets them, without `--encoding`: UTF-16/32 with a byte order mark,
/// a legacy code page detected (and said so) as for subtitles, a stray bad byte in UTF-8, pipes byte
/// for byte; UTF-32BE subtitles.
@Suite struct TextEncodingsCommand {
    static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "ghostpipe-textenc-\(getpid())-\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func encoded(_ text: String, _ encoding: String.Encoding) -> [UInt8] { Array(text.data(using: encoding)!) }

    /// What `-o json` says was shown, joined.
    static func shown(_ arguments: [String]) throws -> (text: String, stderr: String) {
        let run = try Binary.run(["--instant", "-o", "json"] + arguments)
        let text = run.text.split(separator: "\n").map { line -> String in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return object["text"] as! String
        }.joined()
        return (text, run.stderr)
    }

    static let hello = "Hello, wörld — 한국어\n"

    @Test(arguments: [("utf16le", [0xFF, 0xFE] + encoded(hello, .utf16LittleEndian)),
                      ("utf16be", [0xFE, 0xFF] + encoded(hello, .utf16BigEndian)),
                      ("utf32le", [0xFF, 0xFE, 0, 0] + encoded(hello, .utf32LittleEndian)),
                      ("utf32be", [0, 0, 0xFE, 0xFF] + encoded(hello, .utf32BigEndian))] as [(String, [UInt8])])
    func textWithAByteOrderMarkIsDecoded(_ name: String, _ bytes: [UInt8]) throws {
        let path = try Self.file("\(name).txt", bytes)
        defer { unlink(path) }
        let (text, stderr) = try Self.shown([path])
        #expect(text == Self.hello && stderr.isEmpty, "\(text) \(stderr)")
        // A pipe still gets the bytes as they were.
        #expect(try Binary.run([path]).stdout == bytes)
    }

    @Test func aNamedUTF16EncodingWithoutAByteOrderMarkIsNotBinary() throws {
        let path = try Self.file("bomless16.txt", Self.encoded(Self.hello, .utf16LittleEndian))
        defer { unlink(path) }
        let (text, stderr) = try Self.shown(["--encoding", "utf-16le", path])
        #expect(text == Self.hello && stderr.isEmpty, "\(text) \(stderr)")
    }

    @Test func codePageTextIsDetectedAndNamed() throws {
        let russian = "Привет, мир! Это обычный русский текст в старой кодировке, который читается правильно.\n"
        let bytes = Self.encoded(russian, .windowsCP1251)
        let path = try Self.file("cp1251.txt", bytes)
        defer { unlink(path) }
        let (text, stderr) = try Self.shown([path])
        #expect(text == russian, "\(text)")
        #expect(stderr == Messages.fitted("\(path): not UTF-8; read as CP1251 (Cyrillic); --encoding NAME to choose").map { "ghostpipe: \($0)\n" }.joined(), "\(stderr)")
        #expect(try Binary.run([path]).stdout == bytes, "a pipe gets the bytes")
    }

    @Test func aUTF8FileWithAStrayBadByteStaysUTF8() throws {
        let path = try Self.file("stray.txt", Array("Café crème — naïve “quotes”, résumé, déjà vu.\nbad ".utf8) + [0xFF] + Array(" byte\n".utf8))
        defer { unlink(path) }
        let (text, _) = try Self.shown([path])
        #expect(text == "Café crème — naïve “quotes”, résumé, déjà vu.\nbad \u{FFFD} byte\n", "\(text)")
    }

    @Test func utf32BigEndianSubtitlesWithAByteOrderMarkReadTheirCues() throws {
        let srt = "1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nWorld\n"
        let path = try Self.file("u32be.srt", [0, 0, 0xFE, 0xFF] + Self.encoded(srt, .utf32BigEndian))
        defer { unlink(path) }
        let (text, stderr) = try Self.shown([path])
        #expect(text == "HelloWorld" && stderr.isEmpty, "\(text) \(stderr)")
    }
}
