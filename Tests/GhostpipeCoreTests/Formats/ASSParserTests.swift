import Testing
@testable import GhostpipeCore

func ass(_ text: String) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    let (cues, diagnostics) = ASSParser.parse(text)
    return (Array(cues), diagnostics)
}

/// An ASS script with the usual header, `styles` as extra style lines, and `events` as event lines.
func assScript(_ events: String, styles: String = "", info: String = "") -> String {
    """
    [Script Info]
    ScriptType: v4.00+
    PlayResX: 1280
    PlayResY: 720
    \(info)

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Default,Arial,48,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,1,2,10,10,10,1
    \(styles)

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
    \(events)

    """
}

/// The runs of the only event of a script whose text is `text`.
func assRuns(_ text: String, info: String = "") -> [StyledRun] {
    ass(assScript("Dialogue: 0,0:00:01.00,0:00:05.00,Default,,0,0,0,,\(text)", info: info)).cues.first?.runs ?? []
}

@Suite struct ASSParsing {
    @Test func theFormatLineSaysWhichFieldIsWhichAndTheTextKeepsItsCommas() {
        let text = """
        [Events]
        Format: Start, End, Style, Name, Text
        Dialogue: 0:00:01.00,0:00:02.50,Default,Maya,Well, well, well.
        Comment: 0:00:03.00,0:00:04.00,Default,,not shown
        Dialogue: 0:00:05.00,0:00:06.00,Default,,  spaced\\Nout
        """
        let (cues, diagnostics) = ass(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.map(\.plainText) == ["Well, well, well.", "  spaced\nout"])
        #expect(cues.map(\.start) == [ms(1000), ms(5000)] && cues.map(\.end) == [ms(2500), ms(6000)])
        #expect(cues.map(\.sourceLine) == [3, 5] && cues.map(\.styleName) == ["Default", "Default"])
    }

    @Test func withoutAFormatLineTheStandardOrderIsAssumed() {
        let (cues, diagnostics) = ass("[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi, there\n")
        #expect(diagnostics.isEmpty && cues.map(\.plainText) == ["Hi, there"])
    }

    @Test(arguments: [
        ("0:00:01.00", 1000), ("0:00:01.5", 1500), ("0:00:01.05", 1050), ("0:00:01.050", 1050), ("0:00:01", 1000),
        ("1:02:03.45", 3_723_450), ("12:00:00.00", 43_200_000), (" 0:00:02.00 ", 2000), ("0:0:2.00", 2000),
    ] as [(String, Int64)])
    func readsTimes(_ time: String, _ expected: Int64) {
        let (cues, diagnostics) = ass(assScript("Dialogue: 0,\(time),99:00:00.00,Default,,0,0,0,,x"))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(cues.first?.start == ms(expected))
    }

    @Test func aTimeOfAMillionHoursOrMoreIsABadTimeNotACrash() {
        let (cues, diagnostics) = ass(assScript("""
        Dialogue: 0,999999999:00:00.00,999999999:00:01.00,Default,,0,0,0,,too late
        Dialogue: 0,999999:00:00.00,999999:00:01.00,Default,,0,0,0,,late
        """))
        #expect(cues.map(\.plainText) == ["late"])
        #expect(cues.first?.start == 999_999 * 3600 * Time.second)
        #expect(diagnostics.map(\.message) == ["bad time '999999999:00:00.00'"])
    }

