import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Endless input through the real binary (`yes` piped in, as a user would): memory stays flat, and
/// what is cut is said with exact counts. `Scripts/check_limits.sh` measures the peaks on the
/// release build.
@Suite struct EndlessInput {
    struct Run {
        /// Resident memory after the first sample and at the last, in KB.
        var first: Int
        var last: Int
        var stderr: String
        var status: Int32
    }

    /// `feed` (a shell pipeline writing for ever) into ghostpipe with `arguments`; its resident
    /// memory sampled after `settle` seconds and again `more` seconds later; then SIGTERM ends it.
    static func run(feed: String, _ arguments: [String], settle: Double = 2, more: Double = 3) throws -> Run {
        let feeder = Process()
        feeder.executableURL = URL(fileURLWithPath: "/bin/sh")
        feeder.arguments = ["-c", feed]
        let pipe = Pipe()
        feeder.standardOutput = pipe
        feeder.standardError = FileHandle.nullDevice
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = arguments
        process.standardInput = pipe.fileHandleForReading
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try feeder.run()
        try process.run()
        // Only the two ends of the feed hold the pipe: when ghostpipe ends, the feeder's writes fail.
        try? pipe.fileHandleForReading.close()
        try? pipe.fileHandleForWriting.close()
        final class Box: @unchecked Sendable { var data = Data() }
        let stderr = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stderr.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        func resident() -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        usleep(useconds_t(settle * 1e6))
        let first = resident()
        usleep(useconds_t(more * 1e6))
        let last = resident()
        process.terminate()
        process.waitUntilExit()
        feeder.terminate()
        feeder.waitUntilExit()
        group.wait()  // (the feeder was started holding the stderr pipe too)
        return Run(first: first, last: last, stderr: String(decoding: stderr.data, as: UTF8.self), status: process.terminationStatus)
    }

    @Test(arguments: [[], ["--instant"]])
    func slidesOfAParagraphThatNeverEndsHoldOneSlide(_ extra: [String]) throws {
        // Every slide was kept, and read as fast as it came: 39 MB growing 5 MB a second (debug build).
        let run = try Self.run(feed: "yes", ["--layout", "slides", "-o", "terminal", "--width", "80", "--height", "24"] + extra)
        #expect(run.last - run.first < 4_000, "resident \(run.first) KB, then \(run.last) KB")
        #expect(run.status == 143 || run.status == 15, "\(run.status) \(run.stderr)")
        // Ended by SIGTERM: what was dropped of the paragraph so far is said.
        #expect(run.stderr.hasPrefix("ghostpipe: standard input: slide 1 cut at 65536 characters ("), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test(arguments: [[], ["--instant"]])
    func slidesOfManyParagraphsHoldOneSlideAndTheNext(_ extra: [String]) throws {
        let run = try Self.run(feed: "yes 'a slide\n'", ["--layout", "slides", "-o", "terminal", "--width", "80", "--height", "24"] + extra)
        #expect(run.last - run.first < 4_000, "resident \(run.first) KB, then \(run.last) KB")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func creditsOnALineThatNeverEndsStayBounded() throws {
        // The paragraph took lines up to the viewport's height, each of up to 65,536 characters,
        // before any was laid out: 92 MB growing to 334 MB in 15 s (debug build).
        let run = try Self.run(feed: "yes | tr -d '\\n'", ["-e", "credits", "-o", "terminal", "--width", "80", "--height", "24"])
        #expect(run.last - run.first < 4_000, "resident \(run.first) KB, then \(run.last) KB")
        #expect(run.stderr.hasPrefix("ghostpipe: standard input: line 1 cut at 65536 characters ("), "\(run.stderr)")
    }

    struct CutCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var arguments: [String]
        var input: String
        var message: String
    }

    /// A slide of 200,000 lines of "y" (400,000 characters with their line ends) and the blank line
    /// that ends the paragraph keeps 65,536 characters; a credits line of 100,000 Hangul the same.
    /// The rest is dropped and counted exactly, and what follows still plays.
    static let cutCases = [
        CutCase(testDescription: "slide", arguments: ["--layout", "slides"], input: String(repeating: "y\n", count: 200_000) + "\nafter\n",
                message: "slide 1 cut at 65536 characters (334465 more characters, 334465 bytes, dropped)"),
        CutCase(testDescription: "credits line", arguments: ["-e", "credits"], input: String(repeating: "한", count: 100_000) + "\nafter\n",
                message: "line 1 cut at 65536 characters (34464 more characters, 103392 bytes, dropped)"),
    ]

    @Test(arguments: cutCases)
    func aPartLongerThanItsLimitIsCutAndTheCountIsExact(case: CutCase) throws {
        let run = try Binary.run(`case`.arguments + ["-o", "terminal", "--width", "80", "--height", "24", "--instant"],
                                 stdin: Array(`case`.input.utf8))
        #expect(run.status == 0)
        #expect(run.stderr == "ghostpipe: standard input: \(`case`.message)\n", "\(run.stderr)")
        #expect(run.text.contains("after"))
    }
}
