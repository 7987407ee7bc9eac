import GhostpipeCore
import Testing
import TestSupport

/// A live recogniser's final comes once its utterance is over (timed by its arrival, or by the
/// recogniser's own clock): in the band it shows from when it comes, for as long as it was said,
/// rather than being skipped as over.
@Suite struct LiveCaptionsInTheBand {
    @Test func aFinalThatComesOverAlreadyShowsWhenItComes() throws {
        let input: [(at: Double, text: String)] = [
            (0.2, "{\"partial\": \"the weather\"}\n"), (1.0, "{\"partial\": \"the weather today\"}\n"),
            (2.0, "{\"text\": \"the weather today\"}\n"), (9.0, "{\"partial\": \"\"}\n"),
        ]
        let run = try VirtualRun(["--format", "vosk"], input: input, terminal: (40, 8))
        var screen = ScreenModel(width: 40, height: 8)
        for write in run.output.writes where write.instant <= 3_500 * Time.millisecond { screen.feed(write.bytes) }
        #expect(screen.transcript.contains { $0.contains("the weather today") }, "\(screen.transcript)")
    }
}
