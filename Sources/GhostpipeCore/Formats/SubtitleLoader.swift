#if canImport(Glibc)
import Glibc
#endif

/// Reads, decodes and parses the subtitle files of a run. Every problem is reported as
/// `NAME: what` or `NAME:LINE: what` and the rest still plays; several files play one after another.
public enum SubtitleLoader {
    /// At most this many parser diagnostics are shown per file (then a count of the rest).
    public static let diagnosticLimit = 20

    public struct Result {
        public var cues: CueList
        /// Some file could not be read at all (exit status 1).
        public var failed: Bool
    }

    /// `names` in order (`-` is stdin; `stdinPrefix` are bytes of it already read ahead).
    public static func load(names: [String], stdinPrefix: [UInt8], encoding: String?, format: SubtitleFormat?,
                            report: (String) -> Void) -> Result {
        var failed = false
        var files: [CueList] = []
        for name in names {
            let decoded: DecodedText
            do {
                if name == "-" {
                    var bytes = stdinPrefix
                    var chunk = [UInt8](repeating: 0, count: 1 << 16)
                    while true {
                        let n = read(STDIN_FILENO, &chunk, chunk.count)
                        if n > 0 { bytes.append(contentsOf: chunk[..<n]); continue }
                        if n < 0 && errno == EINTR { continue }
                        break
                    }
                    decoded = try TextDecoder.decode(bytes, encoding: encoding)
                } else {
                    decoded = try TextDecoder.decodeFile(atPath: name, encoding: encoding)
                }
            } catch {
                report("\(name): \(error)")
                failed = true
                continue
            }
            if let warning = decoded.warning { report("\(name): \(warning)") }
            let fileFormat = format ?? SubtitleFormat.detect(fileName: name == "-" ? nil : name, prefix: decoded.text)
            guard fileFormat != .text else {
                report("\(name): not a SubRip or WebVTT file; skipped (--format srt or vtt reads it anyway)")
                failed = true
                continue
            }
            let (cues, diagnostics) = Subtitles.parse(decoded.text, as: fileFormat)
            for diagnostic in diagnostics.prefix(diagnosticLimit) { report("\(name):\(diagnostic.line): \(diagnostic.message)") }
            if diagnostics.count > diagnosticLimit {
                report("\(name): \(diagnostics.count - diagnosticLimit) more problems not shown")
            }
            if cues.isEmpty { report("\(name): no cues") }
            files.append(cues)
        }
        guard files.count > 1 else { return Result(cues: files.first ?? CueList(), failed: failed) }
        // Several files: each starts where the one before ended.
        var all: [Cue] = []
        var shift: Nanoseconds = 0
        for file in files {
            var last: Nanoseconds = 0
            for cue in file {
                var cue = cue
                cue.start += shift
                cue.end += shift
                for r in cue.runs.indices { cue.runs[r].at = cue.runs[r].at.map { $0 + shift } }
                last = max(last, cue.end)
                all.append(cue)
            }
            shift = max(shift, last)
        }
        return Result(cues: CueList(all), failed: failed)
    }
}
