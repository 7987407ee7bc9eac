import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `--follow` against hostile peers (`Tests/Data/peers/`): an mpv that sends values no player means,
/// floods of errors, garbage, nothing, or hangs up; a clock that writes extreme values and junk into
/// the named pipe. The real binary on a terminal: it never traps, says each kind of problem a few
/// times and then counts it, gives the terminal back, and ends (or plays on) as documented.
@Suite(.requires("python3")) struct HostilePeers {
    static let film = "1\n00:00:01,000 --> 00:00:02,000\nhello\n"

    static func peer(_ name: String) -> String { Paths.repository.appendingPathComponent("Tests/Data/peers/\(name)").path }

    struct Outcome {
        var status: Int?
        var stderr: [String]
        var terminal: String
    }

    /// `start` (a shell command that starts the peer in the background) then ghostpipe with
    /// `follow`, on a terminal; its status, standard error's lines and the terminal's bytes.
    static func run(_ start: String, follow: String, through wrapper: String = "") throws -> Outcome {
        let scratch = ScratchDirectory("peers")
        let film = try scratch.file("film.srt", Self.film)
        let err = scratch.path("err")
        let script = "cd '\(scratch.url.path)'; \(start); \(wrapper) \"$GHOSTPIPE\" --follow \(follow) '\(film)' 2>'\(err)'; echo STATUS=$?; wait"
        let run = try Binary.runInTerminal(script, rows: 10, columns: 60, timeout: 40)
        let text = run.text.replacingOccurrences(of: "\r", with: "")
        let status = text.components(separatedBy: "STATUS=").dropFirst().last.flatMap { Int($0.prefix { $0.isNumber }) }
        let stderr = ((try? String(contentsOfFile: err, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        try? FileManager.default.removeItem(at: scratch.url)
        return Outcome(status: status, stderr: stderr, terminal: run.text)
    }

    /// No trap (SIGILL, SIGABRT, SIGSEGV), the cursor shown at the end, and a bounded standard error.
    static func expectSane(_ outcome: Outcome, status: Int, maxLines: Int = 12, _ what: String) {
        #expect(outcome.status == status, "\(what): status \(String(describing: outcome.status)); \(outcome.stderr.prefix(8))")
        #expect(![132, 134, 139].contains(outcome.status ?? 0), "\(what): trapped")
        #expect(cursorVisibleAtEnd(outcome.terminal), "\(what): the cursor is left hidden")
        #expect(outcome.stderr.count <= maxLines, "\(what): \(outcome.stderr.count) lines on stderr: \(outcome.stderr.prefix(20))")
        #expect(outcome.stderr.allSatisfy { $0.utf8.count < 400 }, "\(what): a line too long for a terminal: \(outcome.stderr.map(\.utf8.count))")
    }

    @Test(arguments: ["values", "errors", "garbage"])
    func anMPVThatSaysNonsenseIsIgnoredAndCountedAndItsShutdownEndsThePlay(_ mode: String) throws {
        let outcome = try Self.run("python3 '\(Self.peer("hostile_mpv.py"))' mpv.sock \(mode) & sleep 0.5", follow: "mpv:mpv.sock")
        Self.expectSane(outcome, status: 0, mode)
        if mode != "garbage" {
            // A few said, the rest counted at the end.
            #expect(outcome.stderr.last?.contains("more errors from mpv") == true, "\(outcome.stderr)")
        }
    }

    @Test func anMPVThatNeverAnswersPlaysNothingUntilSIGINT() throws {
        let outcome = try Self.run("python3 '\(Self.peer("hostile_mpv.py"))' mpv.sock silent & sleep 0.5", follow: "mpv:mpv.sock",
                                   through: "timeout --foreground --preserve-status -s INT 2")
        Self.expectSane(outcome, status: 130, "silent")
        #expect(!outcome.terminal.contains("hello"))
    }

    @Test func anMPVThatHangsUpEndsThePlay() throws {
        let outcome = try Self.run("python3 '\(Self.peer("hostile_mpv.py"))' mpv.sock disconnect & sleep 0.5", follow: "mpv:mpv.sock")
        Self.expectSane(outcome, status: 0, "disconnect")
    }

    @Test(arguments: ["values", "junk"])
    func aClockThatWritesNonsenseIsIgnoredAndCountedAndItsEndEndsThePlay(_ mode: String) throws {
        let outcome = try Self.run("mkfifo clock; python3 '\(Self.peer("hostile_clock.py"))' clock \(mode) & sleep 0.1", follow: "\"$PWD/clock\"")
        Self.expectSane(outcome, status: 0, mode)
        #expect(outcome.stderr.last?.contains("more bad clock lines") == true, "\(outcome.stderr)")
    }
}
