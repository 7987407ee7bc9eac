// Width-throughput benchmark for DisplayWidth (run through Scripts/bench_width.sh).
//
// Compiled with `swiftc -O -wmo -parse-as-library` together with the library's width sources, so it measures
// the same code the library ships without a benchmark target in Package.swift. The text is ~1 MiB of
// UTF-8, built deterministically from ASCII prose, Korean, emoji sequences, NFD Latin with combining marks
// and a little CJK. Graphemes are split once up front (as Substrings and as Characters): the timed
// loops are width only; the cost of segmentation alone is printed beside them for scale.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
enum BenchWidth {
    static let segments: [(name: String, text: String)] = [
        ("ascii", "The quick brown fox jumps over the lazy dog; 0123456789 (ok?) [yes] {no}.\n"),
        ("korean", "다람쥐 헌 쳇바퀴에 타고파. 한국어 텍스트는 한 글자가 두 칸을 차지합니다.\n"),
        ("emoji", "😀 👍🏽 👨‍👩‍👧 🧑‍💻 🏳️‍🌈 ❤️‍🔥 🇰🇷 🇺🇸 1️⃣ #️⃣ ☺️ ✌️ 🫩 🏴󠁧󠁢󠁥󠁮󠁧󠁿\n"),
        ("combining", "cafe\u{301} nai\u{308}ve Z\u{300}\u{301}\u{302} a\u{20DD} e\u{301}\u{302} o\u{303}\u{304}\n"),
        ("cjk", "中文字幕、日本語のひらがな、ｶﾀｶﾅ。\n"),
    ]

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Repeats `unit` until the text holds at least `bytes` bytes of UTF-8.
    static func build(_ unit: String, bytes: Int) -> String {
        var text = ""
        text.reserveCapacity(bytes + unit.utf8.count)
        while text.utf8.count < bytes { text += unit }
        return text
    }

    /// Best of `runs` timings of `body`, which returns a checksum (so the work cannot be optimised away).
    static func best(of runs: Int, _ body: () -> Int) -> (seconds: Double, checksum: Int) {
        var best = Double.infinity
        var checksum = 0
        for _ in 0..<runs {
            let start = now()
            checksum = body()
            best = min(best, now() - start)
        }
        return (best, checksum)
    }

    static func format(_ x: Double, _ digits: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return "\((x * scale).rounded() / scale)"
    }

    static func report(_ name: String, _ text: String, runs: Int) {
        let split = best(of: runs) { text.count }
        var substrings: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            substrings.append(text[index..<next])
            index = next
        }
        let characters = Array(text)
        let viaSubstring = best(of: runs) { substrings.reduce(0) { $0 &+ DisplayWidth.of($1) } }
        let viaCharacter = best(of: runs) { characters.reduce(0) { $0 &+ DisplayWidth.of($1) } }
        precondition(viaSubstring.checksum == viaCharacter.checksum, "entry points disagree")

        let megabytes = Double(text.utf8.count) / 1e6
        func rate(_ seconds: Double) -> String {
            "\(format(megabytes / seconds)) MB/s \(format(Double(characters.count) / seconds / 1e6, 2)) M/s"
        }
        let pad = String(repeating: " ", count: max(0, 10 - name.count))
        print("\(name)\(pad) \(characters.count) graphemes, \(viaSubstring.checksum) columns | "
            + "of(Substring): \(rate(viaSubstring.seconds)) | of(Character): \(rate(viaCharacter.seconds)) | "
            + "segmentation alone: \(rate(split.seconds))")
    }

    static func main() {
        let megabyte = 1 << 20
        let runs = 7
        // Mixed: the segments interleaved, then repeated to 1 MiB.
        let mixed = build(segments.map(\.text).joined(), bytes: megabyte)
        print("DisplayWidth throughput over pre-split graphemes, \(megabyte) bytes of UTF-8 per text, best of \(runs) runs")
        print("(MB/s of UTF-8 and M graphemes/s; segmentation alone = String.count over the same text)")
        report("mixed", mixed, runs: runs)
        for (name, unit) in segments {
            report(name, build(unit, bytes: megabyte), runs: runs)
        }
    }
}
