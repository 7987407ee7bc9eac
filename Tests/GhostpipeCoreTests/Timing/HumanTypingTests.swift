import Foundation
import Testing
import TestSupport
@testable import GhostpipeCore

/// `--typing human` and `--typos` on the virtual clock: the intervals' statistics, their contexts,
/// the seed, and typos that leave the screen, the json text and a recording as the input.
@Suite struct HumanTyping {
    /// English prose as a demo would type it: the bundled screenplay and a paragraph of README.
    static let prose: String = {
        let script = (try? String(contentsOfFile: Paths.sample("script.txt"), encoding: .utf8)) ?? ""
        return script + """

        ghostpipe is a streaming terminal filter that reveals text and subtitles in sync with real time. \
        Pipe anything into it and the text appears as if typed, one grapheme at a time, at the pace you \
        ask for, wrapped at word boundaries before anything is shown, so that nothing on the screen ever \
        jumps. It works inside the scrollback, after a prompt, and in a recording as well.

        """
    }()

    static func intervals(_ run: VirtualRun) -> [Double] {
        let times = run.events.map(\.time)
        return zip(times, times.dropFirst()).map { $1 - $0 }
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    static func variation(_ values: [Double]) -> Double {
        let m = mean(values)
        return (values.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(values.count)).squareRoot() / m
    }

    static func human(_ extra: [String] = [], seed: Int = 7, text: String = prose) throws -> VirtualRun {
        try VirtualRun(["--typing", "human", "--seed", "\(seed)", "--cps", "20", "-o", "json"] + extra, text: text)
    }

    @Test func meanIsThePaceAndTheSpreadAPersons() throws {
        for seed in [1, 7, 2024] {
            let intervals = Self.intervals(try Self.human(["--no-pauses"], seed: seed))
            #expect(intervals.count > 1000)
            // 20 cps: 50 ms on average, within 2 %.
            #expect(abs(Self.mean(intervals) - 0.05) < 0.001, "seed \(seed): mean \(Self.mean(intervals))")
            let cv = Self.variation(intervals)
            #expect(cv >= 0.3 && cv <= 0.6, "seed \(seed): coefficient of variation \(cv)")
            #expect(intervals.allSatisfy { $0 > 0 }, "two keys at one instant")
        }
    }

    @Test func pausesKeepTheEvenTypingsTotal() throws {
        let even = try VirtualRun(["--seed", "7", "--cps", "20", "-o", "json"], text: Self.prose).events
        let human = try Self.human().events
        #expect(human.map(\.text) == even.map(\.text))
        let (humanEnd, evenEnd) = (human.last?.time ?? 0, even.last?.time ?? 0)
        #expect(abs(humanEnd - evenEnd) / evenEnd < 0.02, "human \(humanEnd) s, even \(evenEnd) s")
        // Never more than a few keystrokes from the even schedule.
        let lag = zip(human, even).map { abs($0.time - $1.time) }.max() ?? 0
        #expect(lag < 0.5, "\(lag) s from the even schedule")
        #expect(Self.intervals(try Self.human()) != Self.intervals(try VirtualRun(["--cps", "20", "-o", "json"], text: Self.prose)))
    }

    @Test func theSameSeedTypesTheSameWay() throws {
        let first = try Self.human(["--typos", "0.05"], seed: 11).output.text
        #expect(try Self.human(["--typos", "0.05"], seed: 11).output.text == first)
        #expect(try Self.human(["--typos", "0.05"], seed: 12).output.text != first)
    }

    /// Mean interval before graphemes that satisfy `where`, over several seeds.
    static func meanBefore(_ runs: [VirtualRun], where pick: (_ previous: String, _ text: String, _ index: Int, _ all: [String]) -> Bool) -> Double {
        var picked: [Double] = []
        for run in runs {
            let events = run.events
            let texts = events.map(\.text)
            for k in 1..<events.count where pick(texts[k - 1], texts[k], k, texts) { picked.append(events[k].time - events[k - 1].time) }
        }
        return mean(picked)
    }

    @Test func quickerInCommonPairsAndWordsSlowerAfterPunctuationAndBeforeLongWords() throws {
        let runs = try (1...6).map { try Self.human(["--no-pauses"], seed: $0) }
        let letters = Set("abcdefghijklmnopqrstuvwxyz".map(String.init))
        let inWord = Self.meanBefore(runs) { p, t, _, _ in letters.contains(p) && letters.contains(t) }
        let commonPair = Self.meanBefore(runs) { p, t, _, _ in ["th", "he", "in", "er", "an"].contains(p + t) }
        let rarePair = Self.meanBefore(runs) { p, t, _, _ in
            letters.contains(p) && letters.contains(t) && !TypingHabits.isCommonPair(p.utf8.first!, t.utf8.first!)
        }
        #expect(commonPair < rarePair * 0.85, "common pairs \(commonPair), others \(rarePair)")
        let afterPunctuation = Self.meanBefore(runs) { p, t, _, _ in [",", ".", ";", ":"].contains(p) && t == " " }
        let otherSpaces = Self.meanBefore(runs) { p, t, _, _ in letters.contains(p) && t == " " }
        #expect(afterPunctuation > otherSpaces * 1.3, "after punctuation \(afterPunctuation), after a letter \(otherSpaces)")
        // The first letter of a word of 8 or more letters against that of a word of 2 or 3.
        func wordLength(_ k: Int, _ all: [String]) -> Int { all[k...].prefix { letters.contains($0) }.count }
        let longStart = Self.meanBefore(runs) { p, t, k, all in p == " " && wordLength(k, all) >= 8 }
        let shortStart = Self.meanBefore(runs) { p, t, k, all in p == " " && (2...3).contains(wordLength(k, all)) }
        #expect(longStart > shortStart * 1.15, "long words start \(longStart), short ones \(shortStart)")
        #expect(inWord < Self.mean(runs.flatMap(Self.intervals)), "inside words \(inWord)")
        // "the", "and", "with": quicker after their first letter than other words' letters.
        let common = Self.meanBefore(runs) { p, t, k, all in
            k >= 2 && k + 2 < all.count && all[k - 2] == " " && ((p == "t" && t == "h" && all[k + 1] == "e" && all[k + 2] == " ")
                                            || (p == "a" && t == "n" && all[k + 1] == "d" && all[k + 2] == " "))
        }
        let uncommon = Self.meanBefore(runs) { p, t, k, all in
            k >= 2 && all[k - 2] != " " && TypingHabits.isCommonPair(p.utf8.first!, t.utf8.first!) && letters.contains(p) && letters.contains(t)
        }
        #expect(common < uncommon, "in common words \(common), common pairs elsewhere \(uncommon)")
    }

    /// The text a json consumer gets when it applies each backspace to the grapheme before it.
    static func typed(_ events: [(time: Double, text: String)]) -> String {
        var graphemes: [String] = []
        for event in events { if event.text == "\u{8}" { graphemes.removeLast() } else { graphemes.append(event.text) } }
        return graphemes.joined()
    }

    @Test func typosInJSONAreAWrongKeyAndABackspaceAndTheTextIsTheInputs() throws {
        let events = try Self.human(["--typos", "0.05"]).events
        let slips = events.indices.filter { events[$0].text == "\u{8}" }
        #expect(slips.count > 20, "\(slips.count) typos")
        #expect(Self.typed(events) == Self.prose)
        for k in slips {
            // A neighbouring letter instead of the right one, taken back, then the right one.
            let (wrong, right) = (events[k - 1].text, events[k + 1].text)
            #expect(wrong != right && wrong.count == 1 && right.count == 1 && wrong.first!.isLetter && right.first!.isLetter,
                    "\(wrong) for \(right)")
            #expect(wrong.first!.isUppercase == right.first!.isUppercase)
            #expect(events[k - 1].time < events[k].time && events[k].time < events[k + 1].time)
        }
        // Off by default, even with human typing.
        #expect(!(try Self.human()).events.contains { $0.text == "\u{8}" })
    }

