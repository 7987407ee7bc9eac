/// `--track FILE…` read on the event loop, as the input is: a named pipe that is slow to come never
/// stops keys, signals or the text meanwhile. Each file is read and parsed as it arrives
/// (`TrackReading`); once every file is read the show gets their cues (`Show.tracksLoaded`).
/// Subtitles wait for them; text does not.
final class TrackLoader: EventSource, InputDemand {
    private let paths: [String]
    private let settings: ShowSettings
    private weak var show: Show?
    private let report: (String) -> Void
    private let files: InputFiles
    private var reader: InputEvents?
    private var reading: TrackReading?
    private var next = 0
    private var cues: [Cue] = []
    private var done = false

    init(paths: [String], settings: ShowSettings, show: Show, report: @escaping (String) -> Void) {
        self.paths = paths
        self.settings = settings
        self.show = show
        self.report = report
        files = InputFiles(names: paths, openingWithoutWaiting: true, report: report)
        reader = InputEvents(files, demand: self)
    }

    var wantsInput: Bool { !done }
    var holdsPartialInput: Bool { false }

    func interest(at now: Nanoseconds) -> Interest { done ? .none : reader?.interest(at: now) ?? .none }

    func wake(_ wake: SourceWake, at now: Nanoseconds, deliver: (Event) throws -> Void) throws {
        try reader?.wake(wake, at: now) { event in
            switch event {
            case .inputFile(let path):
                finishFile()
                // Files that could not be opened were skipped (and said): number tracks by their place.
                while next < paths.count && paths[next] != path { next += 1 }
                reading = next < paths.count ? TrackReading(path: path, file: next + 1, settings: settings) : nil
                next += 1
            case .input(let bytes):
                if reading != nil { cues += reading!.push(bytes, report: report) }
            case .inputEnded:
                finishFile()
                done = true
                reader = nil
                try show?.tracksLoaded(cues.sorted { $0.start < $1.start }, failed: files.hadErrors, at: now)
            default:
                break
            }
        }
    }

    private func finishFile() {
        if reading != nil { cues += reading!.finish(report: report) }
        reading = nil
    }
}
