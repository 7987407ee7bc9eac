import Foundation
import TestSupport
import Testing

/// Subtitles through the real binary: detection, decoding, diagnostics.
@Suite struct SubtitleCommand {
    func bytes(_ sample: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: Binary.sample(sample)))) }

    @Test func subRipOnStdinIsDetectedByItsContent() throws {
        let result = try Binary.run(["--instant", "-o", "json"], stdin: try bytes("english.srt"))
        #expect(result.status == 0)
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines.first?.hasPrefix(#"{"start":1.200,"end":3.800,"text":"#) == true)
    }

    @Test func webVTTOnStdinIsDetectedByItsSignature() throws {
        let result = try Binary.run(["--instant", "-o", "plain"], stdin: try bytes("styles.vtt"))
        #expect(result.status == 0)
        #expect(result.text.hasPrefix("Signal Hill — 4:12 a.m.\n"))
    }

    @Test func aLegacyKoreanFileIsGuessedAndSaysSo() throws {
        let cp949 = try Binary.run(["--instant", "-o", "plain", Binary.sample("korean-cp949.srt")])
        let utf8 = try Binary.run(["--instant", "-o", "plain", Binary.sample("korean.srt")])
        #expect(cp949.status == 0)
        #expect(cp949.stdout == utf8.stdout)
        #expect(cp949.stderr == "ghostpipe: \(Binary.sample("korean-cp949.srt")): not UTF-8; decoded as CP949\n")
        let named = try Binary.run(["--instant", "-o", "plain", "--encoding", "euc-kr", Binary.sample("korean-cp949.srt")])
        #expect(named.stdout == utf8.stdout && named.stderr.isEmpty)
    }

    @Test func aBadBlockIsReportedWithFileAndLineAndTheRestPlays() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-bad-\(getpid()).srt").path
        try """
        1
        00:00:01,000 --> 00:00:02,000
        First.

        2
        00:0a:00,000 --> 00:00:04,000
        Broken.

        3
        00:00:05,000 --> 00:00:06,000
        Third.

        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Binary.run(["--instant", "-o", "plain", path])
        #expect(result.text == "First.\nThird.\n")
        #expect(result.stderr.contains("\(path):6: bad timestamp '00:0a:00,000'"), "\(result.stderr)")
    }

    /// Idle time between cues costs nothing: the process sleeps until the next instant.
    @Test(.requires("time")) func nothingBusyWaitsBetweenCues() throws {
        let times = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-cpu-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: times) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Tool.path("time")))
        // 61 s of subtitles at 20× speed: about 3 s, mostly waiting between cues.
        process.arguments = ["-f", "%U %S", "-o", times, Binary.path, "-o", "plain", "--speed", "20", Binary.sample("english.srt")]
        process.standardOutput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let wall = Date().timeIntervalSince(start)
        let fields = try String(contentsOfFile: times, encoding: .utf8).split(whereSeparator: { $0 == " " || $0 == "\n" })
        let cpu = fields.compactMap { Double($0) }.reduce(0, +)
        #expect(wall > 2.5)
        #expect(cpu < 0.2, "\(cpu) s of CPU over \(wall) s")
    }

    @Test func formatTextPlaysASubtitleFileAsText() throws {
        let result = try Binary.run(["--instant", "--format", "text", Binary.sample("english.srt")])
        #expect(result.stdout == (try bytes("english.srt")))
    }

    @Test func streamedTextIsNotHeldBackByFormatDetection() throws {
        // The first line decides "text" at once: the text shows while the input is still open.
        let run = try Binary.streaming(["--cps", "1000"], first: "42\nnot a timing line\n", then: "more\n", shown: "not a timing line\n")
        #expect(run.early, "the text waited for the end of input")
        #expect(run.output == "42\nnot a timing line\nmore\n")
    }
}
