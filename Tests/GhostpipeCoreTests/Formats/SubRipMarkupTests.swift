import Testing
@testable import GhostpipeCore

@Suite struct SubRipMarkupParsing {
    @Test func basicTagsInAnyCase() {
        #expect(srtRuns("<i>it</i> <b>bo</b> <u>un</u> <s>st</s>") == [
            StyledRun("it", style: italic), StyledRun(" "), StyledRun("bo", style: bold), StyledRun(" "),
            StyledRun("un", style: Style(attributes: .underline)), StyledRun(" "),
            StyledRun("st", style: Style(attributes: .strikethrough)),
        ])
        #expect(srtRuns("<I>loud</I>") == [StyledRun("loud", style: italic)])
    }

    @Test func nestedAndMisnestedTags() {
        #expect(srtRuns("<b>a<i>b</i>c</b>") == [
            StyledRun("a", style: bold), StyledRun("b", style: Style(attributes: [.bold, .italic])),
            StyledRun("c", style: bold),
        ])
        // </b> closes the bold even though <i> was opened after it.
        #expect(srtRuns("<b>a<i>b</b>c</i>d") == [
            StyledRun("a", style: bold), StyledRun("b", style: Style(attributes: [.bold, .italic])),
            StyledRun("c", style: italic), StyledRun("d"),
        ])
    }

    @Test func unclosedTagsLastToTheEndAndStrayCloseTagsAreHidden() {
        #expect(srtRuns("<i>to the end\nof the cue") == [StyledRun("to the end\nof the cue", style: italic)])
        #expect(srtRuns("plain</i> text</b>") == [StyledRun("plain text")])
    }

    @Test func stylesSpanLinesJoinedByNewline() {
        #expect(srtRuns("- <i>Who's there?\n- Nobody.</i>") == [
            StyledRun("- "), StyledRun("Who's there?\n- Nobody.", style: italic),
        ])
    }

    @Test(arguments: [
        ("<font color=\"red\">x</font>", Color.rgb(255, 0, 0)),
        ("<font color=red>x</font>", .rgb(255, 0, 0)),
        ("<font color='Yellow'>x</font>", .rgb(255, 255, 0)),
        ("<FONT COLOR=\"#00FF00\">x</FONT>", .rgb(0, 255, 0)),
        ("<font color=\"#0f0\">x</font>", .rgb(0, 255, 0)),
        ("<font color=00ffff>x</font>", .rgb(0, 255, 255)),
        ("<font color=#ff8080>x</font>", .rgb(255, 128, 128)),
        ("<font color=\"grey\">x</font>", .rgb(128, 128, 128)),
        ("<font color=\"orange\">x</font>", .rgb(255, 165, 0)),
        ("<font face=\"Arial\" size=\"24\" color=\"pink\">x</font>", .rgb(255, 192, 203)),
        ("<font color = \"navy\" >x</font>", .rgb(0, 0, 128)),
    ] as [(String, Color)])
    func fontColors(_ markup: String, _ color: Color) {
        #expect(srtRuns(markup) == [StyledRun("x", style: Style(foreground: color))])
    }

    @Test func fontWithoutAKnownColorChangesNothing() {
        #expect(srtRuns("<font face=\"Arial\">x</font>y") == [StyledRun("xy")])
        #expect(srtRuns("<font color=\"notacolour\">x</font>") == [StyledRun("x")])
    }

    @Test func nestedFontColorsRestoreTheOuterOne() {
        #expect(srtRuns("<font color=red>a<font color=blue>b</font>c</font>d") == [
            StyledRun("a", style: fg(255, 0, 0)), StyledRun("b", style: fg(0, 0, 255)),
            StyledRun("c", style: fg(255, 0, 0)), StyledRun("d"),
        ])
    }

    @Test func unknownTagsAreHiddenOnlyWhenClosed() {
        #expect(srtRuns("<span class=\"x\">kept</span> text") == [StyledRun("kept text")])
        #expect(srtRuns("Press <Enter> to go") == [StyledRun("Press <Enter> to go")])
        #expect(srtRuns("a < b and b > c") == [StyledRun("a < b and b > c")])
        #expect(srtRuns("I <3 you") == [StyledRun("I <3 you")])
        #expect(srtRuns("x </nope> y") == [StyledRun("x </nope> y")])
    }

    @Test func lineBreakTags() {
        #expect(srtRuns("one<br>two<br/>three<BR />four") == [StyledRun("one\ntwo\nthree\nfour")])
    }

    @Test(arguments: [
        ("{\\an8}", CuePlacement(vertical: .top)), ("{\\an7}", CuePlacement(vertical: .top, alignment: .left)),
        ("{\\an9}", CuePlacement(vertical: .top, alignment: .right)), ("{\\an5}", CuePlacement(vertical: .middle)),
        ("{\\an4}", CuePlacement(vertical: .middle, alignment: .left)), ("{\\an2}", CuePlacement()),
        ("{\\an1}", CuePlacement(alignment: .left)), ("{\\an3}", CuePlacement(alignment: .right)),
        ("{\\a6}", CuePlacement(vertical: .top)), ("{\\a10}", CuePlacement(vertical: .middle)),
        ("{\\pos(10,20)\\an8}", CuePlacement(vertical: .top)),
    ] as [(String, CuePlacement)])
    func positionOverrides(_ tag: String, _ placement: CuePlacement) {
        let cue = srt("1\n00:00:01,000 --> 00:00:02,000\n\(tag)Up here\n").cues.first
        #expect(cue?.placement == placement)
        #expect(cue?.plainText == "Up here")
    }

    @Test func otherOverrideBlocksAreRemovedAndBracesKept() {
        #expect(srtRuns("{\\b1}bold?{\\b0} {\\fad(200,200)}no") == [StyledRun("bold? no")])
        #expect(srtRuns("{laughs} ok") == [StyledRun("{laughs} ok")])
        #expect(srtRuns("{\\an8 unclosed") == [StyledRun("{\\an8 unclosed")])
    }

    @Test func characterReferences() {
        #expect(srtRuns("Tom &amp; Jerry &lt;3 &gt; caf&#233; &#xE9;&nbsp;!") == [StyledRun("Tom & Jerry <3 > café é\u{A0}!")])
        #expect(srtRuns("AT&T &unknown; & done") == [StyledRun("AT&T &unknown; & done")])
    }

    @Test func trailingSpacesAreTrimmed() {
        #expect(srtRuns("line one   \nline two\t") == [StyledRun("line one\nline two")])
    }
}
