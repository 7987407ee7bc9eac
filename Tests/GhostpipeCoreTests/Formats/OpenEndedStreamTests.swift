import Testing
@testable import GhostpipeCore

/// LRC and SAMI read as they arrive: the same cues as the file read whole, whatever the parts;
/// lines out of order sorted within a bounded window; memory bounded on any input, and what cannot
/// be sorted or ended said with its line.
@Suite struct OpenEndedStreaming {
    static func read(_ bytes: [UInt8], format: String, name: String = "-", every size: Int) -> (cues: [Cue], messages: [String], beforeEnd: Int) {
        let stream = SubtitleStream(format: SubtitleFormat(named: format)!, name: name, encoding: nil, isFile: false)
        var cues: [Cue] = [], messages: [String] = []
        var start = 0
        while start < bytes.count {
            let batch = Array(bytes[start..<min(bytes.count, start + size)]).withUnsafeBufferPointer { stream.push($0) }
            cues += batch.cues
            messages += batch.messages
            start += size
        }
        let beforeEnd = cues.count
        let last = stream.finish()
        return (cues + last.cues, messages + last.messages, beforeEnd)
    }

    @Test(arguments: [("lighthouse.lrc", "lrc"), ("bilingual.smi", "sami")])
    func partsOfAnySizeGiveTheCuesOfTheWholeFile(sample: String, format: String) throws {
        let whole = try Samples.load(sample)
        let bytes = Array(whole.decoded.text.utf8)
        for size in [1, 7, 64, 1 << 16] {
            let read = Self.read(bytes, format: format, every: size)
            #expect(read.cues == whole.cues, "parts of \(size) bytes")
            #expect(read.messages.isEmpty, "\(read.messages)")
        }
    }

    @Test func linesOutOfOrderAreSortedAndALineFurtherOutThanTheWindowIsSaidAndSkipped() {
        // 5,000 lines in reverse order: the window sorts 4,096 of them; the one that comes next makes
        // the earliest leave, and every later one is too late to go before it.
        var text = ""
        for i in (0..<5000).reversed() { text += "[\(i / 60 / 100):\(String(format2: i / 100 % 60)).\(String(format2: i % 100))]line \(i)\n" }
        let read = Self.read(Array(text.utf8), format: "lrc", name: "back.lrc", every: 4096)
        #expect(read.cues.count == 4096 + 1, "the window's lines, and the one that left to make room")
        #expect(zip(read.cues, read.cues.dropFirst()).allSatisfy { $0.start < $1.start })
        #expect(read.messages.first == "back.lrc:4098: line out of order further than 4,096 lines are held to sort them; skipped (0:00:09.020 is before 0:00:09.030, already shown)",
                "\(read.messages.prefix(2))")
        #expect(read.messages.count == 6 && read.messages.last == "back.lrc: … and 898 more messages like 'line out of order further than'",
                "\(read.messages.suffix(2))")
    }

    @Test func endlessLinesAtOneInstantPlayAsTheyComeInBoundedMemory() {
        // `yes '[00:01.00]x' | ghostpipe --format lrc` read for ever and never played.
        let stream = SubtitleStream(format: SubtitleFormat(named: "lrc")!, name: "-", encoding: nil, isFile: false)
        let chunk = Array(String(repeating: "[00:01.00]x\n", count: 5000).utf8)
        var played = 0, messages: [String] = []
        for _ in 0..<20 {
            let batch = chunk.withUnsafeBufferPointer { stream.push($0) }
            played += batch.cues.count
            messages += batch.messages
            #expect(batch.cues.allSatisfy { $0.start == ms(1000) && $0.end == ms(6000) })
        }
        #expect(played >= 100_000 - 2 * OpenEndedWindow.size, "all but the window's came out before the end")
        #expect(messages.first == "-:1: nothing ends this line within the next 8,192 lines; shown for 5 s")
        #expect(messages.count == 5)
    }

    @Test func aLiveFeedInOrderPlaysEachLineOnceTheNextEndsIt() {
        let stream = SubtitleStream(format: SubtitleFormat(named: "lrc")!, name: "-", encoding: nil, isFile: false)
        func push(_ text: String) -> [String] { Array(text.utf8).withUnsafeBufferPointer { stream.push($0) }.cues.map(\.plainText) }
        // Lines out of order among those that arrived are sorted; a pause lets go of what is ended.
        #expect(push("[00:05.00]later\n[00:01.00]sooner\n[00:03.00]between\n").isEmpty)
        #expect(stream.holdsPartialInput)
        let paused = stream.paused().cues
        #expect(paused.map(\.plainText) == ["sooner", "between"] && paused.map(\.end) == [ms(3000), ms(5000)])
        #expect(!stream.holdsPartialInput, "the last line waits for the next: nothing for a pause to show")
        #expect(push("[00:07.00]last\n").isEmpty)
        let end = stream.finish().cues
        #expect(end.map(\.plainText) == ["later", "last"] && end.map(\.end) == [ms(7000), ms(12_000)])
    }

    @Test func aSAMIStartOfMoreThanTwelveDigitsIsSaidAndItsSyncSkipped() {
        let file = "<SAMI><BODY>\n<SYNC Start=1000><P>one\n<SYNC Start=1234567890123><P>cut to twelve digits, another time\n<SYNC Start=3000><P>three\n</BODY></SAMI>\n"
        let (cues, diagnostics) = SAMIParser.parse(file)
        #expect(cues.map(\.plainText) == ["one", "three"] && cues.first?.end == ms(3000))
        #expect(diagnostics == [Diagnostic(line: 3, message: "start time of more than 12 digits in '<SYNC Start=1234567890123>'; skipped")])
        let read = Self.read(Array(file.utf8), format: "sami", name: "long.smi", every: 16)
        #expect(read.cues.map(\.plainText) == ["one", "three"])
        #expect(read.messages == ["long.smi:3: start time of more than 12 digits in '<SYNC Start=1234567890123>'; skipped"])
    }
}

private extension String {
    init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
