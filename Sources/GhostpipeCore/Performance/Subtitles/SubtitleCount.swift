#if canImport(Glibc)
import Glibc
#endif

/// How many cues a subtitle file holds, read through once on its own: the playback reads a file
/// only a little ahead of what it shows (memory stays bounded), so without this the status line
/// could only say "so far". Asked for when the status line first shows, never for a stream.
enum SubtitleCount {
    /// The cues in the regular file at `path` read as `format`, or nil when it cannot be read (or
    /// is larger than a whole file is ever read: `SubtitleStream.maxWholeFile`).
    static func of(file path: String, format: SubtitleFormat, settings: ShowSettings) -> Int? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let stream = SubtitleStream(format: format, name: path, encoding: settings.encoding, isFile: true, language: settings.language, options: settings.parseOptions)
        // Parsed records are counted, never built into cues.
        stream.keepsParsed = true
        func count(_ batch: SubtitleStream.Batch) -> Int { batch.cues.count + (batch.parsed?.count ?? 0) }
        var chunk = [UInt8].readBuffer()
        var total = 0, bytes = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            bytes += n
            if bytes > SubtitleStream.maxWholeFile { return nil }
            total += chunk.withUnsafeBufferPointer { count(stream.push(UnsafeBufferPointer(rebasing: $0[..<n]))) }
        }
        return total + count(stream.finish())
    }
}
