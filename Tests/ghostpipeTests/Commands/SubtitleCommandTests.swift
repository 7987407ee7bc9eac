import Foundation
import GhostpipeCore
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
        #expect(cp949.stderr == Messages.fitted("\(Binary.sample("korean-cp949.srt")): not UTF-8; read as CP949 (Korean); --encoding NAME to choose").map { "ghostpipe: \($0)\n" }.joined())
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

    @Test func aBilingualSAMIFileGivesEachCueItsTrackAndLangPicksOne() throws {
        let all = try Binary.run(["--instant", "-o", "json", Binary.sample("bilingual-cp949.smi")])
        #expect(all.status == 0)
        let lines = all.text.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines.first == #"{"start":1.200,"end":3.800,"text":"시그널 힐 ― 새벽 4시 12분","track":"KRCC","lang":"ko-KR"}"#)
        #expect(all.stderr == Messages.fitted("\(Binary.sample("bilingual-cp949.smi")): not UTF-8; read as CP949 (Korean); --encoding NAME to choose").map { "ghostpipe: \($0)\n" }.joined())
        let english = try Binary.run(["--instant", "-o", "plain", "--lang", "en", Binary.sample("bilingual.smi")])
        #expect(english.text == "Signal Hill ― 4:12 a.m.\n...repeat, this is the Anselm...\nMara, do you hear that?\nThe needle won't stop.\nIt's coming from downstairs. Now.\n")
    }

    @Test func lyricsOnStdinAreDetectedByTheirTags() throws {
        let result = try Binary.run(["--instant", "-o", "json"], stdin: try bytes("lighthouse.lrc"))
        #expect(result.status == 0 && result.stderr.isEmpty)
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 11 && lines[0].contains(#""style":"title""#))
        #expect(lines[1] == #"{"start":3.000,"end":5.800,"text":"Low tide, low tide","words":[{"time":3.000,"text":"Low "},{"time":3.500,"text":"tide, "},{"time":4.000,"text":"low "},{"time":4.500,"text":"tide"}]}"#)
    }

    @Test func closedCaptionsOnStdinAreDecodedWithTheirModesAndInstants() throws {
        let result = try Binary.run(["--instant", "-o", "json"], stdin: try bytes("newsroom.scc"))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 6)
        // Roll-up: the rows rolled up show at once, the new row types out one pair a frame.
        #expect(lines[1].hasPrefix(#"{"start":3.070,"end":5.072,"text":">> GOOD EVENING.\nA STORM IS MOVING UP THE COAST","style":"roll-up","words":[{"time":3.070,"text":">> GOOD EVENING.\n"},{"time":3.203,"text":"A "},{"time":3.237,"text":"ST"}"#),
                "\(lines[1])")
        #expect(lines[4] == #"{"start":10.177,"end":12.012,"text":"[ thunder ]\nStay inside, everyone.","style":"pop-on"}"#)
        #expect(lines[5].hasPrefix(#"{"start":12.646,"end":15.015,"text":"WEATHER ALERT UNTIL 9 PM","style":"paint-on","place":"top","words":[{"time":12.646,"text":"WE"}"#))
    }

    @Test func aCaptionChannelWithoutCaptionsIsSaidWithThoseTheFileHas() throws {
        let result = try Binary.run(["--instant", "-o", "plain", "--channel", "2", Binary.sample("newsroom.scc")])
        #expect(result.text.isEmpty)
        #expect(result.stderr == """
            ghostpipe: \(Binary.sample("newsroom.scc")):1: no captions on channel 2; the file has them on channel 1 (--channel 1)
            ghostpipe: \(Binary.sample("newsroom.scc")): no cues

            """, "\(result.stderr)")
        let wrong = try Binary.run(["--channel", "5", Binary.sample("newsroom.scc")])
        #expect(wrong.status == 2 && wrong.stderr.hasPrefix("ghostpipe: --channel: '5' is not a whole number from 1 to 4\n"))
    }

    @Test func anASSEventWithABadTimeIsReportedWithFileAndLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-bad-\(getpid()).ass").path
        try """
        [Script Info]
        ScriptType: v4.00+

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,First.
        Dialogue: 0,0:61:00.00,0:62:00.00,Default,,0,0,0,,Broken.
        Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\\i1}Third.

        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Binary.run(["--instant", "-o", "plain", path])
        #expect(result.text == "First.\nThird.\n")
        #expect(result.stderr == "ghostpipe: \(path):7: bad time '0:61:00.00'\n", "\(result.stderr)")
    }

    @Test func formatNamesComeFromTheCatalogue() throws {
        let ssa = try Binary.run(["--instant", "-o", "plain", "--format", "ssa"],
                                 stdin: Array("[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,hi\n".utf8))
        #expect(ssa.text == "hi\n")
        let wrong = try Binary.run(["--format", "lcr"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("ghostpipe: --format: 'lcr' is not one of text, vtt, srt, ass, sami, whisper-cpp, lrc, scc, sbv, microdvd, subviewer, mpl2, tmplayer, spruce, ebu-stl, ttml, srv3, srv1, vosk, whisper-streaming; did you mean 'lrc'?"), "\(wrong.stderr)")
    }
}
