extension Array {
    /// Room for `count` more elements, growing geometrically. (`reserveCapacity(self.count + count)`
    /// allocates exactly that much, so calling it before each of many small appends to a growing
    /// array copies the whole array every time: quadratic — found by fuzzing.)
    @inline(__always)
    mutating func reserveForAppending(_ count: Int) {
        guard capacity - self.count < count else { return }
        reserveCapacity(Swift.max(self.count + count, 2 * capacity))
    }
}
