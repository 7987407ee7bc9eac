import Testing
@testable import GhostpipeCore

/// A cue whose text is longer than `SubtitleStream.maxCueText` is cut, and the messages say so with
/// the exact number of bytes of its text that were dropped, wherever the reads fall — never silently
/// (262,145 to ~327,680 bytes were cut without a word), never a wrong count (72,401 said where
/// 137,855 went), never "no SubRip cues found" for a long last cue that played.
@Suite struct CutCueMessages {
    /// A cue of `lines` lines of 99 bytes (`lines * 100 - 1` bytes of text), then another or not,
    /// read in parts of 64 KiB as a file is.
    static func read(lines: Int, then second: Bool, keepsParsed: Bool) -> (first: Int, texts: [String], messages: [String]) {
        var text = "1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: String(repeating: "x", count: 99) + "\n", count: lines)
        if second { text += "\n2\n00:00:03,000 --> 00:00:04,000\nafter\n" }
        let stream = SubtitleStream(format: .srt, name: "long.srt", encoding: nil, isFile: true)
        stream.keepsParsed = keepsParsed
        let bytes = Array(text.utf8)
        var cues: [Cue] = [], messages: [String] = []
        func take(_ batch: SubtitleStream.Batch) {
            cues += batch.cues + (batch.parsed?.cues ?? [])
            messages += batch.messages
        }
        var start = 0
        while start < bytes.count {
            take(Array(bytes[start..<min(bytes.count, start + (1 << 16))]).withUnsafeBufferPointer { stream.push($0) })
            start += 1 << 16
        }
        take(stream.finish())
        return (cues.first?.plainText.utf8.count ?? 0, cues.dropFirst().map(\.plainText), messages)
    }

    /// The bytes the messages say were dropped.
    static func droppedSaid(_ messages: [String]) -> Int {
        messages.reduce(0) { total, message in
            let words = message.split(separator: " ")
            guard let more = words.firstIndex(of: "more"), more > words.startIndex else { return total }
            return total + (Int(String(words[more - 1].drop { $0 == "(" })) ?? 0)
        }
    }

    @Test func aLargeHeaderIsNotACueCut() {
        // 100,000 WebVTT style rules (2.9 MB) before the only cue were said as `:1: cue text cut`.
        let rules = (0..<100_000).map { "::cue(.c\($0)) { color: red }\n" }.joined()
        let bytes = Array(("WEBVTT\n\nSTYLE\n" + rules + "\n00:00:01.000 --> 00:00:02.000\nhello\n").utf8)
        let stream = SubtitleStream(format: .vtt, name: "styles.vtt", encoding: nil, isFile: true)
        var cues: [Cue] = [], messages: [String] = []
        var start = 0
        while start < bytes.count {
            let batch = Array(bytes[start..<min(bytes.count, start + (1 << 16))]).withUnsafeBufferPointer { stream.push($0) }
            cues += batch.cues
            messages += batch.messages
            start += 1 << 16
        }
        let end = stream.finish()
        #expect((cues + end.cues).map(\.plainText) == ["hello"])
        #expect(messages + end.messages == [], "\(messages + end.messages)")
    }

    @Test(arguments: [2_700, 3_270, 4_000, 20_000], [true, false])
    func theDroppedBytesAreCountedExactly(lines: Int, second: Bool) {
        let text = lines * 100 - 1
        for keepsParsed in [false, true] {
            let read = Self.read(lines: lines, then: second, keepsParsed: keepsParsed)
            #expect(read.first == SubtitleStream.maxCueText)
            #expect(read.texts == (second ? ["after"] : []))
            #expect(read.messages.first.map { $0.hasPrefix("long.srt:") && $0.contains(": cue text cut at \(SubtitleStream.maxCueText) bytes") } == true,
                    "\(read.messages)")
            #expect(Self.droppedSaid(read.messages) == text - SubtitleStream.maxCueText, "\(read.messages)")
            // One message, the same wording whether the cue was cut when built or while read.
            #expect(read.messages == ["long.srt:2: " + SubtitleStream.cueTextCut(dropped: text - SubtitleStream.maxCueText)], "\(read.messages)")
            #expect(!read.messages.contains { $0.contains("no SubRip cues") }, "\(read.messages)")
        }
    }
}
