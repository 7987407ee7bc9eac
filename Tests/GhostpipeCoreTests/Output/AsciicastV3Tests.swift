import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// `-o asciicast-v3`: the v2 recording's events, each timed from the one before, under a v3 header,
/// ending with an exit event.
@Suite struct AsciicastV3 {
    typealias Event = (time: Double, code: String, data: String)

    /// The header and the events of a recording; v3 times made cumulative; `#` comments skipped.
    static func read(_ text: String, version: Int) throws -> (header: [String: Any], events: [Event]) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let header = try JSONSerialization.jsonObject(with: Data(lines.removeFirst().utf8)) as! [String: Any]
        var t = 0.0
        var events: [Event] = []
        for line in lines where !line.hasPrefix("#") {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [Any]
            let time = (event[0] as! NSNumber).doubleValue
            t = version == 3 ? t + time : time
            events.append((t, event[1] as! String, event[2] as! String))
        }
        return (header, events)
    }

    static let inputs: [(String, [String])] = [
        ("prose", ["--wpm", "600"]),
        ("subtitles", []),
        ("fade", ["-e", "fade", "--seed", "3"]),
    ]

    static func input(_ name: String) -> String {
        switch name {
        case "subtitles": "1\n00:00:00,500 --> 00:00:01,700\nFirst cue\n\n2\n00:00:02,000 --> 00:00:03,250\n두 번째 👍🏽\n"
        default: "Hello, wonderful world. 한국어 텍스트와 👨‍👩‍👧 이모지.\n\nA second paragraph.\n"
        }
    }

    @Test(arguments: inputs)
    func theSameEventsAtTheSameTimesAsVersionTwo(_ name: String, _ options: [String]) throws {
        let v2 = try VirtualRun(["--instant", "-o", "cast", "--width", "33"] + options, text: Self.input(name))
        let v3 = try VirtualRun(["--instant", "-o", "asciicast-v3", "--width", "33"] + options, text: Self.input(name))
        let (h2, e2) = try Self.read(v2.output.text, version: 2)
        let (h3, e3) = try Self.read(v3.output.text, version: 3)
        #expect(h3["version"] as? Int == 3 && h2["version"] as? Int == 2)
        let term = try #require(h3["term"] as? [String: Any])
        #expect(term["cols"] as? Int == 33 && term["rows"] as? Int == 24 && term["type"] as? String == "xterm-256color")
        #expect(h3["width"] == nil && (h3["env"] as? [String: String])?["TERM"] == nil)
        #expect(h3["timestamp"] as? Int == h2["timestamp"] as? Int || (h3["timestamp"] as? Int).map { $0 - (h2["timestamp"] as! Int) } == 1)
        // The same output events, at the same times to the microsecond, then the exit event.
        let last = try #require(e3.last)
        #expect(last.code == "x" && last.data == "0")
        let outputs = e3.dropLast()
        #expect(outputs.count == e2.count && e2.count > 3)
        for (a, b) in zip(e2, outputs) {
            #expect(a.code == b.code && a.data == b.data)
            #expect(abs(a.time - b.time) < 1e-6, "\(a.time) vs \(b.time)")
        }
        #expect(abs(last.time - (e2.last?.time ?? 0)) < 1e-6)
    }

    @Test func intervalsAreNeverNegativeAndUseTheSameDigits() {
        var out: [UInt8] = []
        for (micros, text) in [(0, "0.0"), (40_000, "0.04"), (1_200_000, "1.2"), (1, "0.000001"), (12_345_678, "12.345678")] {
            out.removeAll()
            IntervalSeconds.append(micros: UInt64(micros), to: &out)
            #expect(String(decoding: out, as: UTF8.self) == text)
        }
    }

    @Test func theOptionTakesAsciinemasNames() throws {
        #expect(try ArgumentParser.parse(["-o", "asciicast-v3"]).output.name == "asciicast-v3")
        #expect(try ArgumentParser.parse(["-o", "asciicast-v2"]).output == .cast)
        #expect(try ArgumentParser.parse(["--output=CAST"]).output == .cast)
    }

    /// `--help` says which version `cast` writes and names both versions' names, so that a user who
    /// knows asciinema's names finds them there.
    @Test func theHelpSaysCastIsVersionTwoAndNamesBothVersions() throws {
        let lines = Help.text.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.contains("--output MODE") })
        var entry = [lines[first]]
        for line in lines[(first + 1)...] {
            guard line.hasPrefix("                      ") else { break }
            entry.append(line)
        }
        let text = entry.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains("cast or asciicast-v2 (asciicast v2"), "\(text)")
        #expect(text.contains("asciicast-v3 (asciicast v3"), "\(text)")
    }
}
