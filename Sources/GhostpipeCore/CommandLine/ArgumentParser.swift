/// Parses `ghostpipe [OPTIONS] [FILE...]` GNU style, with the options `OptionTable` declares:
/// `--wpm 300`, `--wpm=300`, `-w 300`, `-w300`, bundled short flags (`-iV`), `--` ends the options,
/// `-` alone is stdin. A misspelt option or value gets a suggestion; an option given twice keeps its
/// last value, and two options that set the same thing are a usage error. With `--overlay SOURCE`,
/// the first argument that is not an option starts COMMAND: it and everything after it are the
/// program's (as with `env` or `nice`), `--` or not.
public enum ArgumentParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        var onlyFiles = false
        /// What each `sets` label was set by, as typed ("--wpm 100"), to name both in a conflict.
        var setters: [String: (option: String, given: String)] = [:]

        func apply(_ option: Option, inline: String?, shown name: String) throws(UsageError) {
            var text = ""
            if case .flag = option.value {
                if inline != nil { throw UsageError("\(name) takes no value") }
            } else if let inline {
                text = inline
            } else {
                index += 1
                guard index < arguments.count else { throw UsageError("\(name) needs a value (\(option.value.placeholder ?? ""))") }
                text = arguments[index]
            }
            if let label = option.sets {
                let given = text.isEmpty ? name : "\(name) \(text)"
                // The same option again replaces its value (as in an alias); another one for the same thing is a mistake.
                if let earlier = setters[label], earlier.option != option.long {
                    throw UsageError("\(earlier.given) and \(given) both set \(label): give one of them")
                }
                setters[label] = (option.long, given)
            }
            if case .choice(_, let choices) = option.value, choices.closed {
                guard let choice = choices.named(text) else {
                    let names = choices.all().map(\.name)
                    throw UsageError("\(option.name): '\(text)' is not one of \(names.joined(separator: ", "))"
                                     + closest(text.lowercased(), among: names, prefix: ""))
                }
                text = choice.name
            }
            try option.apply(&options, OptionArgument(text: text, option: option.name))
        }

        while index < arguments.count {
            let argument = arguments[index]
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                options.files.append(argument)
                // COMMAND's own options are not ghostpipe's.
                if options.overlay != nil { onlyFiles = true }
            } else if argument == "--" {
                onlyFiles = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix(while: { $0 != "=" }))
                let inline = body.contains("=") ? String(body.drop(while: { $0 != "=" }).dropFirst()) : nil
                guard let option = OptionTable.named(name) else {
                    throw UsageError("unknown option '--\(name)'" + suggestion(for: name))
                }
                try apply(option, inline: inline, shown: "--\(name)")
            } else {
                // One or more short options: -iV, -w300, -w 300.
                var rest = Substring(argument.dropFirst())
                // A long option with one dash (`-speed 2`) is a common slip: named as typed, with the fix.
                let word = String(rest.prefix(while: { $0 != "=" }))
                if word.count > 1, OptionTable.named(word) != nil {
                    throw UsageError("unknown option '-\(word)'; did you mean '--\(word)'?")
                }
                while let letter = rest.first {
                    rest = rest.dropFirst()
                    guard let option = OptionTable.named(short: letter) else {
                        let near = word.count > 2 ? suggestion(for: word) : ""
                        throw UsageError("unknown option '-\(near.isEmpty ? String(letter) : word)'" + (near.isEmpty ? suggestion(for: String(letter)) : near))
                    }
                    if case .flag = option.value {
                        try apply(option, inline: nil, shown: "-\(letter)")
                    } else {
                        try apply(option, inline: rest.isEmpty ? nil : String(rest), shown: "-\(letter)")
                        break
                    }
                }
            }
            index += 1
        }
        if options.overlay != nil {
            options.command = options.files
            options.files = []
        }
        return options
    }

    /// `; did you mean '--wpm'?` for the closest long option, if it is close enough.
    static func suggestion(for name: String) -> String {
        closest(name, among: OptionTable.all.map(\.long), prefix: "--")
    }

    /// `; did you mean 'X'?` for the candidate closest to `name`, if any is close enough.
    static func closest(_ name: String, among candidates: [String], prefix: String) -> String {
        var best: (String, Int)?
        let length = name.count
        for candidate in candidates {
            // Farther in length than the edits allowed: not close (and the search stays bounded).
            guard abs(length - candidate.count) <= max(1, candidate.count / 3) || length < candidate.count else { continue }
            var distance = EditDistance.between(name, candidate)
            if candidate.hasPrefix(name) && name.count >= 2 { distance = min(distance, 1) }
            if distance <= max(1, candidate.count / 3), distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best.map { "; did you mean '\(prefix)\($0.0)'?" } ?? ""
    }
}
