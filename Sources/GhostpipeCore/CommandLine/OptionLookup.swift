/// Finding an option as the parser does, without making `OptionTable.all`: section by section, the
/// effects' own options last (a run that names none never builds them).
extension OptionTable {
    /// The option named `name` (long, without dashes).
    public static func named(_ name: String) -> Option? {
        first { $0.long == name } ?? effectOptions.first { $0.long == name }
    }

    /// The option whose short form is `letter` (the effects' own options have none).
    static func named(short letter: Character) -> Option? { first { $0.short == letter } }

    /// The first general option (not an effect's own) that `matches`, found without making `all`.
    private static func first(_ matches: (Option) -> Bool) -> Option? {
        pacing.first(where: matches) ?? subtitles.first(where: matches) ?? overlay.first(where: matches)
            ?? effects.first(where: matches) ?? looks.first(where: matches) ?? terminal.first(where: matches)
            ?? output.first(where: matches) ?? program.first(where: matches)
    }
}
