extension Array where Element == UInt8 {
    /// Room for `read(2)` to fill, `count` bytes: not zeroed first, so its pages are only touched
    /// when something is read into them (start-up does not pay for 64 KiB of zeros per reader).
    static func readBuffer(_ count: Int = 1 << 16) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
}
