/// The glyph queue typed as a person types (`--typing human`, `--typos`).
extension GlyphQueue {
    /// Schedules graphemes up to `end` (exclusive), all ready at `ready`, with a person's intervals.
    public mutating func schedule(upTo end: Int, with pacer: inout HumanPacer, ready: Nanoseconds) {
        let start = instants.count
        guard end > start else { return }
        var room = [Nanoseconds](repeating: 0, count: end - start)
        room.withUnsafeMutableBufferPointer { room in
            withKeystrokes { pacer.schedule($0, start..<end, ready: ready, into: room.baseAddress!) }
        }
        for instant in room { schedule(instant) }
    }

    /// The queue's graphemes as a typist's keystrokes, read in place.
    func withKeystrokes<R>(_ body: (Keystrokes) -> R) -> R {
        kinds.withUnsafeBufferPointer { kinds in
            bytes.withUnsafeBufferPointer { bytes in
                ends.withUnsafeBufferPointer { ends in body(Keystrokes(kinds: kinds, bytes: bytes, ends: ends)) }
            }
        }
    }

    /// Puts the typos placed from `first` on (up to `placements.count`) on their right keys' cells:
    /// the wrong key where the right one goes, the backspace taking the head back there. Returns how
    /// many graphemes are ready: all placed, but a typo whose right key is not placed yet (it waits
    /// with its wrong key, so that nothing is shown before its place is known).
    public mutating func placeTypos(from first: Int) -> Int {
        let placed = placements.count
        var marks: [Int] = []
        var ready = placed
        withKeystrokes { keys in
            var k = max(1, first)
            while k <= placed && k < keys.count {
                if keys.isTypoMark(k) {
                    if k + 1 < placed { marks.append(k) } else { ready = min(ready, k - 1); break }
                }
                k += 1
            }
        }
        for mark in marks {
            let right = placements[mark + 1]
            replacePlacement(mark - 1, with: Placement(row: right.row, column: right.column, width: 1))
            replacePlacement(mark, with: Placement(row: right.row, column: right.column, width: 0))
        }
        return ready
    }
}
