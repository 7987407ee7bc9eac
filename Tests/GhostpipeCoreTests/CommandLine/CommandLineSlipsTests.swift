import Testing
@testable import GhostpipeCore

/// Slips a new user makes on the command line: a long option with one dash, a value from a sibling
/// option's vocabulary.
@Suite struct CommandLineSlips {
    @Test(arguments: ["speed", "instant", "encoding", "place"])
    func aLongOptionWithOneDashSuggestsTwo(_ name: String) {
        #expect(throws: UsageError("unknown option '-\(name)'; did you mean '--\(name)'?")) {
            try ArgumentParser.parse(["-\(name)", "2"])
        }
    }

    @Test func aMisspeltLongOptionWithOneDashSuggestsTheNearest() {
        #expect(throws: UsageError("unknown option '-sped'; did you mean '--speed'?")) { try ArgumentParser.parse(["-sped", "2"]) }
    }

    @Test func shortOptionsStillBundleAndTakeValues() throws {
        let options = try ArgumentParser.parse(["-w300", "-iV"])
        #expect(options.instant && options.showVersion)
    }

    @Test func alignAndPlaceTakeEachOthersWordForTheMiddle() throws {
        #expect(try ArgumentParser.parse(["--align", "middle"]).alignment == .center)
        #expect(try ArgumentParser.parse(["--align", "centre"]).alignment == .center)
        #expect(try ArgumentParser.parse(["--place", "center"]).place == .middle)
        #expect(try ArgumentParser.parse(["--place=centre"]).place == .middle)
    }
}
