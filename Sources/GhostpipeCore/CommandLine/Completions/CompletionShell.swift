/// A shell `--completions` writes a script for. Each script is generated from `OptionTable`: the
/// options, the values of each (effects, formats, modes… from their catalogues) and file names, those
/// with the extensions ghostpipe reads first.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The completion script, to be sourced by the shell (or installed where it looks).
    public var script: String {
        switch self {
        case .bash: BashCompletion.script(for: OptionTable.all)
        case .zsh: ZshCompletion.script(for: OptionTable.all)
        case .fish: FishCompletion.script(for: OptionTable.all)
        }
    }

    /// The extensions of the files ghostpipe plays (FILE, and --overlay's SOURCE).
    static var inputExtensions: [String] {
        guard case .path(_, let extensions) = OptionValue.input("FILE") else { return [] }
        return extensions()
    }
}

extension String {
    /// The string in single quotes for a POSIX shell, zsh or fish (`'` becomes `'\''`; fish reads
    /// `\'` inside single quotes, so it gets that instead).
    func singleQuoted(fish: Bool = false) -> String {
        fish ? "'" + replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
             : "'" + replacing("'", with: "'\\''") + "'"
    }
}
