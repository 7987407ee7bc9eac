#if canImport(Glibc)
import Glibc
#endif

/// `--track FILE`: more subtitle files played beside the input's, each a track of its own (the
/// mechanism SAMI's language classes use: `Cue.track`). The input's subtitles are the first track;
/// they stack as `--track-order` says (`TrackOrder`). A track's cues keep their own timing, markup
/// and placement (`--place` and `--align` fill in what they leave open, as for the input), and get a
/// colour of their own where they set none (shown when colour is on). Each file is read before the
/// show begins, parsed as it is read (its cues are held, not its bytes; at most 64 MiB of it).
public enum SubtitleTracks {
    /// Track indices of one file are `file × stride + its own class index` (file 0 is the input; a
    /// SAMI file keeps its classes), so the tracks are numbered in the order they come.
    static let stride = 1_000_000

    /// Colours of the tracks after the first, in turn.
    static let colors: [Color] = [.rgb(255, 215, 95), .rgb(95, 215, 255), .rgb(135, 255, 135), .rgb(255, 135, 215)]

    /// The track (by file) a cue belongs to: 0 for the input's, 1… for `--track` files in order;
    /// nil without `--track`.
    static func file(of cue: Cue, trackCount: Int) -> Int? {
        guard trackCount > 0, let index = cue.track?.index else { return nil }
        return index / stride
    }

    /// `cue` as a cue of track `file` (0: the input's), named `name` unless it has a name of its own.
    public static func tag(_ cue: Cue, file: Int, name: String) -> Cue {
        var cue = cue
        let own = cue.track
        cue.track = CueTrack(index: file * stride + (own?.index ?? 0), name: own?.name ?? name, language: own?.language)
        if file > 0 {
            let color = colors[(file - 1) % colors.count]
            for k in cue.runs.indices where cue.runs[k].style.foreground == nil { cue.runs[k].style.foreground = color }
        }
        return cue
    }

    /// Reads the `--track` files into `settings` (`trackCues`, `trackCount`): see `load`. Returns
    /// false when a file cannot be read.
    public static func add(_ paths: [String], to settings: inout ShowSettings, report: (String) -> Void) -> Bool {
        guard !paths.isEmpty else { return true }
        guard let cues = load(paths, settings: settings, report: report) else { return false }
        settings.trackCues = cues
        settings.trackCount = paths.count
        return true
    }

    /// Reads the `--track` files (each detected like an input file, or as `--format` says) into
    /// tagged cues; problems go to `report` as `file:line: what`. Returns nil when a file cannot be read.
    public static func load(_ paths: [String], settings: ShowSettings, report: (String) -> Void) -> [Cue]? {
        var all: [Cue] = []
        for (i, path) in paths.enumerated() {
            guard let batch = parse(path, settings: settings, report: report) else { return nil }
            for message in batch.messages { report(message) }
            if batch.cues.isEmpty { report("\(path): no cues") }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            all += batch.cues.map { cue in
                var cue = cue
                cue.placement = cue.placement.defaulted(alignment: settings.alignment, place: settings.place)
                return tag(cue, file: i + 1, name: name)
            }
        }
        return all.sorted { $0.start < $1.start }
    }

    /// A track file's cues, parsed as it is read (64 KiB at a time: only its cues are held, up to
    /// `SubtitleStream.maxWholeFile` bytes of it). Its format is detected from its first 64 KiB.
    private static func parse(_ path: String, settings: ShowSettings, report: (String) -> Void) -> SubtitleStream.Batch? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { report("\(path): \(String(cString: strerror(errno)))"); return nil }
        defer { close(fd) }
        var stream: SubtitleStream?
        var batch = SubtitleStream.Batch()
        var chunk = [UInt8].readBuffer()
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { report("\(path): \(String(cString: strerror(errno)))"); return nil }
            if n == 0 { break }
            let stream = stream ?? {
                let prefix = Array(chunk[..<n])
                var format = settings.format ?? SubtitleFormat.detect(fileName: path, prefix: prefix)
                if format == .text { format = SubtitleFormat.detect(fileName: "x.srt", prefix: prefix) }
                let made = SubtitleStream(format: format, name: path, encoding: settings.encoding, isFile: true, language: settings.language,
                                          settings: settings.formatSettings)
                stream = made
                return made
            }()
            let more = chunk.withUnsafeBufferPointer { stream.push(UnsafeBufferPointer(rebasing: $0[..<n])) }
            batch.cues += more.cues
            batch.messages += more.messages
            total += n
            if total > SubtitleStream.maxWholeFile {
                report("\(path): larger than 64 MiB; the rest is not read")
                break
            }
        }
        if let last = stream?.finish() {
            batch.cues += last.cues
            batch.messages += last.messages
        }
        return batch
    }
}
