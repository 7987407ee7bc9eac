import Foundation
import Testing
@testable import GhostpipeCore
import TestSupport

/// Karaoke, word timing, fades and tracks played on a virtual clock and replayed into a screen model.
@Suite struct WordTimingPlayback {
    /// A 6-second karaoke line: "Low " at 1 s, "tide" at 3 s, "home" at 5 s (default style: sung in
    /// the terminal's colour, red before).
    static let karaoke = assScript("Dialogue: 0,0:00:01.00,0:00:07.00,Default,,0,0,0,,{\\k200}Low {\\k200}tide {\\k100}home")
    static let ass = SubtitleFormat(named: "ass")!

    /// The cells of `word` on the screen (its first occurrence).
    static func cells(_ screen: ScreenModel, _ word: String) -> [Cell]? {
        for row in screen.cells {
            let text = row.map { $0.width > 0 ? $0.text : "" }
            for start in row.indices where text[start...].joined().hasPrefix(word) {
                return Array(row[start..<(start + word.count)])
            }
        }
        return nil
    }

    @Test func withColourEachSyllableIsHighlightedAtItsInstant() throws {
        let run = try SubtitleRun(Self.karaoke, format: Self.ass, arguments: ["--colors", "truecolor"], terminal: (40, 6))
        let early = run.screen(at: 3.5)
        #expect(early.lines.contains { $0.contains("Low tide home") }, "the whole line is on show: \(early.lines)")
        #expect(Self.cells(early, "Low")?.allSatisfy { $0.style.foreground == nil } == true, "sung")
        #expect(Self.cells(early, "tide")?.allSatisfy { $0.style.foreground == nil } == true, "sung at 3 s")
        #expect(Self.cells(early, "home")?.allSatisfy { $0.style.foreground == .rgb(255, 0, 0) } == true, "not yet")
        let late = run.screen(at: 5.5)
        #expect(Self.cells(late, "home")?.allSatisfy { $0.style.foreground == nil } == true)
    }

    @Test func withoutColourEachSyllableIsRevealedAtItsInstant() throws {
        let run = try SubtitleRun(Self.karaoke, format: Self.ass, arguments: ["--color", "never"], terminal: (40, 6))
        #expect(run.screen(at: 2.5).lines.contains { $0.hasSuffix("Low") && !$0.contains("tide") })
        #expect(run.screen(at: 3.5).lines.contains { $0.contains("Low tide") && !$0.contains("home") })
        #expect(run.screen(at: 5.5).lines.contains { $0.contains("Low tide home") })
    }

    @Test(arguments: EffectCatalog.all.map(\.name))
    func everyEffectPlaysKaraokeAndWordTiming(_ effect: String) throws {
        let run = try SubtitleRun(Self.karaoke, format: Self.ass, arguments: ["--colors", "truecolor", "-e", effect, "--seed", "7"],
                                  terminal: (40, 6))
        // The reveal takes at most a third of the cue; then the timing alone changes things.
        let middle = run.screen(at: 4)
        #expect(middle.lines.contains { $0.contains("Low tide home") }, "\(effect): \(middle.lines)")
        #expect(Self.cells(middle, "home")?.allSatisfy { $0.style.foreground == .rgb(255, 0, 0) } == true, "\(effect)")
        #expect(Self.cells(run.screen(at: 6.9), "home")?.allSatisfy { $0.style.foreground == nil } == true, "\(effect)")
        #expect(run.screen(at: 7).lines.allSatisfy { $0.isEmpty })

        // WebVTT word timing reveals its words, whatever the effect.
        let vtt = "WEBVTT\n\n00:01.000 --> 00:07.000\nLow <00:03.000>tide <00:05.000>home\n"
        let words = try SubtitleRun(vtt, format: .vtt, arguments: ["-e", effect, "--seed", "7"], terminal: (40, 6))
        let shown = words.screen(at: 4).lines.joined()
        #expect(shown.contains("Low tide") && !shown.contains("home"), "\(effect): \(shown)")
        #expect(words.screen(at: 5.5).lines.contains { $0.contains("Low tide home") }, "\(effect)")
    }

    @Test func aFadeInAndOutWhenColourIsOn() throws {
        let file = assScript("Dialogue: 0,0:00:01.00,0:00:05.00,Default,,0,0,0,,{\\fad(1000,1000)}Fading")
        let run = try SubtitleRun(file, format: Self.ass, arguments: ["--colors", "truecolor"], terminal: (40, 6))
        func foreground(_ seconds: Double) -> Color?? { Self.cells(run.screen(at: seconds), "Fading")?.first?.style.foreground }
        guard case .rgb(let r1, _, _)?? = foreground(1.5), case .rgb(let r2, _, _)?? = foreground(4.5) else {
            Issue.record("no fading colour: \(String(describing: foreground(1.5))) \(String(describing: foreground(4.5)))")
            return
        }
        #expect(r1 > 40 && r1 < 229 && r2 > 40 && r2 < 229, "half way between the background and the text: \(r1) \(r2)")
        #expect(foreground(3) == .some(nil), "the text's own colour in between")
        // Without colour there is nothing to fade: the text shows throughout.
        let plain = try SubtitleRun(file, format: Self.ass, arguments: ["--color", "never"], terminal: (40, 6))
        #expect(plain.screen(at: 1.3).lines.contains { $0.contains("Fading") } && plain.screen(at: 4.9).lines.contains { $0.contains("Fading") })
    }

    @Test func eachTrackKeepsItsOwnRowsTheFirstAtTheBottom() throws {
        let file = """
        <SAMI><HEAD><STYLE><!--
        .KRCC { lang: ko-KR; } .ENCC { lang: en-US; }
        --></STYLE></HEAD><BODY>
        <SYNC Start=1000><P Class=KRCC>안녕하세요<P Class=ENCC>Hello
        <SYNC Start=3000><P Class=ENCC>&nbsp;
        <SYNC Start=4000><P Class=KRCC>&nbsp;<P Class=ENCC>Bye
        <SYNC Start=6000><P Class=ENCC>&nbsp;
        """
        let run = try SubtitleRun(file, format: SubtitleFormat(named: "sami")!, terminal: (30, 6))
        let both = run.screen(at: 2).lines
        #expect(both[0].contains("Hello") && both[1].contains("안녕하세요"), "\(both)")
        // The English line goes: the Korean one stays in its row.
        let korean = run.screen(at: 3.5).lines
        #expect(korean[0].isEmpty && korean[1].contains("안녕하세요"), "\(korean)")
        // The Korean line goes: the English one takes its own row, not the Korean's.
        let english = run.screen(at: 5).lines
        #expect(english[0].contains("Bye") && english[1].isEmpty, "\(english)")
    }

    @Test func jsonGivesWordInstantsOnTheClockAndTracks() throws {
        let json = try SubtitleRun(Self.karaoke, format: Self.ass, arguments: ["--instant", "-o", "json", "--offset", "1", "--speed", "2"],
                                   terminal: nil)
        #expect(json.lines == [
            #"{"start":1.000,"end":4.000,"text":"Low tide home","style":"Default","words":[{"time":1.000,"text":"Low "},{"time":2.000,"text":"tide "},{"time":3.000,"text":"home"}]}"#,
        ])
    }
}
