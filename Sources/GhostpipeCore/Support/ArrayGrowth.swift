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

extension Array where Element == Int {
    /// Appends each of `values` plus `offset` (a batch's byte ends after the bytes before it),
    /// written in place: appending a lazy map went through the generic copy, one element at a time.
    @inline(__always)
    mutating func append(_ values: [Int], shiftedBy offset: Int) {
        append(addingCapacity: values.count) { span in
            span.withUnsafeMutableBufferPointer { room, written in
                values.withUnsafeBufferPointer { values in
                    // Wrapping: byte offsets cannot overflow, and without the check the loop is
                    // vectorized (it was 3 % of a recording's time).
                    for i in values.indices { room[i] = values[i] &+ offset }
                }
                written = values.count
            }
        }
    }
}