    @Test func typosLeaveTheScreenAsTheInputAtEveryWidth() throws {
        for columns in [17, 33, 80] {
            let reference = try VirtualRun(["--cps", "1000"], text: Self.prose, terminal: (columns, 200)).screen(columns: columns, rows: 200)
            #expect(reference.transcript == expectedWrap(Self.prose, width: columns))
            for seed in [3, 4] {
                let run = try VirtualRun(["--typing", "human", "--typos", "0.2", "--seed", "\(seed)", "--cps", "1000"],
                                         text: Self.prose, terminal: (columns, 200))
                let screen = run.screen(columns: columns, rows: 200)
                #expect(screen.transcript == reference.transcript, "\(columns) columns, seed \(seed)")
                #expect(screen.row == reference.row && screen.column == reference.column, "the cursor at \(columns) columns")
                if columns == 80 && seed == 3 {
                    let slipped = Self.showsSlips(run.output.writes.map(\.bytes), final: reference.transcript, columns: columns)
                    #expect(slipped, "no wrong key was shown on the way")
                }
            }
        }
    }

    /// Whether a cell showed a letter other than the final one on the way (a wrong key typed).
    static func showsSlips(_ writes: [[UInt8]], final: [String], columns: Int) -> Bool {
        var model = ScreenModel(width: columns, height: 200)
        for write in writes {
            model.feed(write)
            for (shown, last) in zip(model.transcript, final) where zip(shown, last).contains(where: { $0 != " " && $0 != $1 }) {
                return true
            }
        }
        return false
    }

