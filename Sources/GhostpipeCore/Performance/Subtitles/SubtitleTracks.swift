#if canImport(Glibc)
import Glibc
#endif

/// `--track FILE`: more subtitle files played beside the input's, each a track of its own (the
/// mechanism SAMI's language classes use: `Cue.track`). The input's subtitles are the first track;
/// they stack as `--track-order` says (`TrackOrder`). A track's cues keep their own timing, markup
/// and placement (`--place` and `--align` fill in what they leave open, as for the input), and get a
/// colour of their own where they set none (shown when colour is on). Each file is read on the event
/// loop (`TrackLoader`), parsed as it is read (its cues are held, not its bytes; at most 64 MiB of it);
/// subtitles start once every file is read.
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

    /// Reads the `--track` files at once (each detected like an input file, or as `--format` says)
    /// into tagged cues, in start order; problems go to `report` as `file:line: what`. Returns nil
    /// when a file cannot be read. (A run reads them on the event loop: `TrackLoader`.)
    public static func load(_ paths: [String], settings: ShowSettings, report: (String) -> Void) -> [Cue]? {
        var all: [Cue] = []
        for (i, path) in paths.enumerated() {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { report("\(path): \(String(cString: strerror(errno)))"); return nil }
            defer { close(fd) }
            var reading = TrackReading(path: path, file: i + 1, settings: settings)
            var chunk = [UInt8].readBuffer()
            while !reading.isFull {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n < 0 { report("\(path): \(String(cString: strerror(errno)))"); return nil }
                if n == 0 { break }
                chunk.withUnsafeBufferPointer { all += reading.push(UnsafeBufferPointer(rebasing: $0[..<n]), report: report) }
            }
            all += reading.finish(report: report)
        }
        return all.sorted { $0.start < $1.start }
    }
}

/// One `--track` file being read: parsed as it arrives (only its cues are held, up to
/// `SubtitleStream.maxWholeFile` bytes of it), its format detected from its first read, its cues
/// tagged as track `file` and placed as `--place`/`--align` say where they say nothing.
struct TrackReading {
    let path: String
    let file: Int
    let settings: ShowSettings
    private var stream: SubtitleStream?
    private var bytes = 0
    private var cues = 0

    init(path: String, file: Int, settings: ShowSettings) {
        self.path = path
        self.file = file
        self.settings = settings
    }

    /// As much as is read of it (the rest is not).
    var isFull: Bool { bytes > SubtitleStream.maxWholeFile }

    mutating func push(_ chunk: UnsafeBufferPointer<UInt8>, report: (String) -> Void) -> [Cue] {
        guard !isFull else { return [] }
        bytes += chunk.count
        if isFull {
            report("\(path): larger than 64 MiB; the rest is not read")
            return []
        }
        let stream = self.stream ?? {
            let prefix = Array(chunk)
            var format = settings.format ?? SubtitleFormat.detect(fileName: path, prefix: prefix)
            if format == .text { format = SubtitleFormat.detect(fileName: "x.srt", prefix: prefix) }
            let made = SubtitleStream(format: format, name: path, encoding: settings.encoding, isFile: true, language: settings.language,
                                      options: settings.parseOptions)
            self.stream = made
            return made
        }()
        return tagged(stream.push(chunk), report: report)
    }

    /// The file ended: its last cues.
    mutating func finish(report: (String) -> Void) -> [Cue] {
        let last = stream.map { tagged($0.finish(), report: report) } ?? []
        if cues == 0 { report("\(path): no cues") }
        return last
    }

    private mutating func tagged(_ batch: SubtitleStream.Batch, report: (String) -> Void) -> [Cue] {
        for message in batch.messages { report(message) }
        cues += batch.cues.count
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return batch.cues.map { cue in
            var cue = cue
            cue.placement = cue.placement.defaulted(alignment: settings.alignment, place: settings.place)
            return SubtitleTracks.tag(cue, file: file, name: name)
        }
    }
}