    @Test func aBadTimeSkipsItsEventWithItsLineAndTheRestPlays() {
        let script = assScript("""
        Dialogue: 0,0:61:00.00,0:62:00.00,Default,,0,0,0,,bad minutes
        Dialogue: 0,0:00:0a.00,0:00:03.00,Default,,0,0,0,,bad digits
        Dialogue: 0,0:00:05.00,0:00:04.00,Default,,0,0,0,,backwards
        Dialogue: 0,0:00:05.00
        Dialogue: 0,0:00:06.00,0:00:07.00,Default,,0,0,0,,fine
        """)
        let (cues, diagnostics) = ass(script)
        #expect(cues.map(\.plainText) == ["fine"])
        let line = script.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("bad minutes") }! + 1
        #expect(diagnostics == [
            Diagnostic(line: line, message: "bad time '0:61:00.00'"),
            Diagnostic(line: line + 1, message: "bad time '0:00:0a.00'"),
            Diagnostic(line: line + 2, message: "event ends before it starts: '0:00:05.00' to '0:00:04.00'; skipped"),
            Diagnostic(line: line + 3, message: "Dialogue line with fewer fields than its Format line names; skipped"),
        ])
    }

    @Test func stylesGiveColourAttributesAndAlignment() {
        let script = assScript("""
        Dialogue: 0,0:00:01.00,0:00:02.00,Sign,,0,0,0,,Sign text
        Dialogue: 0,0:00:01.00,0:00:02.00,*Plain,,0,0,0,,plain
        Dialogue: 0,0:00:01.00,0:00:02.00,Nobody,,0,0,0,,unknown style
        Dialogue: 0,0:00:03.00,0:00:04.00,Nobody,,0,0,0,,again
        """, styles: """
        Style: Sign,Georgia,40,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,-1,0,0,100,100,0,0,1,2,0,9,10,10,10,1
        Style: Plain,Arial,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,-1,1,100,100,0,0,1,2,0,4,10,10,10,1
        """)
        let (cues, diagnostics) = ass(script)
        #expect(cues[0].runs == [StyledRun("Sign text", style: Style(foreground: .rgb(255, 255, 0), attributes: [.bold, .italic]))])
        #expect(cues[0].placement == CuePlacement(vertical: .top, alignment: .right))
        // White is the terminal's own colour; a leading '*' on the name is dropped, as libass does.
        #expect(cues[1].runs == [StyledRun("plain", style: Style(attributes: [.underline, .strikethrough]))])
        #expect(cues[1].placement == CuePlacement(vertical: .middle, alignment: .left))
        #expect(cues[2].runs == [StyledRun("unknown style")] && cues[2].styleName == "Nobody")
        #expect(diagnostics.map(\.message) == ["no style 'Nobody'; 'Default' used"])
    }

    @Test func ssaStylesUseLegacyAlignmentAndDecimalColours() {
        let text = """
        [Script Info]
        ScriptType: v4.00

        [V4 Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding
        Style: Default,Arial,20,65535,255,0,0,-1,0,1,2,0,6,10,10,10,0,0

        [Events]
        Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: Marked=0,0:00:01.00,0:00:02.00,Default,,0000,0000,0000,,Old SSA
        """
        let (cues, diagnostics) = ass(text)
        #expect(diagnostics.isEmpty)
        #expect(cues.first?.runs == [StyledRun("Old SSA", style: Style(foreground: .rgb(255, 255, 0), attributes: .bold))])
        #expect(cues.first?.placement == CuePlacement(vertical: .top, alignment: .center))
    }

    @Test func overrideTagsStyleTheText() {
        let runs = assRuns(#"{\b1}bold{\b0} {\i1}it{\i} {\u1\s1}us{\r} {\c&H0000FF&}red{\c} {\1c&HFF8000&}blue {\b700}heavy"#)
        let red = Style(foreground: .rgb(255, 0, 0)), blue = Style(foreground: .rgb(0, 128, 255))
        #expect(runs == [
            StyledRun("bold", style: bold), StyledRun(" "), StyledRun("it", style: italic), StyledRun(" "),
            StyledRun("us", style: Style(attributes: [.underline, .strikethrough])), StyledRun(" "),
            StyledRun("red", style: red), StyledRun(" "), StyledRun("blue ", style: blue),
            StyledRun("heavy", style: Style(foreground: .rgb(0, 128, 255), attributes: .bold)),
        ])
    }

    @Test func lineBreaksAndHardSpaces() {
        #expect(assRuns(#"one\Ntwo\nthree\hfour \ back"#).map(\.text).joined() == "one\ntwo three\u{A0}four \\ back")
        #expect(assRuns(#"one\ntwo"#, info: "WrapStyle: 2").map(\.text).joined() == "one\ntwo")
    }

    @Test func unknownTagsDrawingsAndCommentsAreDropped() {
        let runs = assRuns(#"{\fs20\bord2\blur3\fnArial Black\clip(m 0 0 l 10 10)\frz-5}text{\p1}m 0 0 l 100 0 100 100{\p0} more{a translator's note}!"#)
        #expect(runs.map(\.text).joined() == "text more!")
        #expect(runs.allSatisfy { $0.style == .plain })
        // An event that is only a drawing shows nothing: it is no cue. An unclosed brace is text.
        let (cues, _) = ass(assScript("""
        Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\p1}m 0 0 l 10 0 10 10{\\p0}
        Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{unclosed
        """))
        #expect(cues.map(\.plainText) == ["{unclosed"])
    }

    @Test func placementFromAlignmentTagsAndPositions() {
        func placement(_ tags: String) -> CuePlacement? {
            ass(assScript("Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\(tags)}x")).cues.first?.placement
        }
        #expect(placement(#"\an7"#) == CuePlacement(vertical: .top, alignment: .left))
        #expect(placement(#"\an5\an1"#) == CuePlacement(vertical: .middle, alignment: .center), "the first counts")
        #expect(placement(#"\a6"#) == CuePlacement(vertical: .top, alignment: .center))
        #expect(placement(#"\a10"#) == CuePlacement(vertical: .middle, alignment: .center))
        // 1280×720: thirds decide.
        #expect(placement(#"\pos(640,80)"#) == CuePlacement(vertical: .top, alignment: .center))
        #expect(placement(#"\pos(100,680)"#) == CuePlacement(vertical: .bottom, alignment: .left))
        #expect(placement(#"\move(1200,360,100,700,0,500)"#) == CuePlacement(vertical: .middle, alignment: .right))
        #expect(placement(#"\an8\pos(1200,700)"#) == CuePlacement(vertical: .bottom, alignment: .right), "a position wins")
    }

    @Test func positionsUseLibassDefaultResolution() {
        // No PlayResX/Y: 384×288.
        let (cues, _) = ass("[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\pos(192,20)}x\n")
        #expect(cues.first?.placement == CuePlacement(vertical: .top, alignment: .center))
    }

    @Test func fadesBecomeTheCuesFades() {
        func cue(_ tags: String) -> Cue? { ass(assScript("Dialogue: 0,0:00:01.00,0:00:05.00,Default,,0,0,0,,{\(tags)}x")).cues.first }
        #expect(cue(#"\fad(300,500)"#).map { ($0.fadeIn, $0.fadeOut) } ?? (0, 0) == (ms(300), ms(500)))
        // \fade(a1,a2,a3,t1,t2,t3,t4): in until t2, out from t3.
        #expect(cue(#"\fade(255,0,255,0,200,3000,4000)"#).map { ($0.fadeIn, $0.fadeOut) } ?? (0, 0) == (ms(200), ms(1000)))
        #expect(cue("").map { ($0.fadeIn, $0.fadeOut) } ?? (1, 1) == (0, 0))
    }

    @Test func alphaDimsOrHidesAndTransformsTakeTheirEndState() {
        #expect(assRuns(#"{\alpha&H80&}half"#) == [StyledRun("half", style: Style(attributes: .dim))])
        #expect(assRuns(#"a{\1a&HFF&}한글{\1a&H00&}b"#).map(\.text).joined() == "a    b", "invisible text keeps its room")
        #expect(assRuns(#"{\alpha&HFF&\t(0,400,\alpha&H00&)}Lights out."#) == [StyledRun("Lights out.")])
        #expect(assRuns(#"{\t(\c&H00FF00&)}green"#) == [StyledRun("green", style: Style(foreground: .rgb(0, 255, 0)))])
    }

    @Test func karaokeOfAbsurdLengthStopsAtAHundredDaysRatherThanOverflowing() {
        // 1,000 syllables of 999,999,999 cs each: the time they add up to stops at 10^9 cs.
        let runs = assRuns(String(repeating: #"{\k999999999}x"#, count: 1000))
        #expect(runs.map(\.text) == ["x", "x", String(repeating: "x", count: 998)])   // the rest at one instant
        #expect(runs.last?.at == ms(1000) + 1_000_000_000 * 10 * Time.millisecond)
        // One fill syllable that long, over 2,000 characters: each at its share, in order.
        let fill = assRuns(#"{\kf999999999}"# + String(repeating: "y", count: 2000))
        #expect(fill.count == 2000)
        let length: Nanoseconds = 999_999_999 * 10 * Time.millisecond   // a multiple of 2,000
        #expect(fill.last?.at == ms(1000) + length / 2000 * 1999)
    }

    @Test func karaokeTimesEachSyllableWithItsLookBefore() {
        // Default: primary white (the terminal's colour), secondary red: the look before being sung.
        let red = Style(foreground: .rgb(255, 0, 0))
        let runs = assRuns(#"intro {\k50}La{\k100}la {\ko30}lo{\kt250}{\k20}end"#)
        #expect(runs == [
            StyledRun("intro "),
            StyledRun("La", at: ms(1000), before: red),
            StyledRun("la ", at: ms(1500), before: red),
            StyledRun("lo", at: ms(2500), before: red),
            StyledRun("end", at: ms(3500), before: red),
        ])
    }

    @Test func fillKaraokeSweepsAcrossItsSyllable() {
        let runs = assRuns(#"{\kf40}Ohh{\K20}!"#)
        #expect(runs.map(\.text) == ["O", "h", "h", "!"])
        #expect(runs.map(\.at) == [ms(1000), ms(1000) + ms(400) / 3, ms(1000) + ms(800) / 3, ms(1400)])
    }

    @Test func karaokeLookBeforeComesFromTheSecondaryColour() {
        // Same colours: dimmed before. Invisible before: revealed at the instant (no look before).
        let same = assRuns(#"{\2c&HFFFFFF&\k10}a"#)
        #expect(same == [StyledRun("a", at: ms(1000), before: Style(attributes: .dim))])
        let hidden = assRuns(#"{\2a&HFF&\k10}a"#)
        #expect(hidden == [StyledRun("a", at: ms(1000))])
        let yellow = assRuns(#"{\1c&H00FFFF&\2c&H808080&\k10}a"#)
        #expect(yellow == [StyledRun("a", style: Style(foreground: .rgb(255, 255, 0)), at: ms(1000), before: Style(foreground: .rgb(128, 128, 128)))])
    }

    @Test func otherSectionsAndLinesAreSkippedSilently() {
        let text = assScript("Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,shown") + """

        [Fonts]
        fontname: chiller.ttf
        M8H+2&(@^86-VB"4J1%84

        [Aegisub Project Garbage]
        Active Line: 2
        """
        let (cues, diagnostics) = ass(text)
        #expect(cues.map(\.plainText) == ["shown"] && diagnostics.isEmpty)
    }

    @Test func eventsOutOfOrderAreSortedAndOverlapsKept() {
        let (cues, diagnostics) = ass(assScript("""
        Dialogue: 1,0:00:03.00,0:00:05.00,Default,,0,0,0,,second
        Dialogue: 0,0:00:01.00,0:00:04.00,Default,,0,0,0,,first
        Dialogue: 0,0:00:03.00,0:00:03.00,Default,,0,0,0,,instant
        """))
        #expect(cues.map(\.plainText) == ["first", "second", "instant"])
        #expect(diagnostics.map(\.message) == ["cue lasts no time: listed in -o json and -o plain, never on a screen"])
    }

    @Test func notAnASSFileSaysSo() {
        #expect(ass("hello\nworld\n").diagnostics == [Diagnostic(line: 1, message: "no ASS/SSA sections or events found")])
    }

    @Test func recognisedByContentAndName() {
        let script = assScript("Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,x")
        #expect(SubtitleFormat.detect(fileName: "episode.txt", prefix: script).name == "ass")
        #expect(SubtitleFormat.detect(fileName: "episode.ssa", prefix: "whatever").name == "ass")
        #expect(SubtitleFormat.detect(fileName: nil, prefix: "; comment\n\n[Script Info]\nTitle: x\n").name == "ass")
        #expect(SubtitleFormat.sniff(Array("[Script Info]\n".utf8), fileName: nil, atEnd: false)?.name == "ass")
        #expect(SubtitleFormat.sniff(Array("[INFO] started\n".utf8), fileName: nil, atEnd: false) == .text)
        #expect(SubtitleFormat(named: "SSA")?.name == "ass")
    }
}
