/// How the detector chose an encoding, and how sure it is.
public struct EncodingDetection: Sendable {
    public enum Certainty: Sendable, Equatable {
        /// The reading is typical of its language, and no other comes close.
        case sure
        /// Another code page reads it nearly as well.
        case close(runnerUp: String)
        /// No code page reads it as likely text of any language ghostpipe knows: the fallback.
        case implausible
    }

    public var encoding: TextEncoding
    /// The language whose model read it best (`Simplified Chinese`), nil for the fallback.
    public var language: String?
    public var certainty: Certainty

    /// What to tell the user (the caller prefixes `ghostpipe: FILE: `).
    public var message: String {
        switch certainty {
        case .sure:
            return "not UTF-8; read as \(encoding); --encoding NAME to choose"
        case .close(let runnerUp):
            return "not UTF-8; read as \(encoding), though \(runnerUp) is nearly as likely; --encoding NAME to choose"
        case .implausible:
            return "not UTF-8, and no code page ghostpipe knows reads it as text; read as \(encoding), "
                + "which may be wrong; --encoding NAME to choose"
        }
    }
}

/// Chooses the code page of bytes that are not UTF-8 (nor UTF-16/32): each candidate reading is scored
/// by the language models of the languages that code page is used for, and the most probable reading
/// wins. Only lines with a byte above 0x7F are read (the others read the same in every code page), at
/// most `sampleLimit` bytes of them. Like uchardet's and ICU's detectors, but with models of our own
/// (`Scripts/gen_language_models.py`).
enum EncodingDetector {
    /// One candidate: a code page, the languages it is used for, and a prior (log) for near-ties: the
    /// Windows code page over the ISO one that reads most letters the same.
    struct Candidate {
        let encoding: String
        let models: [any LanguageModel]
        let prior: Double
    }

    typealias M = LanguageModels
    static let western: [any LanguageModel] = [M.en, M.fr, M.de, M.es, M.pt, M.it, M.nl, M.sv, M.da]
    static let central: [any LanguageModel] = [M.cs, M.sk, M.pl, M.hu, M.hr, M.sl, M.ro]

    /// In order of preference when two read the bytes identically.
    static let candidates: [Candidate] = [
        Candidate(encoding: "CP1252", models: western, prior: 0),
        Candidate(encoding: "CP1250", models: central, prior: 0),
        Candidate(encoding: "CP1251", models: [M.ru, M.uk, M.bg], prior: 0),
        Candidate(encoding: "CP949", models: [M.ko], prior: 0),
        Candidate(encoding: "GBK", models: [M.simplifiedChinese], prior: 0),
        Candidate(encoding: "Big5", models: [M.traditionalChinese], prior: 0),
        Candidate(encoding: "Shift_JIS", models: [M.ja], prior: 0),
        Candidate(encoding: "EUC-JP", models: [M.ja], prior: 0),
        Candidate(encoding: "CP1253", models: [M.el], prior: 0),
        Candidate(encoding: "CP1254", models: [M.tr], prior: 0),
        Candidate(encoding: "CP1255", models: [M.he], prior: 0),
        Candidate(encoding: "CP1256", models: [M.ar], prior: 0),
        Candidate(encoding: "CP874", models: [M.th], prior: 0),
        Candidate(encoding: "KOI8-R", models: [M.ru, M.bg], prior: -1),
        Candidate(encoding: "KOI8-U", models: [M.uk], prior: -1),
        Candidate(encoding: "ISO-8859-2", models: central, prior: -1),
        Candidate(encoding: "ISO-8859-15", models: western, prior: -2),
        Candidate(encoding: "ISO-8859-7", models: [M.el], prior: -1),
        Candidate(encoding: "ISO-8859-8", models: [M.he], prior: -1),
        Candidate(encoding: "ISO-8859-5", models: [M.ru, M.bg], prior: -2),
        Candidate(encoding: "CP866", models: [M.ru, M.uk, M.bg], prior: -2),
    ]