    @Test func aRecordingPlaysBackToTheInput() throws {
        let text = "Typing demos look typed by a person: quick in familiar words, slower elsewhere.\nThe end.\n"
        for instant in [true, false] {
            let run = try VirtualRun((instant ? ["--instant"] : []) + ["-o", "cast", "--width", "24", "--height", "8", "--typing", "human",
                                                                      "--typos", "0.3", "--seed", "5"], text: text)
            let lines = run.output.text.split(separator: "\n").dropFirst()
            let events = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any]) }
            let data = events.compactMap { $0[2] as? String }
            // Some wrong key was typed, then typed over.
            let slipped = Self.showsSlips(data.map { Array($0.utf8) }, final: expectedWrap(text, width: 24), columns: 24)
            #expect(slipped, "no wrong key was shown on the way (instant: \(instant))")
            var model = ScreenModel(width: 24, height: 8)
            model.feed(data.joined())
            #expect(model.transcript == expectedWrap(text, width: 24), "instant: \(instant)")
            let times = events.compactMap { ($0[0] as? NSNumber)?.doubleValue }
            #expect(times == times.sorted())
        }
    }

    @Test func saysWhereHumanTypingDoesNotApply() throws {
        func notes(_ arguments: [String]) throws -> [String] {
            try Session(options: try ArgumentParser.parse(arguments),
                        surroundings: Surroundings(stdoutIsTerminal: true, terminalSize: (80, 24), environment: ["TERM": "xterm"])).notes
        }
        #expect(try notes(["--typing", "human", "--duration", "3"]).contains { $0.contains("--typing human") })
        #expect(try notes(["--typos", "0.1", "--effect", "fade"]).contains { $0.contains("--typos") })
        #expect(try notes(["--typing", "human", "--typos", "0.1"]).isEmpty)
    }

    @Test func plainOutputIsTheInputByteForByteWithHumanIntervals() throws {
        let run = try VirtualRun(["--typing", "human", "--typos", "0.3", "--seed", "5", "-o", "plain"], text: Self.prose)
        #expect(run.output.text == Self.prose)
        let instants = run.output.writes.map(\.instant)
        let gaps = Set(zip(instants, instants.dropFirst()).map { $1 - $0 })
        #expect(gaps.count > 10, "the intervals vary")
    }
}
