/// One command-line option, declared once in `OptionTable`. The parser, `--help`, the man page's
/// OPTIONS section, the shell completions, the "did you mean" suggestions and the allowed values in
/// error messages are all read from it.
public struct Option: Sendable {
    /// The long name, without `--`.
    public let long: String
    /// The one-letter form, without `-`.
    public let short: Character?
    public let value: OptionValue
    public let section: OptionSection
    /// What it does, for `--help` (wrapped to fit 80 columns) and as the man page's first sentence.
    /// Plain text; `` `x` `` marks a literal (bold in the man page), and the table's placeholders
    /// (`N`, `T`, `FILE`…) are set in italics there.
    public var help: String { helpText() }
    /// Made when asked for: a help that lists a catalogue (`--format`'s) is not built at every start.
    private let helpText: @Sendable () -> String
    /// More for the man page only, after `help`: sentences, and paragraphs separated by a blank line.
    public let details: String
    /// What the option sets, when another option sets it too ("the pace" for `--wpm` and `--cps`):
    /// giving both is a usage error naming them.
    public let sets: String?
    /// Stores the value (a flag gets an empty argument; a choice, its canonical name).
    let apply: @Sendable (inout Options, OptionArgument) throws(UsageError) -> Void

    public init(_ long: String, short: Character? = nil, _ value: OptionValue = .flag, in section: OptionSection,
                sets: String? = nil, help: @autoclosure @escaping @Sendable () -> String, details: String = "",
                apply: @escaping @Sendable (inout Options, OptionArgument) throws(UsageError) -> Void) {
        self.long = long
        self.short = short
        self.value = value
        self.section = section
        self.sets = sets
        helpText = help
        self.details = details
        self.apply = apply
    }

    /// `--wpm`.
    public var name: String { "--" + long }

    /// A short phrase for the completions that show descriptions (see `String.shortened`).
    public var summary: String { help.shortened }
}

extension String {
    /// The text up to its first `. `, `; ` or `: `, without what it says in parentheses and without
    /// markup: "words per minute (default 300). A word is…" becomes "words per minute".
    var shortened: String {
        var result = "", depth = 0
        var characters = Help.plain(self)[...]
        while let c = characters.first {
            characters = characters.dropFirst()
            if c == "(" { depth += 1; if depth == 1, result.last == " " { result.removeLast() }; continue }
            if c == ")" { depth = Swift.max(0, depth - 1); continue }
            guard depth == 0 else { continue }
            if ".;:".contains(c) && (characters.first == " " || characters.isEmpty) { break }
            result.append(c)
        }
        return result.split(separator: " ").joined(separator: " ")
    }
}

/// What an option takes after its name.
public enum OptionValue: Sendable {
    /// Nothing: a switch.
    case flag
    /// A number, shown as the placeholder (`N`, `F`).
    case number(String)
    /// Any other text, shown as the placeholder (`LANG`, `COLORS`); nothing to complete.
    case text(String)
    /// A duration `T`: `10`, `1.5s`, `300ms`, `2m`, `1m30s`, `00:01:02,500`.
    case duration
    /// One of a list of names, shown as the placeholder (`MODE`); the shells complete them.
    case choice(String, Choices)
    /// A file name, shown as the placeholder (`FILE`); the shells complete files, those with these
    /// extensions first (all files when there are none).
    case path(String, extensions: @Sendable () -> [String])

    /// The placeholder `--help` and the man page show (nil for a switch).
    public var placeholder: String? {
        switch self {
        case .flag: nil
        case .number(let name), .text(let name), .choice(let name, _), .path(let name, _): name
        case .duration: "T"
        }
    }

    /// A text or subtitle file (`FILE`, `--overlay SOURCE`): the format catalogue's extensions, and `.txt`.
    public static func input(_ placeholder: String) -> OptionValue {
        .path(placeholder) { ["txt"] + FormatCatalog.parsers.flatMap(\.extensions) }
    }
}

/// One allowed value of a `.choice` option.
public struct Choice: Sendable {
    public let name: String
    /// Other names accepted for it (`24bit` for `truecolor`).
    public let aliases: [String]
    /// One line for completions that show descriptions (zsh, fish) and for the man page.
    public let summary: String

    public init(_ name: String, aliases: [String] = [], _ summary: String) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
    }
}

