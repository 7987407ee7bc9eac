/// `ghostpipe --help`: the options from `OptionTable`, each wrapped to fit 80 columns, between a
/// usage header and a footer. README.md shows it verbatim (a test checks).
public enum Help {
    public static let version = "0.1.0"

    public static var text: String { header + "\n\n" + options + "\n\n" + footer }

    static let header = """
    Usage: ghostpipe [OPTIONS] [FILE...]
           ghostpipe [OPTIONS] --overlay SOURCE [--] COMMAND [ARGS...]
    Reveals text in the terminal in real time, grapheme by grapheme.
    Reads the FILEs in order, or standard input when there is none or FILE is '-'.
    Output starts before the input ends.
    """

    static let footer = """
    T is a duration: 10, 1.5s, 300ms, 2m, 1m30s or 00:01:02,500.
    An option given twice keeps its last value.
    Exit status: 0 done, 1 a file could not be read, 2 bad usage, 128+N signal N;
    with --overlay, COMMAND's (127: COMMAND not found).

    Examples:
      cat script.txt | ghostpipe --wpm 300
      ghostpipe movie.srt
      ghostpipe --effect letters --duration 5s /etc/motd
      ghostpipe --instant --output cast notes.txt > notes.cast
      ghostpipe --overlay talk.srt --record demo.cast -- bash
    """

    /// The column descriptions start at, and the width they wrap to.
    static let column = 22, width = 80

    /// Every section of the table: its heading, then its options.
    public static var options: String {
        OptionSection.allCases.map { section in
            (wrap(section.heading + ":", first: width, rest: width) + OptionTable.all.filter { $0.section == section }.map(entry)).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// `  -w, --wpm N         words per minute…`, wrapped under the description column.
    static func entry(_ option: Option) -> String {
        var names = option.short.map { "  -\($0), " } ?? "      "
        names += option.name + (option.value.placeholder.map { " " + $0 } ?? "")
        let first = names.count + 2 <= column ? names.padding(to: column) : names + "  "
        let lines = wrap(plain(option.help), first: width - first.count, rest: width - column)
        return first + lines.joined(separator: "\n" + String(repeating: " ", count: column))
    }

    /// Help text without its markup (the backticks around literals).
    static func plain(_ text: String) -> String { text.filter { $0 != "`" } }

    /// Words in lines of at most `first` columns, then `rest` (a longer word keeps a line to itself).
    static func wrap(_ text: String, first: Int, rest: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let limit = lines.isEmpty ? first : rest
            if !line.isEmpty && line.count + 1 + word.count > limit {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    func padding(to width: Int) -> String { self + String(repeating: " ", count: Swift.max(0, width - count)) }
}
