import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `--follow` with the real binary in tmux: a script's clock through a named pipe, and a real mpv
/// (headless) paused, seeked and sped up through its socket, checking what shows at each step.
@Suite(.serialized, .requires("tmux")) struct FollowInTmux {
    let scratch = ScratchDirectory("follow")

    func film() throws -> String {
        let path = scratch.path("film.srt")
        try """
        1
        00:00:01,000 --> 00:00:03,000
        First cue

        2
        00:00:05,000 --> 00:00:08,000
        Second cue

        3
        00:01:00,000 --> 00:01:30,000
        Minute cue

        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func shows(_ text: String) -> ([String]) -> Bool { { $0.contains { $0.contains(text) } } }
    static func showsNo(_ texts: String...) -> ([String]) -> Bool { { screen in !texts.contains { t in screen.contains { $0.contains(t) } } } }

    @Test func aScriptsClockThroughANamedPipe() throws {
        let fifo = scratch.path("clock")
        #expect(mkfifo(fifo, 0o600) == 0)
        let tmux = try Tmux(columns: 50, rows: 10, tag: "fofifo")
        tmux.type("\"$GHOSTPIPE\" --follow \(fifo) \(try film()); echo STATUS=$?")
        let writer = open(fifo, O_WRONLY)
        #expect(writer >= 0)
        func say(_ line: String) { _ = Array((line + "\n").utf8).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
        usleep(300_000)
        #expect(tmux.screen().allSatisfy { !$0.contains("cue") }, "nothing before the clock speaks")
        say("0.5")
        #expect(tmux.wait(forScreen: Self.shows("First cue"), timeout: 3), "\(tmux.screen())")
        say("2.5 paused")
        usleep(1_200_000)  // past the cue's end at 3 s, had the clock run on
        #expect(Self.shows("First cue")(tmux.screen()), "paused: the cue stays \(tmux.screen())")
        say("61 paused")
        #expect(tmux.wait(forScreen: { Self.shows("Minute cue")($0) && Self.showsNo("First cue")($0) }, timeout: 2), "a seek jumps: \(tmux.screen())")
        say("4.5")
        #expect(tmux.wait(forScreen: Self.showsNo("Minute cue"), timeout: 2), "a seek back empties the band: \(tmux.screen())")
        #expect(tmux.wait(forScreen: Self.shows("Second cue"), timeout: 2), "then the clock runs on: \(tmux.screen())")
        close(writer)
        #expect(tmux.wait(forScreen: Self.shows("STATUS=0"), timeout: 3), "the pipe's end ends it: \(tmux.screen())")
        #expect(Self.showsNo("Second cue")(tmux.screen()), "the band is emptied: \(tmux.screen())")
    }

    @Test(.requires("mpv")) func aRealMPVPausedSeekedAndSpedUp() throws {
        let socket = scratch.path("mpv.sock")
        let tmux = try Tmux(columns: 120, rows: 10, tag: "fompv")
        // ghostpipe first: it waits for mpv's socket.
        tmux.type("\"$GHOSTPIPE\" --follow mpv:\(socket) \(try film()); echo STATUS=$?")
        #expect(tmux.wait(forScreen: Self.shows("waiting for mpv"), timeout: 5), "\(tmux.screen())")
        let mpv = try HeadlessMPV(mpv: Tool.path("mpv")!, socket: socket, directory: scratch.url.path)
        #expect(mpv.connect())
        #expect(tmux.wait(forScreen: Self.shows("connected"), timeout: 5), "\(tmux.screen())")

        mpv.command(#"["seek", 2.2, "absolute"]"#)
        mpv.command(#"["set_property", "pause", false]"#)
        #expect(tmux.wait(forScreen: Self.shows("First cue"), timeout: 3), "playing: \(tmux.screen())")
        mpv.command(#"["set_property", "pause", true]"#)
        let pausedAt = Double(mpv.property("time-pos") ?? "") ?? 0
        usleep(1_500_000)
        if pausedAt < 2.9 {
            #expect(Self.shows("First cue")(tmux.screen()), "paused at \(pausedAt): the cue stays \(tmux.screen())")
        }

        mpv.command(#"["seek", 61, "absolute"]"#)
        #expect(tmux.wait(forScreen: { Self.shows("Minute cue")($0) && Self.showsNo("First cue")($0) }, timeout: 3), "seek: \(tmux.screen())")

        // Back to just before the second cue (5–8 s) at double speed: it lasts 1.5 s, not 3 s.
        mpv.command(#"["set_property", "speed", 2]"#)
        mpv.command(#"["seek", 4.5, "absolute"]"#)
        #expect(tmux.wait(forScreen: Self.showsNo("Minute cue"), timeout: 3), "seek back: \(tmux.screen())")
        mpv.command(#"["set_property", "pause", false]"#)
        #expect(tmux.wait(forScreen: Self.shows("Second cue"), timeout: 3), "\(tmux.screen())")
        let shown = Date()
        #expect(tmux.wait(forScreen: Self.showsNo("Second cue"), timeout: 4), "\(tmux.screen())")
        let lasted = Date().timeIntervalSince(shown)
        #expect(lasted < 2.6, "at double speed the 3 s cue lasts 1.5 s; it lasted \(lasted) s")

        mpv.quit()
        #expect(tmux.wait(forScreen: Self.shows("STATUS=0"), timeout: 5), "mpv quit: \(tmux.screen())")
    }

    @Test func twoTracksFollowOneClock() throws {
        let track = scratch.path("film.en.srt")
        try "1\n00:00:01,000 --> 00:00:02,500\nEnglish one\n\n2\n00:01:00,000 --> 00:01:10,000\nEnglish minute\n"
            .write(toFile: track, atomically: true, encoding: .utf8)
        let fifo = scratch.path("clock2")
        #expect(mkfifo(fifo, 0o600) == 0)
        let tmux = try Tmux(columns: 50, rows: 10, tag: "fotracks")
        tmux.type("clear; \"$GHOSTPIPE\" --follow \(fifo) \(try film()) --track \(track); echo STATUS=$?")
        let writer = open(fifo, O_WRONLY)
        #expect(writer >= 0)
        func say(_ line: String) { _ = Array((line + "\n").utf8).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
        say("1.9 paused")  // past both reveals (a pause freezes them too)
        #expect(tmux.wait(forScreen: { Self.shows("English one")($0) && Self.shows("First cue")($0) }, timeout: 3), "\(tmux.screen())")
        let screen = tmux.screen()
        let english = screen.firstIndex { $0.contains("English one") }, first = screen.firstIndex { $0.contains("First cue") }
        #expect(english != nil && first != nil && english! + 1 == first!, "the track above the input's: \(screen)")
        say("61 paused")
        #expect(tmux.wait(forScreen: { Self.shows("English minute")($0) && Self.shows("Minute cue")($0) }, timeout: 3), "both seek: \(tmux.screen())")
        close(writer)
        #expect(tmux.wait(forScreen: Self.shows("STATUS=0"), timeout: 3), "\(tmux.screen())")
    }

    @Test func noMPVIsAClearErrorAfterItsWait() throws {
        // The patience is 30 s; a path that cannot be a socket fails at once instead.
        let notSocket = scratch.path("plain")
        _ = FileManager.default.createFile(atPath: notSocket, contents: Data("x".utf8))
        let result = try Binary.run(["--follow", "mpv:\(notSocket)", try film()])
        #expect(result.status == 1)
        #expect(result.stderr.contains("mpv:\(notSocket): not a socket"), "\(result.stderr)")
        let bad = try Binary.run(["--follow", "fd:9", try film()])
        #expect(bad.status == 1 && bad.stderr.contains("descriptor 9 is not open"), "\(bad.stderr)")
        let missing = try Binary.run(["--follow", scratch.path("none"), try film()])
        #expect(missing.status == 1 && missing.stderr.contains("No such file"), "\(missing.stderr)")
    }
}
