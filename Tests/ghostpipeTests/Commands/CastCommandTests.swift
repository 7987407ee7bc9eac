import Foundation
import Testing
import TestSupport

/// `-o asciicast-v3` through the real binary: the recording ends with the run's own exit status in
/// its `"x"` event, whatever ended it (issue 32: an `"x"` exit event).
@Suite struct CastCommand {
    /// The last event of a recording (lines may end with CR LF on a terminal).
    static func lastEvent(_ text: String) -> String? {
        text.split(whereSeparator: \.isNewline).last { $0.hasPrefix("[") }.map(String.init)
    }

    @Test func aRunThatFailsEndsItsRecordingWithItsStatus() throws {
        let run = try Binary.run(["-o", "asciicast-v3", "--instant", "/nonexistent/film.srt"])
        #expect(run.status == 1)
        #expect(Self.lastEvent(run.text) == #"[0.0, "x", "1"]"#, "\(run.text)")
        #expect(run.stderr.contains("/nonexistent/film.srt"))
        let ok = try Binary.run(["-o", "asciicast-v3", "--instant", Binary.sample("english.srt")])
        #expect(ok.status == 0 && Self.lastEvent(ok.text) == #"[0.0, "x", "0"]"#)
    }

    @Test func anInterruptedRunEndsItsRecordingWith130() throws {
        let run = try Binary.runInTerminal("exec \"$GHOSTPIPE\" -o asciicast-v3 --cps 20 \"\(Binary.sample("script.txt"))\"",
                                           rows: 10, columns: 50, actions: [(0.5, .signal(SIGINT))])
        #expect(run.status == 130, "status \(run.status)")
        #expect(!run.text.contains("Two hours of subtitles"))  // it stopped early
        #expect(Self.lastEvent(run.text) == #"[0.0, "x", "130"]"#, "\(run.text.suffix(200).debugDescription)")
    }
}
