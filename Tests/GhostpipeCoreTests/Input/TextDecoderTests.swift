import Glibc
import Testing
@testable import GhostpipeCore

@Suite struct TextDecoding {
    static let hello = "안녕하세요"
    /// "안녕하세요" in CP949.
    static let helloCP949: [UInt8] = [190, 200, 179, 231, 199, 207, 188, 188, 191, 228]
    /// "똠방각하": 똠 exists only in CP949's extension of EUC-KR.
    static let ttomCP949: [UInt8] = [140, 99, 185, 230, 176, 162, 199, 207]

    @Test func plainUTF8() throws {
        let decoded = try TextDecoder.decode(Array("héllo 👋".utf8))
        #expect(decoded.text == "héllo 👋")
        #expect(decoded.encodingUsed == "UTF-8" && !decoded.guessed && decoded.warning == nil)
    }

    @Test func dropsTheUTF8ByteOrderMark() throws {
        let decoded = try TextDecoder.decode([0xEF, 0xBB, 0xBF] + Array("hi".utf8))
        #expect(decoded.text == "hi" && decoded.encodingUsed == "UTF-8" && !decoded.guessed)
    }

    @Test func invalidUTF8BecomesReplacementCharactersWhenUTF8IsNamed() throws {
        let decoded = try TextDecoder.decode([0x61, 0xFF, 0x62, 0xE2, 0x82], encoding: "utf-8")
        #expect(decoded.text == "a\u{FFFD}b\u{FFFD}")
        #expect(!decoded.guessed)
    }

    @Test func utf16WithByteOrderMarks() throws {
        let text = "Hi 한국 👋"
        let units = Array(text.utf16)
        let le: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let decodedLE = try TextDecoder.decode(le)
        #expect(decodedLE.text == text && decodedLE.encodingUsed == "UTF-16LE" && !decodedLE.guessed)
        let decodedBE = try TextDecoder.decode(be)
        #expect(decodedBE.text == text && decodedBE.encodingUsed == "UTF-16BE")
    }

    @Test func utf32WithByteOrderMarks() throws {
        let text = "A한👋"
        let scalars = text.unicodeScalars.map(\.value)
        // FF FE 00 00 must be read as UTF-32LE, not as UTF-16LE followed by U+0000.
        let le: [UInt8] = [0xFF, 0xFE, 0, 0] + scalars.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let be: [UInt8] = [0, 0, 0xFE, 0xFF] + scalars.flatMap { v in (0..<4).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let decodedLE = try TextDecoder.decode(le)
        #expect(decodedLE.text == text && decodedLE.encodingUsed == "UTF-32LE")
        let decodedBE = try TextDecoder.decode(be)
        #expect(decodedBE.text == text && decodedBE.encodingUsed == "UTF-32BE")
    }

    @Test func brokenUTF16AndUTF32AreLossy() throws {
        // An unpaired high surrogate, then a dangling odd byte.
        #expect(try TextDecoder.decode([0xFF, 0xFE, 0x3D, 0xD8, 0x41, 0x00, 0x42]).text == "\u{FFFD}A\u{FFFD}")
        // A value past U+10FFFF, then a dangling tail.
        #expect(try TextDecoder.decode([0xFF, 0xFE, 0, 0, 0, 0, 0x11, 0, 0x41, 0, 0, 0, 0x42]).text == "\u{FFFD}A\u{FFFD}")
    }

    @Test func utf16WithoutByteOrderMarkIsRecognised() throws {
        let text = "1\n00:00:01,000 --> 00:00:02,000\nHello\n"
        let le = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let decoded = try TextDecoder.decode(le)
        #expect(decoded.text == text && decoded.encodingUsed == "UTF-16LE" && decoded.guessed)
        let be = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try TextDecoder.decode(be).encodingUsed == "UTF-16BE")
    }

