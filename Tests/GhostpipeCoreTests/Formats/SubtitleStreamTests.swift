import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// Subtitles read as they arrive: complete cues as soon as the next one begins (or the input
/// pauses), bounded memory on any input, every problem said with its line.
@Suite struct SubtitleStreaming {
    static func push(_ stream: SubtitleStream, _ text: String) -> SubtitleStream.Batch {
        Array(text.utf8).withUnsafeBufferPointer { stream.push($0) }
    }

    @Test func aCueComesOutWhenTheNextBeginsOrTheInputPausesAfterItOrEnds() {
        let stream = SubtitleStream(format: .srt, name: "live.srt", encoding: nil, isFile: false)
        #expect(Self.push(stream, "1\n00:00:01,000 --> 00:00:02,000\nfirst\n\n").cues.isEmpty)
        #expect(Self.push(stream, "2\n00:00:03,000 --> 00:00:04,000\nsecond\n").cues.map(\.plainText) == ["first"])
        // A pause after a line of text: the cue may have more lines to come.
        #expect(stream.paused().cues.isEmpty)
        #expect(Self.push(stream, "line\n").cues.isEmpty)
        // A pause after its blank line: the block is whole.
        #expect(Self.push(stream, "\n").cues.isEmpty)
        #expect(stream.paused().cues.map(\.plainText) == ["second\nline"])
        #expect(Self.push(stream, "3\n00:00:05,000 --> 00:00:06,000\nthird").cues.isEmpty)
        let last = stream.finish()
        #expect(last.cues.map(\.plainText) == ["third"] && last.cues.first?.sourceLine == 11 && last.messages.isEmpty)
    }

    /// A pipe may pause anywhere (a loaded machine: `cat movie.srt | ghostpipe` stalling 300 ms):
    /// wherever it pauses, every cue comes out whole, as from the file read at once — the pause
    /// in a line, in a UTF-8 sequence, in a CR LF, between a cue's number, timing and text lines.
    @Test(arguments: ["\n", "\r\n"])
    func aPauseAnywhereLosesAndSplitsNothing(newline: String) {
        let file = ["1", "00:00:01,000 --> 00:00:03,500", "새벽 네 시, 등대 통신실.", "",
                    "2", "00:00:04,000 --> 00:00:06,800", "마라, 이 소리 들려? 👍🏽", "바늘이 멈추지 않아.", "",
                    "3", "00:00:07,300 --> 00:00:09,600", "(잡음) café", ""].joined(separator: newline)
        let bytes = Array(file.utf8)
        func read(_ parts: [ArraySlice<UInt8>], format: SubtitleFormat = .srt) -> (cues: [Cue], messages: [String]) {
            let stream = SubtitleStream(format: format, name: "-", encoding: nil, isFile: false)
            var batch = SubtitleStream.Batch()
            for part in parts {
                let b = Array(part).withUnsafeBufferPointer { stream.push($0) }
                let p = stream.paused()
                batch.cues += b.cues + p.cues
                batch.messages += b.messages + p.messages
            }
            let end = stream.finish()
            return (batch.cues + end.cues, batch.messages + end.messages)
        }
        let whole = read([bytes[...]])
        #expect(whole.cues.map(\.plainText) == ["새벽 네 시, 등대 통신실.", "마라, 이 소리 들려? 👍🏽\n바늘이 멈추지 않아.", "(잡음) café"])
        for cut in 1..<bytes.count {
            let paused = read([bytes[..<cut], bytes[cut...]])
            #expect(paused.cues == whole.cues, "paused after byte \(cut)")
            #expect(paused.messages.isEmpty, "paused after byte \(cut): \(paused.messages)")
        }
        // WebVTT the same way (its blocks are SubRip's, after a header).
        let vtt = Array(("WEBVTT" + newline + newline + file.replacingOccurrences(of: ",", with: ".")).utf8)
        let vttWhole = read([vtt[...]], format: .vtt)
        #expect(vttWhole.cues.count == 3)
        for cut in 1..<vtt.count {
            let paused = read([vtt[..<cut], vtt[cut...]], format: .vtt)
            #expect(paused.cues == vttWhole.cues && paused.messages.isEmpty, "WebVTT paused after byte \(cut): \(paused.messages)")
        }
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
        batch.messages += b.messages
        #expect(batch.cues.count == 2 && batch.cues[0].plainText.utf8.count <= SubtitleStream.maxCueText && batch.cues[1].plainText == "after")
        // Said once the next cue begins: the exact count of the text's bytes that went.
        let text = 200 * line.utf8.count - 1
        #expect(batch.messages == ["-:2: cue text cut at \(SubtitleStream.maxCueText) bytes (\(text - SubtitleStream.maxCueText) more bytes dropped)"],
                "\(batch.messages)")

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

