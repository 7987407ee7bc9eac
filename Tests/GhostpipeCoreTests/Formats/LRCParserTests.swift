import Testing
@testable import GhostpipeCore

func lrc(_ text: String) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    let (cues, diagnostics) = LRCParser.parse(text)
    return (Array(cues), diagnostics)
}

@Suite struct LRCParsing {
    @Test func aLineLastsUntilTheNextAndALineWithSeveralTimesShowsAtEach() {
        let (cues, diagnostics) = lrc("""
        [00:12.00]First line
        [00:15.30][01:02.50]Chorus, twice
        [00:20.00]
        [00:24.00]After the break
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["First line", "Chorus, twice", "After the break", "Chorus, twice"])
        #expect(cues.map(\.start) == [ms(12_000), ms(15_300), ms(24_000), ms(62_500)])
        // The empty line ends the chorus (an instrumental); the last line lasts a few seconds.
        #expect(cues.map(\.end) == [ms(15_300), ms(20_000), ms(62_500), ms(62_500) + OpenEndedCues.openEnded])
        #expect(cues.map(\.sourceLine) == [1, 2, 4, 2])
    }

    @Test func theLastLineLastsUntilTheLengthHeader() {
        let (cues, _) = lrc("[length: 03:25]\n[03:20.00]Fade out\n")
        #expect(cues.map(\.end) == [ms(205_000)])
    }

    @Test func theOffsetMovesTheLyricsNotTheSongsEnd() {
        // The song is 21.5 s long whatever the lyrics' offset: the last line ends with it.
        for header in ["[offset:+500]\n", "[offset:-250]\n", ""] {
            let (cues, _) = lrc("[length:00:21.50]\n" + header + "[00:18.00]Last line\n")
            #expect(cues.map(\.end) == [ms(21_500)], "\(header)")
        }
        let (moved, _) = lrc("[length:00:21.50]\n[offset:+500]\n[00:18.00]Last line\n")
        #expect(moved.map(\.start) == [ms(17_500)])
    }

    @Test(arguments: [
        ("[00:12.34]", 12_340), ("[00:12.3]", 12_300), ("[00:12.345]", 12_345), ("[00:12]", 12_000),
        ("[00:12:34]", 12_340), ("[1:00:12.00]", 3_612_000), ("[75:00.00]", 4_500_000), ("[ 00:01.00 ]", 1000),
    ] as [(String, Int64)])
    func readsTimeTags(_ tag: String, _ expected: Int64) {
        let (cues, diagnostics) = lrc("\(tag)words\n")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.first?.start == ms(expected))
    }

    @Test func aPositiveOffsetShowsTheLyricsSooner() {
        let text = "[00:10.00]<00:10.00>one <00:10.50>two\n[00:12.00]three\n"
        let sooner = lrc("[offset:+500]\n" + text).cues
        #expect(sooner.map(\.start) == [ms(9500), ms(11_500)])
        #expect(sooner.first?.runs.compactMap(\.at) == [ms(9500), ms(10_000)])
        let later = lrc(text + "[offset:-250]\n").cues
        #expect(later.map(\.start) == [ms(10_250), ms(12_250)], "the offset applies wherever it is written")
        #expect(lrc("[offset:+5000]\n[00:02.00]early\n").cues.first?.start == 0)
    }

    @Test func headersMakeATitleCardBeforeTheFirstLine() {
        let (cues, _) = lrc("[ti:Low Tide]\n[ar:The Keepers]\n[al:Night Watch]\n[by:someone]\n[00:03.00]First\n")
        #expect(cues.count == 2)
        #expect(cues[0].plainText == "Low Tide\nThe Keepers · Night Watch" && cues[0].styleName == "title")
        #expect(cues[0].start == 0 && cues[0].end == ms(3000))
        // Lyrics that start at once have no card.
        #expect(lrc("[ti:Now]\n[00:00.50]Straight in\n").cues.map(\.plainText) == ["Straight in"])
    }

    @Test func enhancedWordTimingIsKaraoke() {
        let (cues, _) = lrc("[00:01.00]<00:01.00>Low <00:01.50>tide, <00:02.25>low tide <00:03.00>\n[00:04.00]next\n")
        let dim = Style(attributes: .dim)
        #expect(cues.first?.runs == [StyledRun("Low ", at: ms(1000), before: dim), StyledRun("tide, ", at: ms(1500), before: dim),
                                     StyledRun("low tide", at: ms(2250), before: dim)])
        // Text before the first stamp comes with the line.
        #expect(lrc("[00:01.00]Oh <00:01.40>sea\n").cues.first?.runs == [StyledRun("Oh "), StyledRun("sea", at: ms(1400), before: dim)])
    }

    @Test func aRepeatedLinesWordsFollowEachOfItsTimes() {
        let (cues, _) = lrc("[00:10.00][00:40.00]<00:10.00>sing <00:10.60>along\n")
        #expect(cues.map { $0.runs.compactMap(\.at) } == [[ms(10_000), ms(10_600)], [ms(40_000), ms(40_600)]])
    }

    @Test func badTagsSkipTheirLineAndUntaggedLinesAreSaidOnce() {
        let (cues, diagnostics) = lrc("""
        [ti:x]
        [00:1x.00]broken
        just text
        [00:00.50]fine
        more text
        [not a tag] text
        """)
        #expect(cues.map(\.plainText) == ["fine"])
        #expect(diagnostics == [
            Diagnostic(line: 2, message: "bad time tag '[00:1x.00]'; line skipped"),
            Diagnostic(line: 3, message: "line without a time tag ignored (and 2 more like it)"),
        ])
        #expect(lrc("no tags at all\n").diagnostics.last == Diagnostic(line: 1, message: "no LRC time tags found"))
    }

    @Test func aTimeOfAMillionHoursOrMoreIsABadTagNotACrash() {
        let (cues, diagnostics) = lrc("[99999999:00:00.00]too late\n[999999:00:00.00]late\n")
        #expect(cues.map(\.plainText) == ["late"])
        #expect(cues.first?.start == 999_999 * 3600 * Time.second)
        #expect(diagnostics == [Diagnostic(line: 1, message: "bad time tag '[99999999:00:00.00]'; line skipped")])
    }

    @Test func recognisedByContentAndName() {
        let song = "[ti:Song]\n[ar:Band]\n[00:01.00]one\n[00:02.00]two\n"
        #expect(SubtitleFormat.detect(fileName: nil, prefix: song).name == "lrc")
        #expect(SubtitleFormat.detect(fileName: nil, prefix: "[00:01.00]just one line\n").name == "lrc")
        #expect(SubtitleFormat.detect(fileName: "song.lrc", prefix: "[00:01]loose\n").name == "lrc")
        // A chat log is not lyrics.
        #expect(SubtitleFormat.detect(fileName: nil, prefix: "[12:30] <bob> hi\n[12:31] <amy> hey\n[12:32] <bob> ok\n") == .text)
        #expect(SubtitleFormat.sniff(Array("[ar:Band]\n".utf8), fileName: nil, atEnd: false)?.name == "lrc")
        #expect(SubtitleFormat.sniff(Array("[00:01.00]one\n".utf8), fileName: nil, atEnd: false)?.name == "lrc")
    }
}
