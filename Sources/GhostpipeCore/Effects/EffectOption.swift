/// An option of one effect (`--accel` is the letters', `--palette` the colour shift's), declared in
/// that effect's file as one of its `options`. `EffectCatalog` gathers them, and the command line
/// lists them in its Effects section like any other option: the parser, `--help`, the man page and
/// the completions follow. The value is parsed and checked on the command line, into the typed
/// setting the option names; the effect reads it from `EffectContext.settings` when it draws.
public struct EffectOption: Sendable {
    /// The long name, without `--`.
    public let long: String
    /// What it takes after its name.
    public let value: Value
    /// The `--help` line and the man page's first sentence (as `Option.help` says).
    public let help: String
    /// More for the man page only.
    public let details: String
    /// Parses the value as typed into `settings`; an `InvalidValue` says why it is not one (the
    /// command line names the option).
    public let parse: @Sendable (String, inout EffectSettings) throws(InvalidValue) -> Void

    /// What an effect's option takes: a number or other text, shown as its placeholder (`F`, `C1,C2`).
    public enum Value: Sendable {
        case number(String)
        case text(String)
    }

    /// An option that sets `setting` to what `parse` makes of its value.
    public init<Setting: EffectSetting>(_ long: String, _ value: Value, sets setting: Setting.Type, help: String,
                                        details: String = "",
                                        parse: @escaping @Sendable (String) throws(InvalidValue) -> Setting.Value) {
        self.long = long
        self.value = value
        self.help = help
        self.details = details
        self.parse = { text, settings throws(InvalidValue) in settings[Setting.self] = try parse(text) }
    }
}

/// One setting an effect's option sets: a type names it (no names to misspell at draw time) and
/// says its value's type and its value when the option is not given.
public protocol EffectSetting: SendableMetatype {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}

/// The values the effects' options were given on the command line, each under its setting's type.
public struct EffectSettings: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// The setting's value: as given, else its default.
    public subscript<Setting: EffectSetting>(_ setting: Setting.Type) -> Setting.Value {
        get { values[ObjectIdentifier(setting)] as? Setting.Value ?? Setting.defaultValue }
        set { values[ObjectIdentifier(setting)] = newValue }
    }
}