    /// Bytes of lines with non-ASCII bytes read at most (the first cue alone is enough in the test
    /// corpus; 4 KiB is a dozen cues).
    static let sampleLimit = 1 << 12
    /// A reading whose mean log-probability per character falls this far below its model's typical
    /// one is not plausible text (less `plausibilitySlack` in all, as a short sample's mean varies more).
    static let plausibility = 2.5
    static let plausibilitySlack = 8.0
    /// The best reading must beat every other by this much (log-probability, nats) to be sure.
    static let sureMargin = 8.0
    /// A reading in a language the file declares (`DeclaredLanguages`: a SAMI class's `lang:`)
    /// counts this much more (nats) in the ranking, and wins when it is plausible text: a few
    /// short lines read about as well in other code pages' languages, and the file says which.
    static let declaredWeight = 30.0

    /// What the detector thought of one reading (for tests and the accuracy report).
    struct Reading {
        var encoding: TextEncoding
        var language: String
        var logP: Double
        var characters: Int
        var typical: Double
        var text: String
        /// What the file's declared languages add (`declaredWeight` or 0): ranks, not plausibility.
        var weight = 0.0
        var rank: Double { logP + weight }
        /// Mean log-probability per character below the model's typical one (0 or more is typical).
        var plausibility: Double { characters == 0 ? 0 : logP / Double(characters) - typical }
    }

    /// `declared`: languages declared before `bytes` (a stream's ASCII head, passed on undecided).
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>, declared: Set<String> = []) -> EncodingDetection {
        let readings = rank(bytes, declared: declared)
        let plausible = { (r: Reading) in
            r.logP - r.typical * Double(r.characters) >= -(plausibility * Double(r.characters) + plausibilitySlack)
        }
        // A plausible reading in a language the file declares wins; else the most probable.
        guard let best = readings.first(where: { $0.weight > 0 && plausible($0) }) ?? readings.first, plausible(best) else {
            return EncodingDetection(encoding: TextDecoder.named("CP1252"), language: nil, certainty: .implausible)
        }
        let runnerUp = readings.first { $0.encoding != best.encoding && $0.text != best.text }
        if let runnerUp, best.rank - runnerUp.rank < sureMargin {
            return EncodingDetection(encoding: best.encoding, language: best.language,
                                     certainty: .close(runnerUp: runnerUp.encoding.name))
        }
        return EncodingDetection(encoding: best.encoding, language: best.language, certainty: .sure)
    }

    /// Every candidate's best reading, most probable first (ties in candidate order).
    static func rank(_ bytes: UnsafeBufferPointer<UInt8>, declared: Set<String> = []) -> [Reading] {
        let sample = relevantLines(bytes)
        let declared = declared.union(DeclaredLanguages.scan(bytes))
        var readings: [Reading] = []
        for (order, candidate) in candidates.enumerated() {
            let encoding = TextDecoder.named(candidate.encoding)
            let text = String(decoding: sample.withUnsafeBufferPointer { encoding.decode($0) }, as: UTF8.self)
            let lines = text.split(separator: "\n")
            var best: Reading?
            for model in candidate.models {
                var logP = candidate.prior, characters = 0
                for line in lines {
                    let (p, n) = model.score(line.unicodeScalars)
                    logP += p
                    characters += n
                }
                if best == nil || logP > best!.logP {
                    best = Reading(encoding: encoding, language: model.language, logP: logP, characters: characters,
                                   typical: model.typical, text: text)
                }
            }
            if var best {
                best.logP -= Double(order) * 1e-9  // ties go to the earlier candidate
                if declared.contains(best.language) { best.weight = declaredWeight }
                readings.append(best)
            }
        }
        return readings.sorted { $0.rank > $1.rank }
    }

    /// The lines of `bytes` that have a byte above 0x7F, up to `sampleLimit` bytes, joined by line
    /// feeds (a line feed is never part of a character in these code pages).
    static func relevantLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var sample: [UInt8] = []
        var start = 0
        var high = false
        for i in 0...bytes.count {
            if i == bytes.count || bytes[i] == 0x0A {
                if high {
                    sample.append(contentsOf: bytes[start..<i])
                    sample.append(0x0A)
                    if sample.count >= sampleLimit { break }
                }
                start = i + 1
                high = false
            } else if bytes[i] >= 0x80 {
                high = true
            }
        }
        return sample
    }
}
