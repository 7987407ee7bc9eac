import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What people pipe into ghostpipe, from the programs themselves: figlet through lolcat, toilet's
/// rainbow, `ls -C` in colour, `git log --graph` in colour, neofetch. Each program's output is made once (into a
/// file, so that `cat` and ghostpipe get the same bytes) and, read as a terminal stream (`--wrap
/// char`: its lines are wider than 20 columns), ends on `cat`'s screen cell for cell.
@Suite(.requires("tmux", "figlet", "toilet", "git")) struct ProgramOutputsInTmux {
    typealias FinalScreen = FinalScreensInTmux.FinalScreen

    static let programs: [String: String] = [
        "figlet-lolcat": "figlet -w 80 ghostpipe | lolcat -f -S 7",
        "toilet-gay": "toilet -w 80 --gay 'hi there'",
        "ls-color": "ls --color=always -C -w 80 '\(Paths.repository.path)/Sources/GhostpipeCore'",
        "git-graph": "git -C '\(Paths.repository.path)' log --graph --color=always --oneline -12",
        // Its logo, then the information beside it by cursor motion, autowrap off while it draws.
        "neofetch": "neofetch",
    ]

    struct Case: Sendable, Hashable, CustomTestStringConvertible {
        var program: String
        var columns: Int
        var testDescription: String { "\(program) at \(columns) columns" }
    }

    static let cases = programs.keys.sorted().flatMap { p in [20, 33, 80].map { Case(program: p, columns: $0) } }

    @Test(arguments: ["typewriter", "letters"], cases)
    func endsOnCatsScreen(effect: String, case: Case) async throws {
        if `case`.program == "figlet-lolcat" && Tool.path("lolcat") == nil && !FileManager.default.fileExists(atPath: "/usr/games/lolcat") { return }
        if `case`.program == "neofetch" && Tool.path("neofetch") == nil { return }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostpipe-program-\(getpid())-\(`case`.program)-\(effect)-\(`case`.columns).out").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/bin/sh")
        make.arguments = ["-c", "\(Self.programs[`case`.program, default: "true"]) > '\(path)'"]
        make.environment = ["PATH": "/usr/local/bin:/usr/bin:/bin:/usr/games", "LANG": "C.UTF-8", "COLUMNS": "80", "TERM": "xterm-256color", "HOME": NSTemporaryDirectory()]
        try make.run()
        make.waitUntilExit()
        let made = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        #expect(made.count > 40 && made.contains(0x1B), "\(`case`.program) wrote \(made.count) bytes")
        let reference = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("printf '$ \\n'; cat '\(path)'", columns: `case`.columns, rows: 24, tag: "cat-\(`case`.program)-\(effect)-\(`case`.columns)")
        }
        let timing = effect == "typewriter" ? "--cps 4000" : "--duration 0.5s"
        let ghost = try await FinalScreensInTmux.gate.run {
            try await FinalScreen.capture("printf '$ '; '\(Binary.path)' --wrap char --effect \(effect) --seed 3 \(timing) '\(path)'",
                                          columns: `case`.columns, rows: 24, tag: "\(`case`.program)-\(effect)-\(`case`.columns)")
        }
        #expect(ghost.status == 0 && reference.status == 0)
        TerminalStreamsInTmux.expectSameCells(ghost, reference)
    }
}
