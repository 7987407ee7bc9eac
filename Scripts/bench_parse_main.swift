// Benchmark driver for Scripts/bench_parse.sh: compiled with `swiftc -O` together with the parser
// sources (no package target needed). Reads, decodes and parses one subtitle file, then prints one
// line of key=value figures.
import Glibc

enum BenchError: Error { case cannotOpen(String) }

@main
struct BenchParse {
    /// Wall time, or with `BENCH_CLOCK=cpu` the process's CPU time (steadier on a machine shared
    /// with other work; page faults count, waiting for a core does not).
    static let clock = getenv("BENCH_CLOCK").map { String(cString: $0) == "cpu" } == true
        ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Peak resident set size in KiB (VmHWM), from /proc/self/status.
    static func peakRSSKiB() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                return Int(text.dropFirst(6).filter { $0.isNumber }) ?? -1
            }
        }
        return -1
    }

    static func main() throws {
        let args = CommandLine.arguments
        guard args.count >= 2 else {
            print("usage: bench_parse FILE [--materialize] [--array]")
            exit(2)
        }
        let path = args[1]
        let materialize = args.contains("--materialize")
        let t0 = now()
        // Decoded as the show decodes a file: the bytes through the stream decoder (UTF-8
        // validated once, or a code page decoded), kept as bytes for the parser.
        let text: [UInt8] = try {
            guard let file = fopen(path, "rb") else { throw BenchError.cannotOpen(path) }
            defer { fclose(file) }
            var decoder = StreamTextDecoder(encoding: nil, isFile: true)
            var text: [UInt8] = []
            fseek(file, 0, SEEK_END)
            text.reserveCapacity(ftell(file))   // no doubling growth: the peak is the text once
            fseek(file, 0, SEEK_SET)
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            var binary: Bool?
            while case let n = fread(&chunk, 1, chunk.count, file), n > 0 {
                // A binary format (EBU STL) is parsed from its bytes as they are, as the show does.
                if binary == nil { binary = SubtitleFormat.detect(fileName: path, prefix: Array(chunk[..<n])).parser?.isBinary == true }
                if binary == true { text.append(contentsOf: chunk[..<n]); continue }
                text.append(contentsOf: chunk.withUnsafeBufferPointer { decoder.push(UnsafeBufferPointer(rebasing: $0[..<n])) }.text)
            }
            if binary != true { text.append(contentsOf: decoder.finish().text) }
            return text
        }()
        let t1 = now()
        let format = SubtitleFormat.detect(fileName: path, prefix: Array(text.prefix(4096)))
        let (cues, diagnostics) = format.parser?.parse(text, options: ParseOptions()) ?? (CueList(), [])
        let t2 = now()
        var runs = 0
        var characters = 0
        if materialize {
            for cue in cues {
                runs += cue.runs.count
                for run in cue.runs { characters += run.text.utf8.count }
            }
        }
        // `--array`: what retaining `[Cue]` instead of the compact list would cost.
        var array: [Cue] = []
        if args.contains("--array") { array = Array(cues) }
        let t3 = now()
        let bytes = Double(text.count)
        print("bytes=\(Int(bytes)) cues=\(cues.count) diagnostics=\(diagnostics.count)",
              "decode_ms=\(Int((t1 - t0) * 1000)) parse_ms=\(Int((t2 - t1) * 1000))",
              "total_ms=\(Int((t2 - t0) * 1000))",
              "mb_per_s=\(Int(bytes / 1e6 / (t2 - t0)))",
              materialize ? "materialize_ms=\(Int((t3 - t2) * 1000)) runs=\(runs) text_bytes=\(characters)" : "",
              "cue_stride=\(MemoryLayout<Cue>.stride) record_stride=\(MemoryLayout<CueRecord>.stride)",
              "storage_bytes=\(cues.storageBytes)",
              "peak_rss_kib=\(peakRSSKiB())", array.isEmpty ? "" : "array_cues=\(array.count)")
        // Keep the cues alive until after the measurement.
        withExtendedLifetime(cues) {}
    }
}
