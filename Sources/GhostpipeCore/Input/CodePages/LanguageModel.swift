#if canImport(Glibc)
import Glibc
#endif

/// A language's model of its text: log P(line) in nats, so that two readings of the same bytes in two
/// code pages can be compared. The models and how they are trained are described in
/// `Scripts/gen_language_models.py`; their data is `LanguageModels.generated.swift`. The rules here
/// (kinds of character, costs of classes) are the generator's, which computes `typical` with them.
protocol LanguageModel: Sendable {
    /// The language, as messages name it.
    var language: String { get }
    /// Mean log-probability per character on the model's own training text.
    var typical: Double { get }
    /// log P of `line` (no line feed), and how many characters it has.
    func score(_ line: Substring.UnicodeScalarView) -> (logP: Double, characters: Int)
}

/// What kind of character a scalar is, for the models.
enum CharacterKind: Int {
    case space, digit, punct, latin, cjkPunct, han, hangul, hiragana, katakana, other, letter, invalid

    /// The cost of a byte the code page does not map (U+FFFD) or of a control character.
    static let invalidCost = 20.0

    init(_ cp: UInt32) {
        switch cp {
        case 0x20, 0x09, 0x0A, 0x0D, 0xA0: self = .space
        case 0x30...0x39: self = .digit
        case 0xFFFD, 0..<0x20, 0x7F...0x9F: self = .invalid
        case 0x41...0x5A, 0x61...0x7A: self = .latin
        case 0..<0x80, 0x2010...0x2027, 0xAB, 0xBB, 0xA1, 0xBF, 0xB7, 0x2039, 0x203A: self = .punct
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: self = .han
        case 0xAC00...0xD7A3: self = .hangul
        case 0x3041...0x309F: self = .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .katakana
        case 0x3000...0x303F, 0xFF01...0xFF65, 0xFE30...0xFE4F: self = .cjkPunct
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x370...0x3FF, 0x400...0x52F, 0x531...0x587, 0x5D0...0x5F2,
             0x620...0x64A, 0x66E...0x6D3, 0xE01...0xE3A, 0xE40...0xE4E, 0x1E00...0x1FFF:
            self = .letter
        default: self = .other
        }
    }
}

/// BASE64 digits of quantized -log P (thirds of a nat) to log P.
func logProbabilities(_ digits: String) -> [Double] {
    digits.utf8.map { byte in
        let value: UInt8
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): value = 62
        default: value = 63
        }
        return -Double(value) / 3
    }
}

/// A letter bigram model (alphabetic scripts): the language's letters, case folded, then the classes
/// space, digit, punctuation, another alphabet's letter, anything else.
struct AlphabeticModel: LanguageModel {
    let language: String
    let typical: Double
    private let letterCount: Int
    private let symbolCount: Int
    private let bigram: [Double]
    private let caseTransitions: [Double]
    /// Symbol and case (0 none, 1 lower, 2 upper) of each letter, by scalar: letters below U+0800 (the
    /// Latin, Greek, Cyrillic, Hebrew and Arabic alphabets) in an array, as `symbol + 1 | case << 12`
    /// (0: not a letter), the others in a dictionary.
    private let lowLetters: [UInt16]
    private let letters: [UInt32: (symbol: Int, caseForm: Int)]

    /// The classes after the letters, and the log of how many characters share each one's probability.
    private static let classes: [CharacterKind] = [.space, .digit, .punct, .letter, .other]
    private static let logClassSize: [Double] = [1, 10, 40, 500, 2000].map { log($0) }

    init(language: String, lower: String, upper: String, bigram: String, caseTransitions: String, typical: Double) {
        self.language = language
        self.typical = typical
        let lower = Array(lower.unicodeScalars), upper = Array(upper.unicodeScalars)
        letterCount = lower.count
        symbolCount = lower.count + Self.classes.count
        self.bigram = logProbabilities(bigram)
        self.caseTransitions = logProbabilities(caseTransitions)
        precondition(upper.count == lower.count && self.bigram.count == symbolCount * symbolCount, "\(language): bad model")
        var letters: [UInt32: (Int, Int)] = [:]
        var lowLetters = [UInt16](repeating: 0, count: 0x800)
        for k in 0..<lower.count {
            let cased = lower[k] != upper[k]
            for (scalar, caseForm) in cased ? [(lower[k], 1), (upper[k], 2)] : [(lower[k], 0)] {
                if scalar.value < 0x800 {
                    lowLetters[Int(scalar.value)] = UInt16(k + 1) | UInt16(caseForm) << 12
                } else {
                    letters[scalar.value] = (k, caseForm)
                }
            }
        }
        self.letters = letters
        self.lowLetters = lowLetters
    }

    private func classSymbol(_ kind: CharacterKind) -> Int {
        switch kind {
        case .space: return letterCount
        case .digit: return letterCount + 1
        case .punct: return letterCount + 2
        case .latin, .letter, .han, .hangul, .hiragana, .katakana: return letterCount + 3
        default: return letterCount + 4
        }
    }

