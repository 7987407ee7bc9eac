import Foundation
import Glibc
import Testing
import TestSupport

/// A real speech recogniser end to end (Scripts/live_recogniser.py: espeak-ng speaks, pocketsphinx
/// decodes at real time in 100 ms steps, Vosk-style JSON lines out), into the real binary in tmux:
/// each final utterance ends on the screen once, in its line, soon after the recogniser said it (the
/// 150 ms bound itself is measured by Scripts/bench_live_lag.py: a loaded machine and tmux polling
/// would make it flaky here), with no tentative line left; a pipe gets the finals only.
@Suite(.serialized, .requires("tmux", "espeak-ng", "sox")) struct LiveCaptionsInTmux {
    static let sentences = ["hello world", "good morning and welcome"]

    static var recogniserAvailable: Bool {
        FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us")
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The texts of the final lines (`{"text": …}` with words) in `lines`, each with its instant.
    static func finals(_ log: String) -> [(at: Double, text: String)] {
        log.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let object = try? JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any],
                  let text = object["text"] as? String, !text.isEmpty, let at = Double(parts[0]) else { return nil }
            return (at, text)
        }
    }

    @Test func aRealRecognisersFinalsShowOnceAndSoonAndThePipeGetsOnlyThem() throws {
        guard Self.recogniserAvailable else { return }
        let scratch = ScratchDirectory("recogniser")
        let log = scratch.path("times.tsv"), record = scratch.path("session.tsv")
        let repository = Paths.repository.path
        let tmux = try Tmux(columns: 60, rows: 12, tag: "recogniser")
        tmux.type("clear; /usr/bin/python3 \(repository)/Scripts/live_recogniser.py --record \(record) "
                  + Self.sentences.map { "'\($0)'" }.joined(separator: " ")
                  + " | /usr/bin/python3 \(repository)/Tests/Data/live/timed_pipe.py \(log) | \"$GHOSTPIPE\"; echo STATUS=$?")
        // Watch the screen as the recogniser speaks: when each final first shows whole.
        var seen: [String: Double] = [:]
        let deadline = Self.now() + 60
        var done = false
        while !done && Self.now() < deadline {
            let screen = tmux.screen()
            let at = Self.now()
            for line in screen where !line.isEmpty && seen[line] == nil { seen[line] = at }
            done = screen.contains { $0.contains("STATUS=") }
            usleep(50_000)  // a tmux client a time: light on a machine running the suite in parallel
        }
        let screen = tmux.screen(escapes: true)
        #expect(screen.contains { $0.contains("STATUS=0") }, "\(screen)")
        let finals = Self.finals((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        #expect(!finals.isEmpty, "the recogniser said nothing final")
        let plain = tmux.screen()
        for final in finals {
            // Once, on a line of its own, in the normal style (no tentative line is left dim).
            #expect(plain.filter { $0 == final.text }.count == 1, "\(final.text): \(plain)")
            let shown = try #require(seen[final.text], "\(final.text) never showed: \(plain)")
            #expect(shown - final.at < 1.0, "\(final.text) showed \(shown - final.at) s after the recogniser said it")
        }
        #expect(!screen.contains { $0.contains("\u{1B}[2m") }, "a tentative line was left: \(screen)")
        // The same session into a pipe: the finals only, each once, on its own line.
        let session = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: "\t", maxSplits: 1).last.map(String.init) ?? "" }.joined(separator: "\n") + "\n"
        let piped = try Binary.run([], stdin: Array(session.utf8))
        #expect(piped.text == finals.map(\.text).joined(separator: "\n") + "\n", "\(piped.text)")
    }
}
