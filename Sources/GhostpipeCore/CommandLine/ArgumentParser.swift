/// Parses `ghostpipe [OPTIONS] [FILE...]` GNU style: `--wpm 300`, `--wpm=300`, `-w 300`, `-w300`,
/// bundled short flags (`-iV`), `--` ends the options, `-` alone is stdin. A misspelt option gets a
/// suggestion. With `--overlay SOURCE`, the first argument that is not an option starts COMMAND:
/// it and everything after it are the program's (as with `env` or `nice`), `--` or not.
public enum ArgumentParser {
    /// One option: its names, the name of its value (nil for a flag), and what it does.
    struct Spec: Sendable {
        let long: String
        let short: Character?
        let value: String?
        let apply: @Sendable (inout Options, String) throws(UsageError) -> Void
    }

    static let specs: [Spec] = [
        Spec(long: "wpm", short: "w", value: "N") { o, v throws(UsageError) in
            o.pacing.graphemesPerSecond = Pacer.graphemesPerSecond(wpm: try positive(v, "--wpm"))
        },
        Spec(long: "cps", short: "c", value: "N") { o, v throws(UsageError) in
            o.pacing.graphemesPerSecond = try positive(v, "--cps")
        },
        Spec(long: "no-pauses", short: nil, value: nil) { o, _ in o.pacing.pauses = false },
        Spec(long: "duration", short: "d", value: "T") { o, v throws(UsageError) in
            guard let d = Time.parseDuration(v), d >= 0 else { throw UsageError("--duration: '\(v)' is not a duration (try 10, 1.5s, 300ms, 2m or 00:01:02,500)") }
            o.pacing.duration = d
        },
        Spec(long: "instant", short: "i", value: nil) { o, _ in o.instant = true },
        Spec(long: "output", short: "o", value: "MODE") { o, v throws(UsageError) in
            guard let mode = OutputMode(rawValue: v) else {
                throw UsageError("--output: '\(v)' is not one of \(OutputMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            o.output = mode
        },
        Spec(long: "record", short: "r", value: "FILE") { o, v in o.record = v },
        Spec(long: "width", short: nil, value: "N") { o, v throws(UsageError) in o.width = try count(v, "--width") },
        Spec(long: "height", short: nil, value: "N") { o, v throws(UsageError) in o.height = try count(v, "--height") },
        Spec(long: "effect", short: "e", value: "NAME") { o, v throws(UsageError) in
            guard EffectCatalog.named(v) != nil else {
                throw UsageError("--effect: unknown effect '\(v)' (try --list-effects)" + closest(v, among: EffectCatalog.all.map(\.name), prefix: ""))
            }
            o.effect = v
        },
        Spec(long: "list-effects", short: nil, value: nil) { o, _ in o.listEffects = true },
        Spec(long: "seed", short: nil, value: "N") { o, v throws(UsageError) in
            guard let seed = UInt64(v) else { throw UsageError("--seed: '\(v)' is not a whole number from 0 to \(UInt64.max)") }
            o.seed = seed
        },
        Spec(long: "accel", short: nil, value: "F") { o, v throws(UsageError) in
            guard let f = Double(v), f > 0, f <= 1 else { throw UsageError("--accel: '\(v)' is not a factor above 0 and at most 1") }
            o.acceleration = f
        },
        Spec(long: "color", short: nil, value: "WHEN") { o, v throws(UsageError) in
            guard let choice = ColorChoice(rawValue: v) else { throw UsageError("--color: '\(v)' is not one of auto, always, never") }
            o.color = choice
        },
        Spec(long: "colors", short: nil, value: "N") { o, v throws(UsageError) in
            switch v {
            case "16": o.colors = .ansi16
            case "256": o.colors = .palette256
            case "truecolor", "24bit", "16m": o.colors = .truecolor
            default: throw UsageError("--colors: '\(v)' is not one of 16, 256, truecolor")
            }
        },
        Spec(long: "format", short: "f", value: "FORMAT") { o, v throws(UsageError) in
            guard let format = SubtitleFormat(named: v) else {
                throw UsageError("--format: '\(v)' is not one of \(FormatCatalog.names.joined(separator: ", "))"
                                 + closest(v.lowercased(), among: FormatCatalog.names, prefix: ""))
            }
            o.format = format
        },
        Spec(long: "encoding", short: nil, value: "NAME") { o, v throws(UsageError) in
            do { o.encoding = try TextDecoder.canonicalName(of: v) } catch {
                throw UsageError("--encoding: '\(v)' is not an encoding iconv knows (try cp949, euc-kr, cp1252, cp1251, gbk, shift_jis)")
            }
        },
        Spec(long: "lang", short: nil, value: "LANG") { o, v throws(UsageError) in
            guard !v.isEmpty, v.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw UsageError("--lang: '\(v)' is not a language (ko, en-US) or a class name (KRCC)")
            }
            o.language = v
        },
        Spec(long: "offset", short: nil, value: "T") { o, v throws(UsageError) in
            guard let t = Time.parseDuration(v) else { throw UsageError("--offset: '\(v)' is not a duration (try 2.5, -1.5s, 300ms)") }
            o.subtitleTiming.offset = t
        },
        Spec(long: "speed", short: nil, value: "F") { o, v throws(UsageError) in
            o.subtitleTiming.speed = try positive(v, "--speed")
        },
        Spec(long: "start", short: nil, value: "T") { o, v throws(UsageError) in
            guard let t = Time.parseDuration(v), t >= 0 else { throw UsageError("--start: '\(v)' is not a duration (try 90, 1:30, 00:01:30,000)") }
            o.subtitleTiming.start = t
        },
        Spec(long: "layout", short: nil, value: "LAYOUT") { o, v throws(UsageError) in
            guard let layout = SubtitleLayout(rawValue: v) else { throw UsageError("--layout: '\(v)' is not one of band, scroll") }
            o.subtitleLayout = layout
        },
        Spec(long: "band-rows", short: nil, value: "N") { o, v throws(UsageError) in o.bandRows = try count(v, "--band-rows") },
        Spec(long: "overlay", short: nil, value: "SOURCE") { o, v in o.overlay = v },
        Spec(long: "input-colors", short: nil, value: "WHAT") { o, v throws(UsageError) in
            switch v {
            case "keep": o.keepInputColors = true
            case "strip": o.keepInputColors = false
            default: throw UsageError("--input-colors: '\(v)' is not one of keep, strip")
            }
        },
        Spec(long: "no-keys", short: nil, value: nil) { o, _ in o.keys = false },
        Spec(long: "force", short: nil, value: nil) { o, _ in o.force = true },
        Spec(long: "widths", short: nil, value: "HOW") { o, v throws(UsageError) in
            guard let policy = MeasuredWidths.Policy(rawValue: v) else { throw UsageError("--widths: '\(v)' is not one of auto, spec, terminal") }
            o.widths = policy
        },
        Spec(long: "tab-width", short: nil, value: "N") { o, v throws(UsageError) in
            guard let n = Int(v), n >= 1, n <= 64 else { throw UsageError("--tab-width: '\(v)' is not a whole number from 1 to 64") }
            o.tabWidth = n
        },
        Spec(long: "help", short: "h", value: nil) { o, _ in o.showHelp = true },
        Spec(long: "version", short: "V", value: nil) { o, _ in o.showVersion = true },
    ]

    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        var onlyFiles = false
        func value(for spec: Spec, inline: String?, shown name: String) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError("\(name) needs a value (\(spec.value ?? ""))") }
            return arguments[index]
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
                guard let spec = specs.first(where: { $0.long == name }) else {
                    throw UsageError("unknown option '--\(name)'" + suggestion(for: name))
                }
                if spec.value == nil {
                    if inline != nil { throw UsageError("--\(name) takes no value") }
                    try spec.apply(&options, "")
                } else {
                    try spec.apply(&options, try value(for: spec, inline: inline, shown: "--\(name)"))
                }
            } else {
                // One or more short options: -iV, -w300, -w 300.
                var rest = Substring(argument.dropFirst())
                while let letter = rest.first {
                    rest = rest.dropFirst()
                    guard let spec = specs.first(where: { $0.short == letter }) else {
                        throw UsageError("unknown option '-\(letter)'" + suggestion(for: String(letter)))
                    }
                    if spec.value == nil {
                        try spec.apply(&options, "")
                    } else {
                        try spec.apply(&options, try value(for: spec, inline: rest.isEmpty ? nil : String(rest), shown: "-\(letter)"))
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
        closest(name, among: specs.map(\.long), prefix: "--")
    }

    /// `; did you mean 'X'?` for the candidate closest to `name`, if any is close enough.
    static func closest(_ name: String, among candidates: [String], prefix: String) -> String {
        var best: (String, Int)?
        for candidate in candidates {
            var distance = editDistance(name, candidate)
            if candidate.hasPrefix(name) && name.count >= 2 { distance = min(distance, 1) }
            if distance <= max(1, candidate.count / 3), distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best.map { "; did you mean '\(prefix)\($0.0)'?" } ?? ""
    }

    /// Edit distance counting a swap of neighbours as one edit (optimal string alignment), so that
    /// `--wmp` is one edit from `--wpm`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    static func positive(_ text: String, _ name: String) throws(UsageError) -> Double {
        guard let v = Double(text), v.isFinite, v > 0, v <= 1e9 else { throw UsageError("\(name): '\(text)' is not a positive number") }
        return v
    }

    static func count(_ text: String, _ name: String) throws(UsageError) -> Int {
        guard let v = Int(text), v >= 1, v <= 10_000 else { throw UsageError("\(name): '\(text)' is not a whole number from 1 to 10000") }
        return v
    }
}
