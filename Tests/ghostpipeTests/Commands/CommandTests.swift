import Foundation
import TestSupport
import Testing
import GhostpipeCore

/// The real binary with pipes: what a shell user and a script see.
@Suite struct Command {
    @Test func helpAndVersion() throws {
        let help = try Binary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.text.hasPrefix("Usage: ghostpipe [OPTIONS] [FILE...]"))
        #expect(help.stderr.isEmpty)
        let version = try Binary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.text.hasPrefix("ghostpipe "))
    }

    @Test func usageErrorsExitTwoWithASuggestion() throws {
        let result = try Binary.run(["--wmp", "300"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "ghostpipe: unknown option '--wmp'; did you mean '--wpm'?\nTry 'ghostpipe --help' for more information.\n")
    }

    @Test func aFileThatCannotBeOpenedIsReportedAndTheOthersStillPlay() throws {
        let result = try Binary.run(["--instant", "nope.txt", Binary.sample("motd.txt"), "/"])
        #expect(result.status == 1)
        #expect(result.stderr == "ghostpipe: nope.txt: No such file or directory\nghostpipe: /: Is a directory\n")
        #expect(result.stdout == Array(try Data(contentsOf: URL(fileURLWithPath: Binary.sample("motd.txt")))))
    }

    @Test func messagesShowControlCharactersInsteadOfSendingThem() throws {
        // stderr is a terminal too: a cue quoted in a message, or a file's name, cannot set the
        // title, switch screens or write the clipboard.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-stderr-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.srt").path
        try "1\n00:00:0\u{1B}]0;title\u{7}1,000 --> 00:00:02,000\nx\n\n2\n00:00:0\u{1B}[?1049h\u{1B}]52;c;cHduZWQ=\u{7}3,000 --> x\ny\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let quoted = try Binary.run(["--instant", "-o", "json", bad])
        #expect(quoted.stderr.contains("bad timestamp '00:00:0\\x1b]0;title\\x071,000'"), "\(quoted.stderr)")
        #expect(!quoted.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, "\(quoted.stderr.debugDescription)")
        let named = try Binary.run(["--instant", directory.path + "/x\u{1B}]0;T\u{7}.srt"])
        #expect(named.stderr.hasSuffix("/x\\x1b]0;T\\x07.srt: No such file or directory\n"), "\(named.stderr.debugDescription)")
        #expect(!named.stderr.contains("\u{1B}") && !named.stderr.contains("\u{7}"))
        #expect(Messages.visible("a\u{9B}31m\u{202E}b") == "a\\u{9b}31m\\u{202e}b")
    }

    @Test func eachFileIsDetectedOnItsOwnAndProblemsAreSaidOnce() throws {
        // A missing subtitle file first does not make the text after it subtitles.
        let script = try String(contentsOfFile: Binary.sample("script.txt"), encoding: .utf8)
        let result = try Binary.run(["--instant", "missing.srt", Binary.sample("script.txt")])
        #expect(result.status == 1)
        #expect(result.stderr == "ghostpipe: missing.srt: No such file or directory\n")
        #expect(result.text == script)
        // Subtitles, then text: each plays in turn.
        let mixed = try Binary.run(["--instant", Binary.sample("english.srt"), Binary.sample("motd.txt")])
        let motd = try String(contentsOfFile: Binary.sample("motd.txt"), encoding: .utf8)
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(mixed.text.hasPrefix("Signal Hill — 4:12 a.m.\n") && mixed.text.hasSuffix("\n" + motd), "\(mixed.text)")
        // Two subtitle files: the second starts where the first ended.
        let twice = try Binary.run(["--instant", "-o", "json", Binary.sample("english.srt"), Binary.sample("english.srt")])
        let starts = twice.text.split(separator: "\n").map { $0.split(separator: ",")[0] }
        #expect(starts.count == 40 && starts[0] == starts[0] && Set(starts).count == 40, "\(starts)")
    }

    @Test(arguments: ["script.txt", "korean.txt", "emoji.txt", "motd.txt"])
    func instantPlainOutputIsTheInputByteForByte(sample: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Binary.sample(sample))))
        let fromStdin = try Binary.run(["--instant"], stdin: bytes)
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout == bytes)
        let fromFile = try Binary.run(["--instant", Binary.sample(sample)])
        #expect(fromFile.stdout == bytes)
        #expect(!fromFile.stdout.contains(0x1B))
    }

    @Test func durationFitsAtMostAQuarterMillionGraphemesAndSaysSo() throws {
        // --duration holds the text in memory before it plays: an endless input cannot grow it.
        let line = "한국어 👩‍👩‍👧 text\n"  // 11 graphemes
        let input = Array(String(repeating: line, count: 30_000).utf8)  // 330,000 graphemes
        let result = try Binary.run(["--instant", "--duration", "1s"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stderr == "ghostpipe: --duration reads the whole text before it plays: it plays the first 250000 graphemes; the rest is not read\n", "\(result.stderr)")
        #expect(result.text.count == 250_000)
        #expect(input.starts(with: result.stdout))
        // Below the limit, everything plays and nothing is said.
        let small = Array(String(repeating: line, count: 100).utf8)
        let whole = try Binary.run(["--instant", "--duration", "1s"], stdin: small)
        #expect(whole.stdout == small && whole.stderr.isEmpty)
    }

    @Test func carriageReturnsBackspacesAndOverstrikeReachAPipeByteForByte() throws {
        let bytes = Array("progress 10%\rprogress 100%\r\nN\u{8}NA\u{8}AM\u{8}ME\u{8}E _\u{8}x 한\u{8}\u{8}한\r".utf8)
        let result = try Binary.run(["--instant"], stdin: bytes)
        #expect(result.stdout == bytes)
        let paced = try Binary.run(["--cps", "5000", "-o", "plain"], stdin: bytes)
        #expect(paced.stdout == bytes)
    }

    /// As `cat`: ill-formed UTF-8 (a file cut inside a sequence, Latin-1 bytes, stray
    /// continuations) reaches a pipe as it came, paced or at once.
    @Test(arguments: [["--instant"], ["--cps", "2000"], ["--instant", "-o", "plain"], ["--cps", "2000", "--format", "text"]])
    func illFormedUTF8ReachesAPipeByteForByte(arguments: [String]) throws {
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9, 0x20] + Array("한".utf8) + [0xFF, 0x0A, 0x80, 0xC3, 0x20]
            + Array("\u{10FFFD} 👍🏽 end".utf8) + [0xF0, 0x9F, 0x91]
        let run = try Binary.run(arguments, stdin: bytes)
        #expect(run.status == 0)
        #expect(run.stdout == bytes, "\(run.stdout)")
    }

    @Test func filesAndStdinInOrder() throws {
        let result = try Binary.run(["--instant", Binary.sample("motd.txt"), "-", Binary.sample("motd.txt")], stdin: Array("<stdin>\n".utf8))
        let motd = try String(contentsOfFile: Binary.sample("motd.txt"), encoding: .utf8)
        #expect(result.text == motd + "<stdin>\n" + motd)
    }

    @Test func aBrokenPipeEndsQuietly() throws {
        let big = String(repeating: "All work and no play makes Jack a dull boy.\n", count: 200_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-big-\(getpid()).txt").path
        try big.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" --instant \"$1\" | head -1; echo \"status=${PIPESTATUS:-}\"", Binary.path, path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stdout.hasPrefix("All work and no play makes Jack a dull boy.\n"))
        #expect(stderr.isEmpty, "\(stderr)")
    }

    @Test func outputBeginsBeforeTheInputEnds() throws {
        // The input stays open until the first line has come out.
        let run = try Binary.streaming(["--cps", "1000"], first: "first line\n", then: "second\n", shown: "first line\n")
        #expect(run.early, "the first line waited for the end of input")
        #expect(run.output == "first line\nsecond\n")
    }

    /// A terminal stream in json: a line is reported once the input pauses with the cursor below it,
    /// not a screenful later (a live program's lines are not held back), and only as it ends up.
    @Test func aStreamsLineIsReportedWhenTheInputPausesAfterIt() throws {
        let run = try Binary.streaming(["-o", "json", "--wrap", "char", "--cps", "1000"],
                                       first: "progress 10%\r\u{1B}[Kline one\n", then: "two\n", shown: "\"text\":\"\\n\"")
        #expect(run.early, "the first line waited for the end of input: \(run.output)")
        let text = run.output.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "\"text\":\"")?.upperBound else { return nil }
            return String(line[start...].dropLast(2)).replacingOccurrences(of: "\\n", with: "\n")
        }.joined()
        #expect(text == "line one\ntwo\n", "\(run.output)")
    }

    @Test func jsonAndCastFromTheBinary() throws {
        let json = try Binary.run(["--instant", "-o", "json", "--cps", "20", "--no-pauses"], stdin: Array("héllo".utf8))
        #expect(json.text == """
        {"time":0.0,"text":"h"}
        {"time":0.05,"text":"é"}
        {"time":0.1,"text":"l"}
        {"time":0.15,"text":"l"}
        {"time":0.2,"text":"o"}

        """)
        let cast = try Binary.run(["--instant", "-o", "cast", Binary.sample("korean.txt")])
        #expect(cast.status == 0)
        let header = try JSONSerialization.jsonObject(with: Data(cast.text.split(separator: "\n")[0].utf8)) as? [String: Any]
        #expect(header?["version"] as? Int == 2)
        #expect(header?["width"] as? Int == 80)
        #expect(header?["height"] as? Int == 24)
    }

    /// asciinema itself must accept the recording.
    @Test(.requires("asciinema")) func asciinemaAcceptsTheRecording() throws {
        let cast = try Binary.run(["--instant", "-o", "cast", Binary.sample("emoji.txt")])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-\(getpid()).cast").path
        try Data(cast.stdout).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // asciinema cat opens /dev/tty, so it runs on a pseudo-terminal of its own.
        let replay = try Binary.runInTerminal("asciinema cat '\(path)'", rows: 24, columns: 80)
        #expect(replay.status == 0, "asciinema cat: \(replay.text)")
        #expect(replay.text.contains("Families:"))
    }
}
