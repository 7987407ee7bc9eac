extension Array where Element == String {
    /// The items as a sentence lists them: "a, b or c" (with `conjunction` "or"), "a and b", "a".
    func listed(_ conjunction: String) -> String {
        count > 1 ? dropLast().joined(separator: ", ") + " \(conjunction) " + self[count - 1] : joined()
    }
}
