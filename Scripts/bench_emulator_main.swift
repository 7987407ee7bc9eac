// Throughput benchmark for TerminalEmulator (run through Scripts/bench_emulator.sh).
//
// Compiled with `swiftc -O -wmo` together with the library sources the emulator needs, as module
// GhostpipeCore, so it measures the code the library ships without a benchmark target in Package.swift.
// Inputs are generated deterministically and look like what a program writes to its pseudo-terminal
// (the line discipline has already turned "\n" into "\r\n"): `seq`, `ls -l --color`, coloured
// `git log`, a full-screen program redrawing (htop-like), and CJK/emoji text. They are fed in 4 KiB
// chunks, the size a pty read returns. Two figures per input: feeding alone, and feeding while
// "rendering" 60 times per 100 MB/s-second — every 1.6 MB, take the scrolled-off lines, the dirty rows
// and the cells of those rows, as the overlay will. Times are the thread's CPU time (best of RUNS), so
// that other work on the machine disturbs them less. Arguments: [RUNS [NAME-FILTER]]; BENCH_FILE=path
// feeds that file instead (Scripts/bench_streams.sh: the anchor for the same bytes).

#if canImport(Glibc)
import Glibc
#endif

@main
enum BenchEmulator {
    /// This thread's CPU time: on a shared machine wall time measures the neighbours too.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    struct Generator {
        var state: UInt64 = 0x1234_5678
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func seq(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 9)
        for i in 1...count {
            out += Array(String(i).utf8)
            out += [0x0D, 0x0A]
        }
        return out
    }

    static func lsColor(bytes: Int) -> [UInt8] {
        var g = Generator()
        let colours = ["01;34", "01;32", "01;36", "0", "0", "0", "40;33;01", "01;35"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let stems = ["python3", "x86_64-linux-gnu-gcc", "git-upload-pack", "ls", "tmux", "systemd-analyze",
                     "perl5.36-x86_64-linux-gnu", "dpkg-buildpackage", "vim.basic", "zstd"]
        var out: [UInt8] = []
        while out.count < bytes {
            let colour = colours[g.next(colours.count)]
            let name = stems[g.next(stems.count)] + (g.next(3) == 0 ? "-\(g.next(100))" : "")
            let line = "-rwxr-xr-x 1 root root \(String(repeating: " ", count: g.next(3)))\(g.next(9_999_999)) "
                + "\(months[g.next(12)]) \(g.next(28) + 1) \(g.next(24)):\(g.next(50) + 10) "
                + "\u{1B}[0m\u{1B}[\(colour)m\(name)\u{1B}[0m\r\n"
            out += Array(line.utf8)
        }
        return out
    }

    static func gitLog(bytes: Int) -> [UInt8] {
        var g = Generator()
        let hex = Array("0123456789abcdef")
        let subjects = ["Fix the parser when a sequence is split", "Add the overlay band", "Refactor layout",
                        "Bump the width tables to Unicode 17", "Tests for tab stops and scroll regions"]
        var out: [UInt8] = []
        var first = true
        while out.count < bytes {
            let hash = String((0..<40).map { _ in hex[g.next(16)] })
            let refs = first ? " \u{1B}[33m(\u{1B}[1;36mHEAD -> \u{1B}[1;32mmain\u{1B}[33m, \u{1B}[1;31morigin/main\u{1B}[33m)" : ""
            first = false
            let entry = "\u{1B}[33mcommit \(hash)\(refs)\u{1B}[m\r\nAuthor: Someone Example <someone@example.org>\r\n"
                + "Date:   Mon Nov \(g.next(28) + 1) 12:\(g.next(50) + 10):00 2026 +0100\r\n\r\n"
                + "    \(subjects[g.next(subjects.count)])\r\n\r\n"
                + "\u{1B}[1mdiff --git a/Sources/x.swift b/Sources/x.swift\u{1B}[m\r\n"
                + "\u{1B}[36m@@ -\(g.next(400)),7 +\(g.next(400)),8 @@\u{1B}[m\r\n"
                + "\u{1B}[31m-        let old = value\u{1B}[m\r\n\u{1B}[32m+        let new = value + 1\u{1B}[m\r\n"
                + "         unchanged context line\r\n"
            out += Array(entry.utf8)
        }
        return out
    }

    /// A full-screen program repainting an 80×24 alternate screen: cursor positioning, colour, erase.
    static func fullScreen(bytes: Int) -> [UInt8] {
        var g = Generator()
        var out = Array("\u{1B}[?1049h\u{1B}[22;0;0t\u{1B}[?1h\u{1B}=\u{1B}[?25l".utf8)
        while out.count < bytes {
            var frame = "\u{1B}[H\u{1B}[30;42m  PID USER      PRI  NI  VIRT   RES   SHR S CPU% MEM%   TIME+  Command\u{1B}[K\u{1B}[m"
            for row in 2...23 {
                frame += "\u{1B}[\(row);1H\u{1B}[m\(String(g.next(99999)).padding(5)) root       20   0 "
                    + "\u{1B}[36m\(g.next(999))M\u{1B}[m \(g.next(99))M \u{1B}[1;32m\(g.next(9))\u{1B}[m S "
                    + "\u{1B}[1;31m\(g.next(100)).\(g.next(10))\u{1B}[m  0.\(g.next(10)) 0:\(g.next(60)).00 "
                    + "\u{1B}[1m/usr/bin/something --flag\u{1B}[K"
            }
            frame += "\u{1B}[24;1H\u{1B}[30;46mF1\u{1B}[mHelp  \u{1B}[30;46mF10\u{1B}[mQuit\u{1B}[K"
            out += Array(frame.utf8)
        }
        return out
    }

    static func unicodeText(bytes: Int) -> [UInt8] {
        let line = "한국어 문장은 띄어쓰기로 나뉩니다. 中文字幕 café e\u{301}tude 👨\u{200D}👩\u{200D}👧 🇰🇷 👍🏽\r\n"
        var out: [UInt8] = []
        while out.count < bytes { out += Array(line.utf8) }
        return out
    }

    /// Best of `runs`: seconds to feed `input` in 4 KiB chunks, optionally "rendering" every 1.6 MB.
    static func measure(_ input: [UInt8], runs: Int, render: Bool) -> (seconds: Double, checksum: Int) {
        var best = Double.infinity
        var checksum = 0
        for _ in 0..<runs {
            let terminal = TerminalEmulator(rows: 24, columns: 80)
            let start = now()
            var sum = 0
            input.withUnsafeBytes { all in
                var offset = 0
                var sinceFrame = 0
                while offset < all.count {
                    let end = min(all.count, offset + 4096)
                    terminal.feed(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                    sinceFrame += end - offset
                    offset = end
                    if render && sinceFrame >= 1_600_000 {
                        sinceFrame = 0
                        sum &+= terminal.takeScrolledOff().count
                        for r in terminal.takeDirtyRows() { sum &+= terminal.row(r).count }
                        sum &+= terminal.takeResponses().count
                    }
                }
            }
            sum &+= terminal.cursor.row &+ terminal.rowText(0).utf8.count
            best = min(best, now() - start)
            checksum = sum
        }
        return (best, checksum)
    }

    static func main() {
        let arguments = CommandLine.arguments
        let runs = arguments.count > 1 ? Int(arguments[1]) ?? 5 : 5
        let filter = arguments.count > 2 ? arguments[2] : ""
        let generators: [(String, () -> [UInt8])] = [
            ("seq 1 2000000", { seq(2_000_000) }),
            ("ls -l --color (generated)", { lsColor(bytes: 16_000_000) }),
            ("git log -p --color (generated)", { gitLog(bytes: 16_000_000) }),
            ("full-screen repaint (htop-like)", { fullScreen(bytes: 16_000_000) }),
            ("CJK, emoji, combining text", { unicodeText(bytes: 8_000_000) }),
        ]
        var inputs = generators.filter { filter.isEmpty || $0.0.contains(filter) }.map { ($0.0, $0.1()) }
        // BENCH_FILE=path: that file alone, as a terminal receives it (a pty turns "\n" into "\r\n").
        if let path = getenv("BENCH_FILE").map({ String(cString: $0) }) { inputs = [("file " + path.split(separator: "/").last!, file(path))] }
        print("input                              MB     feed MB/s   feed+frames MB/s")
        for (name, input) in inputs {
            let mb = Double(input.count) / 1e6
            let feed = measure(input, runs: runs, render: false)
            let frames = measure(input, runs: runs, render: true)
            let line = name.padding(34) + String(format1(mb)).leftPadding(6)
                + String(format1(mb / feed.seconds)).leftPadding(13) + String(format1(mb / frames.seconds)).leftPadding(19)
            print(line + "   (checksum \(feed.checksum & 0xFFFF))")
        }
    }

    /// The bytes of the file at `path`, each "\n" made "\r\n" (`onlcr`).
    static func file(_ path: String) -> [UInt8] {
        guard let f = fopen(path, "rb") else { fatalError("cannot read \(path)") }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let n = fread(&chunk, 1, chunk.count, f), n > 0 {
            for b in chunk[..<n] { if b == 0x0A { out.append(0x0D) }; out.append(b) }
        }
        return out
    }

    static func format1(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadding(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