    @Test func guessesCP949ForKoreanLegacyBytes() throws {
        let bytes: [UInt8] = Array("1\r\n00:00:01,000 --> 00:00:02,000\r\n".utf8) + Self.helloCP949 + [13, 10]
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encodingUsed == "CP949" && decoded.guessed)
        #expect(decoded.warning == "not UTF-8; read as CP949 (Korean); --encoding NAME to choose")
        #expect(decoded.text == "1\r\n00:00:01,000 --> 00:00:02,000\r\n\(Self.hello)\r\n")
        #expect(try TextDecoder.decode(Self.ttomCP949).text == "똠방각하")
    }

    @Test func guessesCP1252Otherwise() throws {
        let decoded = try TextDecoder.decode(Array("caf".utf8) + [0xE9, 0x20, 0x80, 0x20, 0x93, 0x71, 0x94])
        #expect(decoded.text == "café € \u{201C}q\u{201D}")
        #expect(decoded.encodingUsed == "CP1252" && decoded.guessed)
    }

    @Test func mostlyUTF8WithAStrayByteStaysUTF8() throws {
        let bytes = Array("안녕하세요 여러분, 반갑습니다".utf8) + [0xE9] + Array(" 끝".utf8)
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encodingUsed == "UTF-8" && decoded.guessed)
        #expect(decoded.warning == "invalid UTF-8 replaced with U+FFFD")
        #expect(decoded.text == "안녕하세요 여러분, 반갑습니다\u{FFFD} 끝")
    }

    @Test(arguments: ["cp949", "CP949", "euc-kr", "EUC_KR", "ks_c_5601-1987", "uhc", "windows-949"])
    func koreanAliases(_ name: String) throws {
        let decoded = try TextDecoder.decode(Self.ttomCP949, encoding: name)
        #expect(decoded.text == "똠방각하" && decoded.encodingUsed == "CP949" && !decoded.guessed)
    }

    @Test func namedLegacyEncodings() throws {
        #expect(try TextDecoder.decode([0xE9, 0x80], encoding: "Windows-1252").text == "é€")
        #expect(try TextDecoder.decode([0xE9, 0x80], encoding: "latin1").text == "é€")
        #expect(try TextDecoder.decode([0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2], encoding: "cp1251").text == "Привет")
        #expect(try TextDecoder.decode([0x82, 0xA0], encoding: "shift_jis").text == "あ")
        #expect(try TextDecoder.decode([0xC4, 0xE3], encoding: "GBK").text == "你")
        #expect(try TextDecoder.decode([0xE9], encoding: "ISO-8859-2").encodingUsed == "ISO-8859-2")
        // A byte the code page leaves undefined becomes U+FFFD.
        #expect(try TextDecoder.decode([0x61, 0x81, 0x62], encoding: "cp1252").text == "a\u{FFFD}b")
    }

    @Test func aByteOrderMarkWinsOverTheNamedEncoding() throws {
        let decoded = try TextDecoder.decode([0xEF, 0xBB, 0xBF] + Array("é".utf8), encoding: "cp949")
        #expect(decoded.text == "é" && decoded.encodingUsed == "UTF-8")
    }

    @Test func unknownEncodingsAreAnError() throws {
        #expect(throws: TextDecodingError.unknownEncoding("klingon")) { try TextDecoder.decode([0x41], encoding: "klingon") }
        #expect(throws: TextDecodingError.unknownEncoding("")) { try TextDecoder.canonicalName(of: "") }
        #expect(TextDecodingError.unknownEncoding("x").description == "unknown encoding 'x'")
        #expect(try TextDecoder.canonicalName(of: "EUC-KR") == "CP949")
    }

    @Test func emptyInput() throws {
        let decoded = try TextDecoder.decode([])
        #expect(decoded.text.isEmpty && decoded.encodingUsed == "UTF-8")
    }

    /// Writes `bytes` to a temporary file and decodes it through the file-descriptor path.
    func decodeFile(_ bytes: [UInt8], encoding: String? = nil) throws -> DecodedText {
        var template = Array("/tmp/ghostpipe-decoder-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        #expect(fd >= 0)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return try TextDecoder.decodeFile(atPath: path, encoding: encoding)
    }

    @Test func decodesFiles() throws {
        let utf8 = try decodeFile(Array("plain 파일\n".utf8))
        #expect(utf8.text == "plain 파일\n" && utf8.encodingUsed == "UTF-8" && !utf8.guessed)
        let bom = try decodeFile([0xEF, 0xBB, 0xBF] + Array("bom".utf8))
        #expect(bom.text == "bom")
        let korean = try decodeFile(Self.helloCP949)
        #expect(korean.text == Self.hello && korean.encodingUsed == "CP949" && korean.guessed)
        let named = try decodeFile(Self.ttomCP949, encoding: "euc-kr")
        #expect(named.text == "똠방각하")
        let utf16 = try decodeFile([0xFF, 0xFE, 0x41, 0x00])
        #expect(utf16.text == "A" && utf16.encodingUsed == "UTF-16LE")
        let lossy = try decodeFile([0x61, 0xFF], encoding: "UTF-8")
        #expect(lossy.text == "a\u{FFFD}")
        #expect(try decodeFile([]).text.isEmpty)
    }

    @Test func aMissingFileIsAReadError() {
        #expect(throws: TextDecodingError.readFailed("No such file or directory")) {
            try TextDecoder.decodeFile(atPath: "/nonexistent/ghostpipe.srt")
        }
    }
}

