/// What a typist's fingers make of a text, for `HumanPacer`: the kinds of key, the letter pairs and
/// words typed quickly, and how much slower or quicker each context is than the mean interval. The
/// shape follows keystroke studies (Dhakal et al., "Observations on typing from 136 million
/// keystrokes", 2018): quicker within frequent letter pairs and words, slower at the start of a
/// word (the longer, the slower), after punctuation, on shifted keys, digits and symbols.
enum TypingHabits {
    /// The kind of key a grapheme is typed with (a stroke of it).
    enum Stroke: Equatable {
        case letter, capital, digit, space, newline, punctuation, motion, other

        init(_ kind: GraphemeKind, ascii: UInt8?) {
            switch kind {
            case .newline: self = .newline
            case .carriageReturn, .backspace: self = .motion
            case .space, .tab: self = .space
            case .sentenceEnd, .fullSentenceEnd, .closing: self = .punctuation
            case .ideograph: self = .letter
            case .other:
                guard let ascii else { self = .letter; return }  // beyond ASCII: a letter of its script
                switch ascii {
                case 0x61...0x7A: self = .letter
                case 0x41...0x5A: self = .capital
                case 0x30...0x39: self = .digit
                case 0x21...0x7E: self = .punctuation
                default: self = .other
                }
            }
        }
    }

    /// The interval of a key of this kind after `previous`, against the mean (before the letter's
    /// pair, word and word-start factors). Set so that English prose averages about 1.
    static func factor(_ key: Stroke, after previous: Stroke) -> Double {
        var factor: Double
        switch key {
        case .letter, .other, .motion: factor = 1
        case .capital: factor = 1.3
        case .digit: factor = 1.25
        case .space: factor = 0.95
        case .newline: factor = 1.3
        case .punctuation: factor = 1.35
        }
        if previous == .punctuation { factor *= 1.5 }
        return factor * scale
    }

    /// Brings English prose's mean factor to about 1 (the pull in `HumanPacer` does the rest).
    static let scale = 1.0

    /// Inside a common letter pair, and inside one of the commonest words.
    static let commonPair = 0.72, commonWord = 0.82

    /// The first letter of a word of `length` letters: a moment more for a long word.
    static func wordStart(length: Int) -> Double { 1.15 + 0.08 * Double(max(0, min(length, 14) - 4)) }

    /// Whether lower-case ASCII letters `a` then `b` are one of English's commonest pairs.
    static func isCommonPair(_ a: UInt8, _ b: UInt8) -> Bool {
        guard a >= 0x61, a <= 0x7A, b >= 0x61, b <= 0x7A else { return false }
        return pairs[Int(a - 0x61) * 26 + Int(b - 0x61)]
    }

    private static let pairs: [Bool] = {
        var table = [Bool](repeating: false, count: 26 * 26)
        let common = """
            th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me \
            de hi ri ro ic ne ea ra ce li ch ll be ma si om ur ca el ta la ns di fo ho pe ec pr no ct us ac ot
            """
        for pair in common.split(separator: " ") {
            let b = Array(pair.utf8)
            table[Int(b[0] - 0x61) * 26 + Int(b[1] - 0x61)] = true
        }
        return table
    }()

    /// Whether `packed` (up to eight lower-case ASCII letters, one per byte, the first highest) is
    /// one of the commonest English words.
    static func isCommonWord(_ packed: UInt64) -> Bool { words.contains(packed) }

    private static let words: Set<UInt64> = Set("""
        the be to of and a in that have i it for not on with he as you do at this but his by from they we \
        say her she or an will my one all would there their what so up out if about who get which go me \
        when make can like time no just him know take people into year your good some could them see other \
        than then now look only come its over think also back after use two how our work first well way \
        even new want because any these give day most us is was are were has had been did said more very
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { word in
            word.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        })
}
