import Testing
@testable import GhostpipeCore

@Suite struct WebVTTCueTextParsing {
    @Test func basicTags() {
        #expect(vttRuns("<i>a</i><b>b</b><u>c</u>d") == [
            StyledRun("a", style: italic), StyledRun("b", style: bold),
            StyledRun("c", style: Style(attributes: .underline)), StyledRun("d"),
        ])
    }

    @Test func tagNamesAreCaseSensitiveAndUnknownTagsIgnored() {
        #expect(vttRuns("<I>a</I> <foo>b</foo> <>c") == [StyledRun("a b c")])
    }

    @Test func endTagsOnlyCloseTheCurrentElement() {
        // </i> while <b> is current is ignored (spec: "Otherwise, ignore the token").
        #expect(vttRuns("<i>a<b>b</i>c</b>d</i>e") == [
            StyledRun("a", style: italic), StyledRun("bc", style: Style(attributes: [.italic, .bold])),
            StyledRun("d", style: italic), StyledRun("e"),
        ])
    }

    @Test func defaultColorClasses() {
        #expect(vttRuns("<c.yellow>y</c><c.yellow.bg_blue>yb</c><c.lime>l</c>") == [
            StyledRun("y", style: fg(255, 255, 0)),
            StyledRun("yb", style: Style(foreground: .rgb(255, 255, 0), background: .rgb(0, 0, 255))),
            StyledRun("l", style: fg(0, 255, 0)),
        ])
        // The spec's example: later classes win.
        #expect(vttRuns("<c.yellow.bg_blue.magenta.bg_black>m</c>") == [
            StyledRun("m", style: Style(foreground: .rgb(255, 0, 255), background: .rgb(0, 0, 0))),
        ])
        #expect(vttRuns("<i.red>r</i>") == [StyledRun("r", style: fg(255, 0, 0, .italic))])
    }

    @Test func voiceAndLanguageShowOnlyTheirText() {
        #expect(vttRuns("<v Roger Bingham>We are in New York City</v>") == [StyledRun("We are in New York City")])
        #expect(vttRuns("<v.loud Esme>It's a blue apple tree!") == [StyledRun("It's a blue apple tree!")])
        #expect(vttRuns("<lang en>Hello</lang> <lang fr>Bonjour</lang>") == [StyledRun("Hello Bonjour")])
    }

    @Test func rubyTextInParentheses() {
        #expect(vttRuns("<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>") == [StyledRun("漢(kan)字(ji)")])
        // </ruby> closes an open <rt> too.
        #expect(vttRuns("<ruby>東<rt>tou</ruby>!") == [StyledRun("東(tou)!")])
        // <rt> outside ruby is ignored.
        #expect(vttRuns("a<rt>b</rt>") == [StyledRun("ab")])
        // An unclosed <rt> still gets its closing parenthesis.
        #expect(vttRuns("<ruby>京<rt>kyou") == [StyledRun("京(kyou)")])
    }

    @Test func characterReferences() {
        #expect(vttRuns("&amp; &lt; &gt; &nbsp;|&lrm;&rlm;|&#65;&#x41;&#X42;") ==
                [StyledRun("& < > \u{A0}|\u{200E}\u{200F}|AAB")])
        #expect(vttRuns("&bogus; &amp &#; &") == [StyledRun("&bogus; & &#; &")])
        #expect(vttRuns("&#0;&#x110000;&#128;") == [StyledRun("\u{FFFD}\u{FFFD}€")])
    }

    @Test func inlineTimestampsTimeEachSegment() {
        let runs = vttRuns("Never <00:00:01.250>drink <00:01.500><c.red>liquid</c> <00:00:01.750>nitrogen")
        #expect(runs == [
            StyledRun("Never "),
            StyledRun("drink ", at: ms(1250)),
            StyledRun("liquid", style: fg(255, 0, 0), at: ms(1500)),
            StyledRun(" ", at: ms(1500)),
            StyledRun("nitrogen", at: ms(1750)),
        ])
        // A malformed timestamp tag is ignored.
        #expect(vttRuns("a<00:01.5>b<1:2:3>c") == [StyledRun("abc")])
    }

    @Test func multiLineCueText() {
        #expect(vttRuns("<i>one\ntwo</i>\nthree") == [StyledRun("one\ntwo", style: italic), StyledRun("\nthree")])
    }

    @Test func styleBlockRules() {
        let header = """

        STYLE
        ::cue { color: white }
        ::cue(.warn), ::cue(b.alt) {
          color: #ff8000; /* orange-ish */
          font-style: italic;
        }
        ::cue(.calm) { background-color: rgb(0, 0, 128); font-weight: bold }
        ::cue(.yellow) { color: cyan }
        ::cue(v[voice="Esme"]) { color: red }

        """
        let runs = vttRuns("base <c.warn>w</c> <b.alt>a</b> <c.calm>c</c> <c.yellow>y</c>", header: header)
        let white = Color.rgb(255, 255, 255)
        #expect(runs == [
            StyledRun("base ", style: Style(foreground: white)),
            StyledRun("w", style: fg(255, 128, 0, .italic)),
            StyledRun(" ", style: Style(foreground: white)),
            StyledRun("a", style: fg(255, 128, 0, [.bold, .italic])),
            StyledRun(" ", style: Style(foreground: white)),
            StyledRun("c", style: Style(foreground: white, background: .rgb(0, 0, 128), attributes: .bold)),
            StyledRun(" ", style: Style(foreground: white)),
            StyledRun("y", style: fg(0, 255, 255)),
        ])
    }
}
