/// The OPTIONS section of `man/ghostpipe.1`, in roff, from `OptionTable`: for each option its names,
/// its help and details, and the values of a choice with their summaries. The rest of the page is
/// written by hand; `Scripts/update_docs.sh` puts this section in, and a test checks it is current.
public enum ManualPage {
    /// From `.SH OPTIONS` up to the next section.
    public static var optionsSection: String {
        var lines = [
            ".SH OPTIONS",
            ".\\\" Generated from Sources/GhostpipeCore/CommandLine/OptionTable.swift by Scripts/update_docs.sh:",
            ".\\\" edit the table, not this section (a test checks that they agree).",
        ]
        for section in OptionSection.allCases {
            lines.append(".SS \(section.title)")
            for option in OptionTable.all where option.section == section {
                lines.append(".TP")
                lines.append(tag(option))
                var paragraphs = (sentence(option.help) + " " + option.details).split(separator: "\n\n").map(String.init)
                if paragraphs.isEmpty { paragraphs = [sentence(option.help)] }
                lines += roffLines(paragraphs[0])
                for paragraph in paragraphs.dropFirst() { lines += [".IP"] + roffLines(paragraph) }
                if case .choice(_, let choices) = option.value, choices.closed { lines += choiceList(choices) }
            }
        }
        lines += [".PP"] + roffLines("""
            T is a duration: `10`, `1.5s`, `300ms`, `2m`, `1m30s` or `00:01:02,500`. Options take their value as \
            `--wpm 300` or `--wpm=300`, and short ones as `-w 300` or `-w300`; `--` ends the options. An option given \
            twice keeps its last value; two options that set the same thing (--wpm and --cps) are a usage error.
            """)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `man/ghostpipe.1` with its OPTIONS section replaced by `optionsSection`.
    public static func updating(_ page: String) -> String {
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: ".SH OPTIONS") else { return page }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".SH ") } ?? lines.count
        lines.replaceSubrange(start..<end, with: optionsSection.split(separator: "\n").map(String.init))
        return lines.joined(separator: "\n")
    }

    /// `.BR \-w ", " \-\-wpm " \fIN\fR"`: the names and the placeholder.
    static func tag(_ option: Option) -> String {
        let long = escaped(option.name)
        let value = option.value.placeholder
        switch (option.short, value) {
        case (let short?, let value?): return ".BR \\-\(short) \", \" \(long) \" \\fI\(value)\\fR\""
        case (let short?, nil): return ".BR \\-\(short) \", \" \(long)"
        case (nil, let value?): return ".BI \(long) \" \(value)\""
        case (nil, nil): return ".B \(long)"
        }
    }

    /// Each value in bold with its summary, indented under the option.
    static func choiceList(_ choices: Choices) -> [String] {
        var lines = [".RS"]
        for choice in choices.all() {
            let names = ([choice.name] + choice.aliases).map(escaped).joined(separator: " \", \" ")
            lines += [".TP", choice.aliases.isEmpty ? ".B \(names)" : ".BR \(names)"] + roffLines(sentence(choice.summary))
        }
        return lines + [".RE"]
    }

    /// Help text as a sentence: a capital first letter and a full stop.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capitalised = first.uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }

    /// Text as roff lines, one sentence a line: literals (`` `x` `` and option names) in bold,
    /// placeholders in italics, everything else escaped.
    static func roffLines(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        let words = Self.words(text)
        for (k, word) in words.enumerated() {
            let piece = marked(String(word))
            // Source lines of at most 80 bytes (mandoc's style); a word is never split.
            if !line.isEmpty && line.utf8.count + 1 + piece.utf8.count > 80 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + piece
            // A new sentence on a new line (roff then spaces sentences as it should).
            if let last = word.last, ".?!".contains(last), k + 1 < words.count, let next = words[k + 1].first,
               next.isUppercase || next == "`" {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    /// The words of `text`, a literal in backticks counting as one word even with spaces in it.
    static func words(_ text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var literal = false
        for i in text.indices {
            let c = text[i]
            if c == "`" { literal.toggle() }
            if (c == " " || c == "\n") && !literal {
                if let s = start { words.append(text[s..<i]) }
                start = nil
            } else if start == nil {
                start = i
            }
        }
        if let s = start { words.append(text[s...]) }
        return words
    }

    /// One word with its markup as roff font changes.
    static func marked(_ word: String) -> String {
        var out = ""
        var rest = word[...]
        while let c = rest.first {
            if c == "`", let close = rest.dropFirst().firstIndex(of: "`") {
                out += "\\fB" + escaped(String(rest[rest.index(after: rest.startIndex)..<close])) + "\\fR"
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix("--"), rest.dropFirst(2).first?.isLetter == true {
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                out += "\\fB" + escaped(String(name)) + "\\fR"
                rest = rest.dropFirst(name.count)
            } else if c.isLetter || c.isNumber || c == "_" {
                let token = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                out += OptionTable.placeholders.contains(String(token)) ? "\\fI\(token)\\fR" : escaped(String(token))
                rest = rest.dropFirst(token.count)
            } else {
                out += escaped(String(c))
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// Roff escapes: backslash, minus signs, and characters outside ASCII as `\[uXXXX]`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