@Suite struct FormatDetection {
    @Test(arguments: [
        ("WEBVTT\n\n00:01.000 --> 00:02.000\nx", nil, SubtitleFormat.vtt),
        ("\u{FEFF}WEBVTT", "a.srt", .vtt),
        ("1\n00:00:01,000 --> 00:00:02,000\nx", nil, .srt),
        ("\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,000\r\nx", nil, .srt),
        ("\n\n00:00:01.000 --> 00:00:02.000\nx", "subs.vtt", .srt),
        ("garbage\n1\n0:0:1 -> 0:0:2\nx", nil, .srt),
        ("Hello, world.\nThis is prose.", nil, .text),
        ("Hello, world.", "notes.SRT", .srt),
        ("Hello, world.", "captions.vtt", .vtt),
        ("Hello, world.", "readme.txt", .text),
        ("WEBVTTX", nil, .text),
        ("", nil, .text),
    ] as [(String, String?, SubtitleFormat)])
    func detects(_ prefix: String, _ fileName: String?, _ expected: SubtitleFormat) {
        #expect(SubtitleFormat.detect(fileName: fileName, prefix: prefix) == expected)
        #expect(SubtitleFormat.detect(fileName: fileName, prefix: Array(prefix.utf8)) == expected)
    }

    @Test func aVTTFileWithoutSignatureIsReadAsSubRip() {
        let (cues, diagnostics) = Subtitles.parse("1\n00:00:01.000 --> 00:00:02.000\nHi\n", as: .vtt)
        #expect(Array(cues).map(\.plainText) == ["Hi"])
        #expect(diagnostics == [Diagnostic(line: 1, message: "no 'WEBVTT' signature; read as SubRip")])
        #expect(Subtitles.parse("anything", as: .text).cues.isEmpty)
        #expect(Array(Subtitles.parse("WEBVTT\n\n00:01.000 --> 00:02.000\n<b>x</b>", as: .vtt).cues).map(\.runs)
                == [[StyledRun("x", style: bold)]])
    }
}

@Suite struct CueListBehaviour {
    @Test func explicitCuesAreSortedStably() {
        let list = CueList([
            Cue(start: ms(5), end: ms(6), runs: [StyledRun("b")]),
            Cue(start: ms(1), end: ms(2), runs: [StyledRun("a")]),
            Cue(start: ms(5), end: ms(7), runs: [StyledRun("c")]),
        ])
        #expect(list.map(\.plainText) == ["a", "b", "c"])
        #expect(list.start(at: 2) == ms(5) && list.end(at: 2) == ms(7))
        #expect(CueList().isEmpty)
    }

    @Test func aRecordIsFortyBytes() {
        #expect(MemoryLayout<CueRecord>.stride == 40)
    }
}