    @Test func assEventsComeOutAsTheirLinesCompleteReadAfterTheHeader() {
        let stream = SubtitleStream(format: SubtitleFormat(named: "ass")!, name: "live.ass", encoding: nil, isFile: false)
        let header = assScript("", styles: "Style: Sign,Arial,40,&H0000FFFF,&H000000FF,&H0,&H0,0,0,0,0,100,100,0,0,1,2,0,8,10,10,10,1")
            .replacingOccurrences(of: "\n\n\n", with: "\n")
        var first = Self.push(stream, header + "[Fonts]\nfontname: x.ttf\nM8H+2&(@^86-VB\n\n[Events]\n")
        first.cues += Self.push(stream, "Dialogue: 0,0:00:01.00,0:00:02.00,Sign,,0,0,0,,one\nDialogue: 0,0:00:03.00,0:0").cues
        #expect(first.cues.map(\.plainText) == ["one"], "a line is complete once it ends")
        let second = Self.push(stream, "0:04.00,Sign,,0,0,0,,two\nDialogue: 0,0:61:00.00,0:62:00.00,Sign,,0,0,0,,bad\n")
        #expect(second.cues.map(\.plainText) == ["two"])
        // The header's styles apply to every part; line numbers are the file's.
        #expect(second.cues.first?.runs.first?.style.foreground == .rgb(255, 255, 0) && second.cues.first?.placement.vertical == .top)
        let lines = (header + "[Fonts]\nfontname: x.ttf\nM8H+2&(@^86-VB\n\n[Events]\n").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(second.cues.first?.sourceLine == lines + 1)
        #expect(second.messages == ["live.ass:\(lines + 2): bad time '0:61:00.00'"], "\(second.messages)")
        let last = Self.push(stream, "Dialogue: 0,0:00:05.00,0:00:06.00,Nobody,,0,0,0,,three")
        #expect(last.cues.isEmpty)
        let end = stream.finish()
        #expect(end.cues.map(\.plainText) == ["three"] && end.messages == ["live.ass:\(lines + 3): no style 'Nobody'; 'Default' used"])
        // Embedded fonts are not kept to read each part after.
        let kept = ASSFormat().header(Array((header + "[Fonts]\nfontname: x.ttf\nM8H+2&(@^86-VB\n[Events]\nFormat: Start, End, Text\n").utf8)[...])
        let keptText = String(decoding: kept, as: UTF8.self)
        #expect(!keptText.contains("x.ttf") && keptText.contains("Style: Sign") && keptText.contains("Format: Start, End, Text"))
    }

    // LRC and SAMI: OpenEndedStreamTests.swift.

    @Test func langPicksTracksAndSaysWhenNoneMatches() {
        let file = SAMIParsing.bilingual
        let english = SubtitleStream(format: SubtitleFormat(named: "sami")!, name: "a.smi", encoding: nil, isFile: true, language: "en")
        var batch = Self.push(english, file)
        batch.cues += english.finish().cues
        #expect(batch.cues.map(\.plainText) == ["Hello", "Last words"] && batch.messages.isEmpty)
        let french = SubtitleStream(format: SubtitleFormat(named: "sami")!, name: "a.smi", encoding: nil, isFile: true, language: "fr")
        _ = Self.push(french, file)
        let all = french.finish()
        #expect(all.cues.count == 3)
        #expect(all.messages == ["a.smi: --lang fr: no such track (it has KRCC (ko-KR), ENCC (en-US)); all shown"])
        // Formats without tracks are not affected.
        let srt = SubtitleStream(format: .srt, name: "a.srt", encoding: nil, isFile: true, language: "en")
        _ = Self.push(srt, "1\n00:00:01,000 --> 00:00:02,000\nhi\n")
        let plain = srt.finish()
        #expect(plain.cues.map(\.plainText) == ["hi"] && plain.messages.isEmpty)
    }

