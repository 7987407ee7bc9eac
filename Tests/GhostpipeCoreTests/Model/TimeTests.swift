import Testing
@testable import GhostpipeCore

@Suite struct DurationParsing {
    @Test(arguments: [
        ("1.5", 1_500_000_000), ("1.5s", 1_500_000_000), ("300ms", 300_000_000), ("2m", 120_000_000_000),
        ("1h", 3_600_000_000_000), ("1m30s", 90_000_000_000), ("00:01:02,500", 62_500_000_000),
        ("1:02.5", 62_500_000_000), ("-0.25s", -250_000_000), ("+2", 2_000_000_000), ("0", 0),
        (".5", 500_000_000), ("100:00:00", 360_000_000_000_000),
    ] as [(String, Int64)])
    func accepts(_ text: String, _ expected: Int64) {
        #expect(Time.parseDuration(text) == expected)
    }

    @Test(arguments: ["", "s", "1.5x", "1:2:3:4", "abc", "1s2", "--1", "1..5", "1:a"])
    func rejects(_ text: String) {
        #expect(Time.parseDuration(text) == nil)
    }

    @Test func formats() {
        #expect(Time.format(62_500_000_000) == "0:01:02.500")
        #expect(Time.format(-1_000_000) == "-0:00:00.001")
    }
}
