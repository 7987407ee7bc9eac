import Foundation
import TestSupport
import Testing

/// A film's subtitles in a real terminal: at its last rows, the status line fitted to the width.
@Suite(.serialized, .requires("tmux")) struct SubtitleBandInTmux {
    static func film() throws -> String {
        var text = ""
        for i in 0..<40 {
            // Long cues, so a loaded machine cannot miss the first.
            let start = 1 + i * 10
            text += "\(i + 1)\n00:\(String(format: "%02d:%02d", start / 60, start % 60)),000 --> 00:\(String(format: "%02d:%02d", (start + 9) / 60, (start + 9) % 60)),500\n"
            text += i == 0 ? "Hello there.\n\n" : "Line \(i + 1).\n\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-film-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).srt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aFilmsCuesSitAtTheBottomOfTheTerminal() throws {
        let path = try Self.film()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try Tmux(columns: 80, rows: 24, tag: "bandbottom")
        tmux.type("clear; echo above; \"$GHOSTPIPE\" \(path)")
        #expect(tmux.wait(forScreen: { $0.count >= 23 && $0[22].contains("Hello there.") }, timeout: 20), "\(tmux.screen())")
        let screen = tmux.screen()
        #expect(screen[0].contains("above"), "nothing scrolled away: \(screen)")
        #expect(screen[1..<22].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.contains("GHOSTPIPE") })
        tmux.press("q")
        // The cursor is left below the band, where the prompt comes back.
        #expect(tmux.wait(forScreen: { $0.count >= 24 && $0[23].hasPrefix("$") }, timeout: 20), "\(tmux.screen())")
        #expect(tmux.screen()[0].contains("above"))
    }

    @Test func theStatusLineFitsEightyColumnsWithQuitLast() throws {
        let path = try Self.film()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try Tmux(columns: 80, rows: 24, tag: "bandstatus")
        tmux.type("clear; \"$GHOSTPIPE\" \(path)")
        #expect(tmux.wait(forScreen: { $0.count >= 23 && $0[22].contains("Hello there.") }, timeout: 20), "\(tmux.screen())")
        tmux.press("i")
        #expect(tmux.wait(forScreen: { $0.count >= 24 && $0[23].contains("q quit") }, timeout: 20), "\(tmux.screen())")
        let status = tmux.screen()[23].trimmingCharacters(in: .whitespaces)
        #expect(status.hasSuffix("q quit") && status.contains("cue 1/40") && !status.contains("+ "), "\(status)")
        tmux.press("q")
        #expect(tmux.wait(forScreen: { $0.count >= 24 && $0[23].hasPrefix("$") }, timeout: 20), "\(tmux.screen())")
    }
}
