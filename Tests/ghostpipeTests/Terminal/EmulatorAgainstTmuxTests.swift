import Foundation
import TestSupport
import GhostpipeCore
import Testing

/// `TerminalEmulator` against a real terminal emulator: the same programs run in a tmux pane and on a
/// pseudo-terminal feeding the emulator, with the same keys typed into both; after each step the
/// screens (text, the style of every character, cursor, cursor visibility, alternate screen) must
/// agree.
///
/// The scripts stay away from the few places where tmux knowingly differs from xterm, which the
/// emulator follows (see the unit tests): a line feed, backspace or erase-in-line while a wrap is
/// pending, U+FE0F widening an emoji, inserting or deleting inside a wide character; and CHT and HPR
/// (`CSI I`, `CSI a`), which tmux 3.3 does not implement. `GHOSTPIPE_SHOW_SCREENS=1` prints the
/// emulator's screen after every step.
@Suite(.serialized, .timeLimit(.minutes(2)), .requires("tmux")) struct EmulatorAgainstTmux {

    /// Runs `script`, waits for it to settle, compares; then for each key sequence types it and compares.
    enum Step {
        case type(String)
        case resize(rows: Int, columns: Int)
    }

    func compare(_ script: String, keys: [String] = [], rows: Int = 24, columns: Int = 80, styles: Bool = true,
                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        try compare(script, steps: keys.map { .type($0) }, rows: rows, columns: columns, styles: styles,
                    sourceLocation: sourceLocation)
    }

    func compare(_ script: String, steps: [Step], rows: Int = 24, columns: Int = 80, styles: Bool = true,
                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pair = try TerminalPair(script, rows: rows, columns: columns)
        defer { pair.close() }
        let show = ProcessInfo.processInfo.environment["GHOSTPIPE_SHOW_SCREENS"] != nil
        // Screens that differ after a quiet period are given a longer one before they count as
        // different: on a loaded machine a program can pause longer than the quiet period mid-way.
        func settledDifferences() throws -> [String] {
            let found = try pair.differences(styles: styles)
            guard !found.isEmpty else { return found }
            try pair.settle(quiet: 1.5, timeout: 0)
            return try pair.differences(styles: styles)
        }
        try pair.settle()
        var step = "start"
        var differences = try settledDifferences()
        if show { print("--- \(step)\n\(pair.emulatorScreen)") }
        for next in steps where differences.isEmpty {
            switch next {
            case .type(let key):
                step = "after typing \(key.debugDescription)"
                try pair.type(key)
            case .resize(let rows, let columns):
                step = "after resizing to \(columns)x\(rows)"
                try pair.resize(rows: rows, columns: columns)
            }
            differences = try settledDifferences()
            if show { print("--- \(step)\n\(pair.emulatorScreen)") }
        }
        #expect(differences.isEmpty, "\(step):\n\(differences.prefix(8).joined(separator: "\n"))\nprogram output (end): \(String(decoding: pair.transcript.suffix(600), as: UTF8.self).debugDescription)",
                sourceLocation: sourceLocation)
    }

    /// A printf script that then waits (so the pane stays).
    static func printf(_ format: String) -> String { "printf '\(format)'; exec sleep 600" }

    // MARK: - Scripts of escape sequences

    @Test(arguments: [
        // Cursor movement, erasing, inserting and deleting on ASCII lines.
        printf(#"\033[2J\033[Hfirst line\r\nsecond\033[5;10Hat 5,10\033[3;1Hthird\033[2A\033[3Cup\033[4Bdown\033[2Dleft"#
               + #"\033[8;1Hmiddle of a line here\033[8;8H\033[K\033[9;1Hkeep\033[9;3H\033[1K\033[10;1Hwhole\033[2K"#
               + #"\033[11;1Habcdefghij\033[11;3H\033[2@XY\033[11;9H\033[3P\033[12;1H0123456789\033[12;4H\033[3X"#
               + #"\033[13;1HR\033[5b\033[14;20H\033[Gcol1\033[15;1H\033[30Gcol30\033[7dline7?\033[16;5Hsave\0337\033[1;1H\0338restored"#
               + #"\033[17;1Hone\033[Etwo\033[2Fthree\033[20;1Hxyz\033[19;1H\033[J\033[18;5H\033[0J"#),
        // Erase below, CNL/CPL, HPA/VPA, tabs and tab stops.
        printf(#"line 1\r\nline 2\r\nline 3\r\nline 4\033[2;3H\033[J\033[10;1Ha\tb\tc\td\033[11;1H\033[3g\033[11;5H\033H\033[11;13H\033H"#
               + #"\r\t1\t2\t3\033[12;1H\033[0g\033[11;5H\033[g\033[12;1H\t4\033[13;40H\033[2Z<\033[14;1H>\033[5`hpa\033[15dvpa"#),
        // Scroll regions: line feeds at the bottom margin, reverse index, insert/delete lines, SU/SD.
        printf(#"\033[2J\033[H"# + (1...24).map { "row \($0)" }.joined(separator: #"\r\n"#)
               + #"\033[5;15r\033[15;1H\nA\nB\nC\033[5;1H\033MD\033M\033ME\033[8;1H\033[2LF\033[10;1H\033[3MG\033[2SH\033[3TI"#
               + #"\033[r\033[24;1H\nlast\nlines"#),
        // Origin mode inside a region; saved cursor.
        printf(#"\033[2J\033[5;10r\033[?6h\033[Horigin\033[3;5Hthree five\033[20;1Hclamped\033[?6l\033[Hhome\033[r\033[12;1Hdone"#),
        // Autowrap, pending wrap resolved by a printable, scrolling by wrapping, autowrap off.
        printf(#"\033[2J\033[H"# + String(repeating: "0123456789", count: 20) + #"\r\n"# + String(repeating: "abcdefghij", count: 8)
               + #"Z\r\n\033[?7l"# + String(repeating: "nowrap", count: 20) + #"\033[?7h\r\nend"#),
        // Full-screen scrolling by line feeds and by wrapping.
        printf((1...40).map { "line \($0) " + String(repeating: "-", count: $0 * 3) }.joined(separator: #"\r\n"#)),
        // The alternate screen: content survives, the cursor is restored, the alternate screen is cleared.
        printf(#"main screen text\r\nsecond line\033[?1049h\033[Halternate\033[10;10Hmiddle\033[?1049lback"#),
        printf(#"main\033[?1049halt one\033[?1049l\033[?1049hshown\033[5;5H"#),
        // Line drawing with ESC ( 0 and with SO/SI.
        printf(#"\033(0lqqqqk\r\nx    x\r\nmqqqqj\033(B text\r\n\033)0\016tqqu\017 after\r\n\033(0`afg~\033(B"#),
    ])
    func escapeSequences(script: String) throws {
        try compare(script)
    }

    @Test func graphicRenditions() throws {
        try compare(Self.printf(
            #"\033[1mbold\033[0m \033[2mdim\033[22m \033[3mitalic\033[23m \033[4munder\033[24m \033[5mblink\033[25m "#
            + #"\033[7minverse\033[27m \033[9mstrike\033[29m \033[1;3;4mcombo\033[m\r\n"#
            + (30...37).map { #"\033[\#($0)mfg\#($0)"# }.joined() + #"\033[39m\r\n"#
            + (40...47).map { #"\033[\#($0)mbg\#($0)"# }.joined() + #"\033[49m\r\n"#
            + (90...97).map { #"\033[\#($0)mfg\#($0)"# }.joined() + #"\033[m\r\n"#
            + (100...107).map { #"\033[\#($0)mbg\#($0)"# }.joined() + #"\033[m\r\n"#
            + #"\033[38;5;196m256fg\033[48;5;21m256bg\033[m \033[38;2;10;200;30mrgb\033[48;2;200;10;30mrgbbg\033[m\r\n"#
            + #"\033[38:5:46mcolon256\033[38:2::90:80:70mcolonrgb\033[m \033[4:3mcurly\033[4:0mnone\033[m\r\n"#
            + #"\033[44mblue \033[Kerased\033[m\033[70G|\r\n\033[41m\033[2Xx\033[m\033[5Gafter\r\n"#
            + #"\033[1;31mbold red\033[22mred\033[39mplain\033[7;32minv green\033[0m end"#))
    }

    @Test func wideCharactersAndClusters() throws {
        try compare(Self.printf(
            #"한국어 텍스트 中文 日本語 emoji 😀 😃!\r\n"#
            + "e\u{301} a\u{300}\u{301} family 👨\u{200D}👩\u{200D}👧 end" + #"\r\n"#
            + #"\033[79G中\r\n"#  // a wide character at the last column wraps first
            + #"中中中\033[3;3Hx\033[3;6Hy\r\n"#  // overwriting halves of wide characters
            + #"\033[10;1H"# + String(repeating: "가", count: 45) + #"\r\nafter"#))
    }

    // MARK: - Real programs

    @Test func seq() throws {
        try compare("seq 1 500; exec sleep 600")
    }

    @Test func lsWithColors() throws {
        try compare("ls -la --color=always /usr/bin | head -100; exec sleep 600")
    }

    @Test(.requires("less")) func lessPagingAndSearching() throws {
        let file = try Self.sampleFile()
        try compare("less \(file); exec sleep 600", keys: [" ", " ", "/line 1[0-9]7\r", "n", "G", "g", "q"])
    }

    @Test func narrowTerminal() throws {
        try compare("ls -la --color=always /usr/bin | head -30; exec sleep 600", rows: 10, columns: 33)
    }

    @Test(.requires("less")) func lessRedrawsAfterAResize() throws {
        let file = try Self.sampleFile()
        try compare("less \(file); exec sleep 600",
                    steps: [.type(" "), .resize(rows: 15, columns: 50), .type(" "), .resize(rows: 30, columns: 100), .type("q")])
    }

    @Test(.requires("vim")) func vimInsertingText() throws {
        let file = try Self.sampleFile()
        try compare("vim -u NONE -i NONE -N -n --cmd 'set ttimeout ttimeoutlen=20' \(file); exec sleep 600",
                    keys: ["3G", "ihello, world \u{1B}", "o한국어 line\u{1B}", "\u{6}", ":q!\r"])
    }

    @Test(.requires("man")) func manPage() throws {
        try compare("man ls; exec sleep 600", keys: [" ", "q"])
    }

    @Test(.requires("git")) func gitLogWithColors() throws {
        let repository = try Self.sampleRepository()
        try compare("git -C '\(repository)' log --color=always --no-decorate --stat -n 30 | head -200; exec sleep 600")
    }

    /// A generated repository with fixed dates and authors, so the log is the same on every run (the
    /// project's own history changes with every commit, and a commit message with an emoji whose width
    /// tmux measures otherwise than Unicode once turned this comparison red).
    static func sampleRepository() throws -> String {
        let path = NSTemporaryDirectory() + "ghostpipe-emulator-repository-\(getpid())"
        let script = """
            set -e
            rm -rf '\(path)'; mkdir -p '\(path)'; cd '\(path)'
            git init -q .
            export GIT_AUTHOR_NAME='Ada Example' GIT_AUTHOR_EMAIL=ada@example.org
            export GIT_COMMITTER_NAME='Ada Example' GIT_COMMITTER_EMAIL=ada@example.org
            for i in $(seq 1 40); do
              d="2026-01-$(printf %02d $(( i % 28 + 1 ))) 12:00:$(printf %02d $(( i % 60 ))) +0000"
              mkdir -p "src/part$(( i % 5 ))"
              seq 1 $(( i * 3 )) > "src/part$(( i % 5 ))/file$i.txt"
              [ $(( i % 4 )) -eq 0 ] && rm -f "src/part$(( (i + 1) % 5 ))/file$(( i - 3 )).txt"
              git add -A
              GIT_AUTHOR_DATE="$d" GIT_COMMITTER_DATE="$d" git commit -q --no-gpg-sign -m "Change $i: café 한국어 and a longer subject line that goes on past the edge of an eighty-column screen" -m "Body line for change $i."
            done
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "could not make the sample repository")
        return path
    }

    /// A text file with numbered lines, some long enough to wrap, some with tabs and UTF-8.
    static func sampleFile() throws -> String {
        let path = NSTemporaryDirectory() + "ghostpipe-emulator-sample.txt"
        var text = ""
        for i in 1...300 {
            switch i % 10 {
            case 3: text += "line \(i)\twith\ttabs\n"
            case 5: text += "line \(i) " + String(repeating: "long text that wraps ", count: 6) + "\n"
            case 7: text += "line \(i) café 한국어 中文\n"
            default: text += "line \(i)\n"
            }
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