/// The allowed values of a `.choice` option, read when needed from their catalogue (effects, formats,
/// encodings…) so that a new entry there is a new value everywhere.
public struct Choices: Sendable {
    /// The values, in the order they are shown.
    public let all: @Sendable () -> [Choice]
    /// Whether the parser refuses a value that is not listed (with the list and a suggestion). When
    /// false the list is what the shells complete, and the option checks the value itself.
    public let closed: Bool

    public init(closed: Bool = true, _ all: @escaping @Sendable () -> [Choice]) {
        self.all = all
        self.closed = closed
    }

    /// The cases of an enumeration whose raw values are the names, listed when asked (not at every start).
    public static func cases<T: OptionChoice>(of type: T.Type) -> Choices {
        Choices { T.allCases.map { Choice($0.rawValue, aliases: $0.aliases, $0.summary) } }
    }

    /// "auto, always or never".
    public var listing: String { all().map(\.name).listed("or") }

    /// The listed value `text` names (by name or alias, in any case), if any.
    func named(_ text: String) -> Choice? {
        let lower = text.lowercased()
        return all().first { $0.name.lowercased() == lower || $0.aliases.contains { $0.lowercased() == lower } }
    }
}

/// An enumeration that an option chooses from by name.
public protocol OptionChoice: CaseIterable, RawRepresentable<String>, SendableMetatype {
    /// One line on what this value does.
    var summary: String { get }
    var aliases: [String] { get }
}

extension OptionChoice {
    public var aliases: [String] { [] }
}

/// Where an option is listed in `--help` and the man page, in this order.
public enum OptionSection: CaseIterable, Sendable {
    case pacing, subtitles, overlay, effects, terminal, output, program

    /// The man page's subsection title.
    public var title: String {
        switch self {
        case .pacing: "Pacing"
        case .subtitles: "Subtitles"
        case .overlay: "Overlay"
        case .effects: "Effects"
        case .terminal: "Terminal"
        case .output: "Output"
        case .program: "General"
        }
    }

    /// The heading in `--help` (the subtitle formats come from their catalogue).
    public var heading: String {
        switch self {
        case .subtitles: "Subtitles (\(FormatCatalog.listing), from a FILE or stdin)"
        default: title
        }
    }
}

/// The value given to an option, with the checks options share; their messages name the option.
public struct OptionArgument: Sendable {
    /// As typed.
    public let text: String
    /// The option's long name with its dashes, for messages.
    public let option: String

    /// A number in `range` (`ValueLimits.rate`, `ValueLimits.speed`): nothing outside it can reach
    /// the arithmetic on nanoseconds.
    public func number(in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let v = Double(text), v.isFinite else { throw UsageError("\(option): '\(text)' is not a number") }
        guard range.contains(v) else {
            throw UsageError("\(option): '\(text)' is out of range (from \(ValueLimits.describe(range)))")
        }
        return v
    }

    /// A whole number in `range`.
    public func wholeNumber(in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let v = Int(text), range.contains(v) else {
            throw UsageError("\(option): '\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return v
    }

    /// A duration (negative ones only when `negative`); `examples` ends the message when it is not one.
    public func duration(negative: Bool = false, examples: String) throws(UsageError) -> Nanoseconds {
        guard let t = Time.parseDuration(text), negative || t >= 0 else { throw UsageError("\(option): '\(text)' is not a duration (try \(examples))") }
        guard ValueLimits.time.contains(t) else {
            throw UsageError("\(option): '\(text)' is out of range (within \(ValueLimits.timeDescription))")
        }
        return t
    }
}

extension Option {
    /// An effect's own option (`EffectOption`, declared beside its effect), listed with the effects;
    /// a value it refuses is a usage error naming the option.
    init(effectOption declared: EffectOption) {
        let long = declared.long, parse = declared.parse
        let value: OptionValue = switch declared.value {
        case .number(let placeholder): .number(placeholder)
        case .text(let placeholder): .text(placeholder)
        }
        self.init(long, value, in: .effects, help: declared.help, details: declared.details) { o, v throws(UsageError) in
            do throws(InvalidValue) { try parse(v.text, &o.effectSettings) } catch { throw UsageError("--\(long): \(error.message)") }
        }
    }
}
