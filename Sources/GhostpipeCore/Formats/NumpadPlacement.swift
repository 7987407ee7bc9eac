/// The SubStation Alpha ways of saying where a subtitle goes, shared by ASS/SSA and by the `{\an8}`
/// that SubRip files borrow from it.
extension CuePlacement {
    /// `\an1`…`\an9` (and ASS style alignments): laid out like a numeric keypad, 7–9 top, 4–6
    /// middle, 1–3 bottom; left, centre, right by column. Nil outside 1…9.
    static func numpad(_ n: Int) -> CuePlacement? {
        guard (1...9).contains(n) else { return nil }
        return CuePlacement(vertical: n >= 7 ? .top : n >= 4 ? .middle : .bottom,
                            alignment: n % 3 == 1 ? .left : n % 3 == 0 ? .right : .center)
    }

    /// Legacy SSA `\a1`…`\a11` (and SSA style alignments) as a numpad number: 1–3 bottom, +4 top,
    /// +8 middle. Nil for the values that mean nothing (4, 8, 0, 12 and up).
    static func numpad(legacy n: Int) -> Int? {
        [1: 1, 2: 2, 3: 3, 5: 7, 6: 8, 7: 9, 9: 4, 10: 5, 11: 6][n]
    }
}
