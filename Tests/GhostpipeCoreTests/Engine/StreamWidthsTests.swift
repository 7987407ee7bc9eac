import Testing
@testable import GhostpipeCore
import TestSupport

/// A terminal stream (`--wrap char`: the input is read through the emulator) ends as `cat` leaves the
/// terminal even where the terminal draws emoji at other widths than Unicode: the terminal is asked
/// about the clusters before the stream reads them, and the emulator lays them out at its answer.
/// tmux 3.3a draws `👍🏽` as `👍` and `🏽`, four columns, so a carriage return and `X` leave `🏽` on the
/// screen; at Unicode's two columns the `X` took the whole emoji. A pseudo-terminal plays the terminal
/// (see `StartProbeTests`).
@Suite struct StreamWidthsTests {
    typealias Terminal = StartProbeTests.Terminal

    static let line = "\u{1B}[31m👍🏽 ab\u{1B}[0m\rX\n"

    /// The screen the show's writes leave on a terminal that draws `👍🏽` four columns wide.
    static func screen(_ sink: MemorySink) -> [String] {
        var screen = ScreenModel(width: 20, height: 4)
        screen.widths = ["👍🏽": 4]
        screen.feed(sink.bytes)
        return screen.lines
    }

    /// The emoji in the stream's first read: measured with the start's question.
    @Test func aStreamsEmojiIsLaidOutAtTheWidthTheTerminalAnswered() throws {
        let terminal = try Terminal()
        let (outcome, sink, _) = try terminal.show(["--instant", "--wrap", "char"], [(0, Self.line)],
                                                   replies: [(0.01, "\u{1B}[1;1R\u{1B}[1;5R")])
        #expect(outcome == .finished)
        #expect(terminal.widths.width(of: "👍🏽") == 4)
        #expect(Self.screen(sink).first == "X 🏽 ab", "\(Self.screen(sink))")
    }

    /// The emoji in a later read: the terminal is asked about it before the stream reads it.
    @Test func aStreamAsksTheTerminalAboutAnEmojiInALaterRead() throws {
        let terminal = try Terminal()
        let (outcome, sink, _) = try terminal.show(["--instant", "--wrap", "char"], [(0, "hello\n"), (1, Self.line)],
                                                   replies: [(0.01, "\u{1B}[1;1R"), (1.01, "\u{1B}[2;1R\u{1B}[2;5R")])
        #expect(outcome == .finished)
        #expect(terminal.written().contains("👍🏽\u{1B}[6n"))
        #expect(Self.screen(sink).prefix(2) == ["hello", "X 🏽 ab"], "\(Self.screen(sink))")
        #expect(!terminal.probe.gaveUp && !terminal.questions.isAsking)
    }

    /// The bytes of a stream name the clusters outside ASCII they print, a cluster cut by a read
    /// with the rest of it in the next, a keycap with its digit.
    @Test func aStreamsBytesNameTheirClusters() {
        var clusters = StreamClusters()
        func names(_ text: String) -> [String] {
            Array(text.utf8).withUnsafeBufferPointer { clusters.names(in: $0) }
        }
        #expect(names("\u{1B}[31mab 👍🏽 c 한국\u{1B}[0m\r\n") == ["👍🏽", "한", "국"])
        #expect(names("plain ascii\n") == [])
        #expect(names("x 👍") == ["👍"])
        #expect(names("🏽 done") == ["👍🏽"])
        #expect(names("key 1") == [])
        #expect(names("\u{FE0F}\u{20E3}!") == ["1\u{FE0F}\u{20E3}"])
    }
}
