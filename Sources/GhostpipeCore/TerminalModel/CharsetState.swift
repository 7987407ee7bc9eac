/// Which character sets are designated into G0–G3, which one is invoked into GL (SI: G0, SO: G1,
/// LS2/LS3: G2/G3), and a pending single shift (SS2/SS3: G2 or G3 for the next character only).
struct CharsetState: Equatable {
    var g0 = DesignatedCharset.ascii
    var g1 = DesignatedCharset.ascii
    var g2 = DesignatedCharset.ascii
    var g3 = DesignatedCharset.ascii
    /// 0–3: the set in GL.
    var gl = 0
    /// 0 for none, else 2 or 3.
    var singleShift = 0

    subscript(_ index: Int) -> DesignatedCharset {
        get {
            switch index {
            case 0: return g0
            case 1: return g1
            case 2: return g2
            default: return g3
            }
        }
        set {
            switch index {
            case 0: g0 = newValue
            case 1: g1 = newValue
            case 2: g2 = newValue
            default: g3 = newValue
            }
        }
    }

    /// Printable ASCII prints as itself: the emulator's fast path applies.
    var isPlainASCII: Bool { singleShift == 0 && self[gl] == .ascii }

    /// The set the next printable byte is drawn from; consumes a single shift.
    mutating func takeCurrent() -> DesignatedCharset {
        if singleShift != 0 {
            let set = self[singleShift]
            singleShift = 0
            return set
        }
        return self[gl]
    }
}
