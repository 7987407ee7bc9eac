/// `--track-order`: how the tracks stack in the band, each in rows of its own. The tracks come in
/// order: the input's (a SAMI file's classes in the order it declares them), then each `--track`
/// file's. The order is the rows' order from the top, for cues at the bottom of the band and for
/// cues placed at the top alike (those stack down from the first row in the same order).
public enum TrackOrder: Hashable, Sendable {
    /// The first track at the bottom, each later one above it (the default: where one track's
    /// subtitles would be, the first stays).
    case up
    /// The first track on top, each later one below it.
    case down
    /// Files by number from the top down: 1 is the input, 2… the `--track` files in turn. A file's
    /// own tracks (SAMI classes) keep their order, top down. Every file is named once.
    case files([Int])

    /// Reads `up`, `down` or a list like `2,1,3`; nil for anything else.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "up": self = .up
        case "down": self = .down
        default:
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmed) }
            guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return nil }
            self = .files(numbers.compactMap { $0 })
        }
    }

    /// Checks a list against the files there are (the input and `trackFiles` more): each named once.
    public func check(trackFiles: Int) throws(InvalidValue) {
        guard case .files(let numbers) = self else { return }
        let text = numbers.map(String.init).joined(separator: ",")
        let count = trackFiles + 1
        let tracks = count == 1 ? "is 1 track (the input's; --track adds more)" : "are \(count) tracks (1 is the input's)"
        for (i, n) in numbers.enumerated() {
            if n < 1 || n > count { throw InvalidValue("'\(text)' names track \(n), but there \(tracks)") }
            if numbers[..<i].contains(n) { throw InvalidValue("'\(text)' names track \(n) twice") }
        }
        if let missing = (1...count).first(where: { !numbers.contains($0) }) {
            throw InvalidValue("'\(text)' leaves out track \(missing); name each of the \(count) tracks once")
        }
    }

    /// The tracks (by `Cue.track?.index`, -1 for none: the input's, before its first class) in
    /// stacking order, top first.
    func stacked(_ tracks: some Sequence<Int>) -> [Int] {
        switch self {
        case .up: return tracks.sorted(by: >)
        case .down: return tracks.sorted()
        case .files(let numbers):
            func place(_ track: Int) -> Int { numbers.firstIndex(of: max(0, track) / SubtitleTracks.stride + 1) ?? numbers.count }
            return tracks.sorted { (place($0), $0) < (place($1), $1) }
        }
    }
}

private extension Substring {
    /// Without the spaces around it (`2, 1` reads as `2,1`).
    var trimmed: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
