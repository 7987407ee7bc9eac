import GhostpipeCore
import TestSupport
import Testing

/// `--max-lag`: the pacer never falls further behind its input than the bound; it hurries, it
/// drops nothing, and goes on at its pace from there.
@Suite struct LagBounds {
    @Test func graphemesDueLaterThanTheBoundComeAtIt() {
        var pacer = Pacer(graphemesPerSecond: 25, pauses: false)
        pacer.lagBound = LagBound(100 * Time.millisecond)
        let instants = (0..<6).map { _ in pacer.schedule(.other, ready: 0) }
        #expect(instants == [0, 40, 80, 100, 100, 100].map { $0 * Time.millisecond })
        // The pace goes on from the bound: the next, ready at 110 ms, comes 40 ms after it.
        #expect(pacer.schedule(.other, ready: 110 * Time.millisecond) == 140 * Time.millisecond)
    }

    @Test func withoutABoundThePaceIsKept() {
        var pacer = Pacer(graphemesPerSecond: 25, pauses: false)
        #expect((0..<6).map { _ in pacer.schedule(.other, ready: 0) }.last == 200 * Time.millisecond)
    }

    @Test func proseFromAFastPipeKeepsWithinTheBound() throws {
        let text = String(repeating: "word ", count: 20) + "\n"
        let bounded = try VirtualRun(["--cps", "10", "--max-lag", "0.5"], input: [(0, text)], terminal: (120, 6))
        #expect(bounded.screen(columns: 120, rows: 6).lines[0].count == 99)
        let last = try #require(bounded.output.writes.last { $0.bytes.contains(UInt8(ascii: "d")) })
        #expect(last.instant <= 500 * Time.millisecond)
        let paced = try VirtualRun(["--cps", "10"], input: [(0, text)], terminal: (120, 6))
        let lastPaced = try #require(paced.output.writes.last { $0.bytes.contains(UInt8(ascii: "d")) })
        #expect(lastPaced.instant > 9 * Time.second)
    }
}
