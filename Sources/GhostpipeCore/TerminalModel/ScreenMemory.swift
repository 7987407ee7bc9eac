/// Owns a `ScreenBuffer`'s memory (freed with this object) and the screen's DECSC slot.
final class ScreenMemory {
    let buffer: ScreenBuffer
    /// DECSC's slot for this screen (xterm keeps one per screen).
    var savedCursor: SavedCursor?

    init(rows: Int, columns: Int) {
        buffer = .allocate(rows: rows, columns: columns)
    }

    init(adopting buffer: ScreenBuffer) {
        self.buffer = buffer
    }

    deinit {
        buffer.deallocate()
    }
}