    @Test func anASSHeaderWithEmbeddedFontsIsReadWholeAndNotKept() {
        // Aegisub writes [Fonts] before [Events]: a megabyte of uuencoded font before the first event.
        let fonts = "[Fonts]\nfontname: big.ttf\n" + String(repeating: String(repeating: "M", count: 80) + "\n", count: 13_000)
        let text = assScript("Dialogue: 0,0:00:01.00,0:00:02.00,Sign,,0,0,0,,one\nDialogue: 0,0:00:03.00,0:00:04.00,Sign,,0,0,0,,two",
                             styles: "Style: Sign,Arial,40,&H0000FFFF,&H000000FF,&H0,&H0,0,0,0,0,100,100,0,0,1,2,0,8,10,10,10,1")
            .replacingOccurrences(of: "[Events]", with: fonts + "\n[Events]")
        let stream = SubtitleStream(format: SubtitleFormat(named: "ass")!, name: "big.ass", encoding: nil, isFile: true)
        var batch = SubtitleStream.Batch()
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: 1 << 16) {
            let b = bytes[start..<min(bytes.count, start + (1 << 16))].withUnsafeBufferPointer { stream.push($0) }
            batch.cues += b.cues
            batch.messages += b.messages
        }
        let end = stream.finish()
        batch.cues += end.cues
        batch.messages += end.messages
        #expect(batch.messages.isEmpty, "\(batch.messages)")
        #expect(batch.cues.map(\.plainText) == ["one", "two"])
        #expect(batch.cues.allSatisfy { $0.placement.vertical == .top && $0.runs.first?.style.foreground == .rgb(255, 255, 0) })
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(batch.cues.map(\.sourceLine) == [lines.firstIndex { $0.hasSuffix(",one") }! + 1, lines.firstIndex { $0.hasSuffix(",two") }! + 1])
    }

    /// A stream numbers each part's lines from those before it (the SubRip parser counts them as it
    /// reads, `CompactCues.lineCount`): cut anywhere — inside a CR LF too — in LF, CR LF or bare-CR
    /// files (over 64 KiB: a file's encoding is decided on its first 64 KiB), the messages and the
    /// cues' lines are those of the file read whole.
    @Test func linesKeepTheirNumbersWhereverTheStreamIsCut() {
        func stamp(_ s: Int, _ ms: Int) -> String { String(format: "00:%02d:%02d,%03d", s / 60, s % 60, ms) }
        let count = 1500, bad = (0..<count).filter { $0 % 7 == 3 }.count
        var srt = ""
        for k in 0..<count {
            srt += k % 7 == 3 ? "\(k)\n\(stamp(k, 900)) --> \(stamp(k, 100))\nends before it starts\n\n"
                : "\(k)\n\(stamp(k, 0)) --> \(stamp(k, 500))\nline \(k)\n\nsecond\n\n"
        }
        var random = SplitMix64(seed: 17)
        for newline in ["\n", "\r\n", "\r"] {
            let bytes = Array(srt.replacingOccurrences(of: "\n", with: newline).utf8)
            func read(cuts: [Int], keepsParsed: Bool) -> (lines: [Int], messages: [String]) {
                let stream = SubtitleStream(format: .srt, name: "a.srt", encoding: nil, isFile: true)
                stream.keepsParsed = keepsParsed
                var batches: [SubtitleStream.Batch] = []
                for (from, to) in zip([0] + cuts, cuts + [bytes.count]) {
                    batches.append(Array(bytes[from..<to]).withUnsafeBufferPointer { stream.push($0) })
                }
                batches.append(stream.finish())
                let cues = batches.flatMap { $0.cues + ($0.parsed?.cues ?? []) }
                return (cues.map(\.sourceLine), batches.flatMap(\.messages))
            }
            let whole = read(cuts: [], keepsParsed: false)
            // The last cue's timing line: after six lines a cue, four a skipped one.
            let last = (0..<count - 1).reduce(2) { $0 + ($1 % 7 == 3 ? 4 : 6) }
            // Five messages of a kind, then a count (RepeatedReports).
            #expect(whole.messages.count == 6 && whole.messages.last == "a.srt: … and \(bad - 5) more messages like 'cue ends before it starts'",
                    "\(whole.messages.suffix(2))")
            #expect(whole.lines.count == count - bad && whole.lines.last == last)
            for _ in 0..<10 {
                let cuts = (0..<Int.random(in: 1...8, using: &random)).map { _ in Int.random(in: 1..<bytes.count, using: &random) }
                for keepsParsed in [false, true] {
                    let parts = read(cuts: Array(Set(cuts)).sorted(), keepsParsed: keepsParsed)
                    #expect(parts.lines == whole.lines && parts.messages == whole.messages, "\(newline.debugDescription) cut at \(cuts)")
                }
            }
        }
    }
}
