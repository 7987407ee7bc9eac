import Foundation
import Testing
import TestSupport
@testable import GhostpipeCore

/// Live recognisers' output as formats: Vosk's JSON, whisper.cpp's lines, whisper_streaming's
/// lines. Finals become cues (the protocol's times, else arrival times); partial hypotheses are
/// events of their own, never cues; bad lines are said with their line and skipped.
@Suite struct LiveCaptions {
    static func data(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Paths.repository.appendingPathComponent("Tests/Data/live/\(name)")))
    }

    static func events(_ format: some LiveCaptionFormat, _ name: String) throws -> (events: [LiveEvent], diagnostics: [Diagnostic]) {
        format.events(try data(name))
    }

    static func partials(_ events: [LiveEvent]) -> [String] {
        events.compactMap { if case .partial(let p) = $0 { return p.text }; return nil }
    }

    static func finals(_ events: [LiveEvent]) -> [LiveUtterance] {
        events.compactMap { if case .final(let u) = $0 { return u }; return nil }
    }

    @Test func voskLinesArePartialsAndFinalsWithEscapesAndSurrogatePairsDecoded() throws {
        let (events, diagnostics) = try Self.events(VoskFormat(), "vosk-lines.jsonl")
        #expect(diagnostics.isEmpty)
        // The empty final (silence) clears the hypothesis: an empty partial.
        #expect(Self.partials(events) == ["", "one", "one zero", "one zero zero", "", "café 😀", ""])
        let finals = Self.finals(events)
        #expect(finals.map { $0.runs.map(\.text).joined() } == ["one zero zero zero one", "café 😀 \"quoted\""])
        #expect(finals.map(\.line) == [5, 8])
        #expect(finals.allSatisfy { $0.start == nil && $0.end == nil })
    }

    @Test func voskWordTimesTimeTheCueAndEachWord() throws {
        let (cues, diagnostics) = VoskFormat().parse(validUTF8: try Self.data("vosk-words.json"))
        #expect(diagnostics.isEmpty)
        let cue = try #require(Array(cues).first)
        #expect(Array(cues).count == 1)
        #expect(cue.start == ms(870) && cue.end == ms(1530) && cue.sourceLine == 4)
        #expect(cue.runs.map(\.text) == ["one ", "zero"])
        #expect(cue.runs.map(\.at) == [ms(870), ms(1110)])
    }

    @Test func badVoskLinesAreSaidWithTheirLineAndTheRestPlays() throws {
        let (events, diagnostics) = try Self.events(VoskFormat(), "vosk-bad.jsonl")
        #expect(diagnostics.map(\.line) == [2, 3, 4])
        #expect(diagnostics[0].message.contains("'hello there'"))
        #expect(diagnostics[1].message.contains("not valid JSON"))
        #expect(diagnostics[2].message.contains("without \"partial\" or \"text\""))
        #expect(Self.finals(events).map { $0.runs.map(\.text).joined() } == ["goodbye"])
        #expect(Self.partials(events) == ["hello"])
    }

    @Test func whisperCppSegmentsKeepTheirTimes() throws {
        let (cues, diagnostics) = WhisperCppFormat().parse(validUTF8: try Self.data("whisper-cli.txt"))
        #expect(diagnostics.isEmpty)
        let list = Array(cues)
        #expect(list.map(\.plainText) == ["And so my fellow Americans, ask not", "what your country can do for you,",
                                          "ask what you can do for your country. [SPEAKER_TURN]"])
        #expect(list.map(\.start) == [0, ms(2480), ms(5200)])
        #expect(list.map(\.end) == [ms(2480), ms(5200), ms(8000)])
    }

    @Test func whisperCppStreamWithVADCountsSegmentsFromTheirChunk() throws {
        let (cues, diagnostics) = WhisperCppFormat().parse(validUTF8: try Self.data("whisper-stream-vad.txt"))
        #expect(diagnostics.isEmpty)
        let list = Array(cues)
        #expect(list.map(\.plainText) == ["The birch canoe slid on the smooth planks.", "Glue the sheet to the dark blue background."])
        #expect(list.map(\.start) == [0, ms(6500)])
        #expect(list.map(\.end) == [ms(3000), ms(10000)])
    }

    @Test func whisperCppRewritesArePartialsAndTheLineAtItsEndIsFinal() throws {
        let (events, diagnostics) = try Self.events(WhisperCppFormat(), "whisper-stream-rewrites.txt")
        #expect(diagnostics.isEmpty)
        #expect(Self.partials(events) == ["And so my", "And so my fellow Americans", "what your"])
        let finals = Self.finals(events)
        #expect(finals.map { $0.runs.map(\.text).joined() } == ["And so my fellow Americans, ask not", "what your country can do for you."])
        #expect(finals.allSatisfy { $0.start == nil })
    }

    @Test func whisperStreamingLinesAreFinalsFromBeginToEnd() throws {
        var bytes = try Self.data("whisper-online.txt")
        bytes += Array("12000 9000 not a number\n".utf8)
        let (cues, diagnostics) = WhisperStreamingFormat().parse(validUTF8: bytes)
        let list = Array(cues)
        #expect(list.map(\.plainText) == ["Chairman, thank you.", "If the debate today had a", "the subject the situation in", "Gaza"])
        #expect(list.map(\.start) == [ms(300), ms(1940), ms(5160), ms(7180)])
        #expect(list.map(\.end) == [ms(1380), ms(4940), ms(7160), ms(7480)])
        #expect(diagnostics.map(\.line) == [5])
        // Told by content only with EMIT's fraction; asked for, read without it.
        #expect(FormatCatalog.sniff(Array("12000 9000 9500 words\n".utf8), fileName: nil, atEnd: true) == .text)
        #expect(Array(WhisperStreamingFormat().parse("12000 9000 9500 words\n").cues).map(\.start) == [ms(9000)])
    }

    /// Each protocol is told by its content, as other formats are: from a stream's first lines and
    /// from a file's start; text that merely resembles one stays text.
    @Test(arguments: [("vosk-lines.jsonl", "vosk"), ("vosk-words.json", "vosk"), ("whisper-cli.txt", "whisper-cpp"),
                      ("whisper-stream-vad.txt", "whisper-cpp"), ("whisper-stream-rewrites.txt", "whisper-cpp"),
                      ("whisper-online.txt", "whisper-streaming")])
    func eachProtocolIsDetectedByContent(file: String, format: String) throws {
        let bytes = try Self.data(file)
        #expect(FormatCatalog.sniff(bytes, fileName: nil, atEnd: false)?.name == format)
        #expect(FormatCatalog.detect(fileName: nil, prefix: bytes).name == format)
    }

    @Test func textThatResemblesAProtocolStaysText() {
        for text in ["{\"name\": \"a\"}\n{\"name\": \"b\"}\n", "[Verse 1]\nla la la\n", "2024 was a year\n1 2 3 go\n", "10 20 30 apples\n40 50 60 pears\n"] {
            #expect(FormatCatalog.sniff(Array(text.utf8), fileName: nil, atEnd: true) == .text, "\(text)")
        }
    }

    static func push(_ stream: SubtitleStream, _ text: String, at instant: Nanoseconds) -> SubtitleStream.Batch {
        Array(text.utf8).withUnsafeBufferPointer { stream.push($0, at: instant) }
    }

    /// From a pipe: a line comes out when it ends (or the next begins); partials come as partials,
    /// finals as cues timed by arrival, from the first non-empty partial to the final.
    @Test func fromAPipeFinalsAreTimedByArrivalAndPartialsStayApart() {
        let stream = SubtitleStream(format: SubtitleFormat(named: "vosk")!, name: "-", encoding: nil, isFile: false)
        let base: Nanoseconds = 7 * Time.second  // the clock's instant of the first bytes
        var batch = Self.push(stream, "{\"partial\": \"\"}\n", at: base)
        #expect(batch.partials.map(\.text) == [""] && batch.cues.isEmpty)
        batch = Self.push(stream, "{\"partial\": \"hel", at: base + ms(100))
        #expect(batch.partials.isEmpty)
        batch = Self.push(stream, "lo\"}\n", at: base + ms(400))
        #expect(batch.partials.map(\.text) == ["hello"] && batch.partials.map(\.sourceLine) == [2])
        // Pretty-printed and cut mid-object by a pause: nothing until it closes.
        batch = Self.push(stream, "{\n  \"text\" : \"hello", at: base + ms(900))
        #expect(stream.paused(at: base + ms(950)).cues.isEmpty)
        batch = Self.push(stream, " world\"\n}\n", at: base + ms(1000))
        batch.cues += stream.paused(at: base + ms(1050)).cues
        #expect(batch.cues.map(\.plainText) == ["hello world"])
        #expect(batch.cues.first?.start == ms(400) && batch.cues.first?.end == ms(1000) && batch.cues.first?.sourceLine == 3)
        let end = stream.finish(at: base + ms(2000))
        #expect(end.cues.isEmpty && end.partials.isEmpty && end.messages.isEmpty)
    }

    /// A regular file has no arrival times: untimed finals follow each other.
    @Test func aFileHasNoArrivalTimes() throws {
        let (cues, _) = VoskFormat().parse(validUTF8: try Self.data("vosk-lines.jsonl"))
        #expect(Array(cues).map(\.start) == [0, LiveTiming.untimedLength])
    }

    /// A result that never ends is cut; memory stays bounded and what follows still plays.
    @Test func aResultThatNeverEndsIsCutAndTheNextPlays() {
        let stream = SubtitleStream(format: SubtitleFormat(named: "vosk")!, name: "-", encoding: nil, isFile: false)
        var messages: [String] = []
        var cues: [Cue] = []
        _ = Self.push(stream, "{\"partial\": \"", at: 0)
        let chunk = String(repeating: "a", count: 1 << 16)
        for k in 0..<40 {
            let batch = Self.push(stream, chunk, at: Nanoseconds(k) * ms(10))
            messages += batch.messages
        }
        let batch = Self.push(stream, "\"}\n{\"text\": \"after\"}\n", at: ms(500))
        messages += batch.messages
        cues += batch.cues
        let end = stream.finish(at: ms(600))
        messages += end.messages
        cues += end.cues
        #expect(cues.map(\.plainText) == ["after"])
        #expect(messages.contains { $0.hasPrefix("-:1:") })
    }

    /// The recorded sessions of a real recogniser (pocketsphinx on espeak-ng speech), replayed into
    /// the stream at their own times: every non-empty final comes out once, in order, timed by
    /// arrival; every partial comes out as a partial and none as a cue.
    @Test func recordedSessionsReplayIntoFinalsAndPartials() throws {
        let folder = Paths.repository.appendingPathComponent("Tests/Data/live")
        let sessions = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tsv") }.sorted()
        #expect(sessions.count >= 3)
        for name in sessions {
            let text = String(decoding: try Self.data(name), as: UTF8.self)
            let stream = SubtitleStream(format: SubtitleFormat(named: "vosk")!, name: name, encoding: nil, isFile: false)
            var cues: [Cue] = [], partials: [String] = [], messages: [String] = []
            var expectedFinals: [(text: String, at: Nanoseconds)] = []
            var expectedPartials = 0
            var firstHeard: Nanoseconds?
            var starts: [Nanoseconds] = []
            var origin: Nanoseconds?  // the stream's times count from its first line
            for row in text.split(separator: "\n") {
                let fields = row.split(separator: "\t", maxSplits: 1)
                let offset = try #require(Int64(fields[0])) * Time.millisecond
                origin = origin ?? offset
                let at = offset - (origin ?? 0)
                let line = String(fields[1])
                if line.hasPrefix("{\"partial\"") {
                    expectedPartials += 1
                    if line == "{\"partial\": \"\"}" { firstHeard = nil } else if firstHeard == nil { firstHeard = at }
                } else if let value = JSONValue.parse(Array(line.utf8)), let final = value["text"]?.string, !final.isEmpty {
                    expectedFinals.append((final, at))
                    starts.append(firstHeard ?? at)
                    firstHeard = nil
                } else {
                    firstHeard = nil
                }
                var batch = Self.push(stream, line + "\n", at: at)
                let paused = stream.paused(at: at)
                batch.cues += paused.cues
                batch.partials += paused.partials
                cues += batch.cues
                partials += batch.partials.map(\.text)
                messages += batch.messages + paused.messages
            }
            let end = stream.finish(at: .max / 4)
            cues += end.cues
            #expect(messages.isEmpty, "\(name)")
            #expect(cues.map(\.plainText) == expectedFinals.map(\.text), "\(name)")
            #expect(cues.map(\.end) == expectedFinals.map(\.at), "\(name)")
            #expect(cues.map(\.start) == starts, "\(name)")
            #expect(partials.count >= expectedPartials, "\(name)")
        }
    }
}