    func score(_ line: Substring.UnicodeScalarView) -> (logP: Double, characters: Int) {
        var total = 0.0, count = 0
        var previous = letterCount, previousCase = 0
        for scalar in line {
            count += 1
            let kind = CharacterKind(scalar.value)
            if kind == .invalid { total -= CharacterKind.invalidCost; continue }
            var symbol: Int, caseForm = 0
            if scalar.value < 0x800 {
                let entry = lowLetters[Int(scalar.value)]
                if entry != 0 {
                    symbol = Int(entry & 0xFFF) - 1
                    caseForm = Int(entry >> 12)
                } else {
                    symbol = classSymbol(kind)
                }
            } else if let letter = letters[scalar.value] {
                (symbol, caseForm) = letter
            } else {
                symbol = classSymbol(kind)
            }
            total += bigram[previous * symbolCount + symbol]
            if symbol >= letterCount { total -= Self.logClassSize[symbol - letterCount] }
            if caseForm != 0 { total += caseTransitions[previousCase * 2 + caseForm - 1] }
            previousCase = caseForm
            previous = symbol
        }
        return (total, count)
    }
}

/// Chinese, Japanese and Korean: a bigram of character categories, times each character's
/// probability within its category (seen in training, else a share of the rest that favours the
/// language's common set).
struct IdeographicModel: LanguageModel {
    let language: String
    let typical: Double
    private let commonSet: CommonCharacters
    private let categoryBigram: [Double]
    /// log P(character | category) of the characters seen in training.
    private let known: [UInt32: Double]
    /// Per category with a unigram (CJK punctuation, Han, Hangul, hiragana, katakana): log P of an
    /// unseen character in the common set, and of any other.
    private let unseen: [Double]

    static let categories: [CharacterKind] = [.space, .digit, .punct, .latin, .cjkPunct, .han, .hangul, .hiragana, .katakana, .other]
    private static let logClassSize: [CharacterKind: Double] = [.space: 0, .digit: log(10), .punct: log(40), .latin: log(52), .other: log(2000)]

    init(language: String, commonSet: CommonCharacters, categoryBigram: String, unseen: String, known: String,
         knownCost: String, typical: Double) {
        self.language = language
        self.typical = typical
        self.commonSet = commonSet
        self.categoryBigram = logProbabilities(categoryBigram)
        self.unseen = logProbabilities(unseen)
        let costs = logProbabilities(knownCost)
        let scalars = Array(known.unicodeScalars)
        precondition(scalars.count == costs.count && self.categoryBigram.count == 100 && self.unseen.count == 10, "\(language): bad model")
        self.known = Dictionary(uniqueKeysWithValues: zip(scalars.map(\.value), costs))
    }

    private static func category(_ kind: CharacterKind) -> Int {
        switch kind {
        case .space: return 0
        case .digit: return 1
        case .punct: return 2
        case .latin: return 3
        case .cjkPunct: return 4
        case .han: return 5
        case .hangul: return 6
        case .hiragana: return 7
        case .katakana: return 8
        default: return 9
        }
    }

    func score(_ line: Substring.UnicodeScalarView) -> (logP: Double, characters: Int) {
        var total = 0.0, count = 0
        var previous = 0
        let common = commonSet.members
        for scalar in line {
            count += 1
            let kind = CharacterKind(scalar.value)
            if kind == .invalid { total -= CharacterKind.invalidCost; continue }
            let category = Self.category(kind)
            total += categoryBigram[previous * 10 + category]
            if (4...8).contains(category) {
                if let cost = known[scalar.value] {
                    total += cost
                } else {
                    let inCommon = (kind == .han || kind == .hangul) && common.contains(scalar.value)
                    total += unseen[(category - 4) * 2 + (inCommon ? 0 : 1)]
                }
            } else {
                total -= Self.logClassSize[Self.categories[category]] ?? 0
            }
            previous = category
        }
        return (total, count)
    }
}

/// The characters a language's own code page lists as its common ones (its level-1 set), read from the
/// code page tables the first time a model needs them.
enum CommonCharacters: Sendable {
    case simplifiedChinese, traditionalChinese, ja, ko

    var members: Set<UInt32> {
        switch self {
        case .simplifiedChinese: return Self.gb2312Level1
        case .traditionalChinese: return Self.big5Level1
        case .ja: return Self.jisLevel1
        case .ko: return Self.ksHangul
        }
    }

    private static func collect(_ table: DoubleByteTable, leads: ClosedRange<UInt8>, trails: [ClosedRange<UInt8>],
                                until last: (UInt8, UInt8)? = nil) -> Set<UInt32> {
        var set = Set<UInt32>()
        for lead in leads {
            for range in trails {
                for trail in range {
                    if let last, (lead, trail) > last { continue }
                    let scalar = table[lead, trail]
                    if scalar != 0xFFFD { set.insert(scalar) }
                }
            }
        }
        return set
    }

    /// GB2312 level 1: 3755 hanzi, B0A1–D7F9.
    static let gb2312Level1 = collect(CodePageTables.gb18030, leads: 0xB0...0xD7, trails: [0xA1...0xFE])
    /// Big5 level 1: 5401 frequent characters, A440–C67E.
    static let big5Level1 = collect(CodePageTables.big5hkscs, leads: 0xA4...0xC6, trails: [0x40...0x7E, 0xA1...0xFE],
                                    until: (0xC6, 0x7E))
    /// JIS X 0208 level 1: 2965 kanji, EUC-JP B0A1–CFD3.
    static let jisLevel1 = collect(CodePageTables.jis0208, leads: 0xB0...0xCF, trails: [0xA1...0xFE])
    /// KS X 1001's 2350 Hangul syllables, B0A1–C8FE.
    static let ksHangul = collect(CodePageTables.cp949, leads: 0xB0...0xC8, trails: [0xA1...0xFE])
}
