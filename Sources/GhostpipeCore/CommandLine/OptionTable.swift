/// Every option ghostpipe takes, one declaration each, in the order `--help` and the man page list
/// them. Adding an option is adding a declaration here (see CONTRIBUTING.md); the parser, `--help`,
/// the man page (after `Scripts/update_docs.sh`), the completions and the messages follow. An
/// effect's own options (`--accel`, `--palette`) are declared beside the effect (`EffectOption`) and
/// listed here from `EffectCatalog`.
public enum OptionTable {
    /// Every option, in the order `--help`, the man page and the completions list them; an effect's own
    /// options follow `--seed`. Made only when one of those (or a misspelt option) asks: parsing looks
    /// an option up section by section (`named`), and copying every option into one list at each start
    /// cost a fifth of its instructions.
    public static let all: [Option] = pacing + subtitles + overlay + effects + effectOptions + looks + terminal + output + program

    static let pacing: [Option] = [
        Option("wpm", short: "w", .number("N"), in: .pacing, sets: "the pace",
               help: "words per minute (default 300). A word is five keystrokes, space included, so N wpm is N*5/60 graphemes per second",
               details: "This is how typing tests count. N is from 0.001 to 1000000.") { o, v throws(UsageError) in
            o.pacing.graphemesPerSecond = Pacer.graphemesPerSecond(wpm: try v.number(in: ValueLimits.rate))
        },
        Option("cps", short: "c", .number("N"), in: .pacing, sets: "the pace",
               help: "graphemes per second (the same setting as --wpm)",
               details: "N is from 0.001 to 1000000.") { o, v throws(UsageError) in
            o.pacing.graphemesPerSecond = try v.number(in: ValueLimits.rate)
        },
        Option("no-pauses", in: .pacing,
               help: "no natural pauses after sentence ends and line ends",
               details: """
               By default a sentence end (`. ! ? …` followed by a space, or `。 ！ ？`) adds the time of six \
               graphemes, and a line end the time of four.
               """) { o, _ in o.pacing.pauses = false },
        Option("typing", .choice("HOW", .cases(of: TypingStyle.self)), in: .pacing,
               help: "how the typewriter spaces keystrokes: even (default) or human, a person's intervals (repeatable with --seed)",
               details: """
               With `human` each grapheme gets an interval of its own: quicker inside common letter pairs and \
               words, slower at the start of a long word, after punctuation, on capitals, digits and symbols, \
               varied as a person's are (a coefficient of variation about 0.45). The pace is still the one \
               asked for: the mean interval is that of --wpm or --cps, the pauses are kept, and the typist \
               never falls more than a few keystrokes behind or ahead of even typing. It applies to the \
               typewriter on a terminal, in recordings and in json and plain output.
               """) { o, v in
            o.pacing.typing = TypingStyle(rawValue: v.text) ?? .even
        },
        Option("typos", .number("RATE"), in: .pacing,
               help: "now and then a wrong key, taken back with a backspace: RATE is the share of letters inside words it happens to (0 to 1, such as 0.02; default 0)",
               details: """
               The wrong key is a neighbour of the right one on a QWERTY keyboard; it is typed when the right \
               key was due, noticed, taken back and typed again, so the final text is always the input's. On a \
               terminal and in recordings the right key is typed over the wrong one; json output has the wrong \
               key and then a backspace, `"\\u0008"`, before the right one. Plain output, the input byte for byte, has none. Combine with \
               `--typing human` and --seed for a demo that looks typed by a person.
               """) { o, v throws(UsageError) in
            o.pacing.typos = try v.number(in: 0...1)
        },
        Option("duration", short: "d", .duration, in: .pacing,
               help: "fit the whole input into T (reads to the end of input first, then plays; at most 250,000 graphemes)",
               details: """
               The input is held in memory: what follows the 250,000th grapheme is not read, and a note says so. \
               With an effect other than the typewriter, paragraphs share T by their length.
               """) { o, v throws(UsageError) in
            o.pacing.duration = try v.duration(examples: "10, 1.5s, 300ms, 2m or 00:01:02,500")
        },
        Option("max-lag", .duration, in: .pacing,
               help: "never show text more than T after it arrived: the reveal speeds up to keep within T (default: off; 0.1s for live input)",
               details: """
               Text is paced at --wpm or --cps however fast it arrives: from a pipe that writes faster than \
               the pace, the reveal falls behind, which is the point of a paced text (`tail -f log | ghostpipe`). \
               With --max-lag, what would come later than T after it arrived comes at T instead, and the pace \
               goes on from there: nothing is dropped, the typewriter only hurries. Live input keeps within \
               0.1 seconds without asking, and T sets its bound too: a speech recogniser's captions (Vosk, \
               whisper.cpp, whisper_streaming), and a terminal stream once it rewrites its current line (a \
               carriage return, an erase or a cursor move up over text: a progress line, whisper.cpp's \
               `stream`). A rewritten line keeps what it still shows in place and reveals only what changed.
               """) { o, v throws(UsageError) in
            o.pacing.lagBound = LagBound(try v.duration(examples: "0.15, 150ms or 1s"))
        },
        Option("instant", short: "i", in: .pacing,
               help: "wait for nothing: show the final text at once; cast and json output keep the exact timestamps") { o, _ in
            o.instant = true
        },
    ]

