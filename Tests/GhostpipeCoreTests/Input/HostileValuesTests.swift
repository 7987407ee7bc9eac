import Testing
@testable import GhostpipeCore
import TestSupport

/// Extreme times, rates and speeds from every border (options, a player's clock lines, mpv) are
/// refused with a message naming the value and where it came from, and the arithmetic past the
/// border saturates instead of trapping (each of these trapped the process with SIGILL before).
@Suite struct HostileValues {
    @Test(arguments: [
        (["--cps", "1e-10"], "--cps: '1e-10' is out of range (from 0.001 to 1000000)"),
        (["--wpm", "1e-9"], "--wpm: '1e-9' is out of range (from 0.001 to 1000000)"),
        (["--cps", "1e7"], "--cps: '1e7' is out of range (from 0.001 to 1000000)"),
        (["--cps", "nan"], "--cps: 'nan' is not a number"),
        (["--cps", "inf"], "--cps: 'inf' is not a number"),
        (["--speed", "1e-8"], "--speed: '1e-8' is out of range (from 0.01 to 100)"),
        (["--speed", "1e308"], "--speed: '1e308' is out of range (from 0.01 to 100)"),
        (["--speed", "5e-324"], "--speed: '5e-324' is out of range (from 0.01 to 100)"),
        (["--offset", "2562047h"], "--offset: '2562047h' is out of range (within ±100,000 hours)"),
        (["--offset", "-2562047h"], "--offset: '-2562047h' is out of range (within ±100,000 hours)"),
        (["--start", "2562047h", "--offset", "-1h"], "--start: '2562047h' is out of range (within ±100,000 hours)"),
        (["--duration", "100001h"], "--duration: '100001h' is out of range (within ±100,000 hours)"),
    ] as [([String], String)])
    func optionsOutsideTheirRangeAreRefusedNamingTheValue(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments) }
    }

    @Test func theEndsOfTheRangesAreAccepted() throws {
        for arguments in [["--cps", "0.001"], ["--cps", "1e6"], ["--wpm", "0.001"], ["--speed", "0.01"], ["--speed", "100"],
                          ["--offset", "-100000h"], ["--start", "100000h"], ["--duration", "100000h"]] {
            #expect(throws: Never.self, "\(arguments)") { try ArgumentParser.parse(arguments) }
        }
    }

    @Test func clockLinesOutsideTheRangesAreBadLinesNotTraps() {
        #expect(PlayerClockLine.parse("5 speed=1e-20") == .failure(.init("'speed=1e-20' is out of range (from 0.01 to 100)")))
        #expect(PlayerClockLine.parse("5 speed=1e308") == .failure(.init("'speed=1e308' is out of range (from 0.01 to 100)")))
        #expect(PlayerClockLine.parse("360000001") == .failure(.init("position '360000001' is out of range (within ±100,000 hours)")))
        #expect(PlayerClockLine.parse("-360000001") == .failure(.init("position '-360000001' is out of range (within ±100,000 hours)")))
        #expect(PlayerClockLine.parse("360000000 speed=0.01") == .success(PlayerClockLine(position: 360_000_000 * Time.second, speed: 0.01)))
    }

    @Test(arguments: [
        (#"{"event":"property-change","name":"time-pos","data":1e10}"#, "time-pos 10000000000.0 is out of range (within ±100,000 hours); ignored"),
        (#"{"event":"property-change","name":"time-pos","data":-1e10}"#, "time-pos -10000000000.0 is out of range (within ±100,000 hours); ignored"),
        (#"{"event":"property-change","name":"time-pos","data":1e300}"#, "time-pos 1e+300 is out of range (within ±100,000 hours); ignored"),
        (#"{"event":"property-change","name":"speed","data":1e308}"#, "speed 1e+308 is out of range (from 0.01 to 100); ignored"),
        (#"{"event":"property-change","name":"speed","data":1e-308}"#, "speed 1e-308 is out of range (from 0.01 to 100); ignored"),
        (#"{"event":"property-change","name":"speed","data":5e-324}"#, "speed 5e-324 is out of range (from 0.01 to 100); ignored"),
    ] as [(String, String)])
    func mpvValuesOutsideTheRangesAreReportedAndIgnored(_ message: String, _ said: String) {
        var mpv = MPVState()
        _ = mpv.take(JSONValue.parse(Array(#"{"event":"property-change","name":"pause","data":false}"#.utf8))!, at: 0)
        _ = mpv.take(JSONValue.parse(Array(#"{"event":"property-change","name":"time-pos","data":10}"#.utf8))!, at: 0)
        let before = mpv.playhead
        #expect(mpv.take(JSONValue.parse(Array(message.utf8))!, at: Time.second) == .failed(said))
        #expect(mpv.playhead == before)
        #expect(mpv.playhead.position(at: 2 * Time.second) == 12 * Time.second)
    }

    @Test func aFarPositionAtASmallSpeedIsNeverReachedNotATrap() {
        let slow = Playhead(instant: 0, position: -999_999 * 3600 * Time.second, speed: 0.01)
        #expect(slow.instant(of: 999_999 * 3600 * Time.second) == .max)
        #expect(slow.position(at: .max) < 0)
        let fast = Playhead(instant: .max / 2, position: 999_999 * 3600 * Time.second, speed: 100)
        #expect(fast.position(at: .max) == .max)
    }

    @Test(arguments: [1.0, 1.5, 0.37, 3.0])
    func farFromItsAnchorAPositionIsReachedAtTheInstantItIsDueNotShortOfIt(_ speed: Double) {
        // Past 2^53 ns a Double cannot hold every nanosecond: rounding once left a waiting loop
        // waking just short of a cue's end for ever (a spin at 100 % CPU under --instant).
        let playhead = Playhead(instant: 0, position: 0, speed: speed)
        for position: Nanoseconds in [1 << 53 + 1, 1 << 61 + 7, 922_337_203_685_000_000, 999_999 * 3600 * Time.second + 3] {
            guard let instant = playhead.instant(of: position) else { Issue.record("never"); continue }
            if instant == .max { #expect(Double(position) / speed >= 0x1p63); continue }  // past the end of time
            #expect(playhead.position(at: instant) >= position, "\(speed) \(position)")
            #expect(playhead.position(at: instant) - position < 1 << 14, "\(speed) \(position): not much later either")
        }
    }

    @Test func saturatingConversionsAndSums() {
        #expect(Nanoseconds(saturating: 1e300) == .max)
        #expect(Nanoseconds(saturating: -1e300) == .min)
        #expect(Nanoseconds(saturating: .nan) == 0)
        #expect(Nanoseconds(saturating: 0x1p63) == .max)
        #expect(Nanoseconds(saturating: -0x1p63) == .min)
        #expect(Nanoseconds(saturating: 12.9) == 12)
        #expect(Nanoseconds.max.saturatingAdding(1) == .max && Nanoseconds.min.saturatingAdding(-1) == .min)
        #expect(Nanoseconds.min.saturatingSubtracting(1) == .min && Nanoseconds.max.saturatingSubtracting(-1) == .max)
        #expect(Time.nanoseconds(seconds: 1e300) == .max)
        #expect(Time.format(.min) == "-2562047:47:16.854")
    }

    @Test func jsonWritesTheEndsOfTime() {
        var out: [UInt8] = []
        JSON.appendMilliseconds(.min, to: &out)
        out.append(32)
        JSON.appendSeconds(.min, to: &out)
        out.append(32)
        JSON.appendMilliseconds(.max, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "-9223372036.855 -9223372036.854776 9223372036.855")
    }

    /// Subtitles at the far ends of time, played with --instant to every text output at the
    /// extreme speeds: each run ends (it used to spin at 100 % CPU or trap).
    @Test(arguments: ["json", "cast", "plain"])
    func cuesAtTheEndsOfTimeEndUnderInstant(_ output: String) throws {
        let film = "1\n00:00:01,000 --> 256204:46:43,685\nhello\n\n2\n999999:00:00,000 --> 999999:00:01,000\nlast\n"
        for extra in [[], ["--speed", "0.01"], ["--speed", "100"], ["--speed", "0.01", "--offset", "-99999h"], ["--speed", "0.01", "--offset", "99999h"]] {
            let run = try VirtualRun(["--instant", "-o", output] + extra, bytes: [(0, Array(film.utf8))])
            // Json and plain write the cue's text; cast gives the cursor back at the end (a cue that
            // starts past the end of time at this speed is never shown there, as on a terminal).
            #expect(run.output.text.contains(output == "cast" ? #"?25h"]"# : "hello"), "\(extra)")
            if output == "cast" && extra.count < 3 { #expect(run.output.text.contains(#"\u001b[37Ch"#), "\(extra)") }
        }
    }

    @Test func aFloodOfBadClockLinesIsSaidFiveTimesThenCounted() throws {
        // A clock that says nothing but nonsense, then closes: five lines and a count, not 1,000.
        let flood = String(repeating: "x\n", count: 1000) + "5 speed=1e-20\n"
        var messages: [String] = []
        let clock = PlayerClockEvents(ScriptedInput([(0, Array(flood.utf8))]), name: "clock", report: { messages.append($0) })
        _ = try Follow.json(more: [clock])
        #expect(messages.count == 6, "\(messages.prefix(8))")
        #expect(messages.first == "clock:1: bad position 'x' (want seconds, like 12.5)")
        #expect(messages[4] == "clock:5: bad position 'x' (want seconds, like 12.5) (more bad clock lines are counted, not shown)")
        #expect(messages.last == "clock: … and 996 more bad clock lines")
    }

    @Test func repeatedReportsCountByKind() {
        var reports = RepeatedReports(shown: 2)
        #expect(reports.admit("a1", kind: "as") == "a1")
        #expect(reports.admit("b1", kind: "bs") == "b1")
        #expect(reports.admit("a2", kind: "as") == "a2 (more as are counted, not shown)")
        #expect(reports.admit("a3", kind: "as") == nil)
        for _ in 0..<1_402_112 { _ = reports.admit("a", kind: "as") }
        #expect(reports.summary() == ["… and 1,402,113 more as"])
        #expect(reports.summary().isEmpty)
    }

    @Test func aHugeEncodingNameOrOptionIsRefusedShortly() {
        // A 131 KB name: close names searched among those of a near length only, the name shown cut.
        let name = String(repeating: "x", count: 131_072)
        #expect(throws: UsageError("--encoding: '\(String(repeating: "x", count: 32))… (131072 bytes)' is not an encoding ghostpipe knows "
                                   + "(try auto, CP949, GBK, Big5, Shift_JIS, EUC-JP, CP1250, CP1251, CP1252, KOI8-R; the manual lists all)")) {
            try ArgumentParser.parse(["--encoding", name])
        }
        #expect(EncodingCatalog.closeNames(to: "cp1215").contains("CP1251"))
        #expect(EncodingCatalog.closeNames(to: "shiftj").contains("Shift_JIS"))
        #expect(ArgumentParser.suggestion(for: String(repeating: "w", count: 100_000)).isEmpty)
        #expect(ArgumentParser.suggestion(for: "wmp") == "; did you mean '--wpm'?")
    }
}
