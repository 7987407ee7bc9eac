#if canImport(Glibc)
import Glibc
#endif

/// Builds a run from the command line and the session: the sources, the show and the screen, and
/// plays it on the one event loop. The plain filter (`runFilter`) and the overlay (`runOverlay`)
/// are assembled from the same parts, here.
struct Assembly {
    let options: Options
    let session: Session
    let process: ProcessExit

    /// Says a problem on stderr as it happens.
    static func report(_ message: String) { printError("ghostpipe: \(message)") }

    /// `--record FILE`, opened (created or emptied).
    func recordingSink() -> DescriptorSink? {
        guard let path = options.record else { return nil }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { process.fail("\(path): \(String(cString: strerror(errno)))", status: 1) }
        return DescriptorSink(fd: fd, name: path)
    }

    /// The show's settings: with `--track` files, how many, to be read on the loop (`trackLoader`).
    func showSettings() -> ShowSettings {
        var settings = session.showSettings
        settings.trackCount = options.tracks.count
        settings.tracksPending = !options.tracks.isEmpty
        return settings
    }

    /// The source that reads the `--track` files for `show`, if there are any.
    func trackLoader(for show: Show, settings: ShowSettings, report: @escaping (String) -> Void) -> [any EventSource] {
        guard !options.tracks.isEmpty else { return [] }
        return [TrackLoader(paths: options.tracks, settings: settings, show: show, report: report)]
    }

    /// `--follow SOURCE`'s event source, if followed.
    func followSources(report: @escaping (String) -> Void) -> [any EventSource] {
        guard let target = options.follow else { return [] }
        do {
            return [try target.events(speed: options.subtitleTiming.speed, report: report)]
        } catch {
            process.fail(error.message, status: 1)
        }
    }

    /// The terminal's size now (after a resize).
    static func currentSize() -> (columns: Int, rows: Int)? { terminalSize(of: STDOUT_FILENO) }
}
