import Foundation
import Testing
import TestSupport
import GhostpipeCore

/// A live recogniser's output through the real binary, on a pipe: a pipe, `-o plain` and `-o json`
/// get only the final utterances; `--partials` adds the partial hypotheses to json.
@Suite struct LiveCaptionCommand {
    /// A recorded pocketsphinx session's lines (without their offsets), and its non-empty finals.
    static func session(_ name: String) throws -> (input: [UInt8], finals: [String]) {
        let url = Paths.repository.appendingPathComponent("Tests/Data/live/\(name)")
        let rows = String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n")
        let lines = rows.compactMap { $0.split(separator: "\t", maxSplits: 1).last.map(String.init) }
        let finals = lines.compactMap { JSONValue.parse(Array($0.utf8))?["text"]?.string }.filter { !$0.isEmpty }
        return (Array((lines.joined(separator: "\n") + "\n").utf8), finals)
    }

    @Test func aPipeGetsEachFinalOnceOnItsOwnLine() throws {
        let (input, finals) = try Self.session("pocketsphinx-three-sentences.tsv")
        #expect(finals.count == 3)
        for arguments in [[String](), ["-o", "plain"]] {
            let result = try Binary.run(arguments, stdin: input)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            #expect(result.text == finals.joined(separator: "\n") + "\n", "\(arguments)")
        }
    }

    @Test func jsonGetsFinalCuesAndPartialsOnlyWhenAsked() throws {
        let (input, finals) = try Self.session("pocketsphinx-weather.tsv")
        let plain = try Binary.run(["-o", "json"], stdin: input)
        let cues = plain.text.split(separator: "\n").compactMap { JSONValue.parse(Array($0.utf8)) }
        #expect(cues.compactMap { $0["text"]?.string } == finals)
        #expect(cues.allSatisfy { $0["partial"] == nil && $0["start"]?.number != nil && $0["end"]?.number != nil })

        let with = try Binary.run(["-o", "json", "--partials"], stdin: input)
        let events = with.text.split(separator: "\n").compactMap { JSONValue.parse(Array($0.utf8)) }
        #expect(events.compactMap { $0["text"]?.string } == finals)
        let partials = events.compactMap { $0["partial"]?.string }
        let sent = String(decoding: input, as: UTF8.self).split(separator: "\n").compactMap { JSONValue.parse(Array($0.utf8))?["partial"]?.string }
        // Every partial the recogniser sent, in order (an empty final is passed on as an empty one).
        #expect(partials.filter { !$0.isEmpty } == sent.filter { !$0.isEmpty })
        #expect(events.allSatisfy { $0["partial"] == nil || $0["time"]?.number != nil })
    }

    /// A recogniser stopped before any utterance was final (only partial hypotheses came): that is
    /// what is said, not that the input had no cues at all.
    @Test func aSessionWithoutAFinalSaysSo() throws {
        let (input, _) = try Self.session("pocketsphinx-weather.tsv")
        let lines = String(decoding: input, as: UTF8.self).split(separator: "\n")
        let partialsOnly = lines.filter { JSONValue.parse(Array($0.utf8))?["partial"] != nil }
        let heard = partialsOnly.filter { JSONValue.parse(Array($0.utf8))?["partial"]?.string?.isEmpty == false }
        #expect(heard.count > 3)
        let result = try Binary.run(["-o", "plain", "--format", "vosk"], stdin: Array((partialsOnly.joined(separator: "\n") + "\n").utf8))
        #expect(result.text.isEmpty)
        #expect(result.stderr.contains("no final utterance (\(heard.count) partial hypotheses, none made final)"), "\(result.stderr)")
        #expect(!result.stderr.contains("no cues"), "\(result.stderr)")
    }

    @Test func badLinesAreSaidWithFileAndLineAndTheRestPlays() throws {
        let path = Paths.repository.appendingPathComponent("Tests/Data/live/vosk-bad.jsonl").path
        let result = try Binary.run(["-o", "plain", path])
        #expect(result.text == "goodbye\n")
        #expect(result.stderr.contains("vosk-bad.jsonl:2: not a Vosk result (a JSON object) 'hello there'"), "\(result.stderr)")
        #expect(result.stderr.contains("vosk-bad.jsonl:3: not valid JSON"), "\(result.stderr)")
        #expect(result.stderr.contains("vosk-bad.jsonl:4: a JSON object without"), "\(result.stderr)")
    }

    @Test func whisperLinesKeepTheirTimesInJSON() throws {
        let path = Paths.repository.appendingPathComponent("Tests/Data/live/whisper-online.txt").path
        let result = try Binary.run(["--instant", "-o", "json", path])
        #expect(result.text.hasPrefix(#"{"start":0.300,"end":1.380,"text":"Chairman, thank you."}"#), "\(result.text)")
    }
}
