/// `ghostpipe --help` (fits in 80 columns; README.md and man/ghostpipe.1 say the same).
public enum Help {
    public static let version = "0.1.0"

    /// "SubRip .srt and WebVTT .vtt" from the format catalogue.
    static var formatList: String {
        let entries = FormatCatalog.parsers.map { "\($0.title) .\($0.extensions.first ?? $0.name)" }
        return entries.count > 1 ? entries.dropLast().joined(separator: ", ") + " and " + entries.last! : entries.joined()
    }

    /// `text` broken between words into lines of at most `width` columns.
    static func wrapped(_ text: String, width: Int = 80) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        return (lines + [line]).joined(separator: "\n")
    }

    public static var text: String { """
    Usage: ghostpipe [OPTIONS] [FILE...]
           ghostpipe [OPTIONS] --overlay SOURCE [--] COMMAND [ARGS...]
    Reveals text in the terminal in real time, grapheme by grapheme.
    Reads the FILEs in order, or standard input when there is none or FILE is '-'.
    Output starts before the input ends.

    Pacing:
      -w, --wpm N         words per minute (default 300). A word is five keystrokes,
                          space included, so N wpm is N*5/60 graphemes per second
      -c, --cps N         graphemes per second (sets the same pace as --wpm)
          --no-pauses     no natural pauses after sentence ends and line ends
      -d, --duration T    fit the whole input into T (reads to the end of input
                          first, then plays; at most 250,000 graphemes)
      -i, --instant       wait for nothing: show the final text at once; cast and
                          json output keep the exact timestamps

    \(wrapped("Subtitles (\(formatList), from a FILE or stdin):"))
      -f, --format FORMAT \(FormatCatalog.names.joined(separator: ", ")) (default:
                          each file from its content and name)
          --encoding NAME code page of a subtitle file that is not UTF-8 or UTF-16
                          (cp949, euc-kr, cp1252, shift_jis, ...; default: guess)
          --lang LANG     the tracks to play: SAMI language classes, by language
                          (ko, en-US) or class name (KRCC); default: all, each
                          in its own rows of the band
          --offset T      shift every cue by T (may be negative)
          --speed F       play F times faster (0.5 is half speed)
          --start T       begin at T; cues showing at T appear at once
          --layout L      band: cues in place at the bottom, cleared at their end
                          (default); scroll: a transcript that stays
          --band-rows N   the height of the band (default: what the cues need;
                          2 rows for text under --overlay)

    Overlay:
          --overlay SOURCE  run COMMAND (default $SHELL) in a pseudo-terminal above
                          a band at the bottom that plays SOURCE: subtitles, text,
                          or '-' or a named pipe fed live (each line shown as it
                          arrives). Keys, Ctrl-C and Ctrl-Z go to COMMAND; the
                          timeline starts with it; ghostpipe ends with it and
                          exits with its status. --record records the screen

    Effects:
      -e, --effect NAME   how text is revealed (default typewriter); the others
                          reveal a paragraph at a time (see --list-effects)
          --list-effects  list the effects with one line each, and exit
          --seed N        the same seed gives the same animation (default random)
          --accel F       each step of a stepped reveal lasts F times the one
                          before (default 0.9)
          --color WHEN    auto, always or never (default auto: honours NO_COLOR
                          and TERM=dumb)
          --colors N      16, 256 or truecolor (default: from COLORTERM and TERM)

    Terminal:
          --no-keys       keys do nothing. Keys (from the terminal, not stdin):
                          with text, any key shows the rest at once and stays,
                          with all that is typed, for the shell; with subtitles:
                          q quit, space pause, left/right 5s, up/down 60s,
                          +/- speed, [/] offset by 100ms, i status line
          --input-colors WHAT  keep (default) or strip the colours (SGR) of
                          text input; other escape sequences are always removed
          --widths HOW    auto: ask the terminal how wide it draws emoji that
                          terminals disagree on, and where its cursor starts
                          (default); spec: Unicode widths, ask nothing;
                          terminal: ask about every non-ASCII cluster
          --tab-width N   tab stops every N columns (default 8)
          --force         show a file that looks binary on a terminal anyway
                          (a pipe always gets it byte for byte)

    Output:
      -o, --output MODE   auto, terminal, plain, cast or json (default auto:
                          terminal when stdout is a terminal, plain otherwise)
                          plain: the input byte for byte, paced (to a terminal:
                                 without control characters and escapes)
                          cast:  an asciicast v2 recording of the terminal output
                          json:  {"time":S,"text":"..."} per grapheme, per line,
                                 S when it shows under the effect; subtitles:
                                 {"start":S,"end":E,"text":"..."} per cue (and
                                 its track, style and word instants)
      -r, --record FILE   also record the terminal output to FILE (asciicast v2)
          --width N       columns when there is no terminal (default 80)
          --height N      rows when there is no terminal (default 24)

      -h, --help          show this help and exit
      -V, --version       show the version and exit

    T is a duration: 10, 1.5s, 300ms, 2m, 1m30s or 00:01:02,500.
    Exit status: 0 done, 1 a file could not be read, 2 bad usage, 128+N signal N;
    with --overlay, COMMAND's (127: COMMAND not found).

    Examples:
      cat script.txt | ghostpipe --wpm 300
      ghostpipe movie.srt
      ghostpipe --effect letters --duration 5s /etc/motd
      ghostpipe --instant --output cast notes.txt > notes.cast
      ghostpipe --overlay talk.srt --record demo.cast -- bash
    """ }
}