    static let subtitles: [Option] = [
        Option("format", short: "f", .choice("FORMAT", formats), in: .subtitles,
               help: "what the input is: \(formats.listing) (default: each file from its content and name)",
               details: "Without it, each input is detected on its own (see DESCRIPTION).") { o, v in
            o.format = SubtitleFormat(named: v.text)
        },
        Option("encoding", .choice("NAME", Choices(closed: false) {
            [Choice(EncodingCatalog.auto, "detect the code page (subtitles are detected without this option)")]
                + EncodingCatalog.all.map { Choice($0.name.lowercased(), aliases: $0.aliases, $0.script) }
        }), in: .subtitles,
               help: "code page of input that is not UTF-8 (gbk, big5, cp949, shift_jis, cp1251, koi8-r, latin1, ...; auto: detect; subtitles are detected without it, text with auto)",
               details: """
               For subtitles and text alike: CP1250 to CP1258, ISO-8859-2 to ISO-8859-16, KOI8-R, KOI8-U, CP866, \
               CP874, CP949, GBK, GB18030, Big5, Shift_JIS, EUC-JP, ISO-2022-JP, or a usual alias such as euc-kr, \
               ks_c_5601-1987, windows-1251, cp936, sjis or latin1. All are built in; nothing is loaded from the \
               host. A file with a byte order mark is UTF-8, UTF-16 or UTF-32 whatever this says.

               Without this option a subtitle file that is not UTF-8 is detected (text is read as UTF-8 unless \
               this says auto): each code page's reading is scored by models of the languages it is written in, \
               the most probable wins, and a message on standard error names it and how sure it is, for example \
               `not UTF-8; read as GBK (Simplified Chinese)`. When no reading is likely text, the message says so \
               and CP1252 is used. A name ghostpipe does not know is a usage error that lists close names.
               """) { o, v throws(UsageError) in
            do { o.encoding = try TextDecoder.canonicalName(of: v.text) } catch {
                throw UsageError("--encoding: " + EncodingCatalog.unknownNameMessage(v.text))
            }
        },
        Option("fps", .number("RATE"), in: .subtitles,
               help: "frame rate of subtitles timed in frames (MicroDVD, Spruce STL, EBU STL), over what the file says; default: the file's, else 23.976 for MicroDVD and 25 for STL",
               details: """
               MicroDVD counts frames: its first line may state the rate (`{1}{1}25`), else players assume \
               23.976. Spruce STL's timecodes end in frames at 25 per second unless a `$FrameRate` directive \
               says otherwise; EBU STL states 25 or 30 in its header. RATE may have a fraction (`29.97`).
               """) { o, v throws(UsageError) in
            o.frameRate = try v.number(in: 1...1000)
        },
        Option("lang", .text("LANG"), in: .subtitles,
               help: "the tracks to play: SAMI language classes, by language (ko, en-US) or class name (KRCC); default: all, each in its own rows of the band",
               details: """
               A SAMI file declares its tracks as classes in its STYLE block, each with a language (`lang:`); \
               LANG picks one by its language, or its start (`en` picks `en-US`), or by the class's name. \
               Without it every track plays, each in rows of its own. A LANG that names no track is said so on \
               standard error, with the tracks the file has.
               """) { o, v throws(UsageError) in
            guard !v.text.isEmpty, v.text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw UsageError("--lang: '\(v.text)' is not a language (ko, en-US) or a class name (KRCC)")
            }
            o.language = v.text
        },
        Option("channel", .number("N"), in: .subtitles,
               help: "the closed-caption channel of SCC files: 1 to 4 (CC1, the default, to CC4)",
               details: """
               An SCC file carries CEA-608 captions on up to four channels: CC1 and CC2 in field 1, CC3 and CC4 \
               in field 2 (their control codes say which). A channel without captions is said so on standard \
               error, with the channels the file has.
               """) { o, v throws(UsageError) in
            o.channel = try v.wholeNumber(in: 1...4)
        },
        Option("offset", .duration, in: .subtitles,
               help: "shift every cue by T (may be negative)",
               details: "T is within ±100,000 hours, as every time on the command line is.") { o, v throws(UsageError) in
            o.subtitleTiming.offset = try v.duration(negative: true, examples: "2.5, -1.5s, 300ms")
        },
        Option("speed", .number("F"), in: .subtitles,
               help: "play F times faster (0.5 is half speed)",
               details: "F is from 0.01 to 100, as a followed player's speed must be.") { o, v throws(UsageError) in
            o.subtitleTiming.speed = try v.number(in: ValueLimits.speed)
        },
        Option("start", .duration, in: .subtitles,
               help: "begin at T; cues showing at T appear at once") { o, v throws(UsageError) in
            o.subtitleTiming.start = try v.duration(examples: "90, 1:30, 00:01:30,000")
        },
        Option("follow", .text("SOURCE"), in: .subtitles,
               help: "play at a video player's position: mpv:SOCKET (mpv --input-ipc-server=SOCKET), or lines of SECONDS [paused] from fd:N or a FILE (a named pipe)",
               details: """
               Subtitles then pause, seek and change speed with the player; between its reports the position \
               runs on at the player's speed on the monotonic clock. --offset still shifts the cues; --start \
               is the player's to decide, and the transport keys are the player's (`[`/`]` and `i` still \
               work). ghostpipe ends (status 0) when the player quits or the pipe closes.

               mpv:SOCKET connects to mpv's JSON IPC and observes time-pos, pause and speed. When SOCKET does \
               not exist yet, ghostpipe says so and waits for mpv, up to 30 seconds:

               `mpv --input-ipc-server=/tmp/mpv.sock film.mkv &`
               `ghostpipe --follow mpv:/tmp/mpv.sock film.srt`

               fd:N and FILE take lines like `12.5`, `12.5 paused` or `12.5 playing speed=1.5` from any \
               program (a VLC or browser bridge, a script): each line is the player's position in seconds \
               when it was written. A bad line is reported with its number and skipped:

               `mkfifo /tmp/clock; ghostpipe --follow /tmp/clock film.srt &`
               `(echo 0; sleep 5; echo 5 paused; sleep 2; echo 60) > /tmp/clock`
               """) { o, v throws(UsageError) in
            guard let target = FollowTarget(v.text) else {
                throw UsageError("--follow: '\(v.text)' is not mpv:SOCKET, fd:N or a FILE")
            }
            o.follow = target
        },
        Option("track", .path("FILE") { FormatCatalog.parsers.flatMap(\.extensions) }, in: .subtitles,
               help: "play FILE's subtitles too, as another track in rows of its own above the input's (repeatable)",
               details: """
               The input's subtitles are the first track, at the bottom of the band; each FILE is a track \
               above the one before (unless --track-order says otherwise), with its own timing, markup and \
               placement, in a colour of its own when colour is on (`-o json` names each cue's track). \
               Seeking, pausing, --speed and --follow move every track; `t` selects a track (then all again) \
               and `[`/`]` nudge only the selected one. Each FILE is read whole before the show begins:

               `ghostpipe film.ko.srt --track film.en.srt`
               """) { o, v in o.tracks.append(v.text) },
        Option("track-order", .choice("ORDER", Choices(closed: false) {
            [Choice("up", "the input's track at the bottom, each later one above it (default)"),
             Choice("down", "the input's track on top, each later one below it")]
        }), in: .subtitles,
               help: "how the tracks stack in the band: up, the input's at the bottom and each later one above (default); down, the other way; or a list like 2,1,3, the tracks' rows from the top down (1: the input's, 2...: the --track files)",
               details: """
               A SAMI file's language classes are tracks too, in the order its STYLE block declares them: \
               with up the first class is at the bottom, with down on top; in a list, a file's number stands \
               for all its classes, first on top. The order holds for cues at the bottom of the band and for \
               cues placed at the top (by --place top or by the file), which stack down from the first row. \
               A list names every track once. Korean on top, English below it:

               `ghostpipe film.ko.srt --track film.en.srt --track-order down`
               """) { o, v throws(UsageError) in
            guard let order = TrackOrder(v.text) else {
                throw UsageError("--track-order: '\(v.text)' is not up, down or a list of track numbers like 2,1")
            }
            o.trackOrder = order
        },
        Option("layout", .choice("LAYOUT", .cases(of: SubtitleLayout.self)), in: .subtitles,
               help: "how cues and text are laid out: band, cues in place at the bottom and cleared at their end (default); scroll, a transcript that stays; slides, one paragraph or cue at a time in the same place",
               details: """
               With slides each paragraph of text (lines up to a blank line) or each cue is shown alone, in a \
               screenful below where ghostpipe starts, placed by --place and --align, and replaces the one before \
               through the effect: morph unless --effect says otherwise (the first comes on from blank space). \
               Text slides stay for their reading time at the pace (at least 1.5 seconds), cues come on at their \
               start. Left and right step back and forth between slides: the transition follows the keys, \
               played backwards when stepping back, turned round where it stands by a key mid-way, and several \
               presses in a row scrub through several slides. After a key the slides wait for keys; right on the \
               last slide ends. The last slide stays on the screen. Live captions (a speech recogniser's output) \
               are a transcript unless --layout says otherwise: each final utterance on a line of its own, the \
               hypothesis being heard on the line below, dim, revised in place; in a band (and under --overlay) \
               they roll up in three rows (--band-rows), as roll-up captions do.
               """) { o, v in
            o.subtitleLayout = SubtitleLayout(rawValue: v.text) ?? .band
            o.subtitleLayoutChosen = true
        },
        Option("loop", in: .subtitles,
               help: "with --layout slides, start again after the last slide (left on the first goes to the last), until q or Ctrl-C") { o, _ in
            o.loop = true
        },
        Option("band-rows", .number("N"), in: .subtitles,
               help: "the height of the band (default: what the cues need; 2 rows for text under --overlay)",
               details: """
               By default the band is as tall as the cues that show together need, or the whole screen but one \
               row when a cue is placed at the top or in the middle. Under --overlay, by default as tall as the \
               cues that show together need (at most half the screen; cues placed at the top or in the middle \
               are placed within the band), or 2 rows for text (a terminal stream, such as neofetch's output, \
               the rows it draws while it plays, at most half the screen); COMMAND always keeps a row. When more cues \
               show together than the band holds, those farthest from its edge wait until there is room.
               """) { o, v throws(UsageError) in
            o.bandRows = try v.wholeNumber(in: 1...10_000)
        },
    ]

    static let overlay: [Option] = [
        Option("overlay", .input("SOURCE"), in: .overlay,
               help: """
               run COMMAND (default `$SHELL`) in a pseudo-terminal above a band at the bottom that plays SOURCE: \
               subtitles, text, or standard input (`-`) or a named pipe fed live (each line shown as it arrives). \
               Keys, Ctrl-C and Ctrl-Z go to COMMAND; the timeline starts with it; ghostpipe ends with it and exits \
               with its status; --record records the screen
               """,
               details: """
               COMMAND runs with its ARGS in a new pseudo-terminal the size of the terminal less the band. \
               Subtitles play at their cue times, text is paced as usual, and every effect works in the band. The \
               first argument after SOURCE that is not an option starts COMMAND (`--` is optional), so its options \
               stay its own.

               The output of COMMAND goes into a terminal emulator, never to the terminal as it was written; each \
               frame composes the emulator's screen and the band into one screen drawn by ghostpipe's diffing \
               renderer, at most 60 times a second while output streams and at once otherwise. Clears, resets, \
               scroll regions and alternate-screen switches in COMMAND's output cannot reach the band. COMMAND \
               gets `TERM=xterm-256color`; its cursor, and the modes that change what the terminal sends (cursor \
               keys, keypad, bracketed paste, mouse, focus), are mirrored on the terminal.

               The session uses the terminal's alternate screen, in raw mode: every key, Ctrl-C and Ctrl-Z \
               included, goes to COMMAND. When COMMAND ends, ghostpipe gives the terminal back as it was, with \
               COMMAND's last screen left in the main screen as a plain run would leave it, and exits with \
               COMMAND's status. Resizes reach COMMAND and lay the band out again. With --record, the composed \
               screen is recorded, with real timings.
               """) { o, v in o.overlay = v.text },
    ]

    static let effects: [Option] = [
        Option("effect", short: "e", .choice("NAME", Choices { EffectCatalog.all.map { Choice($0.name, $0.summary) } }), in: .effects,
               help: "how text is revealed (default typewriter); the others reveal a paragraph at a time (see --list-effects)",
               details: """
               Effects other than the typewriter show a paragraph when it is complete (it ends at a blank line, \
               at the end of input, or when an interactive stream pauses after a complete line); a paragraph \
               taller than the screen is revealed in screen-sized slices. For subtitles each cue is revealed with \
               the effect within a third of its duration.
               """) { o, v in o.effect = v.text; o.effectChosen = true },
        Option("list-effects", in: .effects,
               help: "list the effects with one line each, and exit") { o, _ in o.listEffects = true },
        Option("seed", .number("N"), in: .effects,
               help: "the same seed gives the same animation (default random)") { o, v throws(UsageError) in
            guard let seed = UInt64(v.text) else { throw UsageError("--seed: '\(v.text)' is not a whole number from 0 to \(UInt64.max)") }
            o.seed = seed
        },
    ]

    /// The effects' own options (`EffectOption`, declared beside each effect), listed after `--seed`.
    /// Built only when an option is not found among the others: a run that gives none never builds them.
    static let effectOptions: [Option] = EffectCatalog.options.map(Option.init(effectOption:))

    /// The Effects section after the effects' own options: where and in what colours text shows.
    static let looks: [Option] = [
        Option("align", .choice("WHERE", .cases(of: RowAlignment.self)), in: .effects,
               help: "place each block (a paragraph, a cue) left (default), center or right by its longest line; its lines keep their shape",
               details: """
               The block moves as a whole: every line shifts by the same number of columns, so indented or \
               aligned text keeps its shape. On a screen the typewriter then types a paragraph at a time (a block \
               is placed once its longest line is known). Cues are laid out with their lines flush left in the \
               block, which sits where WHERE says (without --align, each line of a cue is centred on its own, as \
               players do). Credits are centred whatever this says.
               """) { o, v in o.alignment = RowAlignment(rawValue: v.text) },
        Option("place", .choice("WHERE", .cases(of: BlockPlace.self)), in: .effects,
               help: "place text at the top (default), in the middle or at the bottom of a full screen; cues at the terminal's bottom (default), top or middle rows, or inline under the prompt",
               details: """
               With middle or bottom, text takes a screenful below where it starts (what was above scrolls up, \
               nothing is erased) and its paragraphs stack in the middle or at the bottom of it, moving up as each \
               arrives; a text taller than that flows on below as with top. On a screen the typewriter then types \
               a paragraph at a time. Subtitles sit at the terminal's last rows, as a player shows them at the \
               bottom of the picture: ghostpipe moves down over blank rows to them (nothing above scrolls away), \
               keeps the very last row for the status line, and leaves the cursor there at the end. Cues that do \
               not say where they go are placed at the terminal's top or middle rows with top or middle (the band \
               then takes the screen, as for cues placed by the file). With inline, the band sits just under the \
               prompt, where ghostpipe starts, as it does when the terminal does not say where its cursor is.
               """) { o, v in o.place = BlockPlace(rawValue: v.text) },
        Option("color", .choice("WHEN", .cases(of: ColorChoice.self)), in: .effects,
               help: "whether to use colour: auto (default: honours NO_COLOR and TERM=dumb), always or never",
               details: "Without colour, fades become a short hold followed by the final text.") { o, v in
            o.color = ColorChoice(rawValue: v.text) ?? .auto
        },
        Option("colors", .choice("N", Choices {
            [Choice("16", "the terminal's 16 colours"), Choice("256", "the 256-colour palette"),
             Choice("truecolor", aliases: ["24bit", "16m"], "24-bit colour")]
        }), in: .effects,
               help: "how many colours: 16, 256 or truecolor (default: from COLORTERM and TERM)") { o, v in
            o.colors = v.text == "16" ? .ansi16 : v.text == "256" ? .palette256 : .truecolor
        },
    ]

    static let terminal: [Option] = [
        Option("no-keys", in: .terminal,
               help: """
               keys do nothing. Keys (from the terminal, not stdin): with text, any key shows the rest at once and \
               stays, with all that is typed, for the shell; with subtitles: q quit, space pause, left/right 5s, \
               up/down 60s, +/- speed, [/] offset by 100ms, t select a --track, i status line
               """,
               details: """
               Keys come from `/dev/tty`, never from standard input, when standard output is a terminal and the \
               text does not come from the terminal; ghostpipe turns their echo off while it draws. A key typed \
               during a text is not taken: it waits in the terminal's queue, with everything typed after it, for \
               the shell (a command typed during a banner runs afterwards). With --no-keys typed keys still wait \
               for the shell, unechoed. With subtitles, any key other than those completes the cues on screen.
               """) { o, _ in o.keys = false },
        Option("input-colors", .choice("WHAT", Choices {
            [Choice("keep", "written again by ghostpipe's renderer (default)"), Choice("strip", "removed")]
        }), in: .terminal,
               help: "what to do with the colours (SGR) of text input: keep (default) or strip; other escape sequences are always removed",
               details: "Kept colours are written by ghostpipe's renderer, never passed through.") { o, v in
            o.keepInputColors = v.text == "keep"
        },
        Option("wrap", .choice("HOW", Choices {
            [Choice("auto", "word wrap for prose, the terminal's layout for input that positions itself (default)"),
             Choice("word", "word wrap: a word that does not fit moves whole to the next row"),
             Choice("char", "as a terminal lays it out: cursor motion, erases and rewrites act, lines wrap at the margin"),
             Choice("none", "as a terminal with autowrap off: what passes the margin is cut")]
        }), in: .terminal,
               help: "how text meets the right margin: auto (default), word, char or none",
               details: """
               Another program's output often positions its text itself: it moves the cursor (neofetch draws its \
               information beside its logo), erases, or rewrites a line after a carriage return (a progress \
               line). With auto, input whose start does any of that (or turns autowrap off) is read by \
               ghostpipe's terminal emulator and laid out as a terminal would, so the final screen is what cat \
               leaves, cell for cell; prose, coloured or not, keeps word wrap. Typed prose (the typewriter on \
               a screen) that positions itself only later (a progress line rewritten a moment after it \
               appeared) turns into a stream at that line: what was shown stays, and the line it rewrites is \
               read again where it began. The typewriter types the \
               characters in the order the input writes them; motion, erase and style changes take no time. \
               Other effects reveal the region the input drew when it pauses or ends. Motion above the row \
               ghostpipe starts on stops there: the shell's earlier output is never touched. No escape \
               sequence of the input reaches the terminal: ghostpipe writes the resulting cells itself, and \
               drops titles, the alternate screen, mode changes and report requests. Pipes still get the \
               input byte for byte.
               """) { o, v in o.wrap = TextWrap(rawValue: v.text) ?? .auto },
        Option("widths", .choice("HOW", .cases(of: MeasuredWidths.Policy.self)), in: .terminal,
               help: """
               how to learn the widths of emoji terminals disagree on: auto asks the terminal, and where its cursor \
               starts (default); spec uses Unicode's and asks nothing; terminal asks about every non-ASCII cluster
               """,
               details: """
               Terminals disagree on emoji with variation selectors, ZWJ sequences, skin tones, keycaps, regional \
               indicators and recent emoji. To ask, ghostpipe writes the clusters once, queries the cursor position \
               after each, and erases them; the layout uses what the terminal measured. Nothing is cached between \
               runs, a terminal that does not answer is not asked again, and text without such clusters costs no \
               width query. The same round trip asks where the cursor is as ghostpipe begins, so that the text \
               starts there (after a prompt); with `spec` the cursor is taken to be at the start of its row.
               """) { o, v in o.widths = MeasuredWidths.Policy(rawValue: v.text) ?? .auto },
        Option("tab-width", .number("N"), in: .terminal,
               help: "tab stops every N columns (default 8)") { o, v throws(UsageError) in
            o.tabWidth = try v.wholeNumber(in: 1...64)
        },
        Option("force", in: .terminal,
               help: "show a file that looks binary on a terminal anyway (a pipe always gets it byte for byte)",
               details: """
               A file looks binary with a NUL byte, or control characters text does not use, near its start; \
               without --force such a file is skipped on a terminal, with a message.
               """) { o, _ in o.force = true },
    ]

    static let output: [Option] = [
        Option("output", short: "o", .choice("MODE", Choices {
                   [Choice("auto", OutputMode.autoSummary)] + OutputCatalog.kinds.map { Choice($0.name, aliases: $0.aliases, $0.summary) }
               }), in: .output,
               help: "what to write: auto, terminal, plain, cast or asciicast-v2 (asciicast v2, what asciinema 2 and most players read), asciicast-v3 (asciicast v3, asciinema 3's own) or json (default auto: terminal when stdout is a terminal, plain otherwise)") { o, v in
            o.output = OutputMode(named: v.text) ?? .auto
        },
        Option("record", short: "r", .path("FILE") { ["cast"] }, in: .output,
               help: "also record the terminal output to FILE (asciicast v2)",
               details: "The recording has the exact timestamps of the timeline.") { o, v in o.record = v.text },
        Option("partials", in: .output,
               help: "with json output, also a live recogniser's partial hypotheses: {\"time\":S,\"partial\":\"...\"} as each arrives",
               details: """
               Live captions (Vosk JSON, whisper.cpp, whisper_streaming) revise a hypothesis until it is final; \
               by default a pipe, plain and json get only the final utterances.
               """) { o, _ in o.partials = true },
        Option("width", .number("N"), in: .output,
               help: "columns when there is no terminal (default 80)") { o, v throws(UsageError) in
            o.width = try v.wholeNumber(in: 1...10_000)
        },
        Option("height", .number("N"), in: .output,
               help: "rows when there is no terminal (default 24)") { o, v throws(UsageError) in
            o.height = try v.wholeNumber(in: 1...10_000)
        },
    ]

    static let program: [Option] = [
        Option("help", short: "h", in: .program, help: "show the options and exit") { o, _ in o.showHelp = true },
        Option("version", short: "V", in: .program, help: "show the version and exit") { o, _ in o.showVersion = true },
        Option("completions", .choice("SHELL", .cases(of: CompletionShell.self)), in: .program,
               help: "print the completion script for bash, zsh or fish, and exit",
               details: "`make install` installs all three where the shells look for them.") { o, v in
            o.completions = CompletionShell(rawValue: v.text)
        },
    ]

    /// `--format`: text, then the format catalogue.
    static let formats = Choices {
        [Choice("text", aliases: ["txt"], "text, paced")]
            + FormatCatalog.parsers.map { Choice($0.name, aliases: $0.aliases, "\($0.title) (.\($0.extensions.joined(separator: ", .")))") }
    }

    /// Every placeholder the table uses, and the positional ones, set in italics in the man page.
    static var placeholders: Set<String> {
        Set(all.compactMap(\.value.placeholder) + ["FILE", "COMMAND", "ARGS"])
    }
}
