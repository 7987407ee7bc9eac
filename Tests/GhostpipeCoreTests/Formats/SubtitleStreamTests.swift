import Testing
@testable import GhostpipeCore

/// Subtitles read as they arrive: complete cues as soon as the next one begins (or the input
/// pauses), bounded memory on any input, every problem said with its line.
@Suite struct SubtitleStreaming {
    static func push(_ stream: SubtitleStream, _ text: String) -> SubtitleStream.Batch {
        Array(text.utf8).withUnsafeBufferPointer { stream.push($0) }
    }

    @Test func aCueComesOutWhenTheNextBeginsOrTheInputPausesOrEnds() {
        let stream = SubtitleStream(format: .srt, name: "live.srt", encoding: nil, isFile: false)
        #expect(Self.push(stream, "1\n00:00:01,000 --> 00:00:02,000\nfirst\n\n").cues.isEmpty)
        #expect(Self.push(stream, "2\n00:00:03,000 --> 00:00:04,000\nsecond\n").cues.map(\.plainText) == ["first"])
        #expect(stream.paused().cues.map(\.plainText) == ["second"])
        #expect(Self.push(stream, "\n3\n00:00:05,000 --> 00:00:06,000\nthird").cues.isEmpty)
        let last = stream.finish()
        #expect(last.cues.map(\.plainText) == ["third"] && last.cues.first?.sourceLine == 10 && last.messages.isEmpty)
    }

    @Test func webVTTPartsAreReadAfterTheirHeaderAndLinesKeepTheirNumbers() {
        let stream = SubtitleStream(format: .vtt, name: "a.vtt", encoding: nil, isFile: false)
        let header = "WEBVTT\n\nSTYLE\n::cue(.red) { color: red }\n\n"
        var cues = Self.push(stream, header + "00:01.000 --> 00:02.000\n<c.red>one</c>\n\n00:03.000 --> 00:02.000\nbackwards\n\n").cues
        let more = Self.push(stream, "00:05.000 --> 00:06.000\n<c.red>two</c>\n\n")
        cues += more.cues + stream.finish().cues
        #expect(cues.map(\.plainText) == ["one", "two"])
        #expect(cues.allSatisfy { $0.runs.first?.style.foreground == .rgb(255, 0, 0) }, "the header's styles apply to every part")
        #expect(more.messages.count == 1 && more.messages[0].hasPrefix("a.vtt:9: "), "\(more.messages)")
    }

    @Test func memoryStaysBoundedOnACueThatNeverEndsAndOnTextThatIsNotCues() {
        let stream = SubtitleStream(format: .srt, name: "-", encoding: nil, isFile: false)
        var batch = Self.push(stream, "1\n00:00:01,000 --> 00:00:02,000\n")
        let line = String(repeating: "endless ", count: 1000) + "\n"
        for _ in 0..<200 { let b = Self.push(stream, line); batch.cues += b.cues; batch.messages += b.messages }
        let b = Self.push(stream, "\n2\n00:00:03,000 --> 00:00:04,000\nafter\n")
        batch.cues += b.cues + stream.finish().cues
        #expect(batch.cues.count == 2 && batch.cues[0].plainText.utf8.count <= SubtitleStream.maxCueText && batch.cues[1].plainText == "after")
        #expect(batch.messages == ["-:1: cue text cut at \(SubtitleStream.maxCueText) bytes"])

        let junk = SubtitleStream(format: .srt, name: "-", encoding: nil, isFile: false)
        var messages: [String] = []
        for _ in 0..<400 { messages += Self.push(junk, String(repeating: "x\n", count: 1000)).messages }
        messages += junk.finish().messages
        #expect(messages.first?.contains("bytes that are not cues skipped") == true, "\(messages)")
        #expect(messages.last?.hasSuffix("bytes that are not cues dropped") == true, "\(messages)")
    }

    @Test func streamedSubtitlesPlayAsTheyArriveNotWhenTheyEnd() throws {
        // A live captioner: cue 1 at once, cue 2 two seconds later; the timeline starts with the input.
        let first = "1\n00:00:00,000 --> 00:00:05,000\nfirst\n\n"
        let second = "2\n00:00:02,500 --> 00:00:04,000\nsecond\n\n"
        let run = try VirtualRun(["-o", "json", "-f", "srt"], input: [(0, first), (2, second)])
        let written = run.output.writes.map { ($0.instant, String(decoding: $0.bytes, as: UTF8.self)) }
        // Cue 1 when the input pauses after it (not when cue 2 comes), cue 2 at its start.
        #expect(written.first?.0 == 300 * Time.millisecond && written.first?.1.contains("first") == true, "\(written)")
        #expect(written.last?.0 == 2500 * Time.millisecond && written.last?.1.contains("second") == true, "\(written)")
    }
}
