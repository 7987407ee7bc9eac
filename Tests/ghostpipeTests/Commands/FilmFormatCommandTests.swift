import Foundation
import Testing
import TestSupport

/// The film formats through the real binary: EBU STL's binary file as a file and on a pipe, `--fps`,
/// the `.sub` and `.stl` ambiguities, and a film in a real terminal.
@Suite struct FilmFormatCommand {
    let scratch = ScratchDirectory("film")

    func corpus(_ path: String) -> String { Paths.formats.appendingPathComponent(path).path }

    /// An EBU STL file is binary: before, it was refused as binary content on a terminal and shown
    /// as garbage in a pipe; now it is known by its GSI block, from a file and from a pipe alike.
    @Test func ebuSTLPlaysFromAFileAndFromAPipe() throws {
        let path = corpus("ebu-stl/ttconv-vp20_2_newlines.stl")
        let file = try Binary.run(["--instant", "-o", "json", path])
        let piped = try Binary.run(["--instant", "-o", "json"], stdin: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(file.status == 0 && file.stderr.isEmpty, "\(file.stderr)")
        #expect(file.text == #"{"start":0.040,"end":3.000,"text":"This is row 20\nThis is row 22"}"# + "\n")
        #expect(piped.text == file.text && piped.stderr.isEmpty, "\(piped.stderr)")
    }

    @Test func fpsOverridesTheRateTheFileStates() throws {
        let path = try scratch.file("rate.sub", "{1}{1}25\n{50}{100}Two seconds at 25\n")
        #expect(try Binary.run(["--instant", "-o", "json", path]).text.hasPrefix(#"{"start":2.000,"end":4.000"#))
        #expect(try Binary.run(["--instant", "-o", "json", "--fps", "50", path]).text.hasPrefix(#"{"start":1.000,"end":2.000"#))
        let bad = try Binary.run(["--fps", "5000", path])
        #expect(bad.status == 2 && bad.stderr.contains("--fps: '5000' is out of range"), "\(bad.stderr)")
    }

    @Test func theContentDecidesWhatASubOrAnSTLFileIs() throws {
        let microDVD = try scratch.file("a.sub", "{24}{48}MicroDVD\n")
        let subViewer = try scratch.file("b.sub", "00:00:01.00,00:00:02.00\nSubViewer\n")
        let spruce = try scratch.file("c.stl", "00:00:01:00 , 00:00:02:00 , Spruce\n")
        for path in [microDVD, subViewer, spruce] {
            let result = try Binary.run(["--instant", "-o", "plain", path])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(path): \(result.stderr)")
        }
        #expect(try Binary.run(["--instant", "-o", "plain", subViewer]).text == "SubViewer\n")
        // `--format` decides: Spruce's lines are no SubViewer cues.
        #expect(try Binary.run(["--instant", "-o", "plain", "--format", "subviewer", spruce]).stderr.contains("c.stl: no cues"))
    }

    @Test func aBadLineIsSaidWithFileAndLineAndTheRestPlays() throws {
        let path = try scratch.file("bad.txt", "[10][20]First\n[3x][40]Broken\n[50][60]Third\n")
        let result = try Binary.run(["--instant", "-o", "plain", "--format", "mpl2", path])
        #expect(result.text == "First\nThird\n")
        #expect(result.stderr.contains("\(path):2: not an MPL2 line '[3x][40]Broken'"), "\(result.stderr)")
    }
}

/// A film format in a real terminal: the cue in the band, in italics, with the typewriter.
@Suite(.serialized, .requires("tmux")) struct FilmFormatInTmux {
    let scratch = ScratchDirectory("film-tmux")

    @Test func aMicroDVDLineShowsInItalicsInTheBand() throws {
        let path = try scratch.file("film.sub", "{1}{1}25\n{12}{200}{y:i}In italics|{c:$00FF00}in green\n")
        let tmux = try Tmux(columns: 40, rows: 8, tag: "film")
        tmux.type("clear; \"$GHOSTPIPE\" --cps 400 \(path); echo STATUS=$?")
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("in green") } }, timeout: 6), "\(tmux.screen())")
        let styled = tmux.screen(escapes: true)
        // tmux writes the SGR before each styled word (a space shows no italics, so it has none).
        let italicRow = try #require(styled.first { $0.contains("italics") }, "\(styled)")
        #expect(italicRow.contains("\u{1B}[3mIn") && italicRow.contains("\u{1B}[3mitalics"), "italic: \(italicRow.debugDescription)")
        // (Its colour is MicroDVDParsing's: the test terminal runs without colour.)
        #expect(tmux.wait(forScreen: { $0.contains { $0.contains("STATUS=0") } }, timeout: 12), "\(tmux.screen())")
    }
}
